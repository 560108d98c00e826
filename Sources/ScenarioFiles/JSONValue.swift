import Results

/// A JSON document as read from a scenario or suite file (RFC 8259), every number a `Double`.
///
/// Read by the package's one strict parser (`StrictJSON`, with `Numbers.doubles`), so a syntax
/// error names its line and column, numbers are checked as written (an overflow to infinity is an
/// error, not a silent `inf`), and objects keep their members in file order with duplicate keys
/// rejected, exactly as in a results file.
public enum JSONValue: Equatable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number; always finite.
    case number(Double)
    /// A string, escapes resolved.
    case string(String)
    /// An array, in order.
    case array([JSONValue])
    /// An object's members in the order the file lists them; keys are unique.
    case object([(key: String, value: JSONValue)])

    /// The deepest nesting of arrays and objects `parse` accepts: far beyond any scenario file,
    /// and low enough that the recursive parser cannot exhaust the stack.
    public static let maxDepth = StrictJSON.maxDepth

    /// Equal when of the same kind with equal contents; objects compare member by member in order
    /// (the order the file wrote them in).
    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// Parses one JSON text, strictly: no comments, trailing commas, single quotes, NaN or
    /// Infinity; strings must be valid UTF-8 with control characters escaped and surrogates
    /// paired; numbers must fit a `Double`; duplicate keys and nesting deeper than `maxDepth`
    /// are errors. A leading UTF-8 byte order mark is ignored (RFC 8259 §8.1 allows that).
    /// - Throws: `JSONSyntaxError` with the line and column of the first problem.
    /// - Complexity: O(n) in the length of `bytes`.
    public static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        do {
            return JSONValue(try bytes.withUnsafeBufferPointer { try StrictJSON.parse($0, numbers: .doubles) })
        } catch let error as StrictJSON.SyntaxError {
            // A duplicate key's message also names its object's key path, as results files' do.
            throw JSONSyntaxError(line: error.line, column: error.column, message: error.message, path: error.path)
        }
    }

    /// `value` with every number a `Double`. Parsed with `Numbers.doubles` it has only `.number`;
    /// the exact cases are converted too, to the nearest `Double`, so that the mapping is total.
    init(_ value: StrictJSON) {
        switch value {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .number(let x): self = .number(x)
        case .integer(let i): self = .number(Double(i))
        // Not produced by `.doubles`, which reports a number beyond ±1.8e308 where it is written.
        case .outOfRange(let text): self = .number(Double(text) ?? .nan)
        case .string(let s): self = .string(s)
        case .integers(let values): self = .array(values.map { .number(Double($0)) })
        case .array(let values): self = .array(values.map(JSONValue.init))
        case .object(let members): self = .object(members.map { ($0.key, JSONValue($0.value)) })
        }
    }

    /// What kind of value this is, with an article, for messages: "a number", "an object".
    public var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// Where and why a JSON text is malformed.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// 1-based line of the problem.
    public var line: Int
    /// 1-based column of the problem, in Unicode scalars (a tab counts as one).
    public var column: Int
    /// What was wrong, without a final period: "expected ':' after the key 'name'".
    public var message: String
    /// The key path of the object a duplicate key is in (empty at the top level); nil for other
    /// errors.
    public var path: String?

    public init(line: Int, column: Int, message: String, path: String? = nil) {
        self.line = line
        self.column = column
        self.message = message
        self.path = path
    }

    /// "line 4, column 17: expected ',' or '}' after an object member.", or for a duplicate key
    /// "table: line 3, column 5: duplicate key 'sections' (first at line 2, column 5)."
    public var description: String {
        let prefix = path.map { $0.isEmpty ? "" : "\($0): " } ?? ""
        return "\(prefix)line \(line), column \(column): \(message)."
    }
}
