import Raster

extension Renderer {
    /// The last frame with an Instruments-style overlay (needs `recordsOverlay`): each pixel is
    /// tinted by the front-most layer drawn there — blended red / opaque green, off-screen yellow,
    /// or rasterization-cache hits green / misses red.
    ///
    /// The tint multiplies the drawn pixels (`Overlay.tinted`) rather than covering them: a masked
    /// cap's off-screen pass covers its whole rectangle, and a flat tint over it hid the rounded
    /// corner, whose outside differs from its inside only by the white cell against the grouped
    /// background. Multiplying keeps that contrast, so the shape shows through the tint.
    /// - Complexity: O(screen pixels + pixels of the operations drawn).
    public func overlay(_ kind: Overlay) -> Pixmap {
        var picture = framebuffer
        let width = picture.width, bounds = picture.bounds
        // The front-most tint of each pixel, as an index into `tints` plus one (0: no tint); the
        // operations are in drawing order, so a later one replaces an earlier one's tint.
        let tints = [Overlay.red, Overlay.green, Overlay.yellow]
        var front = [UInt8](repeating: 0, count: width * picture.height)
        for (rect, mark) in overlayOps {
            let tint: UInt8
            switch (kind, mark) {
            case (.blended, .opaque): tint = 2
            case (.blended, _): tint = 1
            case (.offscreen, .offscreen), (.offscreen, .rasterMiss): tint = 3
            case (.raster, .rasterHit): tint = 2
            case (.raster, .rasterMiss): tint = 1
            default: tint = 0
            }
            let r = rect.intersection(bounds)
            guard !r.isEmpty else { continue }
            for y in r.y..<r.maxY {
                let row = y * width
                for i in (row + r.x)..<(row + r.maxX) { front[i] = tint }
            }
        }
        for y in 0..<picture.height {
            for x in 0..<width {
                let index = front[y * width + x]
                guard index > 0 else { continue }
                picture[x, y] = Overlay.tinted(picture[x, y], by: tints[Int(index) - 1])
            }
        }
        return picture
    }
}

extension Overlay {
    /// How strongly a tint is applied (0 none, 255 the tint's full colour on white): strong enough
    /// that a tinted white cell reads as the tint, weak enough that text and icons stay legible.
    public static let tintStrength: UInt8 = 160

    /// `pixel` seen through `tint`: its highlights' contrast raised (`highlightContrast`), then
    /// each channel multiplied by the tint's, mixed with white at `tintStrength` (a multiply
    /// blend). White becomes the tint, black stays black, hues are kept. Alpha is unchanged.
    public static func tinted(_ pixel: PremultipliedColor, by tint: Color) -> PremultipliedColor {
        func factor(_ channel: UInt8) -> UInt32 { 255 - div255(UInt32(tintStrength) * UInt32(255 - channel)) }
        let p = pixel.packed, alpha = p >> 24
        var red = p & 0xFF, green = (p >> 8) & 0xFF, blue = (p >> 16) & 0xFF
        // Rec. 601 luma in 1/256ths, against the pixel's own white (its alpha, premultiplied).
        let luma = (54 * red + 183 * green + 19 * blue) >> 8
        if luma > 0 && luma <= alpha {
            let target = highlightContrast(luma, white: alpha)
            red = min(alpha, red * target / luma)
            green = min(alpha, green * target / luma)
            blue = min(alpha, blue * target / luma)
        }
        red = div255(red * factor(tint.red))
        green = div255(green * factor(tint.green))
        blue = div255(blue * factor(tint.blue))
        return PremultipliedColor(packed: red | green << 8 | blue << 16 | alpha << 24)
    }

    /// A luma within 16 of `white` moved four times as far from it; darker ones scaled to join
    /// (0 stays 0, so they lose a fifth of their brightness). A cell and the grouped background
    /// behind a rounded corner differ by 5 % (255 against 242): under a tint that difference was
    /// invisible, and it is the corner's shape.
    static func highlightContrast(_ luma: UInt32, white: UInt32) -> UInt32 {
        let knee = white * 16 / 255, stretch: UInt32 = 4
        let darkness = white - luma
        if darkness <= knee { return white - stretch * darkness }
        // The knee's luma, white − knee, goes to white − stretch × knee.
        return luma * (white - stretch * knee) / (white - knee)
    }
}
