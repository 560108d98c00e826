/// The least time a frame's memory traffic can take, at the memory rates measured in the same run.
///
/// `memset` of one framebuffer (`fill` nanoseconds for `frameBytes` bytes) gives the cost of
/// writing a byte; `memcpy` of the same bytes (`copy`) writes as much and reads as much, so
/// `copy − fill` is the cost of reading them. A frame that writes `written` bytes and reads `read`
/// bytes therefore needs at least `written × fill / frameBytes + read × (copy − fill) / frameBytes`.
/// Kernels can come close to it but not below it; the distance is what a faster kernel or a
/// smaller per-span overhead could still win.
public enum TrafficBound {
    /// The bound in nanoseconds, rounded; 0 when the floors are unknown.
    public static func nanos(written: Double, read: Double, frameBytes: Int, fill: Int, copy: Int) -> Int {
        Int(exactNanos(written: written, read: read, frameBytes: frameBytes, fill: fill, copy: copy).rounded())
    }

    /// The bound in nanoseconds, unrounded (`bench kernels` divides it by the memset time); 0 when
    /// the floors are unknown. A read costs nothing when memcpy measured faster than memset.
    public static func exactNanos(written: Double, read: Double, frameBytes: Int, fill: Int, copy: Int) -> Double {
        guard frameBytes > 0, fill > 0 else { return 0 }
        return (written * Double(fill) + read * Double(max(0, copy - fill))) / Double(frameBytes)
    }
}
