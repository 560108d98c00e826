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
                        for s in spans { Kernels.copy(base + y * w + s.x0, row + s.x0, s.length) }
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
                            Kernels.scaled(base + y * w + s.x0, row + source.x, s.length, first: s.x0 - destination.x,
                                           sourceWidth: source.width, destinationWidth: destination.width, opacity: opacity)
                        }
                    }
                }
            }
        }
        return shaded
    }
}
