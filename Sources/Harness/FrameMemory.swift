#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Raster
import Results

/// Frame-sized buffers are the largest allocations of a run (a 2048 × 2732 screen is 22 MB a
/// buffer) and, in Swift, a failed allocation stops the process with a trap. A run therefore asks
/// for the frame buffers it will hold at once before it starts, with `malloc`, which can fail:
/// under an address-space limit (`ulimit -v`) or an exhausted machine, `bench` then ends with a
/// sentence and exit code 2 instead of SIGABRT.
public enum FrameMemory {
    /// Allocates `count` buffers of a frame of `size` at once (address space only: the pages are
    /// never touched) and frees them again.
    /// - Throws: `shortage(size)` when one cannot be allocated.
    public static func require(_ count: Int, framesOf size: PixelSize) throws {
        let bytes = max(1, size.width) * max(1, size.height) * 4
        var held: [UnsafeMutableRawPointer] = []
        defer { for buffer in held { free(buffer) } }
        for _ in 0..<max(0, count) {
            guard let buffer = malloc(bytes) else { throw shortage(size) }
            held.append(buffer)
        }
    }

    /// The error for a frame buffer of `size` that could not be allocated: what was asked for and
    /// the address-space limit, which is the usual cause.
    public static func shortage(_ size: PixelSize) -> BenchError {
        let bytes = size.width * size.height * 4
        var limit = rlimit()
        let reason: String
        if getrlimit(Self.addressSpace, &limit) == 0, limit.rlim_cur != rlim_t.max {
            let kilobytes = Int(clamping: limit.rlim_cur / 1024)
            reason = "the address-space limit is \(megabytes(Int(clamping: limit.rlim_cur))) (ulimit -v \(kilobytes))"
        } else {
            reason = "the system refused the allocation (memory is exhausted)"
        }
        return BenchError.resource("not enough memory for a \(size.width) × \(size.height) frame buffer (\(megabytes(bytes))): \(reason).")
    }

    /// RLIMIT_AS as getrlimit(2) takes it: an enum case in Glibc's import, an Int32 in Darwin's.
    #if canImport(Glibc)
    private static let addressSpace = __rlimit_resource_t(RLIMIT_AS.rawValue)
    #else
    private static let addressSpace = RLIMIT_AS
    #endif

    /// `bytes` in whole megabytes (10^6), as `22 MB`.
    private static func megabytes(_ bytes: Int) -> String {
        Format.grouped(Int((Double(bytes) / 1e6).rounded())) + " MB"
    }
}
