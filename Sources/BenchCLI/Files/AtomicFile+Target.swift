import Foundation
import Problems

/// The regular file an output replaces, and its temporary files beside it.
extension AtomicFile {
    /// The regular file to be replaced: its path, its directory, and how to explain a failure.
    struct Target {
        var path: String
        /// The path as the user gave it (before following a link), for messages.
        var shownPath: String
        var directory: String
        var name: String

        init(_ path: String, shownAs shown: String) throws {
            self.path = path
            shownPath = shown
            if let slash = path.lastIndex(of: "/") {
                let dir = String(path[..<slash])
                directory = dir.isEmpty ? "/" : dir
                name = String(path[path.index(after: slash)...])
            } else {
                directory = "."
                name = path
            }
            if name.isEmpty || name == "." || name == ".." {
                throw BenchError.output(.cannotWrite(path: shown, reason: .directory))
            }
        }

        /// The directory prefix temporary files are made under.
        private var directoryPrefix: String { directory == "." ? "" : directory == "/" ? "/" : directory + "/" }

        /// The start of this target's temporary names: `.NAME.tmp-`, the name shortened to keep
        /// the whole within the 255 bytes a file name may have, with room for `PID-RANDOM`.
        private var temporaryStem: String {
            var short = Substring(name)
            while short.utf8.count > 255 - 40 { short = short.dropLast() }
            return "." + short + ".tmp-"
        }

        /// A temporary file made by `createTemporary`, known to the interrupt handler until
        /// `forget()`.
        struct Temporary {
            var path: String
            var descriptor: Int32
            fileprivate var recorded: Bool

            /// Tells the interrupt handler the file is gone (removed here), so it is not removed
            /// again; call it only while this is the temporary file added last.
            func forget() {
                if recorded { InterruptState.forgetLastTemporary(path) }
            }
        }

        /// Creates a new, empty temporary file beside the target, readable by others as a normal
        /// file would be (mode 0666 less the umask). Its name is given to the interrupt handler
        /// before the file exists, so an interrupt at any moment removes it (the handler's unlink of
        /// a name not yet created does nothing); `write` forgets all at once when it ends.
        func createTemporary() throws -> Temporary {
            for _ in 0..<8 {
                let suffix = String(UInt32.random(in: 0...UInt32.max), radix: 16)
                let temporary = directoryPrefix + temporaryStem + "\(getpid())-\(suffix)"
                let recorded = InterruptState.addTemporary(temporary)
                let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
                if fd >= 0 { return Temporary(path: temporary, descriptor: fd, recorded: recorded) }
                let code = errno
                if recorded { InterruptState.forgetLastTemporary(temporary) }
                if code != EEXIST { throw failure(code) }
            }
            throw failure(EEXIST)
        }

        /// Removes this target's temporary files left by bench processes that no longer exist
        /// (stopped by a signal this process could not catch); returns their paths.
        func removeLeftovers() -> [String] {
            let stem = temporaryStem
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
            var removed: [String] = []
            for entry in entries.sorted() where entry.hasPrefix(stem) {
                let rest = entry.dropFirst(stem.count)
                guard let dash = rest.firstIndex(of: "-"), let pid = Int32(rest[..<dash]), pid > 0,
                      pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
                if unlink(directoryPrefix + entry) == 0 { removed.append(directoryPrefix + entry) }
            }
            return removed
        }

        /// The error for a failed system call, with a reason a user can act on.
        func failure(_ code: Int32) -> BenchError {
            let reason: WriteFailure = switch code {
            case ENOENT where directory == ".": .currentDirectoryGone
            case ENOENT: .missingDirectory(directory)
            case ENOTDIR: .notADirectory(directory)
            case EISDIR: .directory
            case EACCES, EPERM: .permissionDenied(directory: directory)
            case ENAMETOOLONG: .nameTooLong
            case EFBIG: AtomicFile.fileSizeLimit().map { .fileSizeLimit(bytes: $0) } ?? .system(code)
            default: .system(code)
            }
            return BenchError.output(.cannotWrite(path: shownPath, reason: reason))
        }
    }
}
