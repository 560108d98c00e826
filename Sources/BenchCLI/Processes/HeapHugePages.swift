import Foundation
import Results

/// Starting `bench` again, once, so that glibc's `malloc` maps its heap in 2 MiB pages where the
/// kernel grants them on request (transparent huge pages in `madvise` mode): the tunable
/// `glibc.malloc.hugetlb=1` is read only when a process starts. Why: the small buffers a frame
/// reads (a cell's pass, a mask, a label) paid page walks in 4 KiB pages that the kept-copy floor,
/// a frame in 2 MiB pages, did not: the masked strategies' composites on the iPad took 3–4 % longer
/// (docs/cost-model.md §6). It changes where memory comes from, not what is drawn or counted;
/// results record it (`provenance.host.mallocHugePages`).
enum HeapHugePages {
    /// The glibc tunable, and the setting that asks for transparent huge pages.
    static let tunable = HostFingerprint.mallocHugePagesTunable
    static let setting = tunable + "=1"

    /// The environment to start `bench` again with, or nil to go on: only for the commands that
    /// time (`run`, `kernels`, `check`, which runs a suite when given one, and `bench` with no
    /// command, which runs), only where transparent huge pages are given on request
    /// (`hugePageMode` is `madvise`: under `always` the heap has them already, under `never`
    /// nothing does), never in a child of another `bench` (it inherits its parent's environment,
    /// and one counting instructions under valgrind must not leave valgrind), never under valgrind
    /// at all (its preloaded library is in `LD_PRELOAD`: a process started again would run outside
    /// it), and never when `GLIBC_TUNABLES` already names the tunable, so a user can say
    /// `glibc.malloc.hugetlb=0` and a process started again does not start again.
    static func relaunchEnvironment(arguments: [String], environment: [String: String],
                                    hugePageMode: String) -> [String: String]? {
        guard hugePageMode == "madvise", environment[ChildProcess.childEnvironmentKey] == nil,
              !(environment["LD_PRELOAD"] ?? "").contains("vgpreload") else { return nil }
        let existing = environment["GLIBC_TUNABLES"] ?? ""
        guard !existing.contains(tunable) else { return nil }
        // The first argument names the command, as `BenchCLI.resolve` reads it.
        switch arguments.first {
        case nil, "run", "kernels", "check": break
        case let option? where option.hasPrefix("-") && !["-h", "--help", "--version"].contains(option): break
        default: return nil
        }
        var relaunched = environment
        relaunched["GLIBC_TUNABLES"] = existing.isEmpty ? setting : existing + ":" + setting
        return relaunched
    }

    /// Replaces this process with `bench` started again with `environment`'s `GLIBC_TUNABLES`
    /// and the same arguments (`/proc/self/exe`); returns only if that fails, and the run then
    /// goes on as it is. Every other variable is passed on byte for byte from the process's own
    /// environment: `environment`, decoded by Foundation, has U+FFFD where a value was not UTF-8,
    /// and a `GITHUB_STEP_SUMMARY` passed on so would name another file (issue 48, row 10).
    static func relaunch(with environment: [String: String]) {
        #if os(Linux)
        let arguments = CommandLine.arguments.map { strdup($0) } + [nil]
        var variables: [UnsafeMutablePointer<CChar>?] = []
        var entry = environ
        while let variable = entry.pointee {
            if strncmp(variable, "GLIBC_TUNABLES=", 15) != 0 { variables.append(strdup(variable)) }
            entry += 1
        }
        if let tunables = environment["GLIBC_TUNABLES"] { variables.append(strdup("GLIBC_TUNABLES=" + tunables)) }
        variables.append(nil)
        execve("/proc/self/exe", arguments, variables)
        for pointer in arguments + variables { free(pointer) }
        #endif
    }
}
