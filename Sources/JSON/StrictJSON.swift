/// A JSON document parsed strictly (RFC 8259): the one JSON parser of the package, for results
/// files (`Results.decode`) and scenario and suite files (ScenarioFiles, through `JSONNode`). Rejected:
/// `JSONSerialization` and `JSONDecoder`, which silently keep one of two duplicate keys, call an
/// integer beyond `Int` only "not valid JSON", and build far more than a million steps need. Here
/// an error gives its line and column and what was found, a duplicate key both positions and its
/// object's key path; the reader chooses how numbers are kept (`Numbers`: integers exactly for a
/// results file, every number a `Double` for a scenario file).
package enum StrictJSON: Sendable {
    case null
    case bool(Bool)
    /// An integer literal (no fraction, no exponent) within `Int`; only with `Numbers.exact`.
    case integer(Int)
    /// Any other number that is a finite `Double`; every number with `Numbers.doubles`.
    case number(Double)
    /// A number as written that fits neither: an integer beyond `Int`, or beyond ±1.8e308; only
    /// with `Numbers.exact`.
    case outOfRange(String)
    case string(String)
    /// An array whose elements are all `.integer`, stored compactly (the per-step samples of a
    /// results file); only with `Numbers.exact`, where an empty array is `.integers([])`.
    case integers([Int])
    case array([StrictJSON])
    /// Members in file order; keys are unique.
    case object([(key: String, value: StrictJSON)])

    /// How the parser keeps numbers.
    package enum Numbers: Sendable {
        /// An integer that fits `Int` as `.integer` (an array of them as `.integers`), any other
        /// finite number as `.number`, and one that fits neither as `.outOfRange`, as written, so
        /// that the reader can say which key holds it. For results files, whose counters are
        /// integers up to 2^53.
        case exact
        /// Every number as the nearest `Double`, `.number` (`-0` keeps its sign); a number beyond
        /// ±1.8e308 is a syntax error where it is written. For scenario and suite files.
        case doubles
    }

    /// The deepest nesting accepted: far beyond any results file (five levels) or scenario file,
    /// and low enough that the recursive parser cannot exhaust the stack.
    package static let maxDepth = 64

    /// Parses one JSON text, strictly: no comments, trailing commas, single quotes, NaN or
    /// Infinity; strings must be valid UTF-8 with control characters escaped and surrogate
    /// escapes paired; keys must be unique in their object (keys equal under Unicode
    /// normalization count as the same); nesting deeper than `maxDepth` is an error. A leading
    /// UTF-8 byte order mark is ignored (RFC 8259 §8.1 allows that).
    /// - Throws: `JSONSyntaxError` with the line and column of the first problem.
    /// - Complexity: O(n) in the length of `bytes`.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>, numbers: Numbers) throws -> StrictJSON {
        switch numbers {
        case .exact:
            var parser = StrictJSONParser<ExactNumbers>(bytes: bytes)
            return try parser.parseDocument()
        case .doubles:
            var parser = StrictJSONParser<DoubleNumbers>(bytes: bytes)
            return try parser.parseDocument()
        }
    }

    /// A number's text as a message quotes it: whole up to 24 characters, else its first 20
    /// and "...".
    package static func abbreviated(number text: String) -> String {
        text.count <= 24 ? text : String(text.prefix(20)) + "..."
    }

    /// "a number", "an object": what a message says was found.
    package var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .integer, .number, .outOfRange: return "a number"
        case .string: return "a string"
        case .integers, .array: return "an array"
        case .object: return "an object"
        }
    }
}
