import JSON
import Raster
import Scenarios
import Table

extension Scenario {
    /// The scenario's definition as results record it (`ScenarioDefinition`, which writes and
    /// reads its JSON): everything that decides what is drawn and how it scrolls, from the
    /// model's own types, colours as `Color.hexString`, names as in scenario and cell files; the
    /// overlays' layers as a cell's are.
    ///
    /// Results record it so a gate can refuse to compare runs of differently defined scenarios
    /// and say which fields differ (`content.cell.layers[1].cornerRadius: 20 → 8`), instead of
    /// reporting the consequences as regressions; a change inside `content.cell` is the app's
    /// cell changing, which the gate compares.
    public var definition: ScenarioDefinition {
        ScenarioDefinition(
            device: .init(name: device.name, width: device.width, height: device.height, scale: device.scale,
                          refreshHz: device.refreshHz, ios: device.ios),
            sections: sections, rowsPerSection: rowsPerSection,
            rowHeight: rowHeight, headerHeight: headerHeight, footerHeight: footerHeight,
            style: Self.style(style), content: Self.content(content),
            scroll: Self.scroll(motion ?? .constant(pointsPerStep: pointsPerStep)),
            events: events.map(Self.event), warmupSteps: warmupSteps, overlays: overlays.map(Self.layer))
    }

    private static func event(_ event: ScenarioEvent) -> ScenarioDefinition.Event {
        switch event.action {
        case .setStyle(let new): .init(atStep: event.atStep, action: .style(style(new)))
        case let .resize(width, height): .init(atStep: event.atStep, action: .resize(width: width, height: height))
        case .select(let row): .init(atStep: event.atStep, action: .select(Self.row(row)))
        }
    }

    private static func row(_ row: IndexPath) -> ScenarioDefinition.Row {
        ScenarioDefinition.Row(section: row.section, row: row.row)
    }

    private static func style(_ style: TableStyle) -> ScenarioDefinition.Style {
        ScenarioDefinition.Style(cornerRadius: style.cornerRadius, sideInset: style.sideInset, maxColumnWidth: style.maxColumnWidth,
                                 backgroundColor: style.backgroundColor.hexString, cellColor: style.cellColor.hexString,
                                 selectedColor: style.selectedColor.hexString, roundsInCompactWidth: style.roundsInCompactWidth,
                                 opaqueLabels: style.opaqueLabelBackgrounds)
    }

    /// Settings rows, empty cells, one cell described as layers, or a pattern of rows.
    private static func content(_ content: ContentPattern) -> ScenarioDefinition.Content {
        if content == .settings { return .settings }
        if content == .none { return .none }
        if content.cells.count == 1, case .layers(let cell) = content.cells[0] {
            return .cell(Self.cell(cell), header: content.headerLength, footer: content.footerLength)
        }
        return .rows(content.cells.map { cell in
            switch cell {
            case .settings(let row):
                .settings(icon: row.icon, title: row.titleLength, detail: row.detailLength, accessory: row.accessory.rawValue)
            case .layers(let description):
                .cell(Self.cell(description))
            }
        }, header: content.headerLength, footer: content.footerLength)
    }

    /// A cell: its layers and separator inset, every property that decides what is drawn, so
    /// runs of different cells are never compared as one.
    /// Its `rowHeight` when the file gives one, and each layer's `name`, are kept too: they draw
    /// nothing, but a report reads a layer's name and the table's line the cell's height from here.
    private static func cell(_ cell: CellDescription) -> ScenarioDefinition.Cell {
        ScenarioDefinition.Cell(layers: cell.layers.map(layer), separatorInset: cell.separatorInset, rowHeight: cell.rowHeight)
    }

    /// As a scenario file's `scroll` names it, without the steps.
    private static func scroll(_ motion: ScrollDriver.Motion) -> ScenarioDefinition.Scroll {
        switch motion {
        case .constant(let points): .constant(pointsPerStep: points)
        case let .fling(velocity, deceleration): .fling(velocity: velocity, deceleration: deceleration)
        case .jumpToOffset(let offset): .jumpToOffset(offset)
        case .jumpToRow(let row): .jumpToRow(Self.row(row))
        }
    }

    /// A layer and its sublayers, properties keyed as in a cell file; those at their defaults are
    /// left out, so a definition reads like the cell it came from, and a property set later
    /// shows as `absent → value`.
    private static func layer(_ layer: LayerDescription) -> ScenarioDefinition.Layer {
        var out: [String: JSONValue] = ["frame": value(layer.frame)]
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
        if let b = layer.backdrop { out["backdrop"] = ["radius": .number(b.radius), "tint": value(b.tint)] }
        return ScenarioDefinition.Layer(name: layer.name, properties: out, sublayers: layer.sublayers.map(Self.layer))
    }

    private static func value(_ frame: Rect) -> JSONValue {
        ["x": .number(frame.minX), "y": .number(frame.minY), "width": .number(frame.width), "height": .number(frame.height)]
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque (`Color.hexString`).
    private static func value(_ color: Color) -> JSONValue {
        .string(color.hexString)
    }
}
