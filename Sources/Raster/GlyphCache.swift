/// Glyph masks rasterized once per (glyph, pixelsPerEm) and reused, as a text system's glyph
/// cache: drawing a label composes cached bitmaps instead of rasterizing strokes again.
///
/// A value type its owner keeps (for example one per table) and mutates; there is no shared
/// cache and so no locking. Every scalar looked up counts as a hit or a miss. All scalars the
/// font draws as tofu share one entry per size, so arbitrary text cannot grow the cache beyond
/// 96 glyphs per size.
public struct GlyphCache: Sendable {
    /// The font whose glyphs are cached.
    public let font: BuiltinFont
    /// Glyph lookups answered from the cache.
    public private(set) var hits = 0
    /// Glyph lookups that had to rasterize.
    public private(set) var misses = 0

    private struct Key: Hashable {
        var glyph: Int
        var pixelsPerEm: Int
    }

    /// A rasterized glyph trimmed to its ink: only the rows and columns with coverage are kept,
    /// so composing a line touches no blank padding.
    private struct Entry {
        var advance: Int
        /// The ink rectangle within the glyph's `advance × lineHeight` box (empty for space).
        var inkX = 0, inkY = 0, inkWidth = 0, inkHeight = 0
        /// Coverage of the ink rectangle, row-major with a stride of `inkWidth`.
        var ink: [UInt8] = []
    }

    private var entries: [Key: Entry] = [:]

    /// An empty cache for `font`.
    public init(font: BuiltinFont = .standard) {
        self.font = font
    }

    /// The coverage of `text` on one line: a mask `min(width(of:), maxWidth) × lineHeight`
    /// (text beyond `maxWidth` is clipped), glyphs placed at integer pen positions, overlapping
    /// coverage combined with saturating add. Nil when the mask would be empty (zero width, or
    /// `pixelsPerEm` ≤ 0).
    ///
    /// Glyphs starting at or beyond `maxWidth` are not looked up (and not counted).
    /// - Complexity: O(mask pixels) once every glyph is cached.
    public mutating func coverage(of text: String, pixelsPerEm: Int, maxWidth: Int = .max) -> CoverageMask? {
        let size = self.size(of: text, pixelsPerEm: pixelsPerEm, maxWidth: maxWidth)
        let width = size.width
        guard width > 0, size.height > 0, var mask = CoverageMask(size: size) else {
            return nil
        }
        var pen = 0
        for scalar in text.unicodeScalars {
            if pen >= width { break }
            let entry = self.entry(BuiltinFont.glyphIndex(scalar), pixelsPerEm: pixelsPerEm)
            GlyphCache.add(entry, at: pen, to: &mask)
            pen += entry.advance
        }
        return mask
    }

    /// The size of the mask `coverage(of:pixelsPerEm:maxWidth:)` makes for `text`, without making
    /// it or looking a glyph up (a label's `sizeThatFits`).
    public func size(of text: String, pixelsPerEm: Int, maxWidth: Int = .max) -> PixelSize {
        PixelSize(width: min(font.width(of: text, pixelsPerEm: pixelsPerEm), maxWidth), height: font.lineHeight(pixelsPerEm: pixelsPerEm))
    }

    /// The cached glyph, rasterizing it on a miss.
    private mutating func entry(_ glyph: Int, pixelsPerEm: Int) -> Entry {
        let key = Key(glyph: glyph, pixelsPerEm: pixelsPerEm)
        if let entry = entries[key] {
            hits += 1
            return entry
        }
        misses += 1
        var entry = Entry(advance: font.advance(glyph: glyph, pixelsPerEm: pixelsPerEm))
        if let mask = font.glyph(index: glyph, pixelsPerEm: pixelsPerEm) {
            // The ink rectangle: the smallest box holding every non-zero value.
            var x0 = mask.width, x1 = 0, y0 = mask.height, y1 = 0
            for y in 0..<mask.height {
                for x in 0..<mask.width where mask.values[y * mask.width + x] != 0 {
                    x0 = min(x0, x); x1 = max(x1, x + 1); y0 = min(y0, y); y1 = max(y1, y + 1)
                }
            }
            entry.inkX = x0; entry.inkY = y0; entry.inkWidth = x1 - x0; entry.inkHeight = y1 - y0
            entry.ink.reserveCapacity(entry.inkWidth * entry.inkHeight)
            for y in y0..<y1 { entry.ink += mask.values[(y * mask.width + x0)..<(y * mask.width + x1)] }
        }
        entries[key] = entry
        return entry
    }

    /// Saturating add of `entry`'s ink into `mask` with the glyph's pen at x = `pen`, clipped
    /// at the mask's right edge.
    private static func add(_ entry: Entry, at pen: Int, to mask: inout CoverageMask) {
        let left = pen + entry.inkX
        let columns = min(entry.inkWidth, mask.width - left)
        guard columns > 0, entry.inkHeight > 0 else { return }
        let stride = mask.width, inkStride = entry.inkWidth
        // The only unsafe code: the inner copy, bounds established by the clipping above.
        entry.ink.withUnsafeBufferPointer { source in
            mask.values.withUnsafeMutableBufferPointer { destination in
                for row in 0..<entry.inkHeight {
                    let d = (entry.inkY + row) * stride + left, s = row * inkStride
                    for i in 0..<columns {
                        let (sum, overflow) = destination[d + i].addingReportingOverflow(source[s + i])
                        destination[d + i] = overflow ? 255 : sum
                    }
                }
            }
        }
    }
}
