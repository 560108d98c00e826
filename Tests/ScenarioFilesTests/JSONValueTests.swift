import Foundation
import Harness
import Raster
import RasterTestSupport
import Results
import ScenarioFiles
import Strategies
import Table
import XCTest

/// The strict parser as scenario files see it (`JSONValue`): what it accepts, what it rejects and
/// where it says the problem is.
final class JSONValueTests: XCTestCase {
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

    /// Both kinds of file are read by one parser: the same malformed text gets the same message
    /// (a number beyond ±1.8e308 aside, which a results file reports with the key that holds it).
    func testResultsAndScenarioFilesReportSyntaxErrorsAlike() {
        let texts: [[UInt8]] = [
            "", "{\"a\": 1,\n}", "[1, 2,]", "{\"a\": 1 // note\n}", "/* a */ {}", "{'a': 1}", "{\"a\": 'b'}", "{a: 1}",
            "NaN", "[Infinity]", "-Infinity", "012", "1.e3", "tru", "{\"a\" 1}", "{\"a\": \"\\x\"}", "\"\\uD83D x\"",
            "\"\\u12G4\"", "\"a\tb\"", "{\"a\": \"é", "{\"a\": 1,\n \"b\": 2, \"a\": 3}", "{\"é\": 1, \"e\u{301}\": 2}",
            "{\u{2028}}", "{} é", "{} x", String(repeating: "[", count: 100),
        ].map { Array($0.utf8) } + [[0x22, 0xFF, 0x22], [0x22, 0xC0, 0x80, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22],
                                    [0x22, 0xE2, 0x82, 0x22], [0xEF, 0xBB, 0xBF, 0x5B, 0x5D, 0x5D]]
        for bytes in texts {
            var scenarioMessage = "", resultsMessage = ""
            do { _ = try ScenarioFile.scenario(from: bytes, file: "f.json") } catch { scenarioMessage = "\(error)" }
            do { _ = try Results.decode(bytes, file: "f.json") } catch { resultsMessage = "\(error)" }
            XCTAssertTrue(scenarioMessage.hasPrefix("f.json: line "), scenarioMessage)
            XCTAssertEqual(resultsMessage, scenarioMessage, String(decoding: bytes, as: UTF8.self))
        }
    }
}
