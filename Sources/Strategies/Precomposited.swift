import Compositor
import Raster
import Scenarios
import Table

/// `precomposited`: Texture's "precomposited corners" — the rounded corner and the grouped
/// background behind it are baked into each cap cell's own opaque bitmap, so nothing blends and
/// nothing goes off-screen. The price is paid on the CPU: a cap cell's bitmap is drawn when its
/// size, corners, radius or colours change (`imagesCreated` counts every redraw), for instance
/// every visible cap on a colour change.
public final class Precomposited: CornerStrategy {
    public static let name = "precomposited"
    public static let summary = "corners and background baked into each cap's opaque bitmap (Texture)"
    private let screenScale: Double

    public init(screenScale: Double) { self.screenScale = screenScale }

    public func reuseIdentifier(for position: RowPosition) -> String { position.isCap ? "cap" : "cell" }

    public func makeCell(reuseIdentifier: String, in context: LayoutContext) -> Cell {
        let cell = reuseIdentifier == "cap" ? PrecompositedCell(ledger: context.ledger)
                                            : Cell(reuseIdentifier: reuseIdentifier, ledger: context.ledger)
        cell.layer.isOpaque = true
        return cell
    }

    public func configure(_ cell: Cell, at indexPath: IndexPath, position: RowPosition, in context: LayoutContext) {
        guard let cap = cell as? PrecompositedCell else {
            cell.layer.backgroundColor = context.style.color(selected: cell.isSelected)
            return
        }
        cap.update(in: context, scale: screenScale)
    }

    /// A cap whose size changed (a resize) needs its bitmap redrawn.
    public func tableDidLayout(_ context: LayoutContext) {
        for (_, cell) in context.visibleCells {
            (cell as? PrecompositedCell)?.update(in: context, scale: screenScale)
        }
    }
}

/// A cap cell showing its own baked bitmap.
final class PrecompositedCell: Cell {
    /// What the bitmap was drawn for.
    private var drawn: Key?

    struct Key: Equatable {
        var size: PixelSize
        var radius: Double
        var corners: Corners
        var fill: Color
        var background: Color
    }

    init(ledger: Ledger) { super.init(reuseIdentifier: "cap", ledger: ledger) }

    /// Redraws the bitmap when what it shows changed; otherwise keeps it.
    func update(in context: LayoutContext, scale: Double) {
        let size = layer.frame.pixelRect(scale: scale).size
        let key = Key(size: size, radius: context.cornerRadius * scale, corners: position.corners,
                      fill: context.style.color(selected: isSelected), background: context.style.backgroundColor)
        guard key != drawn, size.area > 0 else { return }
        drawn = key
        var bitmap = Pixmap(size: size, fill: key.background.premultiplied)!
        let bounds = (0.0, 0.0, Double(size.width), Double(size.height))
        if let shape = CoverageMask(size: size, roundedRect: bounds, radius: key.radius, corners: key.corners) {
            bitmap.blend(key.fill.premultiplied, mask: shape, at: .zero, kernels: context.kernels)
        }
        layer.contents = Image(bitmap, scale: scale, ledger: context.ledger)
        layer.backgroundColor = nil
    }
}
