import Raster

extension Renderer {
    /// A render pass executed: its attachment (`pixels` of `bytesPerPixel`) stored to memory
    /// once, and `readBack` pixels of its result read when it is composited.
    func countPass(storing pixels: Int, bytesPerPixel: Int = 4, readBack: Int = 0) {
        stats.renderPasses += 1
        stats.tileTrafficBytes += pixels * bytesPerPixel
        countReadBack(readBack, bytesPerPixel: bytesPerPixel)
    }

    /// `pixels` of an off-screen result read from memory where it is composited.
    func countReadBack(_ pixels: Int, bytesPerPixel: Int = 4) {
        stats.tileTrafficBytes += pixels * bytesPerPixel
    }

    /// An off-screen pass begun while drawing into `t`: when `t` is the screen, the screen's pass
    /// is split. A tile-based GPU stores the screen's attachment before the other target's pass
    /// and loads it again after (docs/cost-model.md §5), once per group of passes however deeply
    /// they nest, since the nested ones begin from an off-screen target.
    func countSplit(of t: Target) {
        if t.isScreen { stats.screenSplits += 1 }
    }

    /// A mask's own off-screen pass: its attachment of `size` stored, and `readBack` pixels of it
    /// read where the content is composited.
    func countMaskPass(_ size: PixelSize, bytesPerPixel: Int, readBack: Int) {
        stats.offscreenPasses += 1
        stats.offscreenPixels += size.area
        countPass(storing: size.area, bytesPerPixel: bytesPerPixel, readBack: readBack)
    }

    /// The off-screen passes in which the device blurs a shadow's shape without a path, besides
    /// the pass that renders the shape: Apple's Tech Talk 10857 ("Demystify and eliminate hitches
    /// in the render phase", 2020) counts five for the shadow of a layer without `shadowPath`.
    public static let shadowBlurPasses = 4

    /// The blur of a shadow's shape of `size`, in `shadowBlurPasses` passes of an 8-bit attachment
    /// of that size, each shading its every pixel, storing it and reading its input.
    func countBlurPasses(_ size: PixelSize) {
        for _ in 0..<Self.shadowBlurPasses {
            stats.offscreenPasses += 1
            stats.offscreenPixels += size.area
            stats.shadedPixels += size.area
            countPass(storing: size.area, bytesPerPixel: 1, readBack: size.area)
        }
    }
}
