import Compositor
import Raster
import Scenarios

/// A table cell, like `UITableViewCell`: a root layer the table positions, and the state a cell
/// keeps across reuse. Strategies subclass it to hold the layers they build (as
/// TORoundedTableView's cap cell does).
open class Cell {
    /// The pool this cell returns to when it leaves the screen.
    public let reuseIdentifier: String
    /// The cell's root layer; its frame is set by the table in content coordinates.
    public let layer: Layer
    /// The content view's layer, where an app's labels would go: transparent, on top of any
    /// background layers, always the cell's size — as `UITableViewCell.contentView`. It matters to
    /// the cost model: a cell with a sublayer needs an off-screen pass to clip to rounded bounds.
    public let contentView: Layer
    /// The row the cell shows now; nil while it waits in a pool.
    public internal(set) var indexPath: IndexPath?
    /// The row's position in its section when last configured.
    public internal(set) var position: RowPosition = .middle
    /// Whether the row is selected.
    public var isSelected = false
    /// The table's layout generation this cell was last framed under.
    var layoutGeneration = -1
    /// The row content's layers, made the first time the cell shows content.
    var contentLayers: CellLayers?

    /// Creates a cell with an empty root layer counted in `ledger`.
    public init(reuseIdentifier: String, ledger: Ledger) {
        self.reuseIdentifier = reuseIdentifier
        self.layer = Layer(ledger: ledger)
        self.contentView = Layer(ledger: ledger)
        layer.addSublayer(contentView)
    }

    /// The layers of the cell's labels in description order (a Settings row's title then
    /// detail; empty before the cell shows content): where a label's area and opacity can be read.
    public var textLabels: [Layer] { contentLayers?.labels ?? [] }

    /// The cell's bounds: its own coordinate space, origin at zero.
    public var bounds: Rect { Rect(origin: .zero, size: layer.frame.size) }

    /// Sizes the content view to the cell (the cell's own `layoutSubviews`).
    func layoutContentView() {
        contentView.frame = bounds
    }
}

/// Cells waiting to be reused, by reuse identifier, as `dequeueReusableCell(withIdentifier:)`.
public struct ReusePool {
    private var pools: [String: [Cell]] = [:]

    public init() {}

    /// A cell for `identifier`: a waiting one if any (`cellsReused`), else a new one from `make`
    /// (`cellsCreated`); either way `cellsDequeued`, counted in `stats`.
    /// - Complexity: O(1) amortized, plus whatever `make` costs.
    public mutating func dequeue(_ identifier: String, stats: inout TableStats, make: () -> Cell) -> Cell {
        stats.cellsDequeued += 1
        if let cell = pools[identifier]?.popLast() {
            stats.cellsReused += 1
            return cell
        }
        stats.cellsCreated += 1
        return make()
    }

    /// Puts `cell` back for reuse.
    /// - Complexity: O(1) amortized.
    public mutating func enqueue(_ cell: Cell) {
        cell.indexPath = nil
        pools[cell.reuseIdentifier, default: []].append(cell)
    }

    /// The number of cells waiting in all pools.
    public var count: Int { pools.values.reduce(0) { $0 + $1.count } }
}
