import Foundation
import JSON
import Problems
import TestSupport
@testable import Results
import ResultsTestSupport
import Scenarios
import XCTest

/// Results files: written deterministically, read back exactly, rejected with a message that
/// names the file and the field.
final class ResultsFileTests: TemporaryDirectoryTestCase {
    // MARK: Results JSON

    /// A small, fully specified result: every field written and read back.
    private func sampleResults() -> Results {
        let summary = Summary(median: 5, p90: 7, p99: 9, min: 1, max: 10)
        let run = RunResult(scenario: "s", strategy: "none", steps: 2, layoutPasses: 2,
                            totals: [.blendedPixels: 0, .layersDrawn: 12], perStep: [.blendedPixels: 0, .layersDrawn: 6],
                            timing: [.step: summary, .layout: summary, .reuse: summary, .composite: summary],
                            ratios: [.stepToFloor: 1.5, .stepToNone: 1], samples: [.step: [5, 6]], eventSteps: [1],
                            pictures: ["0": "0badf00d"], floorNanos: 4, copyFloorNanos: 8)
        return Results(schema: Results.currentSchema,
                       tool: ToolBuild(version: "0.1.0", configuration: "debug", optimized: true, swift: "6.3"),
                       machine: MachineInfo(os: "Linux", cores: 2, cpu: "test"), createdAt: "2025-01-01T00:00:00Z",
                       floorNanos: 4, copyFloorNanos: 8, runs: [run])
    }

    func testJSONIsDeterministicSortedAndRoundTrips() throws {
        let results = sampleResults()
        let data = try results.jsonData()
        XCTAssertEqual(data, try results.jsonData())
        let text = String(decoding: data, as: UTF8.self)
        XCTAssertTrue(text.contains("\"schema\" : \"cornerbench.results/1\""), "CI greps for the unescaped schema")
        let keys = ["\"copyFloorNanos\"", "\"createdAt\"", "\"floorNanos\"", "\"machine\"", "\"runs\"", "\"schema\"", "\"tool\""]
        let positions = keys.map { text.range(of: $0)!.lowerBound }
        XCTAssertEqual(positions, positions.sorted(), "keys are sorted")
        XCTAssertTrue(text.hasSuffix("}\n"))
        let path = directory + "/r.json"
        try data.write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try Results.load(from: path), results)
    }

    func testScenarioDefinitionsAreWrittenAsJSONObjectsAndReadBackEqual() throws {
        var results = sampleResults()
        var label = LayerDescription(frame: .init(x: 56, y: 0, width: 200, height: 44))
        label.contents = .text(.init(source: .literal("Say \"hi\" \\ 😀"), pointSize: 17, color: .black))
        var typed = ResultsFixtures.definition(cell: [label])
        (typed.rowsPerSection, typed.rowHeight) = ([1, 3], 44.5)
        let definition = RecordedDefinition.typed(typed)
        results.scenarioDefinitions = ["s": definition]
        let data = try results.jsonData()
        XCTAssertEqual(data, try results.jsonData())
        let text = String(decoding: data, as: UTF8.self)
        XCTAssertTrue(text.contains("\"refreshHz\" : 60,"), "an integral number without a fraction: \(text)")
        XCTAssertTrue(text.contains("\"rowHeight\" : 44.5,"), text)
        let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let written = try XCTUnwrap((parsed["scenarioDefinitions"] as? [String: Any])?["s"] as? [String: Any])
        XCTAssertTrue(written["device"] is [String: Any] && written["content"] is [String: Any] && written["events"] is [Any], "\(written)")
        XCTAssertFalse(written.values.contains { $0 is String }, "no prose at the top level: \(written)")
        let path = directory + "/r.json"
        try data.write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try Results.load(from: path).scenarioDefinitions, ["s": definition])
        XCTAssertEqual(try Results.load(from: path), results)
    }

    func testTheCommittedBaselinesDefinitionsLoadTypedAndAreWrittenBackAsTheyWere() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let path = root.appendingPathComponent("Results/baseline.json").path
        let results = try Results.load(from: path)
        let definitions = try XCTUnwrap(results.scenarioDefinitions)
        XCTAssertFalse(definitions.isEmpty)
        XCTAssertTrue(definitions.values.allSatisfy { $0.typed != nil }, "\(definitions)")
        XCTAssertEqual(try definitionsWritten(results.jsonData()), try definitionsWritten(Data(contentsOf: URL(fileURLWithPath: path))))
    }

    /// A results file as the first version whose definitions had typed fields wrote it (commit
    /// 7873380: `bench run --cell` of a cell with every layer property a cell file then took, in
    /// `Fixtures/`): its layers load as typed fields and are written back as they were.
    func testAFileFromTheFirstTypedDefinitionsLoadsItsLayersTypedAndWritesThemBackAsTheyWere() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/results-first-typed-definitions.json").path
        let results = try Results.load(from: path)
        let definition = try XCTUnwrap(results.scenarioDefinitions?.values.first?.typed)
        XCTAssertNil(definition.device.ios, "written before devices had one")
        let layers = try XCTUnwrap(definition.content.firstCell?.layers)
        XCTAssertEqual(layers.count, 6)
        XCTAssertEqual(layers[1].shadow, .init(opacity: 0.3, radius: 2, offset: .init(x: 0, y: 1), color: .black, hasPath: true))
        XCTAssertEqual(layers[2].contents, .text(.init(source: .rowTitle(length: 12), pointSize: 17, color: .black, background: .white)))
        XCTAssertTrue(layers[4].shouldRasterize)
        XCTAssertEqual(layers[4].rasterizationScale, 2)
        XCTAssertEqual(layers[4].sublayers.first?.mask, .roundedRects([.init(frame: .init(x: 0, y: 0, width: 12, height: 12), radius: 3)]))
        XCTAssertTrue(layers.allSatisfy { $0.name == nil })
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(try definitionsWritten(results.jsonData()), try definitionsWritten(bytes))

        // The same file with a key no writer wrote in a layer is refused at the key's path.
        let text = String(decoding: bytes, as: UTF8.self)
        let edited = text.replacingOccurrences(of: #""cornerRadius" : 22"#, with: #""cornerRadiuss" : 22"#)
        XCTAssertNotEqual(edited, text)
        let refused = directory + "/r.json"
        try Data(edited.utf8).write(to: URL(fileURLWithPath: refused))
        assertLoadFails(refused, saying: ".content.cell.layers[1].cornerRadiuss: unknown key; did you mean 'cornerRadius'?")
    }

    /// The `scenarioDefinitions` of a results file's bytes, as Foundation reads them.
    private func definitionsWritten(_ data: Data) throws -> NSDictionary {
        let top = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try XCTUnwrap(top["scenarioDefinitions"] as? NSDictionary)
    }

    func testAnOlderFilesDefinitionsOfStringsStillLoadAndAreKnownAsTheOlderFormat() throws {
        var json = try JSONSerialization.jsonObject(with: sampleResults().jsonData()) as! [String: Any]
        json["scenarioDefinitions"] = ["s": ["device": "iphone-se 375 × 667 pt @2× 60 Hz", "sections": "30", "events": ""]]
        let path = directory + "/older.json"
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: path))
        let definition = try XCTUnwrap(try Results.load(from: path).scenarioDefinitions?["s"])
        XCTAssertEqual(definition, .prose(["device": "iphone-se 375 × 667 pt @2× 60 Hz", "sections": "30", "events": ""]))
        XCTAssertTrue(definition.isOlderFormat)
        json["scenarioDefinitions"] = ["s": "iphone-se"]
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: path))
        assertLoadFails(path, saying: ": scenarioDefinitions.s: expected a definition object, got a string.")
    }

    /// Asserts that loading `path` throws `BenchError.input` whose message starts with the file's
    /// path and contains `fragment`.
    private func assertLoadFails(_ path: String, saying fragment: String, line: UInt = #line) {
        XCTAssertThrowsError(try Results.load(from: path), line: line) { error in
            guard case BenchError.input(let problem) = error else {
                return XCTFail("expected BenchError.input, got \(error)", line: line)
            }
            let message = problem.description
            XCTAssertTrue(message.hasPrefix(path + ": "), message, line: line)
            XCTAssertTrue(message.contains(fragment), message, line: line)
        }
    }

    func testLoadingATruncatedFileFailsNamingTheFile() throws {
        let data = try sampleResults().jsonData()
        let path = directory + "/truncated.json"
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: path))
        assertLoadFails(path, saying: "unexpected end of input")
    }

    func testLoadingBrokenJSONSaysWhere() throws {
        let path = directory + "/broken.json"
        try Data("{\n  \"schema\": \"cornerbench.results/1\",\n  \"runs\": x\n}\n".utf8).write(to: URL(fileURLWithPath: path))
        assertLoadFails(path, saying: ": line 3, column 11: unexpected word 'x'; expected a value")
    }

    /// The message `Results.decode` gives for `bytes`, with the file name `r.json`.
    private func syntaxMessage(_ bytes: [UInt8], line: UInt = #line) -> String {
        do {
            _ = try Results.decode(bytes, file: "r.json")
            XCTFail("decoded", line: line)
        } catch BenchError.input(let problem) {
            return problem.description
        } catch {
            XCTFail("expected BenchError.input, got \(error)", line: line)
        }
        return ""
    }

    private func syntaxMessage(_ text: String, line: UInt = #line) -> String { syntaxMessage(Array(text.utf8), line: line) }

    func testACommentOrASingleQuoteInAResultsFileIsCalledWhatItIs() {
        XCTAssertEqual(syntaxMessage("{\"schema\": // the schema\n\"x\"}"),
                       "r.json: line 1, column 12: expected a value, found '/' (JSON has no comments).")
        XCTAssertEqual(syntaxMessage("{\"schema\": 'cornerbench.results/1'}"),
                       "r.json: line 1, column 12: expected a value, found ''' (JSON strings take double quotes).")
    }

    func testInvalidUTF8InAResultsFileIsNamedWhereItIs() {
        // The byte's own column, not the string's opening quote.
        XCTAssertEqual(syntaxMessage(Array(#"{"cpu": "ab"#.utf8) + [0xFF] + Array(#""}"#.utf8)),
                       "r.json: line 1, column 12: invalid UTF-8 byte 0xFF.")
        // An encoded surrogate (ED A0 80), and a sequence cut short by the end of the file.
        XCTAssertEqual(syntaxMessage(Array(#"{"cpu": ""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}"#.utf8)),
                       "r.json: line 1, column 10: invalid UTF-8 sequence.")
        XCTAssertEqual(syntaxMessage(Array(#"{"cpu": ""#.utf8) + [0xE2, 0x82]), "r.json: line 1, column 11: unexpected end of input.")
        // Valid UTF-8 outside a string is quoted as the character it is.
        XCTAssertEqual(syntaxMessage("{} é"), "r.json: line 1, column 4: unexpected 'é' after the JSON value.")
    }

    func testAResultsFileMayStartWithAByteOrderMark() throws {
        let data = try sampleResults().jsonData()
        XCTAssertEqual(try Results.decode([0xEF, 0xBB, 0xBF] + Array(data), file: "r.json"), sampleResults())
    }

    func testADuplicateKeyOfAMegabyteIsShortenedInItsMessageAndKeyPath() {
        let huge = String(repeating: "h", count: 1 << 20)
        let message = syntaxMessage(#"{"runs": [{"\#(huge)": {"\#(huge)": 1, "\#(huge)": 2}}]}"#)
        let shown = String(repeating: "h", count: 60) + "… (1,048,576 bytes)"
        XCTAssertTrue(message.hasPrefix(#"r.json: runs[0]["\#(shown)"]: line 1, column "#), String(message.prefix(300)))
        XCTAssertTrue(message.contains("duplicate key '\(shown)' (first at line 1, column "), String(message.prefix(300)))
        XCTAssertLessThan(message.utf8.count, 400)
    }

    func testLoadingAFieldOfTheWrongTypeNamesTheField() throws {
        var json = try JSONSerialization.jsonObject(with: sampleResults().jsonData()) as! [String: Any]
        json["machine"] = ["os": "Linux", "cores": "two", "cpu": "test"]
        let path = directory + "/typed.json"
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: path))
        assertLoadFails(path, saying: ": machine.cores: expected an integer ≥ 1, got a string.")
    }

    func testLoadingAnotherSchemaFailsNamingTheFileAndBothSchemas() throws {
        var results = sampleResults()
        results.schema = "cornerbench.results/99"
        let path = directory + "/future.json"
        try results.jsonData().write(to: URL(fileURLWithPath: path))
        assertLoadFails(path, saying: "has schema \"cornerbench.results/99\", but this version of bench reads \"cornerbench.results/1\"")
    }

    func testLoadingAFileWithoutAFieldNamesTheField() throws {
        let path = directory + "/partial.json"
        try Data(#"{ "schema": "cornerbench.results/1", "runs": [] }"#.utf8).write(to: URL(fileURLWithPath: path))
        assertLoadFails(path, saying: ": missing key 'tool' (an object).")
        let notResults = directory + "/other.json"
        try Data(#"{ "name": "ipad-settings" }"#.utf8).write(to: URL(fileURLWithPath: notResults))
        assertLoadFails(notResults, saying: "no \"schema\" field")
    }

    func testLoadingADirectoryOrAMissingFileFailsNamingIt() {
        assertLoadFails(directory, saying: "is a directory")
        assertLoadFails(directory + "/absent.json", saying: "no such file")
    }
}
