#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Scenarios

/// Moves the content offset frame by frame: a finger dragging at constant speed, a fling that
/// decelerates as UIScrollView does, or a jump. Every motion starts at offset 0.
public struct ScrollDriver: Hashable, Sendable {
    /// How the offset changes per step (a scenario's `scroll.kind`): `ScrollMotion`, which
    /// Scenarios holds so a definition records it.
    public typealias Motion = ScrollMotion

    /// UIScrollView's normal deceleration rate, per millisecond (a third-party figure).
    public static let normalDeceleration = 0.998

    /// The motion.
    public let motion: Motion
    /// Frames per second: a step is one frame.
    public let refreshHz: Double
    /// The offset a jump goes to, resolved once (a row's offset depends on the table).
    private let jumpTarget: Double

    /// A driver for `motion` at `refreshHz`; `geometry` resolves a jump to a row.
    public init(_ motion: Motion, refreshHz: Double = 120, geometry: TableGeometry? = nil) {
        self.motion = motion
        self.refreshHz = refreshHz
        switch motion {
        case .jumpToOffset(let offset): jumpTarget = offset
        case .jumpToRow(let row):
            if let geometry, row.section >= 0, row.section < geometry.sections.count,
               row.row >= 0, row.row < geometry.sections[row.section].rows {
                jumpTarget = geometry.rowExtent(row).top
            } else {
                jumpTarget = 0
            }
        case .constant, .fling: jumpTarget = 0
        }
    }

    /// The offset for frame `step` (0-based), before the table clamps it to the content.
    public func offset(atStep step: Int) -> Double {
        switch motion {
        case .constant(let pointsPerStep):
            return Double(step) * pointsPerStep
        case let .fling(velocity, deceleration):
            // Distance travelled: ∫ v₀ d^(1000 t) dt = v₀ (d^(1000 t) − 1) / (1000 ln d).
            let t = Double(step) / refreshHz
            let k = 1000 * log(deceleration)
            return velocity * (exp(k * t) - 1) / k
        case .jumpToOffset, .jumpToRow:
            return step == 0 ? 0 : jumpTarget
        }
    }
}
