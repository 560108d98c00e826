#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Problems
import Text
import Results

/// A child process of `bench` (a `--processes` round, a valgrind counting child), started so that
/// an interrupt of `bench` reaches it: by `posix_spawn(3)` in `bench`'s own process group, with no
/// descriptor opened in the parent and its pid in `InterruptState`, whose handler forwards SIGINT
/// and SIGTERM. `wait()` reaps it (retrying on EINTR). Rejected: Foundation's `Process`, which on
/// Linux puts a child in a group of its own (Ctrl-C never reaches it) and opens a socket pair per
/// child (which fails, or traps, under a small `ulimit -n`). A child knows it is one
/// (`childEnvironmentKey`), so it leaves the message about a shared interrupt to its parent, and it
/// ends when its parent dies, removing the parent's temporary directory (`directoryEnvironmentKey`).
struct ChildProcess {
    /// The environment variable set in every child, to the parent's pid: its interrupt handler
    /// stays silent, and it watches that parent.
    static let childEnvironmentKey = "CORNERBENCH_CHILD"
    /// The environment variable that names the parent's temporary directory (`ChildDirectory`)
    /// to a child, which removes it if the parent dies.
    static let directoryEnvironmentKey = "CORNERBENCH_CHILD_DIRECTORY"

    /// How a child ended.
    enum Termination: Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)
    }

    /// The child's process id.
    let pid: pid_t
    /// What the child is, for messages (`process 2 of 3`).
    let name: String

    /// Starts `executable` (a full path) with `arguments` and `environment` (plus
    /// `childEnvironmentKey`), its standard output going to the file `standardOutput` (created or
    /// truncated) or to /dev/null when nil, its standard error shared with `bench`'s; `directory`
    /// is the temporary directory it works in, which it removes should `bench` die. SIGINT and
    /// SIGTERM are blocked in `bench` while the child starts and its pid is recorded, so the
    /// interrupt handler either forwards a signal to it or has already recorded the signal,
    /// which this checks before returning.
    /// - Throws: `BenchError.resource` when the child cannot start (naming `name` and the
    ///   reason), or `InterruptState.Interrupted` when `bench` was interrupted.
    init(_ name: String, executable: String, arguments: [String], environment: [String: String],
         standardOutput: String?, directory: ChildDirectory? = nil) throws {
        self.name = name
        try InterruptState.throwIfInterrupted()

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, standardOutput ?? "/dev/null",
                                         O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The child starts with no signal blocked and the signals `bench` ignores or handles at
        // their defaults: an ignored SIGPIPE would otherwise be inherited through exec.
        var empty = sigset_t(), defaults = sigset_t()
        sigemptyset(&empty)
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var environment = environment
        environment[Self.childEnvironmentKey] = String(getpid())
        environment[Self.directoryEnvironmentKey] = directory?.path
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }

        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGINT)
        sigaddset(&blocked, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        let recorded = status == 0 && InterruptState.recordChild(pid)
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        guard status == 0 else {
            throw BenchError.resource(.cannotStart(child: name, executable: executable, code: status, output: standardOutput))
        }
        self.pid = pid
        guard recorded else {
            // No slot to record it in: the handler could not reach it, so it must not run.
            kill(pid, SIGKILL)
            _ = wait()
            throw BenchError.resource(.tooManyChildren(child: name, capacity: InterruptState.childCapacity))
        }
        // A signal that arrived on another thread before the pid was recorded was not forwarded.
        if let signal = InterruptState.receivedSignal { kill(pid, signal) }
    }

    /// Waits for the child to end, retrying when a signal interrupts the wait, and forgets it.
    @discardableResult
    func wait() -> Termination {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { break }
        }
        InterruptState.forgetChild(pid)
        // WIFSIGNALED / WTERMSIG / WEXITSTATUS, which Swift does not import.
        let signal = status & 0x7f
        if signal != 0 && signal != 0x7f { return .signalled(signal) }
        return .exited((status >> 8) & 0xff)
    }

    /// Waits for the child and throws unless it exited with status 0: `InterruptState.Interrupted`
    /// when `bench` itself was interrupted (the child then ended by the forwarded signal), else
    /// `BenchError.resource` for a child killed by a signal, or `failure(status)` for a non-zero
    /// exit status.
    func waitForSuccess(failure: (Int32) -> BenchError) throws {
        let termination = wait()
        try InterruptState.throwIfInterrupted()
        switch termination {
        case .exited(0):
            return
        case .exited(let status):
            throw failure(status)
        case .signalled(let signal):
            throw BenchError.resource(.killedBySignal(child: name, signal: signal))
        }
    }

    /// The descriptors a child needs beyond those it inherits: `bench run --json` runs with 8
    /// in all, so 12 leaves room; valgrind keeps about 10 at the top of the range for itself and
    /// runs `bench` under it from 20, so 24.
    enum DescriptorNeed: Int {
        case bench = 12
        case valgrind = 24
    }

    /// Makes sure a child can have `need` descriptors beyond those open now (which it
    /// inherits), raising the soft limit towards the hard one when needed: a child that runs out
    /// fails in ways that say nothing about it (a trap, a library that cannot load, a profile
    /// never written). `purpose` (`--processes`) begins the message.
    /// - Throws: `BenchError.resource` naming the limit when the hard limit is too low.
    static func checkDescriptors(for purpose: String, need: DescriptorNeed) throws {
        var limit = rlimit()
        guard getrlimit(Self.descriptorLimit, &limit) == 0 else { return }
        let needed = rlim_t(requiredLimit(open: openDescriptors(), need: need.rawValue))
        // No limit (RLIM_INFINITY) is the largest value, so the comparisons hold for it too.
        if limit.rlim_cur < needed {
            var raised = limit
            raised.rlim_cur = min(needed, limit.rlim_max)
            if raised.rlim_cur >= needed, setrlimit(Self.descriptorLimit, &raised) == 0 { return }
            throw BenchError.resource(.tooFewDescriptors(purpose: purpose, needed: UInt64(needed), limit: UInt64(limit.rlim_cur)))
        }
    }

    /// The smallest descriptor limit under which a process with the descriptors `open` (their
    /// numbers) can open `need` more. A new descriptor takes the lowest free number, which must be
    /// below the limit, so what counts is the open ones below it: descriptors inherited at high
    /// numbers (a shell's 10 or 255) take no room under a lower limit. The answer does not depend
    /// on the limit in force, so every limit that is too low names the same number.
    static func requiredLimit(open: [Int32], need: Int) -> Int {
        var limit = need
        while true {
            let next = need + open.filter { Int($0) < limit }.count
            if next == limit { return limit }
            limit = next
        }
    }

    /// RLIMIT_NOFILE, which Glibc imports as an enum case where getrlimit wants its raw value.
    private static var descriptorLimit: __rlimit_resource_t {
        #if canImport(Glibc)
        __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        RLIMIT_NOFILE
        #endif
    }

    /// The numbers of the descriptors this process has open, whatever the limit: a descriptor
    /// inherited above the soft limit is open all the same. From /proc/self/fd where it can be
    /// read (less the descriptor that reads it), else by probing every number up to 65,536.
    static func openDescriptors() -> [Int32] {
        if let directory = opendir("/proc/self/fd") {
            defer { closedir(directory) }
            let own = dirfd(directory)
            var numbers: [Int32] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if let fd = Int32(name), fd != own { numbers.append(fd) }
            }
            return numbers.sorted()
        }
        // Probing each descriptor needs none of its own.
        return (0..<Int32(65536)).filter { fcntl($0, F_GETFD) != -1 }
    }
}
