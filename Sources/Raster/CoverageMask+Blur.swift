// Design note — the shadow blur: a Gaussian approximated by three box blurs in succession, each
// separable, their widths chosen so that the variances add up to σ² as closely as two neighbouring
// odd widths allow (W. Wells, 1986; widths as P. Kovesi chooses them). Each box is a running sum,
// so the cost per value does not grow with σ. Values stay in 8.8 fixed point between passes and
// are rounded once at the end: the same on every machine, and no step of 1/255 lost per pass.
// Rejected: a direct Gaussian convolution, O(σ) per value and axis, kept by the tests as the
// reference the boxes are checked against.

/// Space a blur works in, kept by its caller between blurs so that a steady frame allocates
/// nothing.
public struct BlurScratch {
    /// The mask's values in 8.8 fixed point while it is blurred.
    var values: [UInt32] = []
    /// One row or column, copied before a box pass overwrites it.
    var line: [UInt32] = []

    public init() {}
}

extension CoverageMask {
    /// The radii (in pixels) of the three box blurs whose succession approximates a Gaussian of
    /// standard deviation `sigma` pixels; all 0 for `sigma` ≤ 0. Two neighbouring odd widths are
    /// used, around the ideal width √(4σ² + 1), and as many of the narrower as brings the sum of
    /// the boxes' variances (r(r + 1) / 3 for radius r) closest to σ²: within a third of the wider
    /// of the two radii. Their sum is the blur's support, never more than `blurReach(sigma:)`.
    public static func boxRadii(sigma: Double) -> [Int] {
        guard sigma > 0, sigma.isFinite else { return [0, 0, 0] }
        var lower = Int((4 * sigma * sigma + 1).squareRoot().rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        let narrow = (lower - 1) / 2, wide = narrow + 1
        func variance(_ r: Int) -> Double { Double(r * (r + 1)) / 3 }
        // How far m narrow boxes and 3 − m wide ones miss σ². (Typed apart: as one expression in the
        // comparison, it took the type checker 15 s.)
        func miss(_ m: Int) -> Double {
            let sum: Double = Double(m) * variance(narrow) + Double(3 - m) * variance(wide)
            return abs(sum - sigma * sigma)
        }
        let narrower = (0...3).min { miss($0) < miss($1) }!
        return (0..<3).map { $0 < narrower ? narrow : wide }
    }

    /// How far the blur of `sigma` pixels spreads a shape, in whole pixels: ⌈3σ⌉ (0 for no
    /// blur). A caller leaves this margin around a shape so that the blur loses none of it.
    public static func blurReach(sigma: Double) -> Int {
        guard sigma > 0, sigma.isFinite else { return 0 }
        return Int((3 * sigma).rounded(.up))
    }

    /// Blurs the mask in place by a Gaussian of `sigma` pixels, approximated by three box blurs
    /// (see the design note); values beyond the mask count as 0. Returns the bytes of coverage
    /// the box passes read and wrote: each pass of each axis reads and writes every value once.
    /// - Complexity: O(width × height) per pass, whatever `sigma`.
    @discardableResult
    public mutating func blur(sigma: Double, scratch: inout BlurScratch) -> (read: Int, written: Int) {
        let radii = Self.boxRadii(sigma: sigma).filter { $0 > 0 }
        guard !radii.isEmpty else { return (0, 0) }
        let count = width * height
        let w = width, h = height
        if scratch.values.count < count { scratch.values.append(contentsOf: repeatElement(0, count: count - scratch.values.count)) }
        if scratch.line.count < max(w, h) { scratch.line.append(contentsOf: repeatElement(0, count: max(w, h) - scratch.line.count)) }
        values.withUnsafeMutableBufferPointer { bytes in
            scratch.values.withUnsafeMutableBufferPointer { fixed in
                scratch.line.withUnsafeMutableBufferPointer { line in
                    for i in 0..<count { fixed[i] = UInt32(bytes[i]) << 8 }
                    for r in radii {
                        for y in 0..<h { Self.boxPass(fixed.baseAddress! + y * w, count: w, stride: 1, radius: r, line: line) }
                    }
                    for r in radii {
                        for x in 0..<w { Self.boxPass(fixed.baseAddress! + x, count: h, stride: w, radius: r, line: line) }
                    }
                    for i in 0..<count { bytes[i] = UInt8(min(255, (fixed[i] + 128) >> 8)) }
                }
            }
        }
        let passes = 2 * radii.count
        return (passes * count, passes * count)
    }

    /// The mask blurred by a Gaussian of `sigma` pixels (`blur(sigma:scratch:)` on a copy).
    public func blurred(sigma: Double) -> CoverageMask {
        var copy = self
        var scratch = BlurScratch()
        copy.blur(sigma: sigma, scratch: &scratch)
        return copy
    }

    /// One box blur of `radius` along a line of `count` values `stride` apart: each value becomes
    /// the rounded mean of the 2 × radius + 1 values around it, those beyond the line being 0.
    private static func boxPass(_ p: UnsafeMutablePointer<UInt32>, count: Int, stride: Int, radius: Int,
                                line: UnsafeMutableBufferPointer<UInt32>) {
        for i in 0..<count { line[i] = p[i * stride] }
        let width = 2 * radius + 1
        let half = width / 2
        var sum = 0
        for j in 0...min(radius, count - 1) { sum += Int(line[j]) }
        for i in 0..<count {
            p[i * stride] = UInt32((sum + half) / width)
            if i + radius + 1 < count { sum += Int(line[i + radius + 1]) }
            if i - radius >= 0 { sum -= Int(line[i - radius]) }
        }
    }
}
