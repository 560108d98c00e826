import Compositor
import Raster
import Scenarios

/// Draws the bitmaps cell content shows: text labels (from glyphs rasterized once, as a text
/// system's glyph cache), and the icon and chevron images an app loads once and shares between
/// cells, as `UIImage`s share one `CGImage`.
///
/// One per table: a class because its caches are shared by every cell of the table.
public final class ContentDrawing {
    /// Pixels per point of every bitmap drawn (the screen's scale).
    public let scale: Double
    /// Where the bitmaps (and the paths of the cells' masks) are counted.
    let ledger: Ledger
    /// The kernels the bitmaps are drawn with, and the table's strategy draws its own
    /// (`LayoutContext.kernels`).
    public let kernels: KernelChoice
    private var glyphs = GlyphCache()
    /// Shared bitmaps drawn so far (`image(_:row:layerSize:)`).
    private var images: [ImageKey: Image?] = [:]

    /// Point sizes, as the system's body (17 pt) and footnote (13 pt) text styles.
    public static let bodySize = TextContent.defaultPointSize
    public static let footnoteSize = 13.0
    /// Colours of the system's inset-grouped table (light appearance).
    public static let titleColor = TextContent.defaultColor
    public static let detailColor = Color(red: 0x8A, green: 0x8A, blue: 0x8E)
    public static let sectionTextColor = Color(red: 0x6D, green: 0x6D, blue: 0x72)
    public static let chevronColor = Color(red: 0xC4, green: 0xC4, blue: 0xC7)
    /// `UIColor.separator`: translucent, so a separator blends.
    public static let separatorColor = Color(red: 0x3C, green: 0x3C, blue: 0x43, alpha: 74)
    /// Icon colours, one per row in turn (the system palette's orange, blue, green, red, indigo, grey).
    public static let iconColors = ["#FF9500", "#007AFF", "#34C759", "#FF3B30", "#5856D6", "#8E8E93"].map { Color(hex: $0)! }
    /// The icon's side and corner radius, points.
    public static let iconSide = 29.0
    public static let iconRadius = 6.5
    /// The disclosure chevron, drawn as text.
    public static let chevronText = ">"

    /// Creates a drawing context for bitmaps at `scale`, drawn by `kernels`; images are counted
    /// in `ledger`.
    public init(scale: Double, ledger: Ledger, kernels: KernelChoice = .preferred) {
        self.scale = scale
        self.ledger = ledger
        self.kernels = kernels
    }

    /// `points` rounded to the nearest device pixel, so a bitmap drawn there maps 1:1 to pixels.
    public func snap(_ points: Double) -> Double { (points * scale).rounded() / scale }

    /// A label's bitmap: `text` at `pointSize` in `color`, cut at `maxWidth` points, over
    /// `background` when given (an opaque label: the bitmap is opaque and draws without blending)
    /// or over nothing (a clear label: its anti-aliased glyphs blend). The bitmap is `size`
    /// pixels (nil: the text's own size), the text at its left edge and centred vertically.
    /// Nil when no text fits.
    /// - Complexity: O(the bitmap's pixels), glyphs rasterized once per size.
    public func label(_ text: String, pointSize: Double, color: Color, background: Color?, maxWidth: Double,
                      size: PixelSize? = nil) -> Image? {
        guard let limit = widthLimit(maxWidth),
              let coverage = glyphs.coverage(of: text, pixelsPerEm: pixelsPerEm(pointSize), maxWidth: limit),
              var pixmap = Pixmap(size: size ?? coverage.size, fill: background?.premultiplied ?? .transparent) else { return nil }
        pixmap.blend(color.premultiplied, mask: coverage, at: PixelPoint(x: 0, y: (pixmap.height - coverage.height) / 2),
                     kernels: kernels)
        return Image(pixmap, scale: scale, ledger: ledger)
    }

    /// The size in points of the bitmap `label` draws for `text` with no `size` given, without
    /// drawing it (as `sizeThatFits`); nil when no text fits.
    public func labelSize(_ text: String, pointSize: Double, maxWidth: Double) -> Size? {
        guard let limit = widthLimit(maxWidth) else { return nil }
        let size = glyphs.size(of: text, pixelsPerEm: pixelsPerEm(pointSize), maxWidth: limit)
        guard size.width > 0, size.height > 0 else { return nil }
        return Size(width: Double(size.width) / scale, height: Double(size.height) / scale)
    }

    /// `maxWidth` points in whole pixels, finite and no wider than any bitmap; nil when 0.
    private func widthLimit(_ maxWidth: Double) -> Int? {
        let limit = Int(min(max(0, maxWidth * scale), 1e9).rounded(.down))
        return limit > 0 ? limit : nil
    }

    private func pixelsPerEm(_ pointSize: Double) -> Int { max(1, Int((pointSize * scale).rounded())) }

    /// The height of a label at `pointSize`, points.
    public func lineHeight(pointSize: Double) -> Double {
        Double(BuiltinFont.standard.lineHeight(pixelsPerEm: pixelsPerEm(pointSize))) / scale
    }

    /// The shared bitmap of `content` for global row `row` in a layer of `layerSize` points,
    /// drawn the first time it is asked for. Nil when it would have no pixels.
    /// - Complexity: O(1) once drawn; O(the bitmap's pixels) the first time.
    public func image(_ content: ImageContent, row: Int, layerSize: Size) -> Image? {
        let key: ImageKey
        switch content {
        case let .picture(size, color, radius):
            let points = size ?? layerSize
            key = .picture(PixelSize(width: Int((points.width * scale).rounded()), height: Int((points.height * scale).rounded())),
                           color ?? ContentDrawing.iconColors[row % ContentDrawing.iconColors.count], radius)
        case let .symbol(text, pointSize, color):
            key = .symbol(text, pointSize, color)
        }
        if let image = images[key] { return image }
        let image: Image?
        switch key {
        case let .picture(size, color, radius):
            guard size.width > 0, size.height > 0, var pixmap = Pixmap(size: size) else { return nil }
            if let shape = CoverageMask(size: size, roundedRect: (0, 0, Double(size.width), Double(size.height)),
                                        radius: radius * scale, corners: .all) {
                pixmap.blend(color.premultiplied, mask: shape, at: .zero, kernels: kernels)
            }
            image = Image(pixmap, scale: scale, ledger: ledger)
        case let .symbol(text, pointSize, color):
            image = label(text, pointSize: pointSize, color: color, background: nil, maxWidth: .greatestFiniteMagnitude)
        }
        images[key] = image
        return image
    }

    /// What a shared bitmap is drawn from, resolved for a row and in pixels.
    private enum ImageKey: Hashable {
        case picture(PixelSize, Color, Double)
        case symbol(String, Double, Color)
    }
}
