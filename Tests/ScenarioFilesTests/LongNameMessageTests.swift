import Foundation
import Results
import ScenarioFiles
import XCTest

/// A message quotes a key, name or word from the file shortened to its first 60 characters with
/// its length in bytes, and with control characters as visible escapes: a file with a key of a
/// megabyte gets a message of a line, and a name cannot write escape sequences to the terminal.
final class LongNameMessageTests: XCTestCase {
    private static let huge = String(repeating: "h", count: 1 << 20)

    /// A valid scenario file with `table` holding `extra` raw JSON members.
    private func scenario(name: String = "small", device: String = #""ipad-11""#, tableExtra: String = "") -> String {
        let nameLiteral = String(data: try! JSONSerialization.data(withJSONObject: [name]), encoding: .utf8)!.dropFirst().dropLast()
        return #"{"name": \#(nameLiteral), "device": \#(device), "table": {"sections": 3, "rowsPerSection": 2\#(tableExtra)}, "scroll": {"kind": "constant", "steps": 2}}"#
    }

    private func message(_ text: String, suite: Bool = false, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            if suite {
                _ = try ScenarioFile.suite(from: Array(text.utf8), file: "s.json")
            } else {
                _ = try ScenarioFile.scenario(from: Array(text.utf8), file: "s.json")
            }
            XCTFail("accepted", file: file, line: line)
        } catch {
            return "\(error)"
        }
        return ""
    }

    /// A message of one short line: under 400 bytes, no control character, no raw line break.
    private func assertShortAndPrintable(_ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertLessThan(message.utf8.count, 400, String(message.prefix(200)), file: file, line: line)
        XCTAssertFalse(message.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x2028 },
                       message.debugDescription, file: file, line: line)
    }

    func testAnUnknownKeyOfAMegabyteGetsAOneLineMessage() {
        let text = scenario(tableExtra: #", "\#(Self.huge)": 1"#)
        let error = message(text)
        assertShortAndPrintable(error)
        XCTAssertTrue(error.hasPrefix("s.json: table[\"" + String(repeating: "h", count: 60) + "… (1,048,576 bytes)\"]: unknown key; expected one of sections"), error)
    }

    func testAnUnknownKeyWithControlCharactersIsQuotedWithVisibleEscapes() {
        // ESC, CR LF, and the C1 control CSI, which some terminals obey like ESC [.
        let error = message(scenario(tableExtra: #", "a\u001B[2J\r\n\u009B31mb": 1"#))
        assertShortAndPrintable(error)
        XCTAssertTrue(error.contains(#"table["a\u{1B}[2J\r\n\u{9B}31mb"]: unknown key"#), error)
    }

    func testALongOrHostileDeviceNameIsShortenedAndEscaped() {
        let long = message(scenario(device: "\"" + Self.huge + "\""))
        assertShortAndPrintable(long)
        XCTAssertTrue(long.contains("unknown device 'hhhh"), long)
        XCTAssertTrue(long.contains("(1,048,576 bytes)"), long)
        let hostile = message(scenario(device: #""\u001B]0;title\u0007""#))
        assertShortAndPrintable(hostile)
        XCTAssertTrue(hostile.contains(#"unknown device '\u{1B}]0;title\u{07}'"#), hostile)
    }

    func testParserMessagesQuoteShortenedKeysAndWords() {
        assertShortAndPrintable(message(#"{"\#(Self.huge)": 1, "\#(Self.huge)": 2}"#))
        XCTAssertTrue(message(#"{"\#(Self.huge)": 1, "\#(Self.huge)": 2}"#).contains("duplicate key 'hhhh"))
        assertShortAndPrintable(message(#"{"\#(Self.huge)" 1}"#))
        assertShortAndPrintable(message(#"{"name": \#(Self.huge)}"#))
        let separator = message("{\u{2028}}")
        assertShortAndPrintable(separator)
        XCTAssertTrue(separator.contains(#"found '\u{2028}'"#), separator)
    }

    func testADuplicateScenarioNameOfAMegabyteInASuiteIsShortened() {
        let entry = scenario(name: Self.huge + "\u{1B}[2J")
        let error = message(#"{"suite": "s", "scenarios": [\#(entry), \#(entry)]}"#, suite: true)
        assertShortAndPrintable(error)
        XCTAssertTrue(error.contains("the scenario name 'hhhh"), error)
        XCTAssertTrue(error.contains("… (1,048,580 bytes)' is already used"), error)
    }
}
