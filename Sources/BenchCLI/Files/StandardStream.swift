import Foundation
import Problems
import Results

/// Standard output or error written with `write(2)`, so a closed pipe (EPIPE, with SIGPIPE
/// ignored) or a full device (ENOSPC) is an error to report, never a trap: after the first
/// failure the stream takes no more text and remembers why, and the process ends with exit code 2
/// once its output files are written.
public final class StandardStream {
    private let descriptor: Int32
    /// The `errno` of the first failed write; nil while every write succeeded.
    public private(set) var failure: Int32?

    /// The stream on `descriptor` (1 for standard output, 2 for standard error).
    public init(descriptor: Int32) { self.descriptor = descriptor }

    /// Writes `text`, or nothing once a write has failed.
    public func write(_ text: String) {
        guard failure == nil else { return }
        var code: Int32 = 0
        do {
            try AtomicFile.writeAll(Data(text.utf8), to: descriptor) { failed in
                code = failed
                return BenchError.output(.streamWriteFailed(descriptor: descriptor, code: failed))
            }
        } catch {
            failure = code == 0 ? EIO : code
        }
    }

    /// The problem of a failed stream (`could not write to standard output: broken pipe.`), or
    /// nil while every write succeeded.
    public var failureProblem: OutputProblem? {
        failure.map { .streamWriteFailed(descriptor: descriptor, code: $0) }
    }
}
