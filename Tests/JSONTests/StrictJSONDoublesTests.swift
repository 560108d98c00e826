import Foundation
@testable import JSON
import XCTest

/// The strict parser as scenario and suite files use it (`StrictJSON` with every number a
/// `Double`): what it accepts, what it rejects and where it says the problem is.
final class StrictJSONDoublesTests: XCTestCase {
    private func parse(_ text: String) throws -> JSONValue { try JSONValue.parse(Array(text.utf8)) }

    private func syntaxError(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONSyntaxError? {
        do {
            let value = try parse(text)
            XCTFail("parsed \(value)", file: file, line: line)
        } catch let error as JSONSyntaxError {
            return error
        } catch {
            XCTFail("threw \(error)", file: file, line: line)
        }
        return nil
    }

    func testParserReadsEveryKindOfValueAndKeepsKeyOrder() throws {
        let value = try parse(#" { "b": [1, -0.5, 2e3, 1E-2, 0], "a": { }, "c": [], "d": true, "e": false, "f": null, "g": "" } "#)
        XCTAssertEqual(value, .object([("b", .array([.number(1), .number(-0.5), .number(2000), .number(0.01), .number(0)])),
                                       ("a", .object([])), ("c", .array([])), ("d", .bool(true)), ("e", .bool(false)),
                                       ("f", .null), ("g", .string(""))]))
        XCTAssertNotEqual(try parse(#"{"a": 1, "b": 2}"#), try parse(#"{"b": 2, "a": 1}"#), "objects compare in order")
    }

    func testParserResolvesEscapesAndSurrogatePairs() throws {
        XCTAssertEqual(try parse(#""\"\\\/\b\f\n\r\t\u0041\u00e9\u20AC""#), .string("\"\\/\u{8}\u{C}\n\r\tAé€"))
        XCTAssertEqual(try parse(#""\uD83D\uDE00 é""#), .string("😀 é"))
        XCTAssertEqual(syntaxError(#""\uD83D x""#)?.message, "unpaired surrogate \\uD83D in a string")
        XCTAssertEqual(syntaxError(#""\uDE00""#)?.message, "unpaired surrogate \\uDE00 in a string")
        XCTAssertEqual(syntaxError(#""\uD83D\u0041""#)?.message, "unpaired surrogate \\uD83D in a string")
        XCTAssertEqual(syntaxError(#""\x""#)?.message, "invalid escape '\\x' in a string")
        XCTAssertEqual(syntaxError(#""\u12G4""#)?.message, "expected 4 hex digits after '\\u'")
        XCTAssertEqual(syntaxError("\"a\tb\"")?.message, "unescaped control character U+0009 in a string")
    }

    func testParserRejectsInvalidUTF8() {
        for bytes: [UInt8] in [[0x22, 0xFF, 0x22], [0x22, 0xC0, 0x80, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xE2, 0x82, 0x22]] {
            XCTAssertThrowsError(try JSONValue.parse(bytes), "\(bytes)") { XCTAssertTrue($0 is JSONSyntaxError) }
        }
        XCTAssertEqual(try JSONValue.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)), .array([.number(1)]), "a BOM is ignored")
    }

    func testParserLimitsNesting() throws {
        let depth = JSONValue.maxDepth
        XCTAssertNoThrow(try parse(String(repeating: "[", count: depth) + String(repeating: "]", count: depth)))
        let error = syntaxError(String(repeating: "[{\"a\":", count: depth / 2) + "[" + String(repeating: "}]", count: depth / 2))
        XCTAssertEqual(error?.message, "nesting deeper than 64 levels")
        XCTAssertEqual(error?.column, 6 * (depth / 2) + 1)
        XCTAssertNotNil(syntaxError(String(repeating: "[", count: 100_000)), "deep input fails without exhausting the stack")
    }

    func testParserRejectsTrailingCommas() {
        XCTAssertEqual(syntaxError("[1, 2,]")?.message, "expected a value after ',' (JSON allows no trailing comma)")
        let error = syntaxError("{\n  \"a\": 1,\n}")
        XCTAssertEqual(error, JSONSyntaxError(line: 3, column: 1, message: "expected a key after ',' (JSON allows no trailing comma)"))
    }

    func testParserRejectsDuplicateKeys() {
        let error = syntaxError("{\"a\": 1,\n \"b\": 2, \"a\": 3}")
        XCTAssertEqual(error, JSONSyntaxError(line: 2, column: 10, message: "duplicate key 'a' (first at line 1, column 2)", path: ""))
    }

    func testADuplicateKeyIsNamedWithItsKeyPathAsInResultsFiles() {
        let error = syntaxError("{\"name\": \"x\", \"table\": {\"sections\": 3,\n \"sections\": 4}}")
        XCTAssertEqual(error?.description, "table: line 2, column 2: duplicate key 'sections' (first at line 1, column 25).")
        let nested = syntaxError("{\"events\": [{\"atStep\": 1}, {\"atStep\": 2, \"atStep\": 3}]}")
        XCTAssertEqual(nested?.description.hasPrefix("events[1]: line 1, column "), true, nested?.description ?? "")
    }

    func testParserRejectsWhatJSONDoesNotHave() {
        XCTAssertEqual(syntaxError("NaN")?.message, "'NaN' is not a JSON value (JSON numbers are finite)")
        XCTAssertEqual(syntaxError("[Infinity]")?.message, "'Infinity' is not a JSON value (JSON numbers are finite)")
        XCTAssertEqual(syntaxError("-Infinity")?.message, "expected a digit after '-'")
        XCTAssertEqual(syntaxError("[1] // note")?.message, "unexpected '/' after the JSON value")
        XCTAssertEqual(syntaxError("/* a */ 1")?.message, "expected a value, found '/' (JSON has no comments)")
        XCTAssertEqual(syntaxError("['a']")?.message, "expected a value, found ''' (JSON strings take double quotes)")
        XCTAssertEqual(syntaxError("{a: 1}")?.message, "expected a key in double quotes, found 'a'")
        XCTAssertEqual(syntaxError("012")?.message, "a number cannot start with 0 followed by digits (no leading zeros)")
        XCTAssertEqual(syntaxError("1.")?.message, "unexpected end of input")
        XCTAssertEqual(syntaxError("1.e3")?.message, "expected a digit after '.'")
        XCTAssertEqual(syntaxError("+1")?.message, "expected a value, found '+'")
        XCTAssertEqual(syntaxError(".5")?.message, "expected a value, found '.'")
        XCTAssertEqual(syntaxError("1e")?.message, "unexpected end of input")
        XCTAssertEqual(syntaxError("-1e999")?.message, "the number -1e999 is out of range (beyond ±1.8e308)")
        XCTAssertEqual(syntaxError("tru")?.message, "unexpected word 'tru'; expected a value (strings take double quotes)")
    }

    func testParserReportsTheEndOfInputWhereItIs() {
        XCTAssertEqual(syntaxError(""), JSONSyntaxError(line: 1, column: 1, message: "unexpected end of input"))
        XCTAssertEqual(syntaxError("{\"a\": [1,\n"), JSONSyntaxError(line: 2, column: 1, message: "unexpected end of input"))
        XCTAssertEqual(syntaxError("{\"a\": \"é"), JSONSyntaxError(line: 1, column: 7, message: "unterminated string (no closing '\"' before the end of input)"))
        XCTAssertEqual(syntaxError("{\"a\" 1}")?.message, "expected ':' after the key 'a'")
    }

    func testParserKeepsNumbersExact() throws {
        XCTAssertEqual(try parse("0.1"), .number(0.1))
        XCTAssertEqual(try parse("1e-308"), .number(1e-308))
        XCTAssertEqual(try parse("1.7976931348623157e308"), .number(.greatestFiniteMagnitude))
        XCTAssertEqual(try parse("9007199254740993"), .number(9_007_199_254_740_992))
        XCTAssertEqual(try parse("-0"), .number(-0.0))
    }

    func testParserKeepsTheSignOfNegativeZero() throws {
        guard case .number(let zero) = try parse("-0") else { return XCTFail("not a number") }
        XCTAssertEqual(zero.sign, .minus)
    }

    func testParserReadsIntegersBeyondIntAsTheNearestDouble() throws {
        XCTAssertEqual(try parse("[123456789012345678901234567890, -9223372036854775809]"),
                       .array([.number(1.2345678901234568e29), .number(-9.223372036854775808e18)]))
        let digits = "1" + String(repeating: "0", count: 400)
        XCTAssertEqual(syntaxError("[\(digits)]"),
                       JSONSyntaxError(line: 1, column: 2, message: "the number 10000000000000000000... is out of range (beyond ±1.8e308)"))
    }
}

/// A JSON document as scenario and suite files read it (RFC 8259), every number a `Double`: the
/// strict parser's value mirrored for these tests, which compare whole documents.
///
/// Read by the package's one strict parser (`StrictJSON`, with `Numbers.doubles`), so a syntax
/// error names its line and column, numbers are checked as written (an overflow to infinity is an
/// error, not a silent `inf`), and objects keep their members in file order with duplicate keys
/// rejected, exactly as in a results file.
enum JSONValue: Equatable, Sendable {
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
    static let maxDepth = StrictJSON.maxDepth

    /// Equal when of the same kind with equal contents; objects compare member by member in order
    /// (the order the file wrote them in).
    static func == (a: JSONValue, b: JSONValue) -> Bool {
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
    static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        JSONValue(try bytes.withUnsafeBufferPointer { try StrictJSON.parse($0, numbers: .doubles) })
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
    var kindDescription: String {
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
