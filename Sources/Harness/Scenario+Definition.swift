import Scenarios

extension Scenario {
    /// The scenario's definition as results record it (`ScenarioDefinition`, which writes and
    /// reads its JSON, and decides there how each value is written): everything that decides what
    /// is drawn and how it scrolls, the scenario's own values assembled field by field (a scroll
    /// without a `motion` is the constant one at `pointsPerStep`, as `scroll(in:)` drives it).
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
            style: style, content: content, scroll: motion ?? .constant(pointsPerStep: pointsPerStep),
            events: events, warmupSteps: warmupSteps, overlays: overlays, tableTop: tableTop, tableBottom: tableBottom)
    }
}
