import Compositor

/// The exact counters of one frame (or a sum of frames): what the renderer, the table and the
/// ledger of allocations each counted, side by side.
///
/// Each part is made by the module that does the work (`RenderStats` by the renderer,
/// `AllocationCounts` by the initializers of layers, paths and images, `TableStats` by the reuse
/// pools and layout passes); `TableFrames.step` takes them after each frame, and the harness
/// reads them by counter name (`FrameStats+Counter` in Devices).
public struct FrameStats: Equatable, Sendable {
    /// What the renderer counted.
    public var render = RenderStats()
    /// The layers, paths and images created.
    public var allocations = AllocationCounts()
    /// The table's reuse and row walks.
    public var table = TableStats()

    public init(render: RenderStats = RenderStats(), allocations: AllocationCounts = AllocationCounts(),
                table: TableStats = TableStats()) {
        self.render = render
        self.allocations = allocations
        self.table = table
    }
}
