import Compositor
import Table

/// What one step of a `TableDriver` cost: the counters each part of the model made, side by side
/// as the harness's `FrameStats` holds them, and whether a layout pass ran.
///
/// A value, so that whole runs compare with `==` (a prefix of a longer run is the shorter run).
public struct DrivenStep: Equatable, Sendable {
    /// What the renderer counted.
    public var render: RenderStats
    /// The layers, paths and images created.
    public var allocations: AllocationCounts
    /// The table's reuse and row walks.
    public var table: TableStats
    /// Whether a layout pass ran (the offset, size or style changed, or it is the first frame).
    public var laidOut: Bool

    public init(render: RenderStats, allocations: AllocationCounts, table: TableStats, laidOut: Bool) {
        self.render = render
        self.allocations = allocations
        self.table = table
        self.laidOut = laidOut
    }
}
