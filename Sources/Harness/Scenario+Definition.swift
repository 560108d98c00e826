import JSON
import Raster
import Table

extension Scenario {
    /// The scenario's definition as typed fields: everything that decides what is drawn and how it
    /// scrolls (the measured step count is recorded per run and can be overridden, so it is not
    /// part of it), numbers as numbers, colours as `Color.hexString`, names as in scenario and cell
    /// files:
    ///
    ///     {"device": {"name": "iphone-se", "width": 375, "height": 667, "scale": 2, "refreshHz": 60, "ios": 17},
    ///      "sections": 30, "rowsPerSection": [1, 3, 8], "rowHeight": 44, "headerHeight": 35,
    ///      "footerHeight": 18, "style": {"cornerRadius": 10, …}, "content": {"kind": "cell",
    ///      "cell": {"layers": [{"frame": {…}, "cornerRadius": 8}], "separatorInset": 16},
    ///      "header": 20, "footer": 40}, "scroll": {"kind": "constant", "pointsPerStep": 12},
    ///      "events": [{"atStep": 20, "style": {…}}, {"atStep": 35, "select": {"section": 1, "row": 2}}],
    ///      "warmupSteps": 5}
    ///
    /// Every key of the table, its style, scroll and events is always written; a layer of a cell
    /// leaves out the properties at their defaults (as a cell file may), so a definition reads like
    /// the cell it came from, and a property set later shows as `absent → value`.
    ///
    /// Results record it so a gate can refuse to compare runs of differently defined scenarios
    /// and say which fields differ (`content.cell.layers[1].cornerRadius: 20 → 8`), instead of
    /// reporting the consequences as regressions; a change inside `content.cell` is the app's
    /// cell changing, which the gate compares.
    public var definition: JSONValue {
        [
            "device": ["name": .string(device.name), "width": .number(device.width), "height": .number(device.height),
                       "scale": .number(device.scale), "refreshHz": .number(device.refreshHz), "ios": .number(Double(device.ios))],
            "sections": .number(Double(sections)),
            "rowsPerSection": .array(rowsPerSection.map { .number(Double($0)) }),
            "rowHeight": .number(rowHeight), "headerHeight": .number(headerHeight), "footerHeight": .number(footerHeight),
            "style": Self.value(style),
            "content": Self.value(content),
            "scroll": Self.value(motion ?? .constant(pointsPerStep: pointsPerStep)),
            "events": .array(events.map(Self.value)),
            "warmupSteps": .number(Double(warmupSteps)),
        ]
    }

    private static func value(_ event: ScenarioEvent) -> JSONValue {
        let action: (String, JSONValue)
        switch event.action {
        case .setStyle(let style): action = ("style", value(style))
        case let .resize(width, height): action = ("resize", ["width": .number(width), "height": .number(height)])
        case .select(let row): action = ("select", value(row))
        }
        return .object(["atStep": .number(Double(event.atStep)), action.0: action.1])
    }

    private static func value(_ row: IndexPath) -> JSONValue {
        ["section": .number(Double(row.section)), "row": .number(Double(row.row))]
    }

    private static func value(_ style: TableStyle) -> JSONValue {
        ["cornerRadius": .number(style.cornerRadius), "sideInset": .number(style.sideInset),
         "maxColumnWidth": .number(style.maxColumnWidth), "backgroundColor": value(style.backgroundColor),
         "cellColor": value(style.cellColor), "selectedColor": value(style.selectedColor),
         "roundsInCompactWidth": .bool(style.roundsInCompactWidth), "opaqueLabels": .bool(style.opaqueLabelBackgrounds)]
    }

    /// `{"kind": "settings"}`, `{"kind": "none"}`, one cell described as layers
    /// (`{"kind": "cell", "cell": {…}, "header": n, "footer": n}`), or a pattern of rows, each a
    /// Settings row or `{"cell": {…}}` (`{"kind": "rows", "rows": […], "header": n, "footer": n}`).
    private static func value(_ content: ContentPattern) -> JSONValue {
        if content == .settings { return ["kind": "settings"] }
        if content == .none { return ["kind": "none"] }
        var out: [String: JSONValue] = ["header": .number(Double(content.headerLength)), "footer": .number(Double(content.footerLength))]
        if content.cells.count == 1, case .layers(let cell) = content.cells[0] {
            out["kind"] = "cell"
            out["cell"] = value(cell)
            return .object(out)
        }
        out["kind"] = "rows"
        out["rows"] = .array(content.cells.map { cell in
            switch cell {
            case .settings(let row):
                ["icon": .bool(row.icon), "title": .number(Double(row.titleLength)), "detail": .number(Double(row.detailLength)),
                 "accessory": .string(row.accessory.rawValue)]
            case .layers(let description):
                ["cell": value(description)]
            }
        })
        return .object(out)
    }

    /// A cell: its layers and separator inset, every property that decides what is drawn, so
    /// runs of different cells are never compared as one.
    /// Its `rowHeight` when the file gives one, and each layer's `name`, are kept too: they draw
    /// nothing, but a report reads a layer's name and the table's line the cell's height from here.
    private static func value(_ cell: CellDescription) -> JSONValue {
        var out: [String: JSONValue] = ["layers": .array(cell.layers.map(value)), "separatorInset": .number(cell.separatorInset)]
        if let height = cell.rowHeight { out["rowHeight"] = .number(height) }
        return .object(out)
    }

    /// A layer and its sublayers, keys as in a cell file; properties at their defaults are left out.
    private static func value(_ layer: LayerDescription) -> JSONValue {
        var out: [String: JSONValue] = ["frame": value(layer.frame)]
        if let name = layer.name { out["name"] = .string(name) }
        if layer.isHidden { out["hidden"] = true }
        if let c = layer.backgroundColor { out["backgroundColor"] = value(c) }
        switch layer.contents {
        case .none: break
        case let .image(.picture(size, color, radius)):
            var image: [String: JSONValue] = [:]
            if let size { image["width"] = .number(size.width); image["height"] = .number(size.height) }
            // Without a colour, the row's colour (`ContentDrawing.iconColors`), as in a cell file.
            if let color { image["color"] = value(color) }
            if radius > 0 { image["cornerRadius"] = .number(radius) }
            out["contents"] = ["image": .object(image)]
        case let .image(.symbol(text, size, color)):
            out["contents"] = ["symbol": ["string": .string(text), "size": .number(size), "color": value(color)]]
        case .text(let t):
            var text: [String: JSONValue] = ["size": .number(t.pointSize), "color": value(t.color)]
            switch t.source {
            case .literal(let s): text["string"] = .string(s)
            case .rowTitle(let length): text["title"] = .number(Double(length))
            case .rowDetail(let length): text["detail"] = .number(Double(length))
            }
            if let background = t.background { text["background"] = value(background) }
            if let width = t.maxWidth { text["maxWidth"] = .number(width) }
            out["contents"] = ["text": .object(text)]
        }
        if layer.isOpaque { out["isOpaque"] = true }
        if layer.opacity != 1 { out["opacity"] = .number(layer.opacity) }
        if !layer.allowsGroupOpacity { out["allowsGroupOpacity"] = false }
        if layer.cornerRadius != 0 { out["cornerRadius"] = .number(layer.cornerRadius) }
        if layer.masksToBounds { out["masksToBounds"] = true }
        switch layer.mask {
        case nil: break
        case .roundedRect(let r)?: out["mask"] = ["shape": "roundedRect", "radius": .number(r)]
        case .oval?: out["mask"] = ["shape": "oval"]
        case .roundedRects(let rects)?:
            out["mask"] = ["shape": "roundedRects", "rects": .array(rects.map { rect in
                ["x": .number(rect.frame.minX), "y": .number(rect.frame.minY), "width": .number(rect.frame.width),
                 "height": .number(rect.frame.height), "radius": .number(rect.radius)]
            })]
        }
        if layer.shouldRasterize {
            out["shouldRasterize"] = true
            out["rasterizationScale"] = .number(layer.rasterizationScale)
        }
        if let s = layer.shadow {
            out["shadow"] = ["opacity": .number(s.opacity), "radius": .number(s.radius),
                             "offset": ["x": .number(s.offset.x), "y": .number(s.offset.y)], "color": value(s.color), "path": .bool(s.hasPath)]
        }
        if let b = layer.border { out["border"] = ["width": .number(b.width), "color": value(b.color)] }
        if !layer.sublayers.isEmpty { out["sublayers"] = .array(layer.sublayers.map(value)) }
        return .object(out)
    }

    private static func value(_ frame: Rect) -> JSONValue {
        ["x": .number(frame.minX), "y": .number(frame.minY), "width": .number(frame.width), "height": .number(frame.height)]
    }

    /// As a scenario file's `scroll` names it, without the steps: `{"kind": "constant", "pointsPerStep": 12}`,
    /// `{"kind": "fling", "velocity": v, "deceleration": d}`, `{"kind": "jump", "to": offset}` or
    /// `{"kind": "jump", "to": {"section": s, "row": r}}`.
    private static func value(_ motion: ScrollDriver.Motion) -> JSONValue {
        switch motion {
        case .constant(let points): ["kind": "constant", "pointsPerStep": .number(points)]
        case let .fling(velocity, deceleration): ["kind": "fling", "velocity": .number(velocity), "deceleration": .number(deceleration)]
        case .jumpToOffset(let offset): ["kind": "jump", "to": .number(offset)]
        case .jumpToRow(let row): ["kind": "jump", "to": value(row)]
        }
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque (`Color.hexString`).
    private static func value(_ color: Color) -> JSONValue {
        .string(color.hexString)
    }
}
