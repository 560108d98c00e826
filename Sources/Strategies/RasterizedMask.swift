import Compositor
import Raster
import Scenarios
import Table

/// `rasterized-mask`: the 2014 article "Missing the rounded UITableView?" as written.
///
/// Its `layoutSubviews` walks every section: it asks for the section's first and last cell, builds
/// new shape masks for them and installs them with `shouldRasterize` at screen scale, then walks
/// the middle rows to clear their masks. Off-screen rows come back nil and the messages to nil do
/// nothing — but the shape objects were allocated anyway, and a section whose caps are both off
/// screen takes the single-row branch because nil equals nil (docs/cost-model.md §4). A new mask changes the
/// layer, so the rasterization cache misses on every layout pass: the article's claim that
/// "rasterization avoids offscreen rendering" is what this strategy tests.
public final class RasterizedMask: CornerStrategy {
    public static let name = "rasterized-mask"
    public static let summary = "the 2014 article: new masks on every layout pass + shouldRasterize"
    /// Its cost is the rasterization cache's misses, the masks it re-creates on every layout pass.
    public static let explainingOverlay: Overlay? = .raster
    private let screenScale: Double

    public init(screenScale: Double) { self.screenScale = screenScale }

    public func configure(_ cell: Cell, at indexPath: IndexPath, position: RowPosition, in context: LayoutContext) {
        cell.layer.backgroundColor = context.style.color(selected: cell.isSelected)
    }

    public func tableDidLayout(_ context: LayoutContext) {
        let radius = context.cornerRadius
        for section in 0..<context.numberOfSections {
            let rows = context.numberOfRows(inSection: section)
            context.visitRows(rows)
            let first = context.cellForRow(at: IndexPath(row: 0, section: section))
            let last = context.cellForRow(at: IndexPath(row: rows - 1, section: section))
            if first === last {
                install(mask(for: first, corners: .all, radius: radius, context), on: first)
            } else {
                install(mask(for: first, corners: .top, radius: radius, context), on: first)
                install(mask(for: last, corners: .bottom, radius: radius, context), on: last)
            }
            if rows > 2 {
                for row in 1..<(rows - 1) {
                    guard let cell = context.cellForRow(at: IndexPath(row: row, section: section)) else { continue }
                    cell.layer.mask = nil
                    cell.layer.shouldRasterize = false
                }
            }
        }
    }

    /// A new shape layer and path of `cell`'s bounds — allocated even when `cell` is nil, whose
    /// bounds are then the zero rectangle, as a message to nil returns.
    private func mask(for cell: Cell?, corners: Corners, radius: Double, _ context: LayoutContext) -> ShapeLayer {
        let bounds = cell?.bounds ?? .zero
        let shape = ShapeLayer(frame: bounds, ledger: context.ledger)
        shape.path = Path(.roundedRect(bounds, radius: radius, corners: corners), ledger: context.ledger)
        return shape
    }

    private func install(_ mask: ShapeLayer, on cell: Cell?) {
        guard let cell else { return }
        cell.layer.mask = mask
        cell.layer.shouldRasterize = true
        cell.layer.rasterizationScale = screenScale
    }
}
