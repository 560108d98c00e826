import Compositor
import Raster
import Table

/// A way of rounding the corners of an inset-grouped table's sections.
///
/// A strategy is the table's cell provider: it decides which cells exist, which layers they hold
/// and what its layout pass does. Every strategy must draw the same picture — rounded sections of
/// cells on the grouped background — so that their costs compare fairly.
///
/// Adding a strategy is one new file with a type conforming to this protocol, and one line in
/// `StrategyCatalog.all`.
public protocol CornerStrategy: TableCellProvider {
    /// The strategy's name on the command line and in results (a public contract: never renamed).
    static var name: String { get }
    /// One line for `bench list`: what it does and where it comes from.
    static var summary: String { get }
    /// A new strategy for a screen of `screenScale` pixels per point (bitmaps it draws itself are
    /// drawn at that scale).
    init(screenScale: Double)
}

extension CornerStrategy {
    /// The strategy's name (`Self.name`).
    public var name: String { Self.name }

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

/// The catalogue of strategies: one entry each, in the order reports list them.
public enum StrategyCatalog {
    /// Every strategy; `none`, the plain table every other is compared with, first.
    public static var all: [any CornerStrategy.Type] {
        [NoCorners.self, SharedCornerGrid.self, PerCellMask.self, RasterizedMask.self,
         RasterizedMaskStable.self, CornerRadiusClip.self, SectionBackground.self, Precomposited.self,
         UIKitInsetGrouped.self]
    }

    /// Every strategy's name, in catalogue order.
    public static var names: [String] { all.map { $0.name } }

    /// The name of the reference strategy that ratios such as `stepToNone` divide by.
    public static var reference: String { NoCorners.name }

    /// The strategy type called `name`, or nil.
    public static func type(named name: String) -> (any CornerStrategy.Type)? {
        all.first { $0.name == name }
    }

    /// A new strategy called `name` for a screen of `screenScale` pixels per point; nil for an
    /// unknown name.
    public static func make(_ name: String, screenScale: Double) -> (any CornerStrategy)? {
        type(named: name)?.init(screenScale: screenScale)
    }
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
    /// The colour a cell shows.
    func color(selected: Bool) -> Color { selected ? selectedColor : cellColor }
}
