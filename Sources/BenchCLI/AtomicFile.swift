import Foundation
import Results

/// Writes output files so that they are either entirely the old file or entirely the new one.
///
/// The bytes go to a temporary file in the target's own directory (a rename is only atomic
/// within one file system), which is flushed to disk and then `rename(2)`d over the target. A run
/// that is interrupted, or fails, before the rename leaves the previous file untouched; that is
/// what lets `bench` stop on Ctrl-C at any moment without damaging a baseline or a report.
public enum AtomicFile {
    /// Replaces the file at `path` with `data`, atomically.
    ///
    /// - Throws: `BenchError.output("cannot write '<path>': <reason>")` when the directory is
    ///   missing, the path is a directory, permission is denied, or the disk is full; the
    ///   temporary file is removed and any previous file at `path` is left as it was.
    public static func write(_ data: Data, to path: String) throws {
        try write(data, to: path, beforeRename: {})
    }

    /// Replaces the file at `path` with `bytes`, atomically (see `write(_:to:)` for `Data`).
    public static func write(_ bytes: [UInt8], to path: String) throws {
        try write(Data(bytes), to: path, beforeRename: {})
    }

    /// Checks that `path` could be written now, by creating and removing a temporary file beside
    /// it, without touching `path` itself.
    ///
    /// Commands call this before a long run, so that a mistyped output path fails in a moment
    /// instead of after minutes of measuring.
    /// - Throws: The same `BenchError.output` as `write(_:to:)` would.
    public static func checkWritable(_ path: String) throws {
        let target = try Target(path)
        let probe = try target.createTemporary()
        close(probe.descriptor)
        unlink(probe.path)
    }

    /// `write(_:to:)` with a hook that runs after the temporary file is complete and before the
    /// rename; tests make it throw to show that a failure at the last moment changes nothing.
    static func write(_ data: Data, to path: String, beforeRename: () throws -> Void) throws {
        let target = try Target(path)
        let temporary = try target.createTemporary()
        var renamed = false
        defer { if !renamed { unlink(temporary.path) } }
        do {
            try data.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = Foundation.write(temporary.descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        throw target.failure(errno)
                    }
                    offset += written
                }
            }
            // Without fsync a crash soon after the rename can leave an empty file under the new
            // name on some file systems: the rename reached the disk before the data.
            guard fsync(temporary.descriptor) == 0 else { throw target.failure(errno) }
        } catch {
            close(temporary.descriptor)
            throw error
        }
        guard close(temporary.descriptor) == 0 else { throw target.failure(errno) }
        try beforeRename()
        guard rename(temporary.path, path) == 0 else { throw target.failure(errno) }
        renamed = true
        // Makes the rename itself durable; best effort, since the file is complete either way.
        let directory = open(target.directory, O_RDONLY | O_CLOEXEC)
        if directory >= 0 {
            _ = fsync(directory)
            close(directory)
        }
    }

    /// The file to be replaced: its path, its directory, and how to explain a failure.
    private struct Target {
        var path: String
        var directory: String
        var name: String

        init(_ path: String) throws {
            self.path = path
            guard !path.isEmpty else { throw BenchError.output("cannot write '': the path is empty.") }
            if let slash = path.lastIndex(of: "/") {
                let dir = String(path[..<slash])
                directory = dir.isEmpty ? "/" : dir
                name = String(path[path.index(after: slash)...])
            } else {
                directory = "."
                name = path
            }
            var info = stat()
            if name.isEmpty || name == "." || name == ".."
                || (stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR) {
                throw BenchError.output("cannot write '\(path)': it is a directory.")
            }
        }

        /// Creates a new, empty temporary file beside the target, readable by others as a normal
        /// file would be (mode 0666 less the umask).
        func createTemporary() throws -> (path: String, descriptor: Int32) {
            for _ in 0..<8 {
                let suffix = String(UInt32.random(in: 0...UInt32.max), radix: 16)
                let temporary = (directory == "." ? "" : directory == "/" ? "/" : directory + "/")
                    + ".\(name).tmp-\(getpid())-\(suffix)"
                let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
                if fd >= 0 { return (temporary, fd) }
                if errno != EEXIST { throw failure(errno) }
            }
            throw failure(EEXIST)
        }

        /// The error for a failed system call, with a reason a user can act on.
        func failure(_ code: Int32) -> BenchError {
            let reason: String
            switch code {
            case ENOENT: reason = "the directory '\(directory)' does not exist"
            case ENOTDIR: reason = "a component of '\(directory)' is not a directory"
            case EISDIR: reason = "it is a directory"
            case EACCES, EPERM: reason = "permission denied (the directory '\(directory)' is not writable)"
            default: reason = BenchError.systemReason(code)
            }
            return BenchError.output("cannot write '\(path)': \(reason).")
        }
    }
}
