/// The exact counters of the table's own work in one step: cell reuse and row walks.
///
/// Counted where the work happens: `ReusePool.dequeue` for cells, `LayoutContext.visitRows` for
/// rows a provider's layout pass touches. All are smaller-is-better except `cellsReused`.
public struct TableStats: Equatable, Sendable {
    /// Cells allocated because a reuse pool was empty (`ReusePool.dequeue`).
    public var cellsCreated = 0
    /// Cells handed out by the reuse pools, new or reused (`ReusePool.dequeue`).
    public var cellsDequeued = 0
    /// Cells handed out from a pool rather than allocated (`ReusePool.dequeue`).
    public var cellsReused = 0
    /// Rows a cell provider's layout pass touched (`LayoutContext.visitRows`): shows work that
    /// grows with the whole table rather than the screen.
    public var rowsVisited = 0

    public init() {}
}
