#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The span kernels: one tight loop each over raw pointers, reached only through `Pixmap.paint`.
///
/// Blends run eight pixels at a time on `SIMD8<UInt32>` lanes with the same packed arithmetic as
/// `Blend.scale` (two channels per 32-bit multiply, exact divide-by-255 rounding), then finish the
/// span's tail one pixel at a time. Fills and copies are bulk memory operations.
enum Kernels {
    typealias V = SIMD8<UInt32>
    static let lanes = 8

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
