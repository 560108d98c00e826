import Raster
import Table

extension Scenario {
    /// The scenario's definition, key by key, in words a person can compare: everything that
    /// decides what is drawn and how it scrolls (the measured step count is recorded per run and
    /// can be overridden, so it is not part of it).
    ///
    /// Results record it so a gate can refuse to compare runs of differently defined scenarios
    /// and say which keys differ, instead of reporting the consequences as regressions.
    public var definition: [String: String] {
        var out = [
            "device": "\(device.name) \(n(device.width)) × \(n(device.height)) pt @\(n(device.scale))× \(n(device.refreshHz)) Hz",
            "sections": String(sections),
            "rowsPerSection": "[" + rowsPerSection.map(String.init).joined(separator: ", ") + "]",
            "rowHeight": n(rowHeight), "headerHeight": n(headerHeight), "footerHeight": n(footerHeight),
            "style": describe(style),
            "content": describe(content),
            "scroll": describe(motion ?? .constant(pointsPerStep: pointsPerStep)),
            "warmupSteps": String(warmupSteps),
        ]
        out["events"] = events.map { event in
            switch event.action {
            case .setStyle(let style): return "\(event.atStep): style \(describe(style))"
            case let .resize(width, height): return "\(event.atStep): resize \(n(width)) × \(n(height))"
            case .select(let row): return "\(event.atStep): select \(row.section).\(row.row)"
            }
        }.joined(separator: "; ")
        return out
    }

    private func describe(_ style: TableStyle) -> String {
        "radius \(n(style.cornerRadius)), inset \(n(style.sideInset)), column ≤ \(n(style.maxColumnWidth)), "
            + "background \(hex(style.backgroundColor)), cells \(hex(style.cellColor)), selected \(hex(style.selectedColor)), "
            + (style.roundsInCompactWidth ? "rounds in compact width" : "plain in compact width")
            + (style.opaqueLabelBackgrounds ? ", opaque labels" : "")
    }

    private func describe(_ content: ContentPattern) -> String {
        if content == .settings { return "settings" }
        if content == .none { return "none" }
        let rows = content.cells.map { cell in
            switch cell {
            case .settings(let row):
                return (row.icon ? "icon, " : "") + "title \(row.titleLength)" + (row.detailLength > 0 ? ", detail \(row.detailLength)" : "")
                    + (row.accessory == .none ? "" : ", \(row.accessory.rawValue)")
            case .layers(let description):
                return "cell " + describe(description)
            }
        }
        return "rows [" + rows.joined(separator: "; ") + "], header \(content.headerLength), footer \(content.footerLength)"
    }

    /// A cell in words, every property, the same on every run, so runs of different cells are
    /// never compared as one.
    private func describe(_ cell: CellDescription) -> String {
        "layers [" + cell.layers.map(describe).joined(separator: "; ") + "], separator inset \(n(cell.separatorInset))"
    }

    /// A layer and its sublayers in words; properties at their defaults are left out.
    private func describe(_ layer: LayerDescription) -> String {
        var parts = ["\(n(layer.frame.minX)),\(n(layer.frame.minY)) \(n(layer.frame.width))×\(n(layer.frame.height))"]
        if layer.isHidden { parts.append("hidden") }
        if let c = layer.backgroundColor { parts.append("background \(hex(c))") }
        switch layer.contents {
        case .none: break
        case let .image(.picture(size, color, radius)):
            parts.append("picture" + (size.map { " \(n($0.width))×\(n($0.height))" } ?? "") + (color.map { " \(hex($0))" } ?? " row colour")
                         + (radius > 0 ? " corners \(n(radius))" : ""))
        case let .image(.symbol(text, size, color)): parts.append("symbol \(quoted(text)) \(n(size)) pt \(hex(color))")
        case .text(let t):
            let source: String
            switch t.source {
            case .literal(let s): source = quoted(s)
            case .rowTitle(let length): source = "title \(length)"
            case .rowDetail(let length): source = "detail \(length)"
            }
            parts.append("text \(source) \(n(t.pointSize)) pt \(hex(t.color))" + (t.background.map { " on \(hex($0))" } ?? "")
                         + (t.maxWidth.map { " ≤ \(n($0))" } ?? ""))
        }
        if layer.isOpaque { parts.append("opaque") }
        if layer.opacity != 1 { parts.append("opacity \(n(layer.opacity))" + (layer.allowsGroupOpacity ? "" : " ungrouped")) }
        if layer.cornerRadius != 0 { parts.append("radius \(n(layer.cornerRadius))") }
        if layer.masksToBounds { parts.append("masksToBounds") }
        switch layer.mask {
        case nil: break
        case .roundedRect(let r)?: parts.append("mask rounded \(n(r))")
        case .oval?: parts.append("mask oval")
        case .roundedRects(let rects)?:
            parts.append("mask [" + rects.map { "\(n($0.frame.minX)),\(n($0.frame.minY)) \(n($0.frame.width))×\(n($0.frame.height)) r \(n($0.radius))" }
                .joined(separator: ", ") + "]")
        }
        if layer.shouldRasterize { parts.append("rasterized @\(n(layer.rasterizationScale))×") }
        if let s = layer.shadow {
            parts.append("shadow \(n(s.opacity)) r \(n(s.radius)) offset \(n(s.offset.x)),\(n(s.offset.y)) \(hex(s.color))" + (s.hasPath ? " path" : ""))
        }
        if let b = layer.border { parts.append("border \(n(b.width)) \(hex(b.color))") }
        if !layer.sublayers.isEmpty { parts.append("[" + layer.sublayers.map(describe).joined(separator: "; ") + "]") }
        return parts.joined(separator: ", ")
    }

    private func describe(_ motion: ScrollDriver.Motion) -> String {
        switch motion {
        case .constant(let points): return "constant \(n(points)) pt/step"
        case let .fling(velocity, deceleration): return "fling \(n(velocity)) pt/s, deceleration \(n(deceleration))"
        case .jumpToOffset(let offset): return "jump to offset \(n(offset))"
        case .jumpToRow(let row): return "jump to row \(row.section).\(row.row)"
        }
    }

    /// `text` in double quotes, each `"` and `\` in it preceded by a backslash: the words around a
    /// text cannot be spelt inside it, so two cells whose texts differ never read alike (a text
    /// without either character reads as it always did).
    private func quoted(_ text: String) -> String {
        // By scalar: a quote followed by a combining mark is one Character, but still a quote.
        var out = String.UnicodeScalarView()
        out.append("\"")
        for scalar in text.unicodeScalars {
            if scalar == "\"" || scalar == "\\" { out.append("\\") }
            out.append(scalar)
        }
        out.append("\"")
        return String(out)
    }

    /// `44` for 44.0, `10.5` for 10.5: exact, and the same on every run.
    private func n(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    private func hex(_ color: Color) -> String {
        let channels = [color.red, color.green, color.blue] + (color.alpha == 255 ? [] : [color.alpha])
        return "#" + channels.map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
    }
}
