import Foundation
import Problems
import Results

/// Writes every output file `bench` makes, by one rule (docs/cli.md, "Output files"): a regular
/// file is replaced atomically (a temporary file in the same directory, flushed, given the old
/// file's mode and, where the process may set it, owner, then renamed over it), a symbolic link is
/// written through, a device, a FIFO or standard output is written in place, anything else is
/// refused. The outputs of one command are one transaction (`write(_:notice:standardOutput:)`), so
/// a failure or an interrupt before the renames changes no target. Temporary files are removed on
/// every exit path the process controls (`InterruptState` holds the one being written), and those
/// of a process that no longer exists are removed and reported.
public enum AtomicFile {
    /// The path that means standard output, as for most command-line tools: `--json -`. Only
    /// this exact path; a file named `-` is written as `./-`.
    public static let standardOutput = "-"

    /// Writes `data` to `path` by the rule above; `notice` hears about removed leftovers.
    ///
    /// - Throws: `BenchError.output(.cannotWrite(path:reason:))`; a replaced file is then
    ///   left as it was and the temporary file removed.
    public static func write(_ data: Data, to path: String, notice: (String) -> Void = { _ in }) throws {
        try write(data, to: path, notice: notice, beforeRename: {})
    }

    /// Writes `bytes` to `path` (see `write(_:to:notice:)`).
    public static func write(_ bytes: [UInt8], to path: String, notice: (String) -> Void = { _ in }) throws {
        try write(Data(bytes), to: path, notice: notice, beforeRename: {})
    }

    /// Checks that `path` could be written now without touching it: for a file to replace, a
    /// temporary file is created and removed beside it and the file itself must not be immutable;
    /// a device must open for writing. Commands call this before a long run, so that a mistyped
    /// or unwritable output fails in a moment instead of after minutes of measuring.
    /// - Throws: The same `BenchError.output` as `write` would.
    public static func checkWritable(_ path: String) throws {
        switch try Destination(path) {
        case .replace(let target, let existing):
            let probe = try target.createTemporary()
            close(probe.descriptor)
            unlink(probe.path)
            probe.forget()
            if existing != nil {
                // Immutable and append-only files refuse a write open even to root, and their
                // rename would fail only after the run.
                let fd = open(target.path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
                if fd >= 0 { close(fd) } else if errno == EPERM {
                    throw BenchError.output(.cannotWrite(path: path, reason: .immutable))
                }
            }
        case .device(let device):
            // A FIFO without a reader would block the check; it is opened when written.
            guard !device.isFIFO else { return }
            let fd = open(device.path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else { throw failure(path, errno) }
            close(fd)
        case .descriptor(let fd):
            guard fcntl(fd, F_GETFL) >= 0 else { throw failure(path, errno) }
        }
    }

    /// The file or device `path` finally names, for telling whether two paths are the same output
    /// or an output is an input: its device and inode when it exists, else its absolute path.
    static func identity(of path: String) -> String {
        var info = stat()
        if stat(path, &info) == 0 { return "inode \(info.st_dev):\(info.st_ino)" }
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return "path " + URL(fileURLWithPath: absolute).standardizedFileURL.path
    }

    /// `identity(of:)` for an output path: `-` is what descriptor 1 is open on (so `-` and
    /// `/dev/stdout` are one output), `/dev/fd/N` what N is open on.
    static func outputIdentity(of path: String) -> String {
        guard path == standardOutput else { return identity(of: path) }
        var info = stat()
        return fstat(1, &info) == 0 ? "inode \(info.st_dev):\(info.st_ino)" : "standard output"
    }

    /// True when `path` (`-`: standard output) is a character device that throws away what is
    /// written to it, as `/dev/null` does (the same device, under any name): several outputs may
    /// go there.
    static func discardsWrites(_ path: String) -> Bool {
        var info = stat(), null = stat()
        let found = path == standardOutput ? fstat(1, &info) : stat(path, &info)
        guard found == 0, stat("/dev/null", &null) == 0 else { return false }
        return (info.st_mode & S_IFMT) == S_IFCHR && info.st_rdev == null.st_rdev
    }

    /// True when `path` is written directly (a device, FIFO or standard stream), so naming it
    /// twice replaces nothing.
    static func isStream(_ path: String) -> Bool {
        switch try? Destination(path) {
        case .device, .descriptor: return true
        default: return false
        }
    }

    /// `write` with a hook that runs after the temporary file is complete and before the rename;
    /// tests make it throw to show that a failure at the last moment changes nothing.
    static func write(_ data: Data, to path: String, notice: (String) -> Void = { _ in },
                      beforeRename: () throws -> Void) throws {
        try write([(path, data)], notice: notice, beforeRename: { _ in try beforeRename() })
    }

    /// Writes several outputs as one transaction (see the type's doc): each regular file to a
    /// temporary file beside it, then each device, FIFO or standard stream in place (`-` through
    /// `standardOutput` when given, else descriptor 1), then the renames, in the order given.
    ///
    /// - Parameter beforeRename: Runs before the rename of the file at that index of `outputs`;
    ///   tests use it to make a rename fail midway.
    /// - Throws: `BenchError.output` naming the output that failed; when renames had already
    ///   happened, the message names the files they replaced. No temporary file is left.
    static func write(_ outputs: [(path: String, data: Data)], notice: (String) -> Void = { _ in },
                      standardOutput: ((Data) -> Void)? = nil, beforeRename: (Int) throws -> Void = { _ in }) throws {
        let destinations = try outputs.map { try Destination($0.path) }
        var staged: [(index: Int, temporary: String, target: Target)] = []
        var renamed = 0
        defer {
            for entry in staged.dropFirst(renamed) { unlink(entry.temporary) }
            InterruptState.clearTemporaries()
        }
        for (index, destination) in destinations.enumerated() {
            guard case .replace(let target, let existing) = destination else { continue }
            for leftover in target.removeLeftovers() {
                notice("Removed '\(leftover)', a temporary file left by an earlier bench process that was stopped.\n")
            }
            let temporary = try target.createTemporary()
            staged.append((index, temporary.path, target))
            try complete(temporary, of: target, keeping: existing, with: outputs[index].data)
        }
        for (index, destination) in destinations.enumerated() {
            switch destination {
            case .replace: continue
            case .device(let device):
                let fd = open(device.path, O_WRONLY | O_CLOEXEC)
                guard fd >= 0 else { throw failure(outputs[index].path, errno) }
                defer { close(fd) }
                try writeAll(outputs[index].data, to: fd) { failure(outputs[index].path, $0) }
            case .descriptor(let fd):
                if outputs[index].path == AtomicFile.standardOutput, let standardOutput {
                    standardOutput(outputs[index].data)
                } else if outputs[index].path == AtomicFile.standardOutput {
                    // Said as every command says a failed write to standard output (`render --png -`).
                    try writeAll(outputs[index].data, to: fd) { BenchError.output(.streamWriteFailed(descriptor: fd, code: $0)) }
                } else {
                    try writeAll(outputs[index].data, to: fd) { failure(outputs[index].path, $0) }
                }
            }
            InterruptState.recordWritten(outputs[index].path)
        }
        for entry in staged {
            do {
                try beforeRename(entry.index)
                try rename(entry.temporary, over: entry.target, existed: destinations[entry.index].existed)
            } catch let error as BenchError where renamed > 0 {
                throw BenchError.output(.partlyReplaced(failure: error, replaced: staged.prefix(renamed).map(\.target.shownPath)))
            }
            renamed += 1
            InterruptState.recordWritten(outputs[entry.index].path)
        }
    }

    /// Writes every byte of `data` to `fd`, retrying after interrupts.
    static func writeAll(_ data: Data, to fd: Int32, failure: (Int32) -> BenchError) throws {
        try data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw failure(errno)
                }
                offset += written
            }
        }
    }

    /// Writes `data` to the new temporary file of `target`, gives it the mode and owner of the
    /// file it replaces, flushes it to the disk and closes it.
    private static func complete(_ temporary: Target.Temporary, of target: Target, keeping existing: stat?,
                                 with data: Data) throws {
        do {
            try writeAll(data, to: temporary.descriptor) { target.failure($0) }
            if let existing {
                // The replacement keeps what the user set on the file: its mode, and its owner
                // where this process may set it (as root; otherwise the file becomes the user's).
                guard fchmod(temporary.descriptor, existing.st_mode & 0o7777) == 0 else { throw target.failure(errno) }
                if fchown(temporary.descriptor, existing.st_uid, existing.st_gid) != 0 && errno != EPERM {
                    throw target.failure(errno)
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
    }

    /// Renames the complete `temporary` over `target` (`existed`: a file was there) and makes the
    /// rename durable.
    private static func rename(_ temporary: String, over target: Target, existed: Bool) throws {
        guard Foundation.rename(temporary, target.path) == 0 else {
            let code = errno
            if code == EPERM || code == EACCES, existed, access(target.directory, W_OK) == 0 {
                throw BenchError.output(.cannotWrite(path: target.shownPath, reason: .notReplaceable))
            }
            throw target.failure(code)
        }
        // Makes the rename itself durable; best effort, since the file is complete either way.
        let directory = open(target.directory, O_RDONLY | O_CLOEXEC)
        if directory >= 0 {
            _ = fsync(directory)
            close(directory)
        }
    }

    private static func failure(_ path: String, _ code: Int32) -> BenchError {
        if code == EFBIG, let bytes = fileSizeLimit() {
            return BenchError.output(.cannotWrite(path: path, reason: .fileSizeLimit(bytes: bytes)))
        }
        return BenchError.output(.cannotWrite(path: path, reason: .system(code)))
    }

    /// The file-size limit this process runs under (`ulimit -f`), in bytes; nil when there is none.
    /// A write past it fails with EFBIG: `main` ignores SIGXFSZ, which would otherwise end the
    /// process with the temporary file left behind.
    static func fileSizeLimit() -> UInt64? {
        var limit = rlimit()
        guard getrlimit(fileSize, &limit) == 0, limit.rlim_cur != rlim_t.max else { return nil }
        return UInt64(limit.rlim_cur)
    }

    /// RLIMIT_FSIZE as getrlimit(2) takes it: an enum case in Glibc's import, an Int32 in Darwin's.
    #if canImport(Glibc)
    private static let fileSize = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
    #else
    private static let fileSize = RLIMIT_FSIZE
    #endif

    /// What writing to a path means, decided once from what is there now.
    private enum Destination {
        /// A regular file to replace atomically (`existing` is its `stat`), or a new one.
        case replace(Target, existing: stat?)
        /// A character device or FIFO, written in place.
        case device(Device)
        /// An open descriptor of this process: standard output or error.
        case descriptor(Int32)

        /// Whether a regular file is there to be replaced.
        var existed: Bool {
            if case .replace(_, let existing) = self { return existing != nil }
            return false
        }

        init(_ path: String) throws {
            guard !path.isEmpty else { throw BenchError.output(.cannotWrite(path: "", reason: .emptyPath)) }
            if path == AtomicFile.standardOutput {
                self = .descriptor(1)
                return
            }
            for (prefix, fixed) in [("/dev/stdout", 1), ("/dev/stderr", 2)] as [(String, Int32)] where path == prefix {
                self = .descriptor(fixed)
                return
            }
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
                if let fd = Int32(path.dropFirst(prefix.count)) {
                    self = .descriptor(fd)
                    return
                }
            }
            var link = stat()
            guard lstat(path, &link) == 0 else {
                let code = errno
                let target = try Target(path, shownAs: path)
                guard code == ENOENT else { throw target.failure(code) }
                self = .replace(target, existing: nil)
                return
            }
            var info = link
            var resolved = path
            if (link.st_mode & S_IFMT) == S_IFLNK {
                guard stat(path, &info) == 0, let real = realpath(path, nil) else {
                    throw BenchError.output(.cannotWrite(path: path, reason: .danglingLink))
                }
                resolved = String(cString: real)
                free(real)
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG: self = .replace(try Target(resolved, shownAs: path), existing: info)
            case S_IFDIR: throw BenchError.output(.cannotWrite(path: path, reason: .directory))
            case S_IFCHR: self = .device(Device(path: resolved, isFIFO: false))
            case S_IFIFO: self = .device(Device(path: resolved, isFIFO: true))
            case S_IFBLK: throw BenchError.output(.cannotWrite(path: path, reason: .blockDevice))
            default: throw BenchError.output(.cannotWrite(path: path, reason: .specialFile))
            }
        }
    }

    /// A device or FIFO written in place.
    private struct Device {
        var path: String
        var isFIFO: Bool
    }
}
