import Compositor
import Raster
import Scenarios
import Table

/// `per-cell-mask`: common practice — when a cell is configured for a section's first or last
/// row it gets a shape-layer mask of its rounded bounds (rebuilt when its size changes). The
/// mask makes every such cell an off-screen pass on every frame (Core Animation: masking renders
/// off-screen — docs/cost-model.md §7).
public final class PerCellMask: CornerStrategy {
    public static let name = "per-cell-mask"
    public static let summary = "a shape-layer mask on each cap cell, set when the cell is configured"
    /// Its cost is the off-screen passes of its masks.
    public static let explainingOverlay: Overlay? = .offscreen

    public init(screenScale: Double) {}

    public func configure(_ cell: Cell, at indexPath: IndexPath, position: RowPosition, in context: LayoutContext) {
        cell.layer.backgroundColor = context.style.color(selected: cell.isSelected)
        installMask(on: cell, in: context)
    }

    /// The cells' own layout: a mask whose size no longer matches its cell is rebuilt.
    public func tableDidLayout(_ context: LayoutContext) {
        for (_, cell) in context.visibleCells {
            if let mask = cell.layer.mask, mask.frame.size != cell.layer.frame.size {
                installMask(on: cell, in: context)
            }
        }
    }

    private func installMask(on cell: Cell, in context: LayoutContext) {
        let radius = context.cornerRadius
        guard cell.position.isCap, radius > 0 else {
            cell.layer.mask = nil
            return
        }
        let shape = ShapeLayer(frame: cell.bounds, ledger: context.ledger)
        shape.path = Path(.roundedRect(cell.bounds, radius: radius, corners: cell.position.corners), ledger: context.ledger)
        cell.layer.mask = shape
    }
}
