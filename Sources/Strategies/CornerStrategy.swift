import Compositor
import Raster
import Table

/// A way of rounding the corners of an inset-grouped table's sections.
///
/// A strategy is the table's cell provider: it decides which cells exist, which layers they hold
/// and what its layout pass does. Every strategy must draw the same picture — rounded sections of
/// cells on the grouped background — so that their costs compare fairly.
public protocol CornerStrategy: TableCellProvider {
    /// The strategy's name on the command line and in results.
    var name: String { get }
}

/// The catalogue of strategies, by name.
public enum StrategyCatalog {
    /// Every strategy, in the order reports list them; `none` (the floor) first.
    public static let names = ["none", "shared-corner-grid", "per-cell-mask", "rasterized-mask",
                               "rasterized-mask-stable", "corner-radius-clip", "section-background", "precomposited"]

    /// One-line descriptions for `bench list`.
    public static let summaries: [String: String] = [
        "none": "plain grouped table, square corners: the cost floor",
        "shared-corner-grid": "TORoundedTableView: opaque strips + 4 corner layers sharing one circle bitmap",
        "per-cell-mask": "a shape-layer mask on each cap cell, set when the cell is configured",
        "rasterized-mask": "the 2014 article: new masks on every layout pass + shouldRasterize",
        "rasterized-mask-stable": "per-cell-mask + shouldRasterize: the article's idea done right",
        "corner-radius-clip": "cornerRadius + masksToBounds (+ maskedCorners) on cap cells",
        "section-background": "one rounded background layer per visible section behind transparent caps",
        "precomposited": "corners and background baked into each cap's opaque bitmap (Texture)",
    ]

    /// A new strategy for a screen of `screenScale` pixels per point; nil for an unknown name.
    public static func make(_ name: String, screenScale: Double) -> CornerStrategy? {
        switch name {
        case "none": return NoCorners()
        case "shared-corner-grid": return SharedCornerGrid(screenScale: screenScale)
        case "per-cell-mask": return PerCellMask()
        case "rasterized-mask": return RasterizedMask(screenScale: screenScale)
        case "rasterized-mask-stable": return RasterizedMaskStable(screenScale: screenScale)
        case "corner-radius-clip": return CornerRadiusClip()
        case "section-background": return SectionBackground()
        case "precomposited": return Precomposited(screenScale: screenScale)
        default: return nil
        }
    }
}

extension Cell {
    /// A plain cell whose root layer is opaque: it shows the cell colour, which `configure` sets.
    /// The cell most strategies use for most rows.
    static func opaque(_ reuseIdentifier: String, _ table: TableView) -> Cell {
        let cell = Cell(reuseIdentifier: reuseIdentifier, ledger: table.ledger)
        cell.layer.isOpaque = true
        return cell
    }
}

extension TableStyle {
    /// The colour a cell shows.
    func color(selected: Bool) -> Color { selected ? selectedColor : cellColor }
}
