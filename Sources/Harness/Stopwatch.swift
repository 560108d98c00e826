#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The monotonic clock used for every timing.
public enum Stopwatch {
    /// Nanoseconds on the monotonic clock (`CLOCK_MONOTONIC`): never goes back, unaffected by
    /// wall-clock changes.
    @inline(__always)
    public static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }
}
