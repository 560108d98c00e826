/// A small built-in font: printable ASCII as round-capped monoline strokes (lines and elliptical
/// arcs), rasterized to anti-aliased coverage masks, so that a label costs what real text costs —
/// glyph bitmaps with fractional edges, rasterized once and composited per line — with no font
/// file or system text stack. Any other scalar draws as a box of the average advance ("tofu").
/// Design units are ems, y up from the baseline: cap height 0.70, x-height 0.50, ascender 0.74,
/// descender 0.20, stroke 0.085; a line is 1.2 em with the baseline 0.9 em below its top, and
/// advances are whole pixels. The designs are a data table (`GlyphDesign`, BuiltinFontGlyphs.swift),
/// rasterized by `StrokeRasterizer` (BuiltinFontRasterizer.swift).
public struct BuiltinFont: Sendable {
    /// The one built-in design.
    public static let standard = BuiltinFont()

    /// Line height in ems (the distance between baselines of successive lines).
    static let lineHeightEm = 1.2
    /// Distance from the line's top to the baseline, in ems.
    static let baselineEm = 0.9
    /// Stroke width in ems; every stroke is this wide with round caps and joins.
    static let strokeWidthEm = 0.085
    /// Vertical samples per pixel row; horizontal coverage is exact, so edges are exact to the
    /// pixel in x and within 1/32 of a pixel in y.
    static let subrows = 16
    /// Largest gap, in pixels, between a flattened arc and the true ellipse.
    static let flatness = 0.03

    /// Glyph designs: index `scalar - 0x20` for printable ASCII, then the tofu box last.
    let designs: [GlyphDesign]

    private init() {
        var designs = (0x20...0x7E).map { GlyphDesign.ascii(Unicode.Scalar(UInt8($0))) }
        let average = designs.reduce(0) { $0 + $1.advance } / Double(designs.count)
        designs.append(GlyphDesign.tofu(advance: average))
        self.designs = designs
    }

    /// Index into `designs` of the glyph that draws `scalar`: all non-ASCII scalars share the tofu.
    static func glyphIndex(_ scalar: Unicode.Scalar) -> Int {
        (0x20...0x7E).contains(scalar.value) ? Int(scalar.value) - 0x20 : 0x7F - 0x20
    }

    /// The tofu's index in `designs`.
    static let tofuIndex = 0x7F - 0x20

    /// Advance of `scalar` in whole device pixels at `pixelsPerEm` (rounded, so a line's layout
    /// is in integer pixels and a cached glyph drawn at the pen position is bit-identical to
    /// drawing the line at once). At least 1 for a positive size; 0 when `pixelsPerEm` ≤ 0.
    public func advance(of scalar: Unicode.Scalar, pixelsPerEm: Int) -> Int {
        advance(glyph: BuiltinFont.glyphIndex(scalar), pixelsPerEm: pixelsPerEm)
    }

    /// Advance of the glyph at `index` of `designs`, as `advance(of:pixelsPerEm:)`.
    func advance(glyph index: Int, pixelsPerEm: Int) -> Int {
        guard pixelsPerEm > 0 else { return 0 }
        return max(1, Int((designs[index].advance * Double(pixelsPerEm)).rounded()))
    }

    /// Width in pixels of `text` laid out on one line: the sum of its scalars' advances (no
    /// kerning, so a line is exactly its glyphs side by side).
    public func width(of text: String, pixelsPerEm: Int) -> Int {
        var width = 0
        for scalar in text.unicodeScalars { width += advance(of: scalar, pixelsPerEm: pixelsPerEm) }
        return width
    }

    /// Line height in pixels: round(1.2 × `pixelsPerEm`), the mask height of a glyph or a line.
    /// 0 when `pixelsPerEm` ≤ 0.
    public func lineHeight(pixelsPerEm: Int) -> Int {
        pixelsPerEm > 0 ? Int((BuiltinFont.lineHeightEm * Double(pixelsPerEm)).rounded()) : 0
    }

    /// Baseline in pixels below the line's top: round(0.9 × `pixelsPerEm`). Rounded so the
    /// baseline of every glyph falls on the same pixel boundary.
    public func baseline(pixelsPerEm: Int) -> Int {
        pixelsPerEm > 0 ? Int((BuiltinFont.baselineEm * Double(pixelsPerEm)).rounded()) : 0
    }

    /// One glyph's coverage, a mask `advance × lineHeight` pixels with the pen at x = 0 and the
    /// line's top at y = 0; nil for a glyph that draws nothing (space, or any size ≤ 0).
    ///
    /// Rasterized on every call (deterministically); `GlyphCache` keeps the results.
    /// - Complexity: O(mask pixels + stroke length × subrows).
    public func glyph(_ scalar: Unicode.Scalar, pixelsPerEm: Int) -> CoverageMask? {
        glyph(index: BuiltinFont.glyphIndex(scalar), pixelsPerEm: pixelsPerEm)
    }

    /// The glyph at `index` of `designs`, as `glyph(_:pixelsPerEm:)`.
    func glyph(index: Int, pixelsPerEm: Int) -> CoverageMask? {
        let design = designs[index]
        let width = advance(glyph: index, pixelsPerEm: pixelsPerEm)
        let height = lineHeight(pixelsPerEm: pixelsPerEm)
        guard !design.strokes.isEmpty, width > 0, height > 0 else { return nil }
        let scale = Double(pixelsPerEm)
        // Rounding the advance moves the right edge by up to half a pixel; centring the design
        // in the rounded box splits that between the two side bearings.
        let originX = (Double(width) - design.advance * scale) / 2
        let originY = Double(baseline(pixelsPerEm: pixelsPerEm))
        var segments: [StrokeSegment] = []
        for stroke in design.strokes {
            stroke.appendSegments(to: &segments, scale: scale, originX: originX, originY: originY)
        }
        let radius = BuiltinFont.strokeWidthEm * scale / 2
        let values = StrokeRasterizer.coverage(of: segments, radius: radius, width: width, height: height,
                                               subrows: BuiltinFont.subrows)
        guard values.contains(where: { $0 != 0 }), var mask = CoverageMask(size: PixelSize(width: width, height: height)) else {
            return nil
        }
        mask.values = values
        return mask
    }
}
