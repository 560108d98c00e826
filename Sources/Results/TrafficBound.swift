/// The least time a frame's memory traffic can take, at the memory rates measured in the same run
/// (docs/cost-model.md §6): a byte written costs `fill / frameBytes`, a byte read from the cache
/// `(copy − fill) / frameBytes`, a byte of a bitmap kept from an earlier frame, by then in memory,
/// `(keptCopy − fill) / frameBytes`. Kernels can come close to it but not below; the distance is
/// what a faster kernel or a smaller per-span overhead could still win.
public enum TrafficBound {
    /// The bound in nanoseconds, rounded; 0 when the floors are unknown.
    public static func nanos(written: Double, read: Double, kept: Double = 0, frameBytes: Int, fill: Int, copy: Int,
                             keptCopy: Int = 0) -> Int {
        Int(exactNanos(written: written, read: read, kept: kept, frameBytes: frameBytes, fill: fill, copy: copy,
                       keptCopy: keptCopy).rounded())
    }

    /// The bound in nanoseconds, unrounded (`bench kernels` divides it by the fill floor); 0 when
    /// the floors are unknown. A read costs nothing when its copy measured faster than the fill;
    /// a kept read costs what a read from the cache does when the kept copy is unknown (0) or
    /// measured faster than the copy from the cache, so kept bytes never lower the bound.
    public static func exactNanos(written: Double, read: Double, kept: Double = 0, frameBytes: Int, fill: Int, copy: Int,
                                  keptCopy: Int = 0) -> Double {
        guard frameBytes > 0, fill > 0 else { return 0 }
        let kept = min(max(0, kept), read)
        let cached = Double(max(0, copy - fill)), fromKept = max(cached, Double(keptCopy - fill))
        return (written * Double(fill) + (read - kept) * cached + kept * fromKept) / Double(frameBytes)
    }
}
