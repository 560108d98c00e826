#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Everything `bench` can fail with, each mapped to a message and an exit code.
public enum BenchError: Error, Equatable, CustomStringConvertible {
    /// Bad command-line usage (exit 2).
    case usage(UsageProblem)
    /// Unreadable or invalid input: a scenario, suite or results file (exit 2).
    case input(InputProblem)
    /// An output that could not be written (exit 2).
    case output(OutputProblem)
    /// A resource ran out or was refused: memory, file descriptors, temporary space, a child
    /// process that could not start or was killed (exit 2).
    case resource(ResourceProblem)
    /// The performance gate found `regressions` regressions against the baseline, which the
    /// command listed before it failed (exit 1).
    case gateFailed(regressions: Int)
    /// `bench check` held the rows to their limits and `count` breaches were found.
    case limitsExceeded(count: Int)

    /// The process exit code: 1 for a failed gate, 2 for everything the user must fix.
    public var exitCode: Int32 {
        if case .gateFailed = self { return 1 }
        if case .limitsExceeded = self { return 1 }
        return 2
    }

    /// Whether the command's usage should follow the message: only for a mistake in the command
    /// line. A bad file, an unwritable output or an exhausted resource is not helped by it.
    public var showsUsage: Bool {
        if case .usage = self { return true }
        return false
    }

    /// The message: a problem is rendered by its own type (`UsageProblem`, `InputProblem`,
    /// `OutputProblem`, `ResourceProblem`), a failed gate here.
    public var description: String {
        switch self {
        case .usage(let problem): return problem.description
        case .output(let problem): return problem.description
        case .input(let problem): return problem.description
        case .resource(let problem): return problem.description
        case .gateFailed(let regressions):
            return "the gate failed: \(regressions) regression(s) against the baseline (listed above)."
        case .limitsExceeded(let count):
            return "the gate failed: \(count) row(s) over a limit (listed above)."
        }
    }
}

extension BenchError {
    /// The C library's description of `errno` value `code`, in lower case to continue a sentence.
    public static func systemReason(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        let message = String(cString: text)
        return message.prefix(1).lowercased() + message.dropFirst()
    }
}
