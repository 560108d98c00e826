#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The memory floor: how long the machine takes to write (memset) or copy (memcpy) one whole
/// framebuffer. No renderer can produce a frame faster than it can write its bytes, so frame times
/// are reported as multiples of this, measured in the same run.
public final class MemoryFloor {
    private let bytes: Int
    private let source: UnsafeMutableRawPointer
    private let destination: UnsafeMutableRawPointer
    private var fill: UInt8 = 0

    /// Prepares two buffers of `bytes` each, touched once so page faults are not timed.
    public init(bytes: Int) {
        self.bytes = max(1, bytes)
        source = UnsafeMutableRawPointer.allocate(byteCount: self.bytes, alignment: 64)
        destination = UnsafeMutableRawPointer.allocate(byteCount: self.bytes, alignment: 64)
        memset(source, 1, self.bytes)
        memset(destination, 2, self.bytes)
    }

    deinit {
        source.deallocate()
        destination.deallocate()
    }

    /// Nanoseconds for one bulk fill of the buffer.
    public func timeFill() -> Int {
        fill &+= 1
        let start = Stopwatch.now()
        memset(destination, Int32(fill), bytes)
        return Int(Stopwatch.now() - start)
    }

    /// Nanoseconds for one bulk copy of the buffer.
    public func timeCopy() -> Int {
        let start = Stopwatch.now()
        memcpy(destination, source, bytes)
        return Int(Stopwatch.now() - start)
    }
}
