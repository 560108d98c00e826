import Compositor
import Raster
import Scenarios
import Table

/// `uikit-inset-grouped`: the system's own style (`UITableView.Style.insetGrouped`, iOS 13 and
/// later). Each cell's background view, behind its content, has the cell colour; a cap cell's has
/// the corner radius on its top or bottom corners only (`maskedCorners`) and no `masksToBounds`,
/// so nothing is clipped or drawn off-screen: a cap cell blends its whole area, a middle cell is
/// opaque. The system's continuous corners (near 10 pt) are not documented precisely, so the model
/// draws circular ones at the scenario's radius, the picture of every strategy (docs/cost-model.md §4).
public final class UIKitInsetGrouped: CornerStrategy {
    public static let name = "uikit-inset-grouped"
    public static let summary = "the system style: a cap cell's background view rounded on two corners (maskedCorners)"

    public init(screenScale: Double) {}

    public func makeCell(reuseIdentifier: String, in context: LayoutContext) -> Cell {
        BackgroundViewCell(reuseIdentifier: reuseIdentifier, ledger: context.ledger)
    }

    public func configure(_ cell: Cell, at indexPath: IndexPath, position: RowPosition, in context: LayoutContext) {
        guard let cell = cell as? BackgroundViewCell else { return }
        let background = cell.backgroundView
        background.frame = cell.bounds
        background.backgroundColor = context.style.color(selected: cell.isSelected)
        background.cornerRadius = position.isCap ? context.cornerRadius : 0
        background.maskedCorners = position.corners
        background.isOpaque = background.cornerRadius == 0
    }
}

/// A cell whose colour comes from a background view behind its content, as `UITableViewCell`'s
/// `backgroundView`; the cell's own layer is transparent.
final class BackgroundViewCell: Cell {
    let backgroundView: Layer

    override init(reuseIdentifier: String, ledger: Ledger) {
        backgroundView = Layer(ledger: ledger)
        super.init(reuseIdentifier: reuseIdentifier, ledger: ledger)
        layer.insertSublayer(backgroundView, at: 0)
    }
}
