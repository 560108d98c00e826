import Raster

extension ScenarioDefinition {
    /// What happens at each event step, in a few words a chart can carry: what changed, from what
    /// to what (`corner radius 7 → 12`, `resize to 375 × 600`, `select row 2.0`); several events
    /// of one step joined by "; " in the order they apply. The one place event labels are made:
    /// a run records them (`RunResult.eventLabels`), and the HTML report makes them here for a
    /// file recorded without them.
    ///
    /// The definition spells every style event out in full (the whole new style) so a gate can
    /// compare scenarios; a reader of a chart wants only the change, so a style event is described
    /// by the properties that differ from the style before it.
    public var eventLabels: [Int: String] {
        var labels: [Int: [String]] = [:]
        var style = self.style
        // Events of one step apply in the order they are listed (`Simulation.step`).
        for event in events.enumerated().sorted(by: { ($0.element.atStep, $0.offset) < ($1.element.atStep, $1.offset) }).map(\.element) {
            let label: String
            switch event.action {
            case .setStyle(let new):
                label = Self.styleChange(from: style, to: new)
                style = new
            case let .resize(width, height):
                label = EventLabel.resize(width: width, height: height)
            case .select(let row):
                label = EventLabel.select(section: Double(row.section), row: Double(row.row))
            }
            labels[event.atStep, default: []].append(label)
        }
        return labels.mapValues(EventLabel.joined)
    }

    /// The properties that differ between two styles, as `name old → new`, joined by ", ".
    static func styleChange(from old: TableStyle, to new: TableStyle) -> String {
        var changes: [String] = []
        func compare(_ name: String, _ a: Double, _ b: Double) {
            if a != b { changes.append(EventLabel.change(name, from: a, to: b)) }
        }
        func compareColour(_ name: String, _ a: Color, _ b: Color) {
            // As recorded: colours that write the same `#RRGGBBAA` are the same colour.
            if a.hexString != b.hexString { changes.append("\(name) colour") }
        }
        func compareFlag(_ name: String, _ a: Bool, _ b: Bool) {
            if a != b { changes.append("\(name) \(b ? "on" : "off")") }
        }
        compare("corner radius", old.cornerRadius, new.cornerRadius)
        compare("inset", old.sideInset, new.sideInset)
        compare("column width", old.maxColumnWidth, new.maxColumnWidth)
        compareColour("background", old.backgroundColor, new.backgroundColor)
        compareColour("cell", old.cellColor, new.cellColor)
        compareColour("selection", old.selectedColor, new.selectedColor)
        compareFlag("rounding in compact width", old.roundsInCompactWidth, new.roundsInCompactWidth)
        compareFlag("opaque labels", old.opaqueLabelBackgrounds, new.opaqueLabelBackgrounds)
        return changes.isEmpty ? "style set (unchanged)" : changes.joined(separator: ", ")
    }
}
