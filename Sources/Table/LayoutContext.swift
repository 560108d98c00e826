import Compositor
import Raster
import Scenarios

/// What a cell provider (a corner strategy) may see and do while the table asks it for cells or
/// runs its layout pass: the style, the rows, the visible cells, a place for section-level layers
/// and the counters — and nothing else of the table.
///
/// A value made by the table for each call; keeping providers to this surface means a strategy
/// cannot move the scroll position, reorder the table's layers or reset its counters.
public struct LayoutContext {
    private let table: TableView

    init(_ table: TableView) { self.table = table }

    /// Where layers, paths and images are created, so their allocation is counted.
    public var ledger: Ledger { table.ledger }

    /// The table's style (radius, inset, colours).
    public var style: TableStyle { table.style }

    /// The kernels the table's bitmaps are drawn with, for the strategy's own (`ContentDrawing.kernels`).
    public var kernels: KernelChoice { table.drawing.kernels }

    /// The corner radius drawn at the table's current width (zero in the plain fallback).
    public var cornerRadius: Double { table.cornerRadius }

    /// The cells' column at the table's current width: its left edge and width, points.
    public var column: (x: Double, width: Double) { table.style.column(tableWidth: table.size.width) }

    /// The number of sections.
    public var numberOfSections: Int { table.numberOfSections }

    /// The number of rows in `section`.
    public func numberOfRows(inSection section: Int) -> Int { table.numberOfRows(inSection: section) }

    /// The row's frame in content coordinates.
    /// - Complexity: O(1).
    public func frameForRow(at indexPath: IndexPath) -> Rect { table.frameForRow(at: indexPath) }

    /// The visible cell of `indexPath`, or nil when the row is off screen or does not exist, as
    /// `cellForRow(at:)`.
    /// - Complexity: O(1).
    public func cellForRow(at indexPath: IndexPath) -> Cell? { table.cellForRow(at: indexPath) }

    /// The visible cells in row order (sorted, so what a provider does with them is the same
    /// every run).
    /// - Complexity: O(v log v) for v visible cells.
    public var visibleCells: [(indexPath: IndexPath, cell: Cell)] {
        table.visibleCells.keys.sorted().map { ($0, table.visibleCells[$0]!) }
    }

    /// Adds a section-level layer behind every cell (a section's background), as a table view
    /// places its own decoration views. Remove it with `Layer.removeFromSuperlayer()`.
    public func insertSectionLayer(_ layer: Layer) { table.layer.insertSublayer(layer, at: 0) }

    /// Counts `count` rows walked by the provider's layout pass (`rowsVisited`).
    public func visitRows(_ count: Int) { table.stats.rowsVisited += count }
}
