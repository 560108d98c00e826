import Compositor
import Scenarios
import Table

/// `none`: the plain grouped table with square corners — every cell one opaque layer. The cost
/// floor every other strategy is compared with.
public final class NoCorners: CornerStrategy {
    public static let name = "none"
    public static let summary = "plain grouped table, square corners: the cost floor"
    /// Its cost is the plain table's: the blended overlay shows what every strategy draws blended
    /// (text, icons, separators) before adding its own.
    public static let explainingOverlay: Overlay? = .blended

    public init(screenScale: Double) {}

    public func configure(_ cell: Cell, at indexPath: IndexPath, position: RowPosition, in context: LayoutContext) {
        cell.layer.backgroundColor = context.style.color(selected: cell.isSelected)
    }
}
