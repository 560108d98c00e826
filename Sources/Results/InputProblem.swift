import JSON
import Text

/// An input (a scenario, suite or results file) that cannot be used, with the values it is about;
/// `description` is its one sentence, written here once per kind of problem rather than at each
/// place that finds one.
public enum InputProblem: Equatable, Sendable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// A sentence not yet given a case of its own.
    case message(String)
    /// The file at `path` (shown as is) could not be read, for `reason`.
    case cannotRead(path: String, reason: ReadFailure)
    /// A value of a JSON file (a scenario, suite, cell or results file) is not what its format
    /// allows, or the file is not JSON.
    case json(JSONProblem)
    /// Results files that must not be gated, compared or merged.
    case incomparable(IncomparableResults)

    public init(stringLiteral value: String) { self = .message(value) }

    public init(stringInterpolation: DefaultStringInterpolation) { self = .message(String(stringInterpolation: stringInterpolation)) }

    public var description: String {
        switch self {
        case .message(let text): "\(text)"
        case .cannotRead(let path, let reason): "\(path): \(reason)."
        case .json(let problem): problem.description
        case .incomparable(let reason): reason.description
        }
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
    /// The file is larger than `limit` bytes, the most `subject` ("scenario and suite files") may
    /// have: `bytes` when its size was known before reading, nil when a stream ran past the limit.
    case tooLarge(bytes: Int?, limit: Int, subject: String)

    public var description: String {
        switch self {
        case .noSuchFile: "no such file"
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
