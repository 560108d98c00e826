import Compositor
import Raster

/// Draws the bitmaps cell content shows: text labels (from glyphs rasterized once, as a text
/// system's glyph cache), and the icon and chevron images an app loads once and shares between
/// cells, as `UIImage`s share one `CGImage`.
///
/// One per table: a class because its caches are shared by every cell of the table.
public final class ContentDrawing {
    /// Pixels per point of every bitmap drawn (the screen's scale).
    public let scale: Double
    private let ledger: Ledger
    private var glyphs = GlyphCache()
    private var icons: [Color: Image] = [:]
    private var chevronImage: Image?

    /// Point sizes, as the system's body (17 pt) and footnote (13 pt) text styles.
    public static let bodySize = 17.0
    public static let footnoteSize = 13.0
    /// Colours of the system's inset-grouped table (light appearance).
    public static let titleColor = Color(red: 0, green: 0, blue: 0)
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

    /// Creates a drawing context for bitmaps at `scale`; images are counted in `ledger`.
    public init(scale: Double, ledger: Ledger) {
        self.scale = scale
        self.ledger = ledger
    }

    /// `points` rounded to the nearest device pixel, so a bitmap drawn there maps 1:1 to pixels.
    public func snap(_ points: Double) -> Double { (points * scale).rounded() / scale }

    /// A label's bitmap: `text` at `pointSize` in `color`, cut at `maxWidth` points, over
    /// `background` when given (an opaque label: the bitmap is opaque and draws without blending)
    /// or over nothing (a clear label: its anti-aliased glyphs blend). Nil for empty text.
    /// - Complexity: O(the bitmap's pixels), glyphs rasterized once per size.
    public func label(_ text: String, pointSize: Double, color: Color, background: Color?, maxWidth: Double) -> Image? {
        let ppem = max(1, Int((pointSize * scale).rounded()))
        let limit = Int(min(max(0, maxWidth * scale), 1e9).rounded(.down))  // finite, and no wider than any bitmap
        guard limit > 0, let coverage = glyphs.coverage(of: text, pixelsPerEm: ppem, maxWidth: limit),
              var pixmap = Pixmap(size: coverage.size, fill: background?.premultiplied ?? .transparent) else { return nil }
        pixmap.blend(color.premultiplied, mask: coverage, at: .zero)
        return Image(pixmap, scale: scale, ledger: ledger)
    }

    /// The height of a label at `pointSize`, points.
    public func lineHeight(pointSize: Double) -> Double {
        Double(BuiltinFont.standard.lineHeight(pixelsPerEm: max(1, Int((pointSize * scale).rounded())))) / scale
    }

    /// The shared icon of `color`: a 29 × 29 pt rounded square, transparent outside its corners.
    public func icon(_ color: Color) -> Image {
        if let image = icons[color] { return image }
        let side = Int((ContentDrawing.iconSide * scale).rounded())
        var pixmap = Pixmap(width: side, height: side)!
        let r = ContentDrawing.iconRadius * scale
        if let shape = CoverageMask(size: pixmap.size, roundedRect: (0, 0, Double(side), Double(side)), radius: r, corners: .all) {
            pixmap.blend(color.premultiplied, mask: shape, at: .zero)
        }
        let image = Image(pixmap, scale: scale, ledger: ledger)
        icons[color] = image
        return image
    }

    /// The shared disclosure chevron.
    public func chevron() -> Image? {
        if let chevronImage { return chevronImage }
        chevronImage = label(">", pointSize: ContentDrawing.bodySize, color: ContentDrawing.chevronColor, background: nil,
                             maxWidth: .greatestFiniteMagnitude)
        return chevronImage
    }
}
