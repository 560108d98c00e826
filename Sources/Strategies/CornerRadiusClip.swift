import Compositor
import Raster
import Table

/// `corner-radius-clip`: iOS 11+ practice — `cornerRadius` with `masksToBounds` on cap cells, and
/// `maskedCorners` choosing the top or bottom pair. Because the cell has sublayers (its content
/// view), clipping them to rounded bounds is an off-screen pass every frame (Core Animation:
/// `masksToBounds` with a radius over contents or sublayers — FACTS.md).
public final class CornerRadiusClip: CornerStrategy {
    public let name = "corner-radius-clip"

    public init() {}

    public func reuseIdentifier(for position: RowPosition) -> String { "cell" }

    public func makeCell(reuseIdentifier: String, table: TableView) -> Cell {
        Cell.opaque(reuseIdentifier, table)
    }

    public func configure(_ cell: Cell, at indexPath: IndexPath, position: RowPosition, table: TableView) {
        cell.layer.backgroundColor = table.style.color(selected: cell.isSelected)
        let rounded = position.isCap && table.cornerRadius > 0
        cell.layer.cornerRadius = rounded ? table.cornerRadius : 0
        cell.layer.maskedCorners = position.corners
        cell.layer.masksToBounds = rounded
    }

    public func tableDidLayout(_ table: TableView) {}
}
