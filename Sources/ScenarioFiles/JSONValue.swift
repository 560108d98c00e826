/// A JSON document as read from a scenario or suite file (RFC 8259).
///
/// Written by hand rather than with `JSONSerialization` or `JSONDecoder` so that a syntax error
/// names its line and column, numbers are checked as written (an overflow to infinity is an error,
/// not a silent `inf`), and objects keep their members in file order with duplicate keys rejected.
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
    public static let maxDepth = 64

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
        var parser = JSONParser(bytes: bytes)
        return try parser.parseDocument()
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

    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// "line 4, column 17: expected ',' or '}' after an object member."
    public var description: String { "line \(line), column \(column): \(message)." }
}
