import Text

/// The words of an event step that a chart carries (a run's `eventLabels`), for
/// `ScenarioDefinition.eventLabels`, which makes every label from them.
public enum EventLabel {
    /// A row selected: `select row 2.0`.
    public static func select(section: Double, row: Double) -> String {
        "select row \(Format.number(section, grouped: false)).\(Format.number(row, grouped: false))"
    }

    /// The table's container resized: `resize to 375 × 600`.
    public static func resize(width: Double, height: Double) -> String {
        "resize to \(Format.number(width, grouped: false)) × \(Format.number(height, grouped: false))"
    }

    /// A number of the style changed: `corner radius 7 → 12`.
    public static func change(_ name: String, from old: Double, to new: Double) -> String {
        "\(name) \(Format.number(old, grouped: false)) → \(Format.number(new, grouped: false))"
    }

    /// The labels of the events of one step, in the order they apply.
    public static func joined(_ labels: [String]) -> String {
        labels.joined(separator: "; ")
    }
}
