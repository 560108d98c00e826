import Compositor
import Raster
import Table

/// `rasterized-mask`: the 2014 article "Missing the rounded UITableView?" as written.
///
/// Its `layoutSubviews` walks every section: it asks for the section's first and last cell, builds
/// new shape masks for them and installs them with `shouldRasterize` at screen scale, then walks
/// the middle rows to clear their masks. Off-screen rows come back nil and the messages to nil do
/// nothing — but the shape objects were allocated anyway, and a section whose caps are both off
/// screen takes the single-row branch because nil equals nil (FACTS.md). A new mask changes the
/// layer, so the rasterization cache misses on every layout pass: the article's claim that
/// "rasterization avoids offscreen rendering" is what this strategy tests.
public final class RasterizedMask: CornerStrategy {
    public let name = "rasterized-mask"
    private let screenScale: Double

    public init(screenScale: Double) { self.screenScale = screenScale }

    public func reuseIdentifier(for position: RowPosition) -> String { "cell" }

    public func makeCell(reuseIdentifier: String, table: TableView) -> Cell {
        Cell.opaque(reuseIdentifier, table)
    }

    public func configure(_ cell: Cell, at indexPath: IndexPath, position: RowPosition, table: TableView) {
        cell.layer.backgroundColor = table.style.color(selected: cell.isSelected)
    }

    public func tableDidLayout(_ table: TableView) {
        let radius = table.cornerRadius
        for section in 0..<table.numberOfSections {
            let rows = table.numberOfRows(inSection: section)
            table.ledger.stats.rowsVisited += rows
            let first = table.cellForRow(at: IndexPath(row: 0, section: section))
            let last = table.cellForRow(at: IndexPath(row: rows - 1, section: section))
            if first === last {
                install(mask(for: first, corners: .all, radius: radius, table), on: first)
            } else {
                install(mask(for: first, corners: .top, radius: radius, table), on: first)
                install(mask(for: last, corners: .bottom, radius: radius, table), on: last)
            }
            if rows > 2 {
                for row in 1..<(rows - 1) {
                    guard let cell = table.cellForRow(at: IndexPath(row: row, section: section)) else { continue }
                    cell.layer.mask = nil
                    cell.layer.shouldRasterize = false
                }
            }
        }
    }

    /// A new shape layer and path of `cell`'s bounds — allocated even when `cell` is nil, whose
    /// bounds are then the zero rectangle, as a message to nil returns.
    private func mask(for cell: Cell?, corners: Corners, radius: Double, _ table: TableView) -> ShapeLayer {
        let bounds = cell?.bounds ?? .zero
        let shape = ShapeLayer(frame: bounds, ledger: table.ledger)
        shape.path = Path(.roundedRect(bounds, radius: radius, corners: corners), ledger: table.ledger)
        return shape
    }

    private func install(_ mask: ShapeLayer, on cell: Cell?) {
        guard let cell else { return }
        cell.layer.mask = mask
        cell.layer.shouldRasterize = true
        cell.layer.rasterizationScale = screenScale
    }
}
