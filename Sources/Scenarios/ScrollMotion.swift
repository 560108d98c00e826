/// How a table's content offset changes per step (a scenario's `scroll.kind`); `ScrollDriver`
/// (Table) moves the offset by it, as `ScrollDriver.Motion`.
public enum ScrollMotion: Hashable, Sendable {
    /// `pointsPerStep` every frame.
    case constant(pointsPerStep: Double)
    /// A fling at `velocity` points per second, decelerating by `deceleration` per
    /// millisecond: v(t) = v₀ · d^(1000 t) (UIScrollView's normal rate is 0.998, see
    /// docs/cost-model.md).
    case fling(velocity: Double, deceleration: Double)
    /// Frame 0 at the top, every later frame at this offset (a programmatic scroll without
    /// animation).
    case jumpToOffset(Double)
    /// Frame 0 at the top, every later frame with this row's top at the top of the screen
    /// (as far as the content allows); a row that does not exist jumps nowhere.
    case jumpToRow(IndexPath)
}
