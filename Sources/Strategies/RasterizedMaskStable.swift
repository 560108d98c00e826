import Compositor
import Raster
import Scenarios
import Table

/// `rasterized-mask-stable`: the article's idea done right — `per-cell-mask` plus
/// `shouldRasterize` at screen scale. The mask is made once per configuration, so the cached
/// bitmap stays valid while the cell only moves, and a scrolling cap cell hits the cache
/// (Core Animation: the raster cache survives moves — docs/cost-model.md §7). It misses when a cap enters the
/// screen, is reconfigured, or was evicted after 100 ms unused.
public final class RasterizedMaskStable: CornerStrategy {
    public static let name = "rasterized-mask-stable"
    public static let summary = "per-cell-mask + shouldRasterize: the article's idea done right"
    private let masks: PerCellMask
    private let screenScale: Double

    public init(screenScale: Double) {
        self.screenScale = screenScale
        masks = PerCellMask(screenScale: screenScale)
    }

    public func reuseIdentifier(for position: RowPosition) -> String { masks.reuseIdentifier(for: position) }

    public func makeCell(reuseIdentifier: String, in context: LayoutContext) -> Cell {
        masks.makeCell(reuseIdentifier: reuseIdentifier, in: context)
    }

    public func configure(_ cell: Cell, at indexPath: IndexPath, position: RowPosition, in context: LayoutContext) {
        masks.configure(cell, at: indexPath, position: position, in: context)
        cell.layer.shouldRasterize = cell.layer.mask != nil
        cell.layer.rasterizationScale = screenScale
    }

    public func tableDidLayout(_ context: LayoutContext) { masks.tableDidLayout(context) }
}
