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
                return "cell " + description.summary
            }
        }
        return "rows [" + rows.joined(separator: "; ") + "], header \(content.headerLength), footer \(content.footerLength)"
    }

    private func describe(_ motion: ScrollDriver.Motion) -> String {
        switch motion {
        case .constant(let points): return "constant \(n(points)) pt/step"
        case let .fling(velocity, deceleration): return "fling \(n(velocity)) pt/s, deceleration \(n(deceleration))"
        case .jumpToOffset(let offset): return "jump to offset \(n(offset))"
        case .jumpToRow(let row): return "jump to row \(row.section).\(row.row)"
        }
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
