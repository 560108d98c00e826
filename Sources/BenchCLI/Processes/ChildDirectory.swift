#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Problems
import Text
import Foundation
import Results

/// The temporary directory of a command that starts child processes (`--processes`,
/// `--instructions`): `cornerbench-KIND-PID-UUID` in the system's temporary directory (TMPDIR).
///
/// The owner removes it on every exit path it controls (`remove()` in a `defer`, an interrupt
/// included, see `InterruptState.whileChildrenRun`). A `kill -9` or a power cut leaves it behind,
/// so making one first removes those of processes that no longer run, as output temporaries are
/// (`AtomicFile`), and says so.
struct ChildDirectory {
    /// The kinds of directory, the `KIND` of the name: every one is swept for leftovers.
    static let kinds = ["instructions", "processes"]

    /// The directory's path.
    let path: String

    /// Creates a new directory of `kind` for `purpose` (`--processes`), first removing leftovers
    /// of any kind from processes that no longer run; `notice` hears how many were removed.
    /// - Throws: `BenchError.resource` naming TMPDIR and the reason when it cannot be created.
    init(kind: String, for purpose: String, notice: (String) -> Void) throws {
        let parent = Self.systemDirectory
        let removed = Self.removeLeftovers(in: parent)
        if removed > 0 {
            let what = removed == 1 ? "1 temporary directory left by an interrupted run" : "\(removed) temporary directories left by interrupted runs"
            notice("Removed \(what) in \(Escape.message(parent)).\n")
        }
        path = (parent.hasSuffix("/") ? parent : parent + "/") + "cornerbench-\(kind)-\(getpid())-\(UUID().uuidString)"
        guard mkdir(path, 0o700) == 0 else {
            throw BenchError.resource(.cannotCreateTemporaryDirectory(purpose: purpose, parent: parent, code: errno))
        }
    }

    /// Removes the directory and everything in it.
    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// A file inside the directory.
    func file(_ name: String) -> String { path + "/" + name }

    /// Why the directory's file system cannot take more (no space is left in TMPDIR), or nil
    /// when it has room: the usual reason a child wrote nothing.
    func spaceShortage() -> ResourceProblem.MissingCount? {
        var status = statvfs()
        guard statvfs(path, &status) == 0 else { return nil }
        let free = UInt64(status.f_bavail) * UInt64(status.f_frsize)
        guard free < 256 * 1024 || status.f_favail == 0 else { return nil }
        return .noSpace(directory: Self.systemDirectory)
    }

    /// The system's temporary directory: TMPDIR, or /tmp.
    static var systemDirectory: String {
        FileManager.default.temporaryDirectory.path
    }

    /// Removes the directories `cornerbench-KIND-PID-…` in `parent` that this user owns and whose
    /// process no longer runs; returns how many it removed.
    static func removeLeftovers(in parent: String) -> Int {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: parent) else { return 0 }
        var removed = 0
        for entry in entries {
            guard let kind = kinds.first(where: { entry.hasPrefix("cornerbench-\($0)-") }) else { continue }
            let rest = entry.dropFirst("cornerbench-\(kind)-".count)
            guard let dash = rest.firstIndex(of: "-"), let pid = Int32(rest[..<dash]), pid > 0, pid != getpid(),
                  kill(pid, 0) != 0, errno == ESRCH else { continue }
            let full = (parent.hasSuffix("/") ? parent : parent + "/") + entry
            var info = stat()
            guard lstat(full, &info) == 0, info.st_uid == getuid(), (info.st_mode & S_IFMT) == S_IFDIR else { continue }
            if (try? FileManager.default.removeItem(atPath: full)) != nil { removed += 1 }
        }
        return removed
    }
}
