import Foundation
import Problems
import Results
import ScenarioFiles
import XCTest

/// A scenario file and a results file with the same malformation — a wrong type, a missing key, an
/// unknown key with a suggestion, a duplicate key — get messages of one form, "file: key.path:
/// what was expected, got what.", because both are read through one typed-access layer.
final class OneMessageFormTests: XCTestCase {
    /// A scenario file that decodes, written on one line so that replacements are exact.
    private static let scenario = #"{"name": "s", "device": "ipad-pro-12.9", "table": {"sections": 3, "rowsPerSection": 2}, "scroll": {"kind": "constant", "steps": 4}}"#

    /// The repository's committed results file, pretty-printed with sorted keys.
    private static let results: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("Results/baseline.json"), encoding: .utf8)) ?? ""
    }()

    /// The message `read` throws for `text`, or a note that it threw none.
    private func message(_ read: ([UInt8]) throws -> Void, _ text: String) -> String {
        do {
            try read(Array(text.utf8))
            return "(no error)"
        } catch let error as BenchError {
            return error.description
        } catch {
            return "(not a BenchError: \(error))"
        }
    }

    /// Asserts that both files still read (the fixtures are sound), then that the message for
    /// each malformed one matches `form`, a whole-message pattern.
    private func assertSameForm(scenario: (String, String), results: (String, String), form: String,
                                file: StaticString = #filePath, line: UInt = #line) {
        let readScenario: ([UInt8]) throws -> Void = { _ = try ScenarioFile.scenario(from: $0, file: "s.json") }
        let readResults: ([UInt8]) throws -> Void = { _ = try Results.decode($0, file: "r.json") }
        XCTAssertEqual(message(readScenario, Self.scenario), "(no error)", file: file, line: line)
        XCTAssertEqual(message(readResults, Self.results), "(no error)", "Results/baseline.json is read from the repository", file: file, line: line)
        XCTAssertNotNil(Self.scenario.range(of: scenario.0), file: file, line: line)
        XCTAssertNotNil(Self.results.range(of: results.0), file: file, line: line)
        let messages = [message(readScenario, Self.scenario.replacingOccurrences(of: scenario.0, with: scenario.1)),
                        message(readResults, Self.results.replacingOccurrences(of: results.0, with: results.1))]
        for text in messages {
            XCTAssertNotNil(text.range(of: "^" + form + "$", options: .regularExpression), "\(text) is not of the form \(form)", file: file, line: line)
        }
    }

    func testAWrongTypeIsReportedInOneFormInScenarioAndResultsFiles() {
        assertSameForm(scenario: (#""name": "s""#, #""name": 5"#), results: (#""createdAt" : "#, #""createdAt" : 5, "x" : "#),
                       form: #"[rs]\.json: (name|createdAt): expected a (non-empty )?string, got a number\."#)
    }

    func testAMissingKeyIsReportedInOneFormInScenarioAndResultsFiles() {
        assertSameForm(scenario: (#", "scroll": {"kind": "constant", "steps": 4}"#, ""), results: (#""tool" : "#, #""tools" : "#),
                       form: #"[rs]\.json: missing key '(scroll|tool)' \(an object\)\."#)
    }

    func testAnUnknownKeyIsReportedWithItsSuggestionInOneFormInScenarioAndResultsFiles() {
        assertSameForm(scenario: (#""sections": 3"#, #""sections": 3, "rowHeigth": 44"#), results: (#""blendedPixels" : "#, #""blendedPixls" : "#),
                       form: #"[rs]\.json: (table|runs\[0\]\.(totals|perStep))\.(rowHeigth|blendedPixls): unknown (key|counter); did you mean '(rowHeight|blendedPixels)'\?"#)
    }

    func testADuplicateKeyIsReportedInOneFormInScenarioAndResultsFiles() {
        assertSameForm(scenario: (#""sections": 3"#, #""sections": 3, "sections": 3"#), results: (#""steps" : "#, #""steps" : 1, "steps" : "#),
                       form: #"[rs]\.json: (table|runs\[0\]): line \d+, column \d+: duplicate key '(sections|steps)' \(first at line \d+, column \d+\)\."#)
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
