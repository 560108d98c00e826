#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What an interrupt handler needs to leave no temporary file behind and to say exactly which
/// outputs were already written: kept in fixed C buffers that the handler can read with
/// async-signal-safe calls only (`unlink`, `write`), never allocating.
///
/// `prepare()` must run before the handler is installed, so no buffer is created inside it.
public enum InterruptState {
    private static let capacity = 8192
    /// The temporary file being written, NUL-terminated; empty when none.
    nonisolated(unsafe) private static let temporary: UnsafeMutablePointer<CChar> = {
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: capacity)
        buffer.initialize(repeating: 0, count: capacity)
        return buffer
    }()
    /// The outputs written so far, as "'a.json', 'b.csv'"; `writtenLength` bytes are valid.
    nonisolated(unsafe) private static let written: UnsafeMutablePointer<CChar> = {
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: capacity)
        buffer.initialize(repeating: 0, count: capacity)
        return buffer
    }()
    nonisolated(unsafe) private static var writtenLength = 0
    nonisolated(unsafe) private static var writtenOverflow = false

    /// Creates the buffers; call once before installing a handler that uses `handleInterrupt`.
    public static func prepare() {
        _ = temporary
        _ = written
    }

    /// Records the temporary file being written (nil when it is gone).
    static func setTemporary(_ path: String?) {
        temporary[0] = 0
        guard let path, path.utf8.count < capacity else { return }
        // The terminator last, so the handler never sees a half-copied path.
        path.withCString { source in
            let count = strlen(source)
            (temporary + 1).update(from: source + 1, count: max(0, count - 1))
            temporary[count] = 0
            temporary[0] = source[0]
        }
    }

    /// Records that `path` was written, for the interrupt message.
    static func recordWritten(_ path: String) {
        let entry = (writtenLength == 0 ? "" : ", ") + "'" + path + "'"
        let bytes = Array(entry.utf8)
        guard writtenLength + bytes.count < capacity else {
            writtenOverflow = true
            return
        }
        for (i, byte) in bytes.enumerated() { written[writtenLength + i] = CChar(bitPattern: byte) }
        writtenLength += bytes.count
    }

    /// The interrupt handler's work: removes the temporary file being written, clears a progress
    /// line on a terminal, and says which outputs were written before the interrupt (or that
    /// none was). Async-signal-safe.
    public static func handleInterrupt() {
        if temporary[0] != 0 { unlink(temporary) }
        if isatty(2) == 1 { say("\r\u{1B}[K") }
        if writtenLength == 0 {
            say("Interrupted; no output file was changed.\n")
        } else {
            say("Interrupted after writing ")
            _ = write(2, written, writtenLength)
            say(writtenOverflow ? " and more; no other output file was changed.\n" : "; no other output file was changed.\n")
        }
    }

    private static func say(_ text: StaticString) {
        _ = write(2, text.utf8Start, text.utf8CodeUnitCount)
    }
}
