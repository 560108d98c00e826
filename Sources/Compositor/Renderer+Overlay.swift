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
        // The front-most tint of each pixel, as an index into `Overlay.tints` plus one (0: no tint); the
        // operations are in drawing order, so a later one replaces an earlier one's tint.
        var front = [UInt8](repeating: 0, count: width * picture.height)
        for (rect, mark, _) in overlayOps {
            let tint = kind.tint(of: mark).map { UInt8($0.index + 1) } ?? 0
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
                picture[x, y] = Overlay.tinted(picture[x, y], by: Overlay.tints[Int(index) - 1])
            }
        }
        return picture
    }

    /// Where the last frame's described cell layers (`Layer.costTag`) drew what `kind` tints as a
    /// cost — blended, off-screen or a cache miss, as `overlay(_:)` tints it (`Overlay.tint(of:)`)
    /// — as each layer's tag and screen pixels, in drawing order: where a picture labels the layers
    /// that pay (needs `recordsOverlay`).
    ///
    /// Draws off the screen are left out. One layer's draws in one cell that overlap or touch (a
    /// border's pieces, a shadow and its layer) are one region, so each gets one label: a draw of
    /// no described layer (the cell's own background) ends a cell, so two cells' regions that
    /// touch stay two.
    /// - Complexity: O(operations × regions in one cell).
    public func overlayRegions(_ kind: Overlay) -> [(tag: Int, rect: PixelRect)] {
        let bounds = framebuffer.bounds
        var regions: [(tag: Int, rect: PixelRect)] = []
        var cellStart = 0
        for (rect, mark, tag) in overlayOps {
            guard tag >= 0 else {
                cellStart = regions.count
                continue
            }
            let shown = rect.intersection(bounds)
            guard kind.tint(of: mark)?.isCost == true, !shown.isEmpty else { continue }
            if let i = regions[cellStart...].firstIndex(where: { $0.tag == tag && $0.rect.touches(shown) }) {
                regions[i].rect = regions[i].rect.enclosing(shown)
            } else {
                regions.append((tag, shown))
            }
        }
        return regions
    }
}

extension Overlay {
    /// The tints `overlay(_:)` draws, by `tint(of:)`'s index.
    static let tints = [red, green, yellow]

    /// How this overlay shows a layer drawn with `mark`: its tint's index in `tints`, and whether
    /// the tint marks a cost (blended, off-screen, a cache miss) rather than its absence (opaque, a
    /// cache hit); nil when the overlay does not tint it. One classification for the tints and the
    /// labels (`Renderer.overlayRegions(_:)`), so they cannot disagree.
    func tint(of mark: OverlayMark) -> (index: Int, isCost: Bool)? {
        switch (self, mark) {
        case (.blended, .opaque): return (1, false)
        case (.blended, _): return (0, true)
        case (.offscreen, .offscreen), (.offscreen, .rasterMiss): return (2, true)
        case (.raster, .rasterHit): return (1, false)
        case (.raster, .rasterMiss): return (0, true)
        default: return nil
        }
    }
}

private extension PixelRect {
    /// True when the two share a pixel or an edge.
    func touches(_ other: PixelRect) -> Bool {
        x <= other.maxX && other.x <= maxX && y <= other.maxY && other.y <= maxY
    }

    /// The smallest rectangle holding both.
    func enclosing(_ other: PixelRect) -> PixelRect {
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return PixelRect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
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

    /// The colour a legend shows for `tint`: the tint over white, as a tinted white cell shows it
    /// (a picture's legend draws it, the HTML report's legend names it).
    public static func swatch(of tint: Color) -> PremultipliedColor { tinted(Color.white.premultiplied, by: tint) }

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
