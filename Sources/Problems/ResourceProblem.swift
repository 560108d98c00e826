#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Text

/// A resource that ran out or was refused (memory, file descriptors, temporary space, a child
/// process), with the values it is about; `description` is its one sentence, written here once
/// per kind of shortage rather than at each place that finds one.
public enum ResourceProblem: Equatable, Sendable, CustomStringConvertible {
    /// The child process `child` ("process 2 of 3") could not be started from `executable`:
    /// `posix_spawn` failed with `code`; `output` is the file its standard output was to go to.
    case cannotStart(child: String, executable: String, code: Int32, output: String?)
    /// The child process `child` was started but not run: `bench` can track only `capacity`
    /// children at once, and one it cannot track an interrupt could not reach.
    case tooManyChildren(child: String, capacity: Int)
    /// The child process `child` was killed by `signal`.
    case killedBySignal(child: String, signal: Int32)
    /// The children that `purpose` (`--processes`) starts need a descriptor limit of `needed`,
    /// but the hard limit keeps the soft one at `limit`.
    case tooFewDescriptors(purpose: String, needed: UInt64, limit: UInt64)
    /// `purpose` (`--processes`) could not create its temporary directory in `parent` (TMPDIR):
    /// `mkdir` failed with `code`.
    case cannotCreateTemporaryDirectory(purpose: String, parent: String, code: Int32)
    /// A `width` × `height` frame buffer could not be allocated; `addressSpaceLimit` is the
    /// address-space limit in bytes, nil when there is none (memory is then exhausted).
    case frameBufferRefused(width: Int, height: Int, addressSpaceLimit: UInt64?)
    /// A run needs `need` but the process's `limit` is `limitBytes` bytes.
    case runNeedsMemory(need: RunMemory, limit: MemoryLimit, limitBytes: UInt64)
    /// A run's cells would draw `pixels` pixels off screen (`WorkEstimate`), more than `limit`;
    /// the costliest scenario `scenario` draws `pixelsPerStep` a step off screen, on a screen of
    /// `screenPixels`.
    case runTooLong(pixels: Double, limit: Double, scenario: String, pixelsPerStep: Double, screenPixels: Double)
    /// A run's cells' masks would take `values` coverage values to make (`WorkEstimate`), with
    /// the pixels its cells draw off screen more than `limit`; each cell of the costliest
    /// scenario `scenario` makes `perCell` for its masks' shapes, and its tables make `cells`.
    case masksTooLong(values: Double, limit: Double, scenario: String, perCell: Double, cells: Int)
    /// `--instructions` counted nothing for the pairs `missing` (their names) of `pairs` pairs;
    /// `reason` is why, for the first of them (or a shortage that explains them all).
    case instructionsMissing(missing: [String], pairs: Int, reason: MissingCount)

    /// What a run needs in memory at its peak, as `bench` shows it: `frames` buffers of a
    /// `frameWidth` × `frameHeight` frame, `recordBytes` of step records and `programBytes` for
    /// the program; `bytes` in all.
    public struct RunMemory: Equatable, Sendable {
        public var bytes: Int
        public var frames: Int
        public var frameWidth: Int
        public var frameHeight: Int
        public var recordBytes: Int
        public var programBytes: Int
        /// The tables' geometry and the cells' bitmaps and off-screen buffers.
        public var tableBytes: Int
        /// The picture `bench render` writes: its overlay, legend and PNG.
        public var pictureBytes: Int

        public init(bytes: Int, frames: Int, frameWidth: Int, frameHeight: Int, recordBytes: Int, programBytes: Int, tableBytes: Int = 0,
                    pictureBytes: Int = 0) {
            self.bytes = bytes
            self.frames = frames
            self.frameWidth = frameWidth
            self.frameHeight = frameHeight
            self.recordBytes = recordBytes
            self.programBytes = programBytes
            self.tableBytes = tableBytes
            self.pictureBytes = pictureBytes
        }
    }

    /// A process memory limit a run must fit under.
    public enum MemoryLimit: Equatable, Sendable {
        /// RLIMIT_AS, `ulimit -v`.
        case addressSpace
        /// RLIMIT_DATA, `ulimit -d`.
        case data
        /// The machine's memory (no process limit is lower).
        case physical

        /// Its name in a sentence ("the address-space limit").
        var name: String {
            switch self {
            case .addressSpace: "address-space"
            case .data: "data"
            case .physical: "physical memory"
            }
        }
        /// The `ulimit` option that sets it; nil for the machine's memory.
        var ulimitOption: String? {
            switch self {
            case .addressSpace: "v"
            case .data: "d"
            case .physical: nil
            }
        }
    }

    /// Why a pair got no instruction count; `description` ends the sentence.
    public enum MissingCount: Equatable, Sendable, CustomStringConvertible {
        /// The temporary directory `directory` (TMPDIR) has no space left.
        case noSpace(directory: String)
        /// The counting process `child` wrote no label at all (its standard output is empty).
        case noLabels(child: String)
        /// The counting process `child` stopped writing labels before the pair's.
        case labelsStopped(child: String)
        /// callgrind wrote no profile for the pair.
        case noProfile

        public var description: String {
            switch self {
            case .noSpace(let directory): "no space is left in '\(Escape.message(directory))' (TMPDIR)"
            case .noLabels(let child): "\(child) wrote no label for it (its standard output is empty)"
            case .labelsStopped(let child): "\(child) stopped writing labels before it"
            case .noProfile: "callgrind wrote no profile for it"
            }
        }
    }

    public var description: String {
        switch self {
        case .cannotStart(let child, let executable, let code, let output):
            return "cannot start \(child) ('\(Escape.message(executable))'): \(Self.spawnReason(code, output: output))."
        case .tooManyChildren(let child, let capacity):
            return "cannot start \(child): more than \(capacity) child processes at once."
        case .killedBySignal(let child, let signal):
            return "\(child) was killed by signal \(signal)\(Self.signalName(signal).map { " (\($0))" } ?? "")."
        case .tooFewDescriptors(let purpose, let needed, let limit):
            return "\(purpose) ran out of file descriptors: its child processes need \(needed), "
                + "but the limit is \(limit) (ulimit -n); raise it to \(needed) or more."
        case .cannotCreateTemporaryDirectory(let purpose, let parent, let code):
            return "\(purpose) cannot create its temporary directory in '\(Escape.message(parent))' (TMPDIR): \(Self.mkdirReason(code))."
        case .frameBufferRefused(let width, let height, let limit):
            let reason = limit.map { "the address-space limit is \(Self.megabytes(Int(clamping: $0))) (ulimit -v \(Int(clamping: $0 / 1024)))" }
                ?? "the system refused the allocation (memory is exhausted)"
            return "not enough memory for a \(width) × \(height) frame buffer (\(Self.megabytes(width * height * 4))): \(reason)."
        case .runNeedsMemory(let need, let limit, let limitBytes):
            let kilobytes = (need.bytes + 1023) / 1024
            let frame = (need.frameWidth > 0 && need.frameHeight > 0 ? need.frameWidth * need.frameHeight : 0) * 4
            let what = "this run needs about \(Self.megabytes(need.bytes)) of memory (\(need.frames) buffers of a "
                + "\(need.frameWidth) × \(need.frameHeight) frame, \(Self.megabytes(frame)) each, "
                + (need.recordBytes >= 1_000_000 ? "\(Self.megabytes(need.recordBytes)) of step records, " : "")
                + (need.tableBytes >= 1_000_000 ? "\(Self.megabytes(need.tableBytes)) for the tables and their cells' bitmaps, " : "")
                + (need.pictureBytes >= 1_000_000 ? "\(Self.megabytes(need.pictureBytes)) for the picture, its legend and its PNG, " : "")
                + "and about \(Self.megabytes(need.programBytes)) for the program)"
            guard let option = limit.ulimitOption else {
                return what + ", but this machine has \(Self.megabytes(Int(clamping: limitBytes))) of memory; run a smaller table or cell, "
                    + "or fewer strategies or steps."
            }
            return what + ", but the \(limit.name) limit is "
                + "\(Self.megabytes(Int(clamping: limitBytes))) (ulimit -\(option) \(limitBytes / 1024)); raise it to "
                + "\(Self.megabytes(kilobytes * 1024)) (ulimit -\(option) \(kilobytes)) or more, or run fewer strategies or steps."
        case .runTooLong(let pixels, let limit, let scenario, let pixelsPerStep, let screenPixels):
            let screens = pixelsPerStep / max(1, screenPixels)
            return "this run's cells would draw about \(Self.scientific(pixels)) pixels in off-screen passes, more than the "
                + "\(Self.scientific(limit)) a run may (minutes of drawing): a step of the scenario '\(Escape.message(scenario))' draws about "
                + "\(Format.decimal(screens, 1)) screens of them; run fewer steps or strategies, "
                + "or a cell with fewer or smaller clipped, masked or shadowed layers."
        case .masksTooLong(let values, let limit, let scenario, let perCell, let cells):
            return "this run's cells' masks would take about \(Self.scientific(values)) coverage values to make, more than the "
                + "\(Self.scientific(limit)) pixels a run may draw (minutes of work): each of the \(Format.grouped(cells)) cells the tables "
                + "of the scenario '\(Escape.message(scenario))' make covers about \(Self.scientific(perCell)) for its masks' shapes; "
                + "use a mask of fewer or smaller shapes, or run fewer strategies or rounds."
        case .instructionsMissing(let missing, let pairs, let reason):
            let names = missing.prefix(5).map { "'\(Escape.message($0))'" }.joined(separator: ", ")
                + (missing.count > 5 ? " and \(missing.count - 5) more" : "")
            return "--instructions counted no instructions for \(missing.count) of \(pairs) pair(s), \(names): \(reason)."
        }
    }

    /// The usual name of `signal` (`SIGKILL`), for the signals a child is commonly ended by.
    private static func signalName(_ signal: Int32) -> String? {
        let names: [Int32: String] = [SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL",
                                      SIGTRAP: "SIGTRAP", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE",
                                      SIGKILL: "SIGKILL", SIGUSR1: "SIGUSR1", SIGSEGV: "SIGSEGV", SIGUSR2: "SIGUSR2",
                                      SIGPIPE: "SIGPIPE", SIGALRM: "SIGALRM", SIGTERM: "SIGTERM", SIGXCPU: "SIGXCPU",
                                      SIGXFSZ: "SIGXFSZ"]
        return names[signal]
    }

    /// Why `posix_spawn` failed with `code`, naming the standard output file `output` when that
    /// is what could not be created.
    private static func spawnReason(_ code: Int32, output: String?) -> String {
        switch code {
        case EMFILE, ENFILE: return "no file descriptor is left (\(BenchError.systemReason(code)))"
        case ENOSPC, EROFS, EACCES, EDQUOT:
            if let output { return "cannot create '\(Escape.message(output))': \(BenchError.systemReason(code))" }
            return BenchError.systemReason(code)
        default: return BenchError.systemReason(code)
        }
    }

    /// A reason a user can act on for `mkdir`'s `code`.
    private static func mkdirReason(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "it does not exist"
        case ENOTDIR: return "it is not a directory"
        case EACCES, EPERM: return "it is not writable (permission denied)"
        case EROFS: return "it is on a read-only file system"
        case ENOSPC, EDQUOT: return "no space is left on the device"
        default: return BenchError.systemReason(code)
        }
    }

    /// A large count as `1.7 × 10¹¹`.
    private static func scientific(_ value: Double) -> String {
        guard value.isFinite, value >= 1 else { return Format.decimal(value, 0) }
        var exponent = 0, mantissa = value
        while mantissa >= 10 { mantissa /= 10; exponent += 1 }
        let superscripts: [Character] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]
        return Format.decimal(mantissa, 1) + " × 10" + String(String(exponent).map { superscripts[Int(String($0))!] })
    }

    /// `bytes` in whole megabytes (10^6), as `22 MB`.
    private static func megabytes(_ bytes: Int) -> String {
        Format.grouped(Int((Double(bytes) / 1e6).rounded())) + " MB"
    }
}
