import Compositor
import Raster
import Table

/// `per-cell-mask`: common practice — when a cell is configured for a section's first or last
/// row it gets a shape-layer mask of its rounded bounds (rebuilt when its size changes). The
/// mask makes every such cell an off-screen pass on every frame (Core Animation: masking renders
/// off-screen — FACTS.md).
public final class PerCellMask: CornerStrategy {
    public let name = "per-cell-mask"

    public init() {}

    public func reuseIdentifier(for position: RowPosition) -> String { "cell" }

    public func makeCell(reuseIdentifier: String, table: TableView) -> Cell {
        Cell.opaque(reuseIdentifier, table)
    }

    public func configure(_ cell: Cell, at indexPath: IndexPath, position: RowPosition, table: TableView) {
        cell.layer.backgroundColor = table.style.color(selected: cell.isSelected)
        installMask(on: cell, table: table)
    }

    /// The cells' own layout: a mask whose size no longer matches its cell is rebuilt.
    public func tableDidLayout(_ table: TableView) {
        for indexPath in table.visibleCells.keys.sorted() {
            let cell = table.visibleCells[indexPath]!
            if let mask = cell.layer.mask, mask.frame.size != cell.layer.frame.size {
                installMask(on: cell, table: table)
            }
        }
    }

    private func installMask(on cell: Cell, table: TableView) {
        let radius = table.cornerRadius
        guard cell.position.isCap, radius > 0 else {
            cell.layer.mask = nil
            return
        }
        let shape = ShapeLayer(frame: cell.bounds, ledger: table.ledger)
        shape.path = Path(.roundedRect(cell.bounds, radius: radius, corners: cell.position.corners), ledger: table.ledger)
        cell.layer.mask = shape
    }
}
