import Compositor
import Raster
import Scenarios
import Table

/// A way of rounding the corners of an inset-grouped table's sections.
///
/// A strategy is the table's cell provider: it decides which cells exist, which layers they hold
/// and what its layout pass does. Every strategy must draw the same picture — rounded sections of
/// cells on the grouped background — so that their costs compare fairly.
///
/// A built-in strategy is one new file with a type conforming to this protocol, and one line in
/// `StrategyCatalog.builtIn`. Another package adds its own without editing this one: it conforms
/// a type here and passes it to `BenchCLI.main(strategies:)` (docs/custom-strategies.md).
public protocol CornerStrategy: TableCellProvider {
    /// The strategy's name on the command line and in results (a public contract: never renamed).
    static var name: String { get }
    /// One line for `bench list`: what it does and where it comes from.
    static var summary: String { get }
    /// The debug overlay (`bench render --overlay`) that shows where the strategy's cost comes
    /// from, drawn beside the numbers in the HTML report (`StrategyCatalog.overlayPictures(among:)`);
    /// nil, the default, for no picture.
    static var explainingOverlay: Overlay? { get }
    /// A new strategy for a screen of `screenScale` pixels per point (bitmaps it draws itself are
    /// drawn at that scale).
    init(screenScale: Double)
}

extension CornerStrategy {
    /// The strategy's name (`Self.name`).
    public var name: String { Self.name }

    /// No overlay picture, unless a strategy names the overlay that explains its cost.
    public static var explainingOverlay: Overlay? { nil }

    /// One pool for every row, unless a strategy needs cells of different kinds.
    public func reuseIdentifier(for position: RowPosition) -> String { "cell" }

    /// A plain cell whose root layer is opaque and shows the cell colour (set by `configure`):
    /// what most strategies use for every row.
    public func makeCell(reuseIdentifier: String, in context: LayoutContext) -> Cell {
        Cell.opaque(reuseIdentifier, context)
    }

    /// No work of its own in the table's layout pass, unless a strategy adds some.
    public func tableDidLayout(_ context: LayoutContext) {}
}

extension Cell {
    /// A plain cell whose root layer is opaque: it shows the cell colour, which `configure` sets.
    /// The cell most strategies use for most rows.
    static func opaque(_ reuseIdentifier: String, _ context: LayoutContext) -> Cell {
        let cell = Cell(reuseIdentifier: reuseIdentifier, ledger: context.ledger)
        cell.layer.isOpaque = true
        return cell
    }
}

extension TableStyle {
    /// The colour a cell shows: `selectedColor` while it is selected, else `cellColor`. What every
    /// strategy paints a cell (or its background) with in `configure`.
    public func color(selected: Bool) -> Color { selected ? selectedColor : cellColor }
}
