import Compositor
import Scenarios
import Strategies
import Table

/// A strategy written outside the Strategies module, as another package would write one (the
/// one of Examples/CustomStrategy): a cap cell's own layer gets the corner radius, on its two
/// outer corners, and no `masksToBounds`. Tests add it to a catalogue.
public final class AddedCapRadius: CornerStrategy {
    public static let name = "added-cap-radius"
    public static let summary = "cornerRadius without masksToBounds on a cap cell's own layer (tests)"

    public init(screenScale: Double) {}

    public func configure(_ cell: Cell, at indexPath: IndexPath, position: RowPosition, in context: LayoutContext) {
        let rounded = position.isCap && context.cornerRadius > 0
        cell.layer.backgroundColor = context.style.color(selected: cell.isSelected)
        cell.layer.cornerRadius = rounded ? context.cornerRadius : 0
        cell.layer.maskedCorners = position.corners
        cell.layer.isOpaque = !rounded
    }
}

extension StrategyCatalog {
    /// The built-in strategies and `AddedCapRadius`.
    public static var withAddedStrategy: StrategyCatalog {
        // The name is valid and unique, so this cannot throw.
        try! StrategyCatalog(adding: [AddedCapRadius.self])
    }
}
