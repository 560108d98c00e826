import Raster

extension Renderer {
    /// The last frame with an Instruments-style overlay (needs `recordsOverlay`): each pixel is
    /// tinted by the front-most layer drawn there — blended red / opaque green, off-screen yellow,
    /// or rasterization-cache hits green / misses red.
    public func overlay(_ kind: Overlay) -> Pixmap {
        var tints = Pixmap(size: framebuffer.size)!
        let red = Overlay.red.premultiplied, green = Overlay.green.premultiplied, yellow = Overlay.yellow.premultiplied
        for (rect, mark) in overlayOps {
            let tint: PremultipliedColor
            switch (kind, mark) {
            case (.blended, .opaque): tint = green
            case (.blended, _): tint = red
            case (.offscreen, .offscreen), (.offscreen, .rasterMiss): tint = yellow
            case (.raster, .rasterHit): tint = green
            case (.raster, .rasterMiss): tint = red
            default: tint = .transparent
            }
            tints.fill(rect, with: tint)
        }
        var picture = framebuffer
        picture.draw(tints, from: tints.bounds, to: .zero, opacity: 140)
        return picture
    }
}
