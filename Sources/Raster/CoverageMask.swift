internal import CIntrinsics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An 8-bit coverage (alpha) mask: how much of each pixel a shape covers, 0 ... 255.
///
/// Masks are computed analytically (exact area of the pixel square inside the shape), not by
/// 1-bit point sampling, so edges are anti-aliased the way Core Graphics draws them.
public struct CoverageMask: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Coverage values, row-major with a stride of `width`.
    public internal(set) var values: [UInt8]

    /// A mask of `size` with every value `coverage`; nil for an empty or negative size.
    public init?(size: PixelSize, coverage: UInt8 = 0) {
        guard size.width > 0, size.height > 0 else { return nil }
        width = size.width
        height = size.height
        values = [UInt8](repeating: coverage, count: size.width * size.height)
    }

    /// The alpha channel of `pixmap` as coverage (a mask layer rendered to pixels).
    public init(alphaOf pixmap: Pixmap) {
        width = pixmap.width
        height = pixmap.height
        values = pixmap.pixels.map { UInt8(truncatingIfNeeded: $0 >> 24) }
    }

    /// Every value replaced by `other`'s, of the same size: a mask rendered into this attachment.
    /// Returns the bytes written (and read): one per pixel.
    @discardableResult
    public mutating func overwrite(with other: CoverageMask) -> Int {
        precondition(size == other.size, "a mask is rendered into an attachment of its size")
        values.withUnsafeMutableBytes { target in other.values.withUnsafeBytes { target.copyMemory(from: $0) } }
        return values.count
    }

    /// Every value replaced by the alpha of `pixmap`'s pixel, of the same size: a colour mask's
    /// alpha taken as coverage. Returns the pixels converted.
    @discardableResult
    public mutating func overwrite(alphaOf pixmap: Pixmap) -> Int {
        precondition(size == pixmap.size, "a mask is rendered into an attachment of its size")
        values.withUnsafeMutableBufferPointer { target in
            pixmap.pixels.withUnsafeBufferPointer { source in
                for i in 0..<target.count { target[i] = UInt8(truncatingIfNeeded: source[i] >> 24) }
            }
        }
        return values.count
    }

    /// Multiplies every value by the matching value of `other` (two clips combined).
    public mutating func multiply(by other: CoverageMask) {
        precondition(size == other.size, "combined masks must have the same size")
        for i in values.indices { values[i] = UInt8(div255(UInt32(values[i]) * UInt32(other.values[i]))) }
    }

    /// Every value raised to the matching value of `other`, of the same size: two shapes filled
    /// as one path (their union), exact wherever at most one of them partly covers a pixel.
    public mutating func formMaximum(with other: CoverageMask) {
        precondition(size == other.size, "combined masks must have the same size")
        for i in values.indices where other.values[i] > values[i] { values[i] = other.values[i] }
    }

    /// The values of the part at `origin` of the size of `other` raised to `other`'s values: a
    /// shape whose coverage was made for its bounds only (`formMaximum(with:)` over that part;
    /// every value outside it is left as it was). `other` must lie inside the mask.
    public mutating func formMaximum(with other: CoverageMask, at origin: PixelPoint) {
        precondition(origin.x >= 0 && origin.y >= 0 && origin.x + other.width <= width && origin.y + other.height <= height,
                     "the part lies inside the mask")
        let w = width, ow = other.width
        values.withUnsafeMutableBufferPointer { target in
            other.values.withUnsafeBufferPointer { source in
                for y in 0..<other.height {
                    let from = y * ow, to = (origin.y + y) * w + origin.x
                    for x in 0..<ow where source[from + x] > target[to + x] { target[to + x] = source[from + x] }
                }
            }
        }
    }

    /// Every value replaced: the alpha of `pixmap`'s pixels where `pixmap` lies with its top-left
    /// at `origin`, 0 everywhere else (a layer's rendered alpha with a margin around it, as a
    /// shadow's shape). `pixmap` must lie inside the mask. Returns the pixels converted; every
    /// value of the mask is written.
    @discardableResult
    public mutating func overwrite(alphaOf pixmap: Pixmap, at origin: PixelPoint) -> Int {
        precondition(origin.x >= 0 && origin.y >= 0 && origin.x + pixmap.width <= width && origin.y + pixmap.height <= height,
                     "the pixmap lies inside the mask")
        let w = width, pw = pixmap.width
        values.withUnsafeMutableBufferPointer { target in
            target.update(repeating: 0)
            pixmap.pixels.withUnsafeBufferPointer { source in
                for y in 0..<pixmap.height {
                    let from = y * pw, to = (origin.y + y) * w + origin.x
                    for x in 0..<pw { target[to + x] = UInt8(truncatingIfNeeded: source[from + x] >> 24) }
                }
            }
        }
        return pixmap.width * pixmap.height
    }

    /// Multiplies every value by `other`'s value at the same position shifted by `offset`
    /// (value (x, y) by `other[x + offset.x, y + offset.y]`), and by 0 where that lies outside
    /// `other`: a part of a larger mask applied to this one.
    public mutating func multiply(by other: CoverageMask, at offset: PixelPoint) {
        for y in 0..<height {
            let oy = y + offset.y
            for x in 0..<width {
                let ox = x + offset.x
                let factor = ox >= 0 && oy >= 0 && ox < other.width && oy < other.height ? UInt32(other[ox, oy]) : 0
                values[y * width + x] = UInt8(div255(UInt32(values[y * width + x]) * factor))
            }
        }
    }

    /// The mask's size in pixels.
    public var size: PixelSize { PixelSize(width: width, height: height) }

    /// The coverage at `x`, `y`.
    public subscript(x: Int, y: Int) -> UInt8 {
        get { values[y * width + x] }
        set { values[y * width + x] = newValue }
    }

    /// Drops the mask's lines from every level of the cache, as `Pixmap.evictFromCaches` does.
    public func evictFromCaches() {
        values.withUnsafeBytes { if let base = $0.baseAddress { cevict_lines(base, $0.count) } }
    }
}

/// Which corners of a rectangle are rounded (like `CACornerMask` / `UIRectCorner`).
public struct Corners: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let topLeft = Corners(rawValue: 1)
    public static let topRight = Corners(rawValue: 2)
    public static let bottomLeft = Corners(rawValue: 4)
    public static let bottomRight = Corners(rawValue: 8)
    /// The two top corners (a section's first row).
    public static let top: Corners = [.topLeft, .topRight]
    /// The two bottom corners (a section's last row).
    public static let bottom: Corners = [.bottomLeft, .bottomRight]
    /// All four (a single-row section).
    public static let all: Corners = [.top, .bottom]
}

extension CoverageMask {
    /// The coverage of a rounded rectangle, in this mask's pixel space.
    ///
    /// `rect` is in pixels and may have fractional edges; `radius` (pixels) is clamped to half
    /// the shorter side, as Core Graphics does. Each value is the exact area of the pixel inside
    /// the shape, rounded to 1/255. Nil when `size` is empty.
    /// - Complexity: O(pixels) for the box part plus O(r²) disk-area evaluations for the corners.
    public init?(size: PixelSize, roundedRect rect: (x0: Double, y0: Double, x1: Double, y1: Double),
                 radius: Double, corners: Corners) {
        self.init(window: PixelRect(x: 0, y: 0, width: size.width, height: size.height),
                  roundedRect: rect, radius: radius, corners: corners)
    }

    /// The part inside `window` of a mask of the rounded rectangle `rect` (both in that mask's
    /// pixels): the same computation, value for value, restricted to the window, so value (x, y)
    /// of the result is the whole mask's value at (window.x + x, window.y + y) for any mask that
    /// contains the window. Nil when the window is empty or starts at a negative coordinate.
    /// - Complexity: O(window area), plus disk-area evaluations for the corner pixels inside it.
    public init?(window: PixelRect, roundedRect rect: (x0: Double, y0: Double, x1: Double, y1: Double),
                 radius: Double, corners: Corners) {
        guard window.x >= 0, window.y >= 0 else { return nil }
        self.init(size: window.size)
        let (x0, y0, x1, y1) = rect
        guard x1 > x0, y1 > y0 else { return }
        let r = max(0, min(radius, (x1 - x0) / 2, (y1 - y0) / 2))
        let wx = window.x, wy = window.y

        // Box coverage: the product of the horizontal and vertical overlaps. Rows fully inside
        // the rectangle share one precomputed row of bytes.
        let cols = (0..<width).map { Coverage.overlap(Double(wx + $0), Double(wx + $0) + 1, x0, x1) }
        let fullRow = cols.map { Coverage.byte($0) }
        for row in 0..<height {
            let py = wy + row
            let cy = Coverage.overlap(Double(py), Double(py) + 1, y0, y1)
            if cy == 0 { continue }
            if cy == 1 {
                values.replaceSubrange(row * width..<(row + 1) * width, with: fullRow)
                continue
            }
            for col in 0..<width where cols[col] > 0 {
                values[row * width + col] = Coverage.byte(cols[col] * cy)
            }
        }
        guard r > 0 else { return }

        // Corners: replace the corner square's part of each pixel by its part inside the disk.
        // Later corners overwrite earlier ones where their squares share a pixel.
        for (corner, square) in Self.cornerSquares(x0: x0, y0: y0, x1: x1, y1: y1, r: r) where corners.contains(corner) {
            let (qx0, qy0, qx1, qy1, cx, cy) = square
            let px0 = max(wx, Int(qx0.rounded(.down))), px1 = min(wx + width, Int(qx1.rounded(.up)))
            let py0 = max(wy, Int(qy0.rounded(.down))), py1 = min(wy + height, Int(qy1.rounded(.up)))
            guard px0 < px1, py0 < py1 else { continue }  // the corner lies outside the window
            let pxs = px0..<px1
            // A radius beyond any interface's (hundreds of pixels): most of the square's pixels
            // lie wholly inside the disk (keeping the box's value) or wholly outside it (0), which
            // distance alone tells; the exact area is computed for the pixels the arc crosses.
            // Smaller radii take the exact path everywhere, value for value as always.
            let skipsWhole = r > 256
            for py in py0..<py1 {
                for px in pxs {
                    let bx0 = Double(px), by0 = Double(py)
                    let box = Coverage.overlap(bx0, bx0 + 1, x0, x1) * Coverage.overlap(by0, by0 + 1, y0, y1)
                    let ix0 = max(bx0, qx0), ix1 = min(bx0 + 1, qx1)
                    let iy0 = max(by0, qy0), iy1 = min(by0 + 1, qy1)
                    guard ix1 > ix0, iy1 > iy0 else { continue }
                    if skipsWhole {
                        let nearX = max(ix0, min(cx, ix1)) - cx, nearY = max(iy0, min(cy, iy1)) - cy
                        let farX = max(abs(ix0 - cx), abs(ix1 - cx)), farY = max(abs(iy0 - cy), abs(iy1 - cy))
                        if nearX * nearX + nearY * nearY >= r * r {
                            values[(py - wy) * width + (px - wx)] = Coverage.byte(box - (ix1 - ix0) * (iy1 - iy0))
                            continue
                        }
                        if farX * farX + farY * farY <= r * r {
                            values[(py - wy) * width + (px - wx)] = Coverage.byte(box)
                            continue
                        }
                    }
                    let inSquare = (ix1 - ix0) * (iy1 - iy0)
                    let inDisk = Coverage.diskArea(cx: cx, cy: cy, r: r, x0: ix0, x1: ix1, y0: iy0, y1: iy1)
                    values[(py - wy) * width + (px - wx)] = Coverage.byte(box - inSquare + inDisk)
                }
            }
        }
    }

    /// The square of each corner of the rectangle (its edges, then the disk's centre), with the
    /// radius `r` already clamped, in the order the corners are drawn.
    static func cornerSquares(x0: Double, y0: Double, x1: Double, y1: Double, r: Double)
        -> [(Corners, (Double, Double, Double, Double, Double, Double))] {
        [
            (.topLeft, (x0, y0, x0 + r, y0 + r, x0 + r, y0 + r)),
            (.topRight, (x1 - r, y0, x1, y0 + r, x1 - r, y0 + r)),
            (.bottomLeft, (x0, y1 - r, x0 + r, y1, x0 + r, y1 - r)),
            (.bottomRight, (x1 - r, y1 - r, x1, y1, x1 - r, y1 - r)),
        ]
    }

    /// The coverage of a filled circle of `diameter` pixels centred in a `diameter`-square mask.
    public static func disk(diameter: Int) -> CoverageMask? {
        let d = Double(diameter)
        return CoverageMask(size: PixelSize(width: diameter, height: diameter),
                            roundedRect: (0, 0, d, d), radius: d / 2, corners: .all)
    }
}

/// Exact area computations behind the coverage masks.
public enum Coverage {
    /// Length of `[a0, a1] ∩ [b0, b1]`.
    @inline(__always)
    public static func overlap(_ a0: Double, _ a1: Double, _ b0: Double, _ b1: Double) -> Double {
        max(0, min(a1, b1) - max(a0, b0))
    }

    /// An area fraction 0 ... 1 as a coverage byte, rounded to nearest.
    @inline(__always)
    public static func byte(_ fraction: Double) -> UInt8 {
        UInt8(max(0, min(255, (fraction * 255).rounded())))
    }

    /// The exact area of the disk (centre `cx, cy`, radius `r`) inside the box
    /// `[x0, x1] × [y0, y1]`.
    public static func diskArea(cx: Double, cy: Double, r: Double,
                                x0: Double, x1: Double, y0: Double, y1: Double) -> Double {
        guard r > 0, x1 > x0, y1 > y0 else { return 0 }
        // Split the box at the centre's axes; each piece lies in one quadrant where the
        // quadrant-area function Q applies after mirroring to positive coordinates.
        var area = 0.0
        let xs = split(x0 - cx, x1 - cx), ys = split(y0 - cy, y1 - cy)
        for (a, b) in xs {
            for (c, d) in ys {
                area += quadrant(b, d, r) - quadrant(a, d, r) - quadrant(b, c, r) + quadrant(a, c, r)
            }
        }
        return area
    }

    /// `[lo, hi]` split at 0 and mirrored to non-negative intervals.
    private static func split(_ lo: Double, _ hi: Double) -> [(Double, Double)] {
        if lo >= 0 { return [(lo, hi)] }
        if hi <= 0 { return [(-hi, -lo)] }
        return [(0, -lo), (0, hi)]
    }

    /// Area of the disk of radius `r` at the origin inside `[0, x] × [0, y]`, for x, y ≥ 0.
    private static func quadrant(_ x: Double, _ y: Double, _ r: Double) -> Double {
        guard x > 0, y > 0 else { return 0 }
        let xm = min(x, r)
        // For t below ts the circle is above y, so the column height is y.
        let ts = y >= r ? 0 : (r * r - y * y).squareRoot()
        let t1 = min(xm, ts)
        var area = y * t1
        if xm > t1 { area += circleIntegral(xm, r) - circleIntegral(t1, r) }
        return area
    }

    /// ∫₀ᵗ √(r² − u²) du.
    private static func circleIntegral(_ t: Double, _ r: Double) -> Double {
        let s = max(0, r * r - t * t).squareRoot()
        return 0.5 * (t * s + r * r * asin(max(-1, min(1, t / r))))
    }
}
