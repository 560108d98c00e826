#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The built-in font's stroke rasterizer: glyph skeletons flattened into straight segments, and
// the coverage of their round-capped union.

extension GlyphStroke {
    /// Appends the stroke as straight segments in pixel space (y down): `x·scale + originX`,
    /// `originY − y·scale`. Arcs are flattened finely enough to stay within `flatness` pixels.
    func appendSegments(to segments: inout [StrokeSegment], scale: Double, originX: Double, originY: Double) {
        func pixel(_ p: EmPoint) -> (Double, Double) { (p.x * scale + originX, originY - p.y * scale) }
        let points: [(Double, Double)]
        switch self {
        case .polyline(let emPoints):
            points = emPoints.map(pixel)
        case let .arc(c, rx, ry, from, to):
            // A chord of angle θ on radius R strays R(1 − cos(θ/2)) from the arc.
            let r = max(rx, ry) * scale
            let step = r > BuiltinFont.flatness ? 2 * acos(1 - BuiltinFont.flatness / r) : .pi / 2
            let sweep = abs(to - from) * .pi / 180
            let n = max(1, Int((sweep / step).rounded(.up)))
            points = (0...n).map { i in
                let t = (from + (to - from) * Double(i) / Double(n)) * .pi / 180
                return pixel(EmPoint(x: c.x + rx * cos(t), y: c.y + ry * sin(t)))
            }
        }
        guard let first = points.first else { return }
        if points.count == 1 {
            segments.append(StrokeSegment(x0: first.0, y0: first.1, x1: first.0, y1: first.1))
            return
        }
        for i in 1..<points.count {
            segments.append(StrokeSegment(x0: points[i - 1].0, y0: points[i - 1].1, x1: points[i].0, y1: points[i].1))
        }
    }
}

/// A straight stroke segment in pixel space (y down).
struct StrokeSegment: Sendable {
    var x0: Double, y0: Double, x1: Double, y1: Double
}

/// Coverage of a union of round-capped segments ("capsules") of one radius.
///
/// Each capsule is convex, so a horizontal line meets it in one interval, found in closed form.
/// Per sample row the intervals of all segments are merged (the union, so overlapping strokes
/// never count twice) and their exact length in each pixel column is accumulated. With
/// `subrows` rows per pixel, coverage is exact horizontally and sampled vertically.
enum StrokeRasterizer {
    static func coverage(of segments: [StrokeSegment], radius r: Double, width: Int, height: Int,
                         subrows: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height)
        guard r > 0, width > 0, height > 0, !segments.isEmpty else { return out }

        // Bucket segments by the pixel rows their capsules touch (counting sort, no per-row arrays).
        var rowStart = [Int](repeating: 0, count: height + 1)
        func rows(_ s: StrokeSegment) -> Range<Int> {
            let lo = max(0, Int((min(s.y0, s.y1) - r).rounded(.down)))
            let hi = min(height, Int((max(s.y0, s.y1) + r).rounded(.down)) + 1)
            return lo..<max(lo, hi)
        }
        for s in segments { for row in rows(s) { rowStart[row + 1] += 1 } }
        for row in 0..<height { rowStart[row + 1] += rowStart[row] }
        var fill = rowStart
        var bucket = [Int](repeating: 0, count: rowStart[height])
        for (i, s) in segments.enumerated() {
            for row in rows(s) { bucket[fill[row]] = i; fill[row] += 1 }
        }

        var spans: [(Double, Double)] = []
        spans.reserveCapacity(16)
        var acc = [Double](repeating: 0, count: width)
        let weight = 1 / Double(subrows), w = Double(width)

        for row in 0..<height where rowStart[row] < rowStart[row + 1] {
            for i in acc.indices { acc[i] = 0 }
            for sub in 0..<subrows {
                let y = Double(row) + (Double(sub) + 0.5) * weight
                spans.removeAll(keepingCapacity: true)
                for k in rowStart[row]..<rowStart[row + 1] {
                    if let span = capsuleSpan(segments[bucket[k]], r, y) { spans.append(span) }
                }
                if spans.isEmpty { continue }
                // Insertion sort: a row crosses only a handful of segments.
                for i in 1..<spans.count {
                    let item = spans[i]
                    var j = i
                    while j > 0 && spans[j - 1].0 > item.0 { spans[j] = spans[j - 1]; j -= 1 }
                    spans[j] = item
                }
                var (a, b) = spans[0]
                for i in 1..<spans.count {
                    if spans[i].0 <= b { b = max(b, spans[i].1); continue }
                    accumulate(&acc, a, b, weight, w)
                    (a, b) = spans[i]
                }
                accumulate(&acc, a, b, weight, w)
            }
            for i in 0..<width { out[row * width + i] = Coverage.byte(acc[i]) }
        }
        return out
    }

    /// Adds `weight` × the length of `[a, b]` in each pixel column to `acc`.
    @inline(__always)
    private static func accumulate(_ acc: inout [Double], _ a: Double, _ b: Double, _ weight: Double, _ width: Double) {
        let a = max(a, 0), b = min(b, width)
        guard b > a else { return }
        let ia = Int(a), ib = Int(b)
        if ia == ib { acc[ia] += (b - a) * weight; return }
        acc[ia] += (Double(ia + 1) - a) * weight
        for i in (ia + 1)..<ib { acc[i] += weight }
        if ib < acc.count { acc[ib] += (b - Double(ib)) * weight }
    }

    /// The x-interval where the horizontal line at `y` meets the capsule of segment `s` and
    /// radius `r`, or nil. The capsule is the union of two end disks and the body rectangle;
    /// being convex, its interval is the hull of theirs.
    @inline(__always)
    static func capsuleSpan(_ s: StrokeSegment, _ r: Double, _ y: Double) -> (Double, Double)? {
        var lo = Double.infinity, hi = -Double.infinity
        let r2 = r * r
        let d0 = y - s.y0, d1 = y - s.y1
        if d0 * d0 <= r2 { let h = (r2 - d0 * d0).squareRoot(); lo = s.x0 - h; hi = s.x0 + h }
        if d1 * d1 <= r2 {
            let h = (r2 - d1 * d1).squareRoot()
            lo = min(lo, s.x1 - h); hi = max(hi, s.x1 + h)
        }
        let dx = s.x1 - s.x0, dy = s.y1 - s.y0
        let len2 = dx * dx + dy * dy
        if len2 > 1e-12 {
            // Along the segment, t = ((x − x0)·dx + (y − y0)·dy) / len² ∈ [0, 1]; across it,
            // n = ((y − y0)·dx − (x − x0)·dy) / len ∈ [−r, r]. Both are linear in x.
            let len = len2.squareRoot()
            var bodyLo = -Double.infinity, bodyHi = Double.infinity
            if abs(dx) > 1e-12 {
                // t·len² = (x − x0)·dx + d0·dy between 0 and len².
                let u = (0 - d0 * dy) / dx + s.x0, v = (len2 - d0 * dy) / dx + s.x0
                bodyLo = max(bodyLo, min(u, v)); bodyHi = min(bodyHi, max(u, v))
            } else {
                let t = d0 * dy
                if t < 0 || t > len2 { return lo <= hi ? (lo, hi) : nil }
            }
            if abs(dy) > 1e-12 {
                // n·len = d0·dx − (x − x0)·dy between −r·len and r·len.
                let u = (d0 * dx - r * len) / dy + s.x0, v = (d0 * dx + r * len) / dy + s.x0
                bodyLo = max(bodyLo, min(u, v)); bodyHi = min(bodyHi, max(u, v))
            } else if abs(d0) > r {
                return lo <= hi ? (lo, hi) : nil
            }
            if bodyLo <= bodyHi { lo = min(lo, bodyLo); hi = max(hi, bodyHi) }
        }
        return lo <= hi ? (lo, hi) : nil
    }
}
