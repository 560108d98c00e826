import JSON
import Text

/// An input (a scenario, suite or results file) that cannot be used, with the values it is about;
/// `description` is its one sentence, written here once per kind of problem rather than at each
/// place that finds one.
public enum InputProblem: Equatable, Sendable, CustomStringConvertible {
    /// The file at `path` (shown as is) could not be read, for `reason`.
    case cannotRead(path: String, reason: ReadFailure)
    /// A value of a JSON file (a scenario, suite, cell or results file) is not what its format
    /// allows, or the file is not JSON.
    case json(JSONProblem)
    /// Results files that must not be gated, compared or merged.
    case incomparable(IncomparableResults)
    /// The baseline names the scenario `name`, which is not built in, nor in the `--suite` when
    /// `suiteGiven`, so `bench check` cannot run it again.
    case baselineScenarioUnknown(name: String, suiteGiven: Bool)
    /// The baseline `bench check` would run again holds no runs.
    case baselineEmpty
    /// The child process `child` ("process 2 of 3") ended with the exit status `status`;
    /// `error` says where its error is.
    case childFailed(child: String, status: Int32, error: ChildError)
    /// The counting process `child` wrote `line` to standard output, where only its own labels
    /// belong (a strategy that prints, usually).
    case unexpectedChildOutput(child: String, line: String)
    /// callgrind's profile at `path` simulated the `caches` it describes (`I1 cache` → its
    /// sizes), not the tool's.
    case foreignCacheSimulation(path: String, caches: [String: String])
    /// The scenario `scenario` was to be measured for `steps` steps, outside 1 to `maximum`.
    case stepsOutOfRange(steps: Int, scenario: String, maximum: Int)
    /// The scenario's device `device` has a screen of no pixels.
    case emptyScreen(device: String)
    /// The text read as a callgrind profile has no `events:` line.
    case notACallgrindProfile
    /// Limits of `bench check` that no row could be judged on, each with why: a check that
    /// judged nothing must not pass.
    case limitsNotJudged([UnjudgedLimit])

    /// Where the error of a failed child process is to be read.
    public enum ChildError: Equatable, Sendable {
        /// On standard error, which the child shares with `bench`: above the message.
        case above
        /// In its log, whose last lines are these (none when the log is empty).
        case logTail(String)
    }



    public var description: String {
        switch self {
        case .cannotRead(let path, let reason): "\(path): \(reason)."
        case .json(let problem): problem.description
        case .incomparable(let reason): reason.description
        case .baselineScenarioUnknown(let name, true):
            "the baseline's scenario '\(Escape.message(name))' is neither built in nor in the given --suite; give --suite or --results."
        case .baselineScenarioUnknown(let name, false):
            "the baseline's scenario '\(Escape.message(name))' is not a built-in scenario, and no --suite was given; give --suite or --results."
        case .baselineEmpty: "the baseline holds no runs."
        case .limitsNotJudged(let limits):
            "no row could be held to " + limits.map { "\($0.limit) (the rows \($0.reason))" }.joined(separator: ", nor to ")
                + "; a check that judged nothing is not a pass: drop the limit or give results that have the value."
        case .childFailed(let child, let status, .above):
            "\(child) failed (exit status \(status)); its error is above."
        case .childFailed(let child, let status, .logTail(let tail)):
            "\(child) failed (exit status \(status))\(tail.isEmpty ? "" : ":\n" + tail)"
        case .unexpectedChildOutput(let child, let line):
            "unexpected output from \(child) ('\(Escape.message(String(line.prefix(40))) + (line.count > 40 ? "…" : ""))' where a label of its own belongs); a strategy may write to standard output, which the counting process uses for its labels."
        case .foreignCacheSimulation(let path, let caches):
            "callgrind's profile '\(path)' was not simulated with the tool's caches (\(Escape.message(Self.shown(caches))))."
        case .stepsOutOfRange(let steps, let scenario, let maximum):
            "cannot measure \(Format.grouped(steps)) steps of the scenario '\(Escape.message(scenario))': a run measures from 1 to \(Format.grouped(maximum)) steps."
        case .emptyScreen(let device): "device '\(Escape.message(device))' has an empty screen."
        case .notACallgrindProfile: "not a callgrind profile (no 'events:' line)."
        }
    }

    /// Simulated caches as a profile describes them, by level, or that there were none.
    private static func shown(_ caches: [String: String]) -> String {
        caches.isEmpty ? "no cache simulation" : caches.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: "; ")
    }
}

/// Why an input file could not be read; `description` continues "PATH: ".
public enum ReadFailure: Equatable, Sendable, CustomStringConvertible {
    /// Nothing is at the path.
    case noSuchFile
    /// The path is a directory; `expected` says what should be there ("a JSON file"), when known.
    case directory(expected: String?)
    /// Opening or reading failed with this `errno`, in the C library's words.
    case system(Int32)
    /// `bench list` found this `kind` of file among the suites it reads from a directory, which it
    /// leaves unread: a FIFO would wait forever for a writer, a device might never end.
    case notRegularFile(SpecialFile)
    /// The file is larger than `limit` bytes, the most `subject` ("scenario and suite files") may
    /// have: `bytes` when its size was known before reading, nil when a stream ran past the limit.
    case tooLarge(bytes: Int?, limit: Int, subject: String)

    /// A kind of file that is not a regular one (nor a directory).
    public enum SpecialFile: Equatable, Sendable {
        case fifo, characterDevice, blockDevice, socket

        /// What it is called: "a named pipe (FIFO)".
        public var name: String {
            switch self {
            case .fifo: "a named pipe (FIFO)"
            case .characterDevice: "a character device"
            case .blockDevice: "a block device"
            case .socket: "a socket"
            }
        }
    }

    public var description: String {
        switch self {
        case .noSuchFile: "no such file"
        case .notRegularFile(let kind): "is \(kind.name), not a regular file; bench list reads only regular files"
        case .directory(nil): "is a directory"
        case .directory(let expected?): "is a directory; expected \(expected)"
        case .system(let code): "cannot read the file (\(BenchError.systemReason(code)))"
        case .tooLarge(let bytes?, let limit, let subject):
            "the file is \(Format.grouped(bytes)) bytes; \(subject) are limited to \(Format.grouped(limit))"
        case .tooLarge(nil, let limit, let subject):
            "the file is more than \(Format.grouped(limit)) bytes; \(subject) are limited to \(Format.grouped(limit))"
        }
    }
}

extension InputProblem {
    /// The value `read` returns, a reader of a JSON file; a problem it finds in the file is thrown
    /// as `BenchError.input(.json(problem))`, the error every input gives.
    public static func readingJSON<T>(_ read: () throws -> T) throws -> T {
        do {
            return try read()
        } catch let problem as JSONProblem {
            throw BenchError.input(.json(problem))
        }
    }
}
