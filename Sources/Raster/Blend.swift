// Design note — blend kernels.
//
// Pixels are premultiplied RGBA8 packed in a UInt32 (bytes R, G, B, A in memory). Source-over on
// premultiplied colour is `dst = src + dst × (255 − srcA) / 255`, so the only non-trivial operation
// is scaling every channel by an 8-bit factor with exact rounding. `scale` does two channels per
// multiply (the classic 0x00FF00FF split), which is exact because each 16-bit lane holds at most
// 255 × 255 + 128 + carry < 2^16. A per-channel scalar version (`Blend.Reference`) is kept as the
// oracle the tests compare against.

/// `x / 255` rounded to nearest, exact for `0 ... 255 × 255`.
@inline(__always)
public func div255(_ x: UInt32) -> UInt32 {
    let t = x &+ 128
    return (t &+ (t >> 8)) >> 8
}

/// Blend formulas on packed premultiplied pixels.
public enum Blend {
    /// Every channel of `p` times `factor` / 255, rounded to nearest.
    @inline(__always)
    public static func scale(_ p: UInt32, _ factor: UInt8) -> UInt32 {
        let f = UInt32(factor)
        var rb = (p & 0x00FF_00FF) &* f &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var ag = ((p >> 8) & 0x00FF_00FF) &* f &+ 0x0080_0080
        ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return rb | ag
    }

    /// Source-over: `src + dst × (1 − srcA)`.
    @inline(__always)
    public static func over(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        src &+ scale(dst, 255 &- UInt8(truncatingIfNeeded: src >> 24))
    }

    /// Source-over of `src` scaled by `coverage` (a mask, anti-aliasing or opacity).
    @inline(__always)
    public static func over(_ src: UInt32, _ dst: UInt32, coverage: UInt8) -> UInt32 {
        over(scale(src, coverage), dst)
    }

    /// One channel at a time: the slow, obviously-correct oracle for the kernels above.
    public enum Reference {
        public static func scale(_ p: UInt32, _ factor: UInt8) -> UInt32 {
            var out: UInt32 = 0
            for shift in stride(from: 0, to: 32, by: 8) {
                let c = (p >> UInt32(shift)) & 0xFF
                out |= div255(c * UInt32(factor)) << UInt32(shift)
            }
            return out
        }

        public static func over(_ src: UInt32, _ dst: UInt32) -> UInt32 {
            let inv = 255 - (src >> 24)
            var out: UInt32 = 0
            for shift in stride(from: 0, to: 32, by: 8) {
                let s = (src >> UInt32(shift)) & 0xFF, d = (dst >> UInt32(shift)) & 0xFF
                out |= (s + div255(d * inv)) << UInt32(shift)
            }
            return out
        }
    }
}
