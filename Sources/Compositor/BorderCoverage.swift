import Raster

/// The coverage of a layer's border that fills a box of `size` pixels, kept as the pieces the
/// renderer draws, so that the pixels a border blends are its ring's, not the whole layer's: the
/// top and bottom rows of `⌈width⌉` pixels, the left and right columns between them, and at each
/// corner rounded by more than the width the square in which the inner edge curves. Every pixel
/// the ring touches lies in exactly one piece, with the value `CoverageMask(window:borderOf:…)`
/// gives it over the whole box.
struct BorderCoverage {
    /// One piece: where it lies in the box, and its coverage.
    struct Piece {
        var rect: PixelRect
        var mask: CoverageMask
    }

    /// The pieces, with their coverage.
    let pieces: [Piece]

    /// The border of `width` pixels of the box `size`, rounded by `radius` pixels on `corners`
    /// (with the outer edge square when `squareOuter`: see `CoverageMask(window:borderOf:…)`).
    /// - Complexity: O(ring pixels), plus the corners' area evaluations.
    init(size: PixelSize, width: Double, radius: Double, corners: Corners, squareOuter: Bool) {
        let box = (0.0, 0.0, Double(size.width), Double(size.height))
        pieces = Self.rects(size: size, width: width, radius: radius, corners: corners).compactMap { rect in
            CoverageMask(window: rect, borderOf: box, width: width, radius: radius, corners: corners, squareOuter: squareOuter)
                .map { Piece(rect: rect, mask: $0) }
        }
    }

    /// The bytes of coverage the pieces hold.
    var byteCount: Int { pieces.reduce(0) { $0 + $1.rect.area } }

    /// Where the pieces of the border lie (see the type's doc); none for a zero width or an
    /// empty box, one piece (the whole box) when the border fills it.
    /// - Complexity: O(1).
    static func rects(size: PixelSize, width: Double, radius: Double, corners: Corners) -> [PixelRect] {
        let w = size.width, h = size.height
        guard w > 0, h > 0, width > 0 else { return [] }
        let b = Int(width.rounded(.up))
        if 2 * b >= w || 2 * b >= h { return [PixelRect(x: 0, y: 0, width: w, height: h)] }
        var rects = [
            PixelRect(x: 0, y: 0, width: w, height: b),
            PixelRect(x: 0, y: h - b, width: w, height: b),
            PixelRect(x: 0, y: b, width: b, height: h - 2 * b),
            PixelRect(x: w - b, y: b, width: b, height: h - 2 * b),
        ]
        // The inner edge of a rounded corner curves between `width` and the (clamped) radius from
        // both sides; the left and right corner squares meet at the middle column at most, the
        // top and bottom ones at the middle row, so no pixel is in two pieces.
        let r = max(0, min(radius, Double(w) / 2, Double(h) / 2))
        guard r > width else { return rects }
        let c = Int(r.rounded(.up))
        let left = b..<min(c, w / 2), right = max(w - c, w / 2)..<(w - b)
        let top = b..<min(c, h / 2), bottom = max(h - c, h / 2)..<(h - b)
        for (corner, xs, ys) in [(Corners.topLeft, left, top), (.topRight, right, top),
                                 (.bottomLeft, left, bottom), (.bottomRight, right, bottom)]
            where corners.contains(corner) && !xs.isEmpty && !ys.isEmpty {
            rects.append(PixelRect(x: xs.lowerBound, y: ys.lowerBound, width: xs.count, height: ys.count))
        }
        return rects
    }
}
