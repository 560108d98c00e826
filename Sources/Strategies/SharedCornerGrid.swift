import Compositor
import Raster
import Scenarios
import Table

/// `shared-corner-grid`: TORoundedTableView's design (docs/cost-model.md §4).
///
/// One filled circle of diameter 2r is drawn once at screen scale per colour (normal, selected)
/// and shared by every cap cell. A cap cell's background is a grid: three opaque solid layers
/// (top strip, middle, bottom strip) and four r × r corner layers, each showing one quadrant of
/// the circle through `contentsRect`; the corners of an unrounded end are hidden. Only the corners
/// blend and nothing is rendered off-screen. Middle rows are ordinary opaque cells.
public final class SharedCornerGrid: CornerStrategy {
    public static let name = "shared-corner-grid"
    public static let summary = "TORoundedTableView: opaque strips + 4 corner layers sharing one circle bitmap"
    /// Its cost is the blending of its corner layers over opaque strips.
    public static let explainingOverlay: Overlay? = .blended
    private let screenScale: Double
    /// The shared circle for the normal and for the selected colour, with the radius and colour
    /// each was drawn for; each is redrawn only when those change (TORoundedTableView: a radius
    /// change redraws both, a colour change the one of that colour).
    private var normal: SharedCircle?
    private var selected: SharedCircle?

    public init(screenScale: Double) { self.screenScale = screenScale }

    public func reuseIdentifier(for position: RowPosition) -> String { position.isCap ? "cap" : "cell" }

    public func makeCell(reuseIdentifier: String, in context: LayoutContext) -> Cell {
        if reuseIdentifier == "cap" { return CapCell(ledger: context.ledger) }
        return Cell.opaque(reuseIdentifier, context)
    }

    public func configure(_ cell: Cell, at indexPath: IndexPath, position: RowPosition, in context: LayoutContext) {
        guard let cap = cell as? CapCell else {
            cell.layer.backgroundColor = context.style.color(selected: cell.isSelected)
            return
        }
        let (normal, highlighted) = cornerImages(context)
        cap.background.apply(color: context.style.cellColor, image: normal)
        cap.selectedBackground.apply(color: context.style.selectedColor, image: highlighted)
        cap.selectedBackground.layer.isHidden = !cell.isSelected
        cap.layoutGrid(radius: context.cornerRadius, corners: position.corners)
    }

    /// TORoundedTableView's `layoutSubviews` walks the visible cells every pass (it narrows any
    /// wider than the column); a cap cell whose size changed lays its grid out again.
    public func tableDidLayout(_ context: LayoutContext) {
        for (_, cell) in context.visibleCells {
            context.visitRows(1)
            if let cap = cell as? CapCell {
                cap.layoutGrid(radius: context.cornerRadius, corners: cap.position.corners)
            }
        }
    }

    /// The shared circle images for the table's radius and colours, drawn on first use and again
    /// only when the radius or their colour changes.
    private func cornerImages(_ context: LayoutContext) -> (Image, Image) {
        let radius = context.cornerRadius
        let n = SharedCircle.current(normal, radius: radius, color: context.style.cellColor, scale: screenScale,
                                     ledger: context.ledger, kernels: context.kernels)
        let s = SharedCircle.current(selected, radius: radius, color: context.style.selectedColor, scale: screenScale,
                                     ledger: context.ledger, kernels: context.kernels)
        normal = n
        selected = s
        return (n.image, s.image)
    }
}

/// One shared corner image and what it was drawn for.
struct SharedCircle {
    let radius: Double
    let color: Color
    let image: Image

    /// `existing` if it was drawn for `radius` and `color`, else a newly drawn circle (by `kernels`).
    static func current(_ existing: SharedCircle?, radius: Double, color: Color, scale: Double, ledger: Ledger,
                        kernels: KernelChoice) -> SharedCircle {
        if let existing, existing.radius == radius, existing.color == color { return existing }
        return SharedCircle(radius: radius, color: color,
                            image: circle(radius: radius, color: color, scale: scale, ledger: ledger, kernels: kernels))
    }

    /// `+roundedCornerImageWithRadius:color:` — a filled circle of diameter 2r, non-opaque, at
    /// screen scale.
    private static func circle(radius: Double, color: Color, scale: Double, ledger: Ledger, kernels: KernelChoice) -> Image {
        let diameter = max(1, Int((2 * radius * scale).rounded()))
        var pixmap = Pixmap(width: diameter, height: diameter)!
        if radius > 0, let disk = CoverageMask.disk(diameter: diameter) {
            pixmap.blend(color.premultiplied, mask: disk, at: .zero, kernels: kernels)
        }
        return Image(pixmap, scale: scale, ledger: ledger)
    }
}

/// TORoundedTableView's cap cell: a background grid and an identical, hidden one for the
/// selected state.
final class CapCell: Cell {
    let background: CornerGrid
    let selectedBackground: CornerGrid
    private var laidOut: (size: Size, radius: Double, corners: Corners)?

    init(ledger: Ledger) {
        background = CornerGrid(ledger: ledger)
        selectedBackground = CornerGrid(ledger: ledger)
        super.init(reuseIdentifier: "cap", ledger: ledger)
        // Background views sit beneath the content view, as UIKit places them.
        layer.insertSublayer(background.layer, at: 0)
        layer.insertSublayer(selectedBackground.layer, at: 1)
        selectedBackground.layer.isHidden = true
    }

    /// Lays both grids out for the cell's size; does nothing when nothing changed, as
    /// `layoutSubviews` does no work for an unchanged bounds.
    func layoutGrid(radius: Double, corners: Corners) {
        let size = layer.frame.size
        if let laidOut, laidOut.size == size, laidOut.radius == radius, laidOut.corners == corners { return }
        laidOut = (size, radius, corners)
        background.layout(size: size, radius: radius, corners: corners)
        selectedBackground.layout(size: size, radius: radius, corners: corners)
    }
}

/// `TORoundedTableViewCellBackground`: three opaque solid layers and four corner layers.
final class CornerGrid {
    let layer: Layer
    private let top: Layer, middle: Layer, bottom: Layer
    /// Top-left, top-right, bottom-left, bottom-right.
    private let corners: [Layer]
    private static let quadrants: [(Corners, Rect)] = [
        (.topLeft, Rect(x: 0, y: 0, width: 0.5, height: 0.5)), (.topRight, Rect(x: 0.5, y: 0, width: 0.5, height: 0.5)),
        (.bottomLeft, Rect(x: 0, y: 0.5, width: 0.5, height: 0.5)), (.bottomRight, Rect(x: 0.5, y: 0.5, width: 0.5, height: 0.5)),
    ]

    init(ledger: Ledger) {
        layer = Layer(ledger: ledger)
        top = Layer(ledger: ledger)
        middle = Layer(ledger: ledger)
        bottom = Layer(ledger: ledger)
        corners = CornerGrid.quadrants.map { _, rect in
            let corner = Layer(ledger: ledger)
            corner.contentsRect = rect
            return corner
        }
        for solid in [top, middle, bottom] {
            solid.isOpaque = true
            layer.addSublayer(solid)
        }
        for corner in corners { layer.addSublayer(corner) }
    }

    func apply(color: Color, image: Image) {
        for solid in [top, middle, bottom] { solid.backgroundColor = color }
        for corner in corners { corner.contents = image }
    }

    /// For width W, height H and radius r: corners at (0,0), (W−r,0), (0,H−r), (W−r,H−r); strips
    /// between the corners of a rounded end; the middle fills the rest. Hidden when unrounded.
    func layout(size: Size, radius r: Double, corners rounded: Corners) {
        let w = size.width, h = size.height
        layer.frame = Rect(origin: .zero, size: size)
        let roundTop = r > 0 && !rounded.isDisjoint(with: .top)
        let roundBottom = r > 0 && !rounded.isDisjoint(with: .bottom)
        top.isHidden = !roundTop
        top.frame = Rect(x: r, y: 0, width: w - 2 * r, height: r)
        bottom.isHidden = !roundBottom
        bottom.frame = Rect(x: r, y: h - r, width: w - 2 * r, height: r)
        let middleTop = roundTop ? r : 0, middleBottom = roundBottom ? h - r : h
        middle.frame = Rect(x: 0, y: middleTop, width: w, height: middleBottom - middleTop)
        for (corner, (which, _)) in zip(corners, CornerGrid.quadrants) {
            corner.isHidden = r <= 0 || !rounded.contains(which)
            let x = which.isDisjoint(with: [.topLeft, .bottomLeft]) ? w - r : 0
            let y = which.isDisjoint(with: .top) ? h - r : 0
            corner.frame = Rect(x: x, y: y, width: r, height: r)
        }
    }
}
