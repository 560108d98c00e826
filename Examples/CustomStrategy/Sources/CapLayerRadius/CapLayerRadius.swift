import Compositor
import Scenarios
import Strategies
import Table

/// `cap-layer-radius`: the corner radius on a cap cell's own layer — top corners for the first
/// row of a section, bottom corners for the last — and no `masksToBounds`.
///
/// It is `corner-radius-clip` without the clip. A rounded background is drawn with its corners
/// cut, so nothing needs clipping; leaving `masksToBounds` off is what saves the off-screen pass
/// that clipping the cell's content view to rounded bounds costs every frame. The price is that
/// content reaching into a corner would not be cut (a row's labels stay clear of the corners, so
/// the picture is the same). It is also `uikit-inset-grouped` without the background view: one
/// layer fewer per cell.
public final class CapLayerRadius: CornerStrategy {
    /// The name on the command line and in results. Never rename it once results exist.
    public static let name = "cap-layer-radius"
    /// The line `custom-bench list` shows.
    public static let summary = "cornerRadius on a cap cell's own layer, no masksToBounds (example package)"

    /// No bitmaps of its own, so the screen's scale does not matter.
    public init(screenScale: Double) {}

    // `reuseIdentifier(for:)`, `makeCell(reuseIdentifier:in:)` and `tableDidLayout(_:)` keep
    // their defaults: one pool of plain cells with an opaque root layer, and no layout work.

    /// Called whenever a cell is about to show a row: when it enters the screen, and again after
    /// an event changed what it shows (a new style, a resize, a selection). A reused cell keeps
    /// what it was given for its last row, so every property set for some rows is set for all.
    public func configure(_ cell: Cell, at indexPath: Scenarios.IndexPath, position: RowPosition, in context: LayoutContext) {
        let rounded = position.isCap && context.cornerRadius > 0
        cell.layer.backgroundColor = context.style.color(selected: cell.isSelected)
        cell.layer.cornerRadius = rounded ? context.cornerRadius : 0
        cell.layer.maskedCorners = position.corners
        // A rounded background leaves its corners empty, so the layer is not opaque there: keep
        // the flag true to what is drawn (the renderer itself blends by what it draws).
        cell.layer.isOpaque = !rounded
    }
}
