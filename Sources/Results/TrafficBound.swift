/// The least time a frame's memory traffic can take, at the memory rates measured in the same run.
///
/// Filling every row of a frame (`fill` nanoseconds for `frameBytes` bytes) gives the cost of
/// writing a byte. Copying every row from a row in the cache (`copy`) writes as much and reads as
/// much, so `copy − fill` is the cost of reading bytes that are in the cache; copying a kept image
/// from memory into a frame (`keptCopy`) likewise prices reading bytes of a bitmap drawn in an
/// earlier frame, which by the next frame of its strategy are in memory, not in the caches. A
/// frame that writes `written` bytes and reads `read`, of which `kept` from kept bitmaps,
/// therefore needs at least
/// `written × fill / frameBytes + (read − kept) × (copy − fill) / frameBytes + kept × (keptCopy − fill) / frameBytes`.
/// Kernels can come close to it but not below it; the distance is what a faster kernel or a
/// smaller per-span overhead could still win.
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
