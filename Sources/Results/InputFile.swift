#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Problems

/// How every input file (a results file for `compare` and `check`, a scenario or suite file) is
/// read: opened once and read until the end, so a FIFO, `/dev/stdin` or a process substitution
/// (`<(cat r.json)`, `/dev/fd/63`) works like a regular file. Reading by `stat` size first (as
/// Foundation's `contents(atPath:)` does) gets nothing from a pipe, whose size is 0.
public enum InputFile {
    /// The bytes of the file at `path`.
    ///
    /// - Parameters:
    ///   - expected: What the file should be, for the message about a directory ("a JSON file").
    ///   - limit: The most bytes accepted, and what the limit is for ("scenario and suite files");
    ///     a regular file is measured before it is read, a stream stops one byte past the limit.
    /// - Throws: `BenchError.input` starting with `path`: it does not exist, is a directory,
    ///   cannot be opened or read (with the system's reason), or is larger than the limit.
    public static func read(_ path: String, expected: String, limit: (bytes: Int, subject: String)? = nil) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw failure(path, errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure(path, errno) }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw BenchError.input(.cannotRead(path: path, reason: .directory(expected: expected)))
        }
        let isRegular = (info.st_mode & S_IFMT) == S_IFREG
        if let limit, isRegular, Int(info.st_size) > limit.bytes {
            throw BenchError.input(.cannotRead(path: path, reason: .tooLarge(bytes: Int(info.st_size), limit: limit.bytes, subject: limit.subject)))
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(isRegular ? Int(info.st_size) : 65536)
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { readDescriptor(fd, $0) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path, errno)
            }
            bytes += chunk[0..<count]
            if let limit, bytes.count > limit.bytes {
                throw BenchError.input(.cannotRead(path: path, reason: .tooLarge(bytes: nil, limit: limit.bytes, subject: limit.subject)))
            }
        }
        return bytes
    }

    /// The error for a file that could not be opened or read.
    private static func failure(_ path: String, _ code: Int32) -> BenchError {
        let reason: ReadFailure = switch code {
        case ENOENT: .noSuchFile
        case EISDIR: .directory(expected: nil)
        default: .system(code)
        }
        return BenchError.input(.cannotRead(path: path, reason: reason))
    }
}

/// read(2) into `buffer`; outside `InputFile`, whose own `read` would hide the C function.
private func readDescriptor(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
    read(fd, buffer.baseAddress, buffer.count)
}
