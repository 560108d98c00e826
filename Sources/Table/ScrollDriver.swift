/// Moves the content offset frame by frame, like a finger dragging at constant speed.
public struct ScrollDriver: Sendable {
    /// How the offset changes per step.
    public enum Motion: Hashable, Sendable {
        /// `pointsPerStep` every frame, from `start`.
        case constant(pointsPerStep: Double, start: Double)
    }

    /// The motion.
    public let motion: Motion

    public init(_ motion: Motion) { self.motion = motion }

    /// The offset for frame `step` (0-based); the table clamps it to the content.
    public func offset(atStep step: Int) -> Double {
        switch motion {
        case let .constant(pointsPerStep, start): return start + Double(step) * pointsPerStep
        }
    }
}
