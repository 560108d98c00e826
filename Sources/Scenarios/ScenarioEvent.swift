/// Something that happens at a step of a scenario.
public struct ScenarioEvent: Hashable, Sendable {
    /// What happens.
    public enum Action: Hashable, Sendable {
        /// The style changes to this one (corner radius, inset, column width, colours): a scenario
        /// file's `set` event, resolved against the style before it.
        case setStyle(TableStyle)
        /// The table's container changes size (a rotation or split view).
        case resize(width: Double, height: Double)
        /// A row is selected.
        case select(IndexPath)
    }

    /// The step at whose start it happens.
    public var atStep: Int
    /// What happens.
    public var action: Action

    public init(atStep: Int, action: Action) {
        self.atStep = atStep
        self.action = action
    }
}
