import Compositor
import Table

/// `none`: the plain grouped table with square corners — every cell one opaque layer. The cost
/// floor every other strategy is compared with.
public final class NoCorners: CornerStrategy {
    public let name = "none"

    public init() {}

    public func reuseIdentifier(for position: RowPosition) -> String { "cell" }

    public func makeCell(reuseIdentifier: String, table: TableView) -> Cell {
        Cell.opaque(reuseIdentifier, table)
    }

    public func configure(_ cell: Cell, at indexPath: IndexPath, position: RowPosition, table: TableView) {
        cell.layer.backgroundColor = table.style.color(selected: cell.isSelected)
    }

    public func tableDidLayout(_ table: TableView) {}
}
