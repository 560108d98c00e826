import Compositor
import Raster
import Scenarios
import Table

/// `section-background`: the iOS 13 inset-grouped way — one rounded background layer per visible
/// section, behind its cells. Middle cells stay opaque; cap cells are transparent, so the
/// section's rounded background shows at their corners. A colour with a corner radius needs no
/// off-screen pass (Core Animation: `cornerRadius` alone rounds the background — docs/cost-model.md §7); the
/// background is a blended layer, but hidden-surface removal skips it beneath opaque cells.
public final class SectionBackground: CornerStrategy {
    public static let name = "section-background"
    public static let summary = "one rounded background layer per visible section behind transparent caps"
    /// Background layers of the sections on screen, and spare ones to reuse.
    private var visible: [Int: Layer] = [:]
    private var spare: [Layer] = []

    public init(screenScale: Double) {}

    public func makeCell(reuseIdentifier: String, in context: LayoutContext) -> Cell {
        Cell(reuseIdentifier: reuseIdentifier, ledger: context.ledger)
    }

    public func configure(_ cell: Cell, at indexPath: IndexPath, position: RowPosition, in context: LayoutContext) {
        let radius = context.cornerRadius
        let cap = position.isCap && radius > 0
        if cell.isSelected {
            // A selected cap draws its own colour, rounded like the section beneath it.
            cell.layer.backgroundColor = context.style.selectedColor
            cell.layer.cornerRadius = cap ? radius : 0
            cell.layer.maskedCorners = position.corners
        } else {
            cell.layer.backgroundColor = cap ? nil : context.style.cellColor
            cell.layer.cornerRadius = 0
        }
        cell.layer.isOpaque = !cap
    }

    /// Places one rounded background behind each section that has a row on screen.
    public func tableDidLayout(_ context: LayoutContext) {
        var sections = Set<Int>()
        for (indexPath, _) in context.visibleCells { sections.insert(indexPath.section) }
        for section in visible.keys.sorted() where !sections.contains(section) {
            let layer = visible[section]!
            layer.removeFromSuperlayer()
            visible[section] = nil
            spare.append(layer)
        }
        let column = context.column
        for section in sections.sorted() {
            let rows = context.numberOfRows(inSection: section)
            context.visitRows(1)
            let top = context.frameForRow(at: IndexPath(row: 0, section: section))
            let bottom = context.frameForRow(at: IndexPath(row: rows - 1, section: section))
            let layer = visible[section] ?? spare.popLast() ?? Layer(ledger: context.ledger)
            if visible[section] == nil {
                context.insertSectionLayer(layer)
                visible[section] = layer
            }
            layer.frame = Rect(x: column.x, y: top.minY, width: column.width, height: bottom.maxY - top.minY)
            layer.backgroundColor = context.style.cellColor
            layer.cornerRadius = context.cornerRadius
            layer.maskedCorners = .all
        }
    }
}
