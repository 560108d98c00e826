#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What to put in a span of pixels: the one description every drawing operation reduces to.
///
/// The compositor turns each layer into paints over rectangles, decides per pixel which of them
/// are hidden, and asks `Pixmap.paint` to shade only the visible spans. Source coordinates are
/// given as an offset: destination pixel (x, y) reads source pixel (x − offset.x, y − offset.y).
public enum Paint {
    /// Replace every pixel with the colour (opaque fills and clears).
    case fill(PremultipliedColor)
    /// Source-over of a constant colour.
    case blend(PremultipliedColor)
    /// Replace pixels with an opaque image's pixels (a bulk copy).
    case copy(Pixmap, offset: PixelPoint)
    /// Source-over of an image scaled by `opacity`.
    case draw(Pixmap, offset: PixelPoint, opacity: UInt8)
    /// Source-over of a colour through a coverage mask (a shape, an anti-aliased rounded rect).
    case shape(PremultipliedColor, CoverageMask, offset: PixelPoint)
    /// Source-over of a colour through a rounded rectangle's coverage: `.shape` with the mask
    /// `coverage.mask()`, value for value, shaded the same way (full coverage between the corners
    /// goes through the same kernel), without a mask as large as the shape.
    case rounded(PremultipliedColor, RoundedRectCoverage, offset: PixelPoint)
    /// Source-over of an image times a same-sized coverage mask times `opacity`: the masked
    /// composite of an off-screen buffer.
    case masked(Pixmap, CoverageMask, offset: PixelPoint, opacity: UInt8)
    /// Source-over of the `source` rectangle of an image stretched over `destination`, with
    /// nearest-neighbour sampling (contents or raster bitmaps whose size differs from the layer's).
    case scaled(Pixmap, source: PixelRect, destination: PixelRect, opacity: UInt8)

    /// True when the paint replaces what lies beneath (so it hides it): fills and copies.
    public var replaces: Bool {
        switch self {
        case .fill, .copy: return true
        default: return false
        }
    }
}

/// A horizontal run of pixels `x0 ..< x1`.
public struct Span: Equatable, Sendable {
    public var x0: Int
    public var x1: Int
    public init(_ x0: Int, _ x1: Int) { self.x0 = x0; self.x1 = x1 }
    /// Its length in pixels.
    public var length: Int { x1 - x0 }
}

extension Pixmap {
    /// Shades `spans` of every row in `rows` with `paint`. The spans must lie inside the pixmap
    /// and inside the paint's source. Returns the number of pixels shaded.
    /// - Complexity: O(rows × total span length).
    @discardableResult
    public mutating func paint(_ paint: Paint, rows: Range<Int>, spans: ArraySlice<Span>) -> Int {
        guard !rows.isEmpty, !spans.isEmpty else { return 0 }
        precondition(rows.lowerBound >= 0 && rows.upperBound <= height, "rows outside the pixmap")
        for span in spans { precondition(span.x0 >= 0 && span.x1 <= width && span.x0 <= span.x1, "span outside the pixmap") }
        let w = width
        var shaded = 0
        for span in spans { shaded += span.length }
        shaded *= rows.count
        pixels.withUnsafeMutableBufferPointer { buf in
            let base = buf.baseAddress!
            switch paint {
            case .fill(let color):
                for y in rows {
                    for s in spans { Kernels.fill(base + y * w + s.x0, s.length, color.packed) }
                }
            case .blend(let color):
                for y in rows {
                    for s in spans { Kernels.blend(base + y * w + s.x0, s.length, color.packed) }
                }
            case let .copy(image, offset):
                image.pixels.withUnsafeBufferPointer { src in
                    for y in rows {
                        let row = src.baseAddress! + (y - offset.y) * image.width - offset.x
                        for s in spans { (base + y * w + s.x0).update(from: row + s.x0, count: s.length) }
                    }
                }
            case let .draw(image, offset, opacity):
                image.pixels.withUnsafeBufferPointer { src in
                    for y in rows {
                        let row = src.baseAddress! + (y - offset.y) * image.width - offset.x
                        for s in spans { Kernels.over(base + y * w + s.x0, row + s.x0, s.length, opacity) }
                    }
                }
            case let .shape(color, mask, offset):
                mask.values.withUnsafeBufferPointer { m in
                    for y in rows {
                        let row = m.baseAddress! + (y - offset.y) * mask.width - offset.x
                        for s in spans { Kernels.shape(base + y * w + s.x0, row + s.x0, s.length, color.packed) }
                    }
                }
            case let .rounded(color, coverage, offset):
                coverage.values.withUnsafeBufferPointer { m in
                    Kernels.fullCoverage.withUnsafeBufferPointer { full in
                        for y in rows {
                            let row = base + y * w
                            for s in spans {
                                coverage.forEachRun(y: y - offset.y, from: s.x0 - offset.x, to: s.x1 - offset.x) { x0, x1, start in
                                    let d = row + (x0 + offset.x)
                                    if let start {
                                        Kernels.shape(d, m.baseAddress! + start, x1 - x0, color.packed)
                                    } else {
                                        // Between the corners: coverage 255, read from a constant row.
                                        var i = 0
                                        while i < x1 - x0 {
                                            let n = Swift.min(x1 - x0 - i, full.count)
                                            Kernels.shape(d + i, full.baseAddress!, n, color.packed)
                                            i += n
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            case let .masked(image, mask, offset, opacity):
                image.pixels.withUnsafeBufferPointer { src in
                    mask.values.withUnsafeBufferPointer { m in
                        for y in rows {
                            let srow = src.baseAddress! + (y - offset.y) * image.width - offset.x
                            let mrow = m.baseAddress! + (y - offset.y) * mask.width - offset.x
                            for s in spans { Kernels.masked(base + y * w + s.x0, srow + s.x0, mrow + s.x0, s.length, opacity) }
                        }
                    }
                }
            case let .scaled(image, source, destination, opacity):
                image.pixels.withUnsafeBufferPointer { src in
                    for y in rows {
                        let sy = source.y + Swift.min(source.height - 1, (y - destination.y) * source.height / destination.height)
                        let row = src.baseAddress! + sy * image.width
                        for s in spans {
                            let d = base + y * w
                            for x in s.x0..<s.x1 {
                                let sx = source.x + Swift.min(source.width - 1, (x - destination.x) * source.width / destination.width)
                                d[x] = Blend.over(Blend.scale(row[sx], opacity), d[x])
                            }
                        }
                    }
                }
            }
        }
        return shaded
    }
}

/// The span kernels: one tight loop each over raw pointers, reached only through `Pixmap.paint`.
///
/// Blends run eight pixels at a time on `SIMD8<UInt32>` lanes with the same packed arithmetic as
/// `Blend.scale` (two channels per 32-bit multiply, exact divide-by-255 rounding), then finish the
/// span's tail one pixel at a time. Fills and copies are bulk memory operations.
enum Kernels {
    typealias V = SIMD8<UInt32>
    static let lanes = 8
    /// A row of full coverage, read in chunks by `.rounded` between its corners.
    static let fullCoverage = [UInt8](repeating: 255, count: 1024)

    @inline(__always)
    static func load(_ p: UnsafePointer<UInt32>) -> V { UnsafeRawPointer(p).loadUnaligned(as: V.self) }

    @inline(__always)
    static func store(_ v: V, _ p: UnsafeMutablePointer<UInt32>) { UnsafeMutableRawPointer(p).storeBytes(of: v, as: V.self) }

    @inline(__always)
    static func loadCoverage(_ m: UnsafePointer<UInt8>) -> V {
        V(truncatingIfNeeded: UnsafeRawPointer(m).loadUnaligned(as: SIMD8<UInt8>.self))
    }

    /// Every channel of `p` times `f` (0 ... 255 per lane) / 255, rounded: `Blend.scale` on lanes.
    @inline(__always)
    static func scale(_ p: V, _ f: V) -> V {
        let mask = V(repeating: 0x00FF_00FF), half = V(repeating: 0x0080_0080)
        var rb = (p & mask) &* f &+ half
        rb = ((rb &+ ((rb &>> 8) & mask)) &>> 8) & mask
        var ag = ((p &>> 8) & mask) &* f &+ half
        ag = (ag &+ ((ag &>> 8) & mask)) & V(repeating: 0xFF00_FF00)
        return rb | ag
    }

    /// Source-over on lanes: `s + d × (255 − sA) / 255`.
    @inline(__always)
    static func over(_ s: V, _ d: V) -> V {
        s &+ scale(d, V(repeating: 255) &- (s &>> 24))
    }

    @inline(__always)
    static func fill(_ d: UnsafeMutablePointer<UInt32>, _ n: Int, _ color: UInt32) {
        // A colour whose four bytes are equal (white, black, clear) is a byte fill, which the C
        // library streams to memory without reading the lines first.
        if color == (color & 0xFF) &* 0x0101_0101 {
            memset(d, Int32(color & 0xFF), n * 4)
        } else {
            d.update(repeating: color, count: n)
        }
    }

    @inline(__always)
    static func blend(_ d: UnsafeMutablePointer<UInt32>, _ n: Int, _ color: UInt32) {
        let inv = 255 &- UInt8(truncatingIfNeeded: color >> 24)
        if inv == 0 { return fill(d, n, color) }
        let c = V(repeating: color), f = V(repeating: UInt32(inv))
        var i = 0
        while i + lanes <= n {
            store(c &+ scale(load(d + i), f), d + i)
            i += lanes
        }
        while i < n { d[i] = color &+ Blend.scale(d[i], inv); i += 1 }
    }

    @inline(__always)
    static func over(_ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>, _ n: Int, _ opacity: UInt8) {
        var i = 0
        if opacity == 255 {
            let opaque = V(repeating: 0xFF00_0000)
            while i + lanes <= n {
                let p = load(s + i)
                // Opaque source lanes replace: the common case of a cached bitmap or an off-screen
                // result, stored without touching the destination.
                if (p & opaque) == opaque { store(p, d + i) } else { store(over(p, load(d + i)), d + i) }
                i += lanes
            }
            while i < n { d[i] = Blend.over(s[i], d[i]); i += 1 }
        } else {
            let f = V(repeating: UInt32(opacity))
            while i + lanes <= n {
                store(over(scale(load(s + i), f), load(d + i)), d + i)
                i += lanes
            }
            while i < n { d[i] = Blend.over(Blend.scale(s[i], opacity), d[i]); i += 1 }
        }
    }

    @inline(__always)
    static func shape(_ d: UnsafeMutablePointer<UInt32>, _ m: UnsafePointer<UInt8>, _ n: Int, _ color: UInt32) {
        let c = V(repeating: color)
        var i = 0
        while i + lanes <= n {
            store(over(scale(c, loadCoverage(m + i)), load(d + i)), d + i)
            i += lanes
        }
        while i < n { d[i] = Blend.over(Blend.scale(color, m[i]), d[i]); i += 1 }
    }

    @inline(__always)
    static func masked(_ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>, _ m: UnsafePointer<UInt8>,
                       _ n: Int, _ opacity: UInt8) {
        let full = V(repeating: 255), opaque = V(repeating: 0xFF00_0000)
        let o = V(repeating: UInt32(opacity))
        var i = 0
        while i + lanes <= n {
            var c = loadCoverage(m + i)
            let p = load(s + i)
            if opacity == 255 && c == full && (p & opaque) == opaque {
                // Inside the mask over opaque content: a plain copy.
                store(p, d + i)
            } else {
                if opacity != 255 { c = scale(c, o) }
                store(over(scale(p, c), load(d + i)), d + i)
            }
            i += lanes
        }
        while i < n {
            let c = opacity == 255 ? m[i] : UInt8(div255(UInt32(m[i]) * UInt32(opacity)))
            d[i] = Blend.over(Blend.scale(s[i], c), d[i])
            i += 1
        }
    }
}
