internal import CIntrinsics  // internal: clients of Raster need not see the C module
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The span kernels: one tight loop each over raw pointers, reached only through `Pixmap.paint`.
///
/// Blends run eight pixels at a time on sixteen 16-bit lanes (`Lanes`), the tail pixel by pixel
/// with `Blend`; each channel gets a lane, so channel × factor (at most 255 × 255 + 128 < 2^16) is
/// one 16-bit multiply, which SSE2 has (`pmullw`). Rejected: two channels per 32-bit multiply,
/// which SSE2 lacks. The rounding is `div255`'s, so every kernel is bit-identical to `Blend` and
/// `Blend.Reference`. A blend skips or stores whole groups when that gives the same bits (an opaque
/// source at full coverage replaces; zero source, coverage or opacity leaves the destination), and
/// long spans prefetch (`prefetchDistance`). Fills and copies are bulk memory operations.
enum Kernels {
    /// Eight pixels as sixteen 16-bit lanes. Lane 2k holds pixel k's red (low byte) and green;
    /// lane 2k + 1 its blue and alpha (pixels are R, G, B, A bytes in memory, little-endian).
    typealias Lanes = SIMD16<UInt16>
    /// Pixels per vector step.
    static let lanes = 8

    /// A row of full coverage, read in chunks by `.rounded` between its corners.
    static let fullCoverage = [UInt8](repeating: 255, count: 1024)

    /// How far ahead of the current group, in pixels, a loop over a long span asks the cache for
    /// the lines it will read. The hardware prefetcher alone left the blends waiting on memory
    /// (`bench kernels`: blend colour 1.5 × memset without, 1.0 with); 512 and more did equally
    /// well, 256 and 128 less.
    static let prefetchDistance = 512

    /// Asks the cache for element `i + prefetchDistance` of `p`. It may lie past the span (for a
    /// span ending a row, that is where the next row starts), past the allocation even: a
    /// prefetch is a hint that never faults.
    @inline(__always)
    static func prefetch<T>(_ p: UnsafePointer<T>, _ i: Int) {
        cprefetch_read(p, (i &+ prefetchDistance) &* MemoryLayout<T>.stride)
    }

    @inline(__always)
    static func prefetch<T>(_ p: UnsafeMutablePointer<T>, _ i: Int) { prefetch(UnsafePointer(p), i) }

    /// Whether a span of `n` pixels is worth prefetching for: on shorter ones most fetched lines
    /// would be past the span, unused.
    @inline(__always)
    static func isLong(_ n: Int) -> Bool { n >= prefetchDistance }

    @inline(__always)
    static func load(_ p: UnsafePointer<UInt32>) -> Lanes { UnsafeRawPointer(p).loadUnaligned(as: Lanes.self) }

    @inline(__always)
    static func store(_ v: Lanes, _ p: UnsafeMutablePointer<UInt32>) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: Lanes.self)
    }

    /// The eight pixels as one 32-bit lane each (free: the same register bits).
    @inline(__always)
    static func pixels(_ v: Lanes) -> SIMD8<UInt32> { unsafeBitCast(v, to: SIMD8<UInt32>.self) }

    /// Eight coverage bytes, each in both lanes of its pixel.
    @inline(__always)
    static func coverage(_ m: UnsafePointer<UInt8>) -> Lanes {
        // Element by element, which LLVM turns into two unpacks; the generic
        // `init(truncatingIfNeeded:)` is an out-of-line call.
        let b = UnsafeRawPointer(m).loadUnaligned(as: SIMD8<UInt8>.self)
        return Lanes(UInt16(b[0]), UInt16(b[0]), UInt16(b[1]), UInt16(b[1]), UInt16(b[2]), UInt16(b[2]),
                     UInt16(b[3]), UInt16(b[3]), UInt16(b[4]), UInt16(b[4]), UInt16(b[5]), UInt16(b[5]),
                     UInt16(b[6]), UInt16(b[6]), UInt16(b[7]), UInt16(b[7]))
    }

    /// `coverage` of a group already found to be neither all 0 nor all 255 by `coverageBits`.
    @inline(never)
    static func partialCoverage(_ m: UnsafePointer<UInt8>) -> Lanes {
        // Out of line on purpose: inlined after the scalar test, LLVM reused the scalar and spread
        // its bytes with twenty scalar instructions instead of two unpacks. Partial groups are
        // the anti-aliased edges, so the call is rare; the test stays one load and compare.
        coverage(m)
    }

    /// Eight coverage bytes as one integer: `.max` when all are 255, 0 when all are 0.
    @inline(__always)
    static func coverageBits(_ m: UnsafePointer<UInt8>) -> UInt64 { UnsafeRawPointer(m).loadUnaligned(as: UInt64.self) }

    /// Each pixel's 255 − alpha in both of its lanes.
    @inline(__always)
    static func inverseAlphas(_ p: Lanes) -> Lanes {
        // On 32-bit lanes: shuffles of 16-bit lanes led LLVM to scalarize some lanes when the
        // source was itself a product.
        let a = ~pixels(p) &>> 24
        return unsafeBitCast(a | (a &<< 16), to: Lanes.self)
    }

    /// `(x × 257) >> 16` per lane, which for `x = y + 128` is `div255(y)`: `div255` computes
    /// `(t + (t >> 8)) >> 8`, equal to `(t × 257) >> 16` for every `t` below 2^16. Written on
    /// widened lanes so that LLVM emits one high-half multiply (`pmulhuw`) instead of two shifts
    /// and an add.
    @inline(__always)
    static func mulHigh257(_ x: Lanes) -> Lanes {
        let w = SIMD16<UInt32>(UInt32(x[0]), UInt32(x[1]), UInt32(x[2]), UInt32(x[3]), UInt32(x[4]), UInt32(x[5]),
                               UInt32(x[6]), UInt32(x[7]), UInt32(x[8]), UInt32(x[9]), UInt32(x[10]), UInt32(x[11]),
                               UInt32(x[12]), UInt32(x[13]), UInt32(x[14]), UInt32(x[15]))
        let h = (w &* 257) &>> 16
        return Lanes(UInt16(truncatingIfNeeded: h[0]), UInt16(truncatingIfNeeded: h[1]), UInt16(truncatingIfNeeded: h[2]),
                     UInt16(truncatingIfNeeded: h[3]), UInt16(truncatingIfNeeded: h[4]), UInt16(truncatingIfNeeded: h[5]),
                     UInt16(truncatingIfNeeded: h[6]), UInt16(truncatingIfNeeded: h[7]), UInt16(truncatingIfNeeded: h[8]),
                     UInt16(truncatingIfNeeded: h[9]), UInt16(truncatingIfNeeded: h[10]), UInt16(truncatingIfNeeded: h[11]),
                     UInt16(truncatingIfNeeded: h[12]), UInt16(truncatingIfNeeded: h[13]), UInt16(truncatingIfNeeded: h[14]),
                     UInt16(truncatingIfNeeded: h[15]))
    }

    /// Every channel of `p` times its lane's factor in `f` (0 ... 255) / 255, rounded:
    /// `Blend.scale` on eight pixels.
    @inline(__always)
    static func scale(_ p: Lanes, _ f: Lanes) -> Lanes {
        let low = mulHigh257((p & 0xFF) &* f &+ 0x80)  // red, blue
        let high = mulHigh257((p &>> 8) &* f &+ 0x80)  // green, alpha
        return low | (high &<< 8)
    }

    /// Source-over on eight pixels: `s + d × (255 − sA) / 255`. The add is a 32-bit add per
    /// pixel, exactly as `Blend.over`'s.
    @inline(__always)
    static func over(_ s: Lanes, _ d: Lanes) -> Lanes {
        unsafeBitCast(pixels(s) &+ pixels(scale(d, inverseAlphas(s))), to: Lanes.self)
    }

    /// The bitwise AND of the eight pixels: its alpha byte is 255 only when all are opaque.
    @inline(__always)
    static func and(_ v: Lanes) -> UInt32 {
        // On 64-bit halves, which LLVM keeps as plain scalar loads and ANDs.
        let q = unsafeBitCast(v, to: SIMD4<UInt64>.self)
        let x = (q[0] & q[1]) & (q[2] & q[3])
        return UInt32(truncatingIfNeeded: x & (x >> 32))
    }

    /// True when all eight pixels are opaque.
    @inline(__always)
    static func isOpaque(_ v: Lanes) -> Bool { and(v) >= 0xFF00_0000 }

    /// True when every bit of `v` is zero.
    @inline(__always)
    static func isZero(_ v: Lanes) -> Bool {
        let q = unsafeBitCast(v, to: SIMD4<UInt64>.self)
        return (q[0] | q[1]) | (q[2] | q[3]) == 0
    }

    /// `n` pixels at `d` set to `color`, by `path` (the caller's `KernelChoice.store`, read
    /// once per call of the caller rather than per span).
    @inline(__always)
    static func fill(_ d: UnsafeMutablePointer<UInt32>, _ n: Int, _ color: UInt32, _ path: StoreKernel) {
        if case .vector = path { return cvector_fill(d, n, color) }
        // A colour whose four bytes are equal (white, black, clear) is a byte fill, which the C
        // library streams to memory without reading the lines first.
        if color == (color & 0xFF) &* 0x0101_0101 {
            memset(d, Int32(color & 0xFF), n * 4)
        } else if n >= 64 {
            // Any other colour: a string store, which also skips reading the lines it overwrites.
            cfill32(d, UInt(n), color)
        } else {
            d.update(repeating: color, count: n)
        }
    }

    /// The `n` pixels at `s` copied to `d` (which do not overlap), by `path`.
    @inline(__always)
    static func copy(_ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>, _ n: Int, _ path: StoreKernel) {
        if case .vector = path { return cvector_copy(d, s, n) }
        d.update(from: s, count: n)
    }

    /// Source-over of `color` onto `n` pixels at `d` (an opaque colour filled by `path`).
    @inline(__always)
    static func blend(_ d: UnsafeMutablePointer<UInt32>, _ n: Int, _ color: UInt32, _ path: StoreKernel, _ wide: Bool) {
        let inv = 255 &- UInt8(truncatingIfNeeded: color >> 24)
        if inv == 0 { return fill(d, n, color, path) }
        if color == 0 { return }
        let c = unsafeBitCast(SIMD8<UInt32>(repeating: color), to: Lanes.self)
        let f = Lanes(repeating: UInt16(inv))
        let end = n - n % lanes, long = isLong(n)
        var i = 0
        if wide { return cwide_blend(d, n, color) }  // its tail too
        while i < end {
            if long { prefetch(d, i) }
            store(unsafeBitCast(pixels(c) &+ pixels(scale(load(d + i), f)), to: Lanes.self), d + i)
            i &+= lanes
        }
        while i < n { d[i] = color &+ Blend.scale(d[i], inv); i &+= 1 }
    }

    /// Source-over of eight source pixels `p` onto `d`.
    @inline(__always)
    static func overGroup(_ p: Lanes, _ d: UnsafeMutablePointer<UInt32>) {
        // Opaque groups (a cached bitmap, an off-screen result) replace without reading the
        // destination; empty ones (transparent margins) leave it.
        if isOpaque(p) {
            store(p, d)
        } else if !isZero(p) {
            store(over(p, load(d)), d)
        }
    }

    /// Source-over of eight source pixels `p` scaled by the opacity lanes `f` onto `d`.
    @inline(__always)
    static func overGroup(_ p: Lanes, _ f: Lanes, _ d: UnsafeMutablePointer<UInt32>) {
        if !isZero(p) { store(over(scale(p, f), load(d)), d) }
    }

    /// Source-over of the `n` pixels at `s` scaled by `opacity` onto those at `d`.
    @inline(__always)
    static func over(_ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>, _ n: Int, _ opacity: UInt8, _ wide: Bool) {
        let end = n - n % lanes, long = isLong(n)
        var i = 0
        if opacity != 0 && wide {
            return cwide_over_span(d, s, n, opacity)  // its tail too
        }
        if opacity == 255 {
            while i < end {
                if long { prefetch(d, i); prefetch(s, i) }
                overGroup(load(s + i), d + i)
                i &+= lanes
            }
            while i < n { d[i] = Blend.over(s[i], d[i]); i &+= 1 }
        } else if opacity != 0 {
            let f = Lanes(repeating: UInt16(opacity))
            while i < end {
                if long { prefetch(d, i); prefetch(s, i) }
                overGroup(load(s + i), f, d + i)
                i &+= lanes
            }
            while i < n { d[i] = Blend.over(Blend.scale(s[i], opacity), d[i]); i &+= 1 }
        }
    }

    /// Nearest-neighbour source-over: destination pixel `i` of the span is source-over of
    /// `row[min(sourceWidth − 1, (first + i) × sourceWidth / destinationWidth)]` scaled by `opacity`,
    /// where `first` is the span's first pixel relative to the destination rectangle.
    @inline(__always)
    static func scaled(_ d: UnsafeMutablePointer<UInt32>, _ row: UnsafePointer<UInt32>, _ n: Int, first: Int,
                       sourceWidth: Int, destinationWidth: Int, opacity: UInt8) {
        guard n > 0, opacity != 0 else { return }
        let limit = sourceWidth - 1
        guard first >= 0 else {
            // Left of the destination the quotient truncates toward zero, which stepping does not
            // reproduce; spans inside the destination never get here.
            for i in 0..<n {
                let x = Swift.min(limit, (first + i) * sourceWidth / destinationWidth)
                d[i] = Blend.over(Blend.scale(row[x], opacity), d[i])
            }
            return
        }
        // The source index, stepped by sourceWidth / destinationWidth with its remainder carried,
        // instead of a divide per pixel.
        var q = first * sourceWidth / destinationWidth, r = first * sourceWidth % destinationWidth
        let dq = sourceWidth / destinationWidth, dr = sourceWidth % destinationWidth
        @inline(__always) func next() -> UInt32 {
            let p = row[Swift.min(limit, q)]
            q &+= dq
            r &+= dr
            if r >= destinationWidth { r &-= destinationWidth; q &+= 1 }
            return p
        }
        let end = n - n % lanes, long = isLong(n)
        var i = 0
        if opacity == 255 {
            while i < end {
                if long { prefetch(d, i) }
                overGroup(unsafeBitCast(SIMD8<UInt32>(next(), next(), next(), next(), next(), next(), next(), next()),
                                        to: Lanes.self), d + i)
                i &+= lanes
            }
            while i < n { d[i] = Blend.over(next(), d[i]); i &+= 1 }
        } else {
            let f = Lanes(repeating: UInt16(opacity))
            while i < end {
                if long { prefetch(d, i) }
                overGroup(unsafeBitCast(SIMD8<UInt32>(next(), next(), next(), next(), next(), next(), next(), next()),
                                        to: Lanes.self), f, d + i)
                i &+= lanes
            }
            while i < n { d[i] = Blend.over(Blend.scale(next(), opacity), d[i]); i &+= 1 }
        }
    }

    /// Source-over of `color` scaled by the coverage at `m` onto `n` pixels at `d`.
    @inline(__always)
    static func shape(_ d: UnsafeMutablePointer<UInt32>, _ m: UnsafePointer<UInt8>, _ n: Int, _ color: UInt32, _ wide: Bool) {
        if color == 0 { return }
        let c = unsafeBitCast(SIMD8<UInt32>(repeating: color), to: Lanes.self)
        let opaque = color >= 0xFF00_0000
        let end = n - n % lanes, long = isLong(n)
        var i = 0
        if wide { return cwide_shape(d, m, n, color) }  // its tail too
        while i < end {
            if long { prefetch(d, i); prefetch(m, i) }
            let bits = coverageBits(m + i)
            if bits == .max {
                store(opaque ? c : over(c, load(d + i)), d + i)
            } else if bits != 0 {
                store(over(scale(c, partialCoverage(m + i)), load(d + i)), d + i)
            }
            i &+= lanes
        }
        while i < n { d[i] = Blend.over(Blend.scale(color, m[i]), d[i]); i &+= 1 }
    }

    /// Scales `n` pixels at `d` by their coverage in `m` (destination-in: each channel × m / 255,
    /// rounded as `Blend.scale`), and returns how many had coverage below 255 — the pixels that
    /// were read and written. Groups of eight at full coverage are left as they are, groups at
    /// zero coverage are stored as zero (× 0 is 0 exactly), others are scaled on lanes (AVX2's
    /// when `wide`).
    static func multiply(_ d: UnsafeMutablePointer<UInt32>, _ m: UnsafePointer<UInt8>, _ n: Int, _ wide: Bool) -> Int {
        let end = n - n % lanes, long = isLong(n)
        var scaled = 0, i = 0
        if wide {
            scaled = cwide_multiply(d, m, n)
            i = end
        }
        while i < end {
            if long { prefetch(d, i); prefetch(m, i) }
            let bits = coverageBits(m + i)
            if bits == 0 {
                store(Lanes(repeating: 0), d + i)
                scaled &+= lanes
            } else if bits != .max {
                store(scale(load(d + i), partialCoverage(m + i)), d + i)
                for k in 0..<lanes where m[i &+ k] != 255 { scaled &+= 1 }
            }
            i &+= lanes
        }
        while i < n {
            if m[i] != 255 { d[i] = Blend.scale(d[i], m[i]); scaled &+= 1 }
            i &+= 1
        }
        return scaled
    }

    /// Source-over of the `n` pixels at `s` scaled by the coverage at `m` and by `opacity` onto
    /// those at `d` (the coverage × opacity product rounded first, as `div255`).
    @inline(__always)
    static func masked(_ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>, _ m: UnsafePointer<UInt8>,
                       _ n: Int, _ opacity: UInt8, _ wide: Bool) {
        let end = n - n % lanes, long = isLong(n)
        var i = 0
        if opacity != 0 && wide { return cwide_masked(d, s, m, n, opacity) }  // its tail too
        if opacity == 255 {
            while i < end {
                if long { prefetch(d, i); prefetch(s, i); prefetch(m, i) }
                let bits = coverageBits(m + i), p = load(s + i)
                if bits == .max {
                    // Inside the mask the source is unscaled (× 255 / 255 is exact).
                    overGroup(p, d + i)
                } else if bits != 0 {
                    store(over(scale(p, partialCoverage(m + i)), load(d + i)), d + i)
                }
                i &+= lanes
            }
            while i < n { d[i] = Blend.over(Blend.scale(s[i], m[i]), d[i]); i &+= 1 }
        } else if opacity != 0 {
            let o = Lanes(repeating: UInt16(opacity))
            while i < end {
                if long { prefetch(d, i); prefetch(s, i); prefetch(m, i) }
                // Coverage × opacity / 255, rounded as `div255`.
                let k = mulHigh257(coverage(m + i) &* o &+ 0x80)
                if !isZero(k) { store(over(scale(load(s + i), k), load(d + i)), d + i) }
                i &+= lanes
            }
            while i < n {
                d[i] = Blend.over(Blend.scale(s[i], UInt8(div255(UInt32(m[i]) * UInt32(opacity)))), d[i])
                i &+= 1
            }
        }
    }
}
