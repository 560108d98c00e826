import Raster

/// How two pictures differ.
public struct PictureDifference {
    /// Mean absolute difference per channel, in units of 1/255.
    public var meanAbsolute: Double
    /// Pixels where some channel differs by more than `threshold`.
    public var pixelsOverThreshold: [(x: Int, y: Int)]

    /// Compares `a` and `b` (same size) channel by channel.
    public init(_ a: Pixmap, _ b: Pixmap, threshold: Int = 1) {
        precondition(a.size == b.size)
        var total = 0
        var over: [(Int, Int)] = []
        for i in 0..<a.pixels.count {
            let p = a.pixels[i], q = b.pixels[i]
            if p == q { continue }
            var worst = 0
            for shift in stride(from: 0, to: 32, by: 8) {
                let d = abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF))
                total += d
                worst = max(worst, d)
            }
            if worst > threshold { over.append((i % a.width, i / a.width)) }
        }
        meanAbsolute = Double(total) / Double(a.pixels.count * 4)
        pixelsOverThreshold = over
    }
}
