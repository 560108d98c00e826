/// The coverage of a rounded rectangle that fills a box of `size` pixels, kept as its corners.
///
/// Such a shape covers every pixel fully except near its rounded corners, so only those pixels
/// are stored: one tile per rounded corner, at most ⌈r⌉ × ⌈r⌉ values for a radius of r pixels,
/// holding exactly the values `CoverageMask(size:roundedRect:radius:corners:)` computes for the
/// rectangle `(0, 0, width, height)` there (where two corners' tiles overlap, as when the radius
/// is clamped to half a side, both hold the same final values). Everywhere else the coverage is
/// 255. The memory is O(r²) whatever the size, so the background of a section ten million rows
/// tall costs four small tiles, not a mask as large as the section.
public struct RoundedRectCoverage: Sendable, Equatable {
    /// The box the rectangle fills, in pixels.
    public let size: PixelSize
    /// The corner tiles, in the order the corners are drawn.
    let tiles: [Tile]
    /// Every tile's values, row-major with the tile's width as stride, one tile after another.
    let values: [UInt8]

    /// Where a corner's pixels lie in the shape and where its values start in `values`.
    struct Tile: Sendable, Equatable {
        var rect: PixelRect
        var start: Int
    }

    /// The coverage of the rectangle filling `size` with `corners` rounded by `radius` pixels
    /// (clamped to half the shorter side); nil when `size` is empty.
    /// - Complexity: O(r²) disk-area evaluations and memory, independent of `size`.
    public init?(size: PixelSize, radius: Double, corners: Corners) {
        guard size.width > 0, size.height > 0 else { return nil }
        self.size = size
        let w = Double(size.width), h = Double(size.height)
        var tiles: [Tile] = []
        var values: [UInt8] = []
        for rect in Self.tileRects(size: size, radius: radius, corners: corners) {
            guard let tile = CoverageMask(window: rect, roundedRect: (0, 0, w, h), radius: radius, corners: corners) else {
                continue
            }
            tiles.append(Tile(rect: rect, start: values.count))
            values += tile.values
        }
        self.tiles = tiles
        self.values = values
    }

    /// The bytes of coverage stored (the corner tiles).
    public var byteCount: Int { values.count }

    /// The bytes of coverage `init(size:radius:corners:)` would store, found without computing it.
    /// - Complexity: O(1).
    public static func byteCount(size: PixelSize, radius: Double, corners: Corners) -> Int {
        tileRects(size: size, radius: radius, corners: corners).reduce(0) { $0 + $1.area }
    }

    /// The pixels each rounded corner's square touches, as `CoverageMask`'s corner loop finds them.
    private static func tileRects(size: PixelSize, radius: Double, corners: Corners) -> [PixelRect] {
        guard size.width > 0, size.height > 0 else { return [] }
        let w = Double(size.width), h = Double(size.height)
        let r = max(0, min(radius, w / 2, h / 2))
        guard r > 0 else { return [] }
        var rects: [PixelRect] = []
        for (corner, square) in CoverageMask.cornerSquares(x0: 0, y0: 0, x1: w, y1: h, r: r) where corners.contains(corner) {
            let (qx0, qy0, qx1, qy1, _, _) = square
            let x0 = max(0, Int(qx0.rounded(.down))), x1 = min(size.width, Int(qx1.rounded(.up)))
            let y0 = max(0, Int(qy0.rounded(.down))), y1 = min(size.height, Int(qy1.rounded(.up)))
            guard x0 < x1, y0 < y1 else { continue }
            rects.append(PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
        }
        return rects
    }

    /// The coverage at `x`, `y` (inside `size`).
    public subscript(x: Int, y: Int) -> UInt8 {
        for tile in tiles where tile.rect.contains(PixelRect(x: x, y: y, width: 1, height: 1)) {
            return values[tile.start + (y - tile.rect.y) * tile.rect.width + (x - tile.rect.x)]
        }
        return 255
    }

    /// The whole mask, `size` large: for clipping a buffer that is as large anyway.
    /// - Complexity: O(size.area).
    public func mask() -> CoverageMask {
        var mask = CoverageMask(size: size, coverage: 255)!
        // Row by row through buffer pointers: a `replaceSubrange` per row retained and released
        // both arrays (a mask path new in every layout pass makes this mask every frame).
        let width = size.width
        values.withUnsafeBufferPointer { source in
            mask.values.withUnsafeMutableBufferPointer { target in
                for tile in tiles {
                    for row in 0..<tile.rect.height {
                        let from = tile.start + row * tile.rect.width
                        let to = (tile.rect.y + row) * width + tile.rect.x
                        _ = UnsafeMutableBufferPointer(rebasing: target[to..<to + tile.rect.width])
                            .update(fromContentsOf: source[from..<from + tile.rect.width])
                    }
                }
            }
        }
        return mask
    }

    /// Splits row `y` from `x0` to `x1` (pixels of the shape whose corner tiles are `tiles`) into
    /// runs and calls `body`
    /// with each run's start, end and the index in `values` of its first pixel's coverage, or nil
    /// for a run of full coverage.
    @inline(__always)
    static func forEachRun(_ tiles: UnsafeBufferPointer<Tile>, y: Int, from x0: Int, to x1: Int, _ body: (Int, Int, Int?) -> Void) {
        var x = x0
        while x < x1 {
            var end = x1
            var source: Int?
            for tile in tiles where tile.rect.y <= y && y < tile.rect.maxY {
                if tile.rect.x <= x && x < tile.rect.maxX {
                    source = tile.start + (y - tile.rect.y) * tile.rect.width + (x - tile.rect.x)
                    end = Swift.min(x1, tile.rect.maxX)
                    break
                }
                if tile.rect.x > x { end = Swift.min(end, tile.rect.x) }
            }
            body(x, end, source)
            x = end
        }
    }
}
