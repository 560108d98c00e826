#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Moves the content offset frame by frame: a finger dragging at constant speed, a fling that
/// decelerates as UIScrollView does, or a jump.
public struct ScrollDriver: Hashable, Sendable {
    /// How the offset changes per step.
    public enum Motion: Hashable, Sendable {
        /// `pointsPerStep` every frame, from `start`.
        case constant(pointsPerStep: Double, start: Double)
        /// A fling at `velocity` points per second from `start`, decelerating by `deceleration` per
        /// millisecond: v(t) = v₀ · d^(1000 t) (UIScrollView's normal rate is 0.998 — FACTS.md).
        case fling(velocity: Double, deceleration: Double, start: Double)
        /// Frame 0 at `start`, every later frame at `to` (a programmatic scroll or a tap on the
        /// status bar, without animation).
        case jump(to: Double, start: Double)
    }

    /// UIScrollView's normal deceleration rate, per millisecond (third-party figure, FACTS.md).
    public static let normalDeceleration = 0.998

    /// The motion.
    public let motion: Motion
    /// Frames per second: a step is one frame.
    public let refreshHz: Double

    public init(_ motion: Motion, refreshHz: Double = 120) {
        self.motion = motion
        self.refreshHz = refreshHz
    }

    /// The offset for frame `step` (0-based), before the table clamps it to the content.
    public func offset(atStep step: Int) -> Double {
        switch motion {
        case let .constant(pointsPerStep, start):
            return start + Double(step) * pointsPerStep
        case let .fling(velocity, deceleration, start):
            // Distance travelled: ∫ v₀ d^(1000 t) dt = v₀ (d^(1000 t) − 1) / (1000 ln d).
            let t = Double(step) / refreshHz
            let k = 1000 * log(deceleration)
            return start + velocity * (exp(k * t) - 1) / k
        case let .jump(to, start):
            return step == 0 ? start : to
        }
    }
}
