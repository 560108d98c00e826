import Compositor
import Raster
import Scenarios
import Table

/// `corner-radius-clip`: iOS 11+ practice — `cornerRadius` with `masksToBounds` on cap cells, and
/// `maskedCorners` choosing the top or bottom pair. Because the cell has sublayers (its content
/// view), clipping them to rounded bounds is an off-screen pass every frame (Core Animation:
/// `masksToBounds` with a radius over contents or sublayers — docs/cost-model.md §7).
public final class CornerRadiusClip: CornerStrategy {
    public static let name = "corner-radius-clip"
    public static let summary = "cornerRadius + masksToBounds (+ maskedCorners) on cap cells"

    public init(screenScale: Double) {}

    public func configure(_ cell: Cell, at indexPath: IndexPath, position: RowPosition, in context: LayoutContext) {
        cell.layer.backgroundColor = context.style.color(selected: cell.isSelected)
        let rounded = position.isCap && context.cornerRadius > 0
        cell.layer.cornerRadius = rounded ? context.cornerRadius : 0
        cell.layer.maskedCorners = position.corners
        cell.layer.masksToBounds = rounded
    }
}
