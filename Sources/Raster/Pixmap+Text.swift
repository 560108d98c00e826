extension Pixmap {
    /// Draws `text` on one line in the built-in font, its line's top-left at `origin`, in `color`
    /// (source-over through the glyphs' coverage), clipped at `maxWidth` pixels; returns the width
    /// drawn, by the blend kernels `kernels` chooses. `glyphs` keeps the rasterized glyphs for the
    /// next line.
    ///
    /// For pictures that explain themselves (a legend under a frame): the same glyphs the table's
    /// labels are drawn with, so no font file or text system is needed.
    @discardableResult
    public mutating func drawText(_ text: String, at origin: PixelPoint, pixelsPerEm: Int, color: PremultipliedColor,
                                  maxWidth: Int = .max, glyphs: inout GlyphCache, kernels: KernelChoice) -> Int {
        guard maxWidth > 0, let mask = glyphs.coverage(of: text, pixelsPerEm: pixelsPerEm, maxWidth: maxWidth) else { return 0 }
        blend(color, mask: mask, at: origin, kernels: kernels)
        return mask.width
    }
}
