import Devices
import Foundation
import Harness
import Problems
import Raster
import RasterTestSupport
import Results
import ScenarioFiles
import Scenarios
import Strategies
import Table
import XCTest

final class ScenarioFileTests: XCTestCase {
    private var directory: String!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("ScenarioFileTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        chmod(directory, 0o755)
        try? FileManager.default.removeItem(atPath: directory)
    }

    // MARK: Helpers

    /// A small valid scenario; `replacing` swaps top-level members for raw JSON text (nil
    /// removes one), `adding` appends members.
    private func scenarioText(replacing: [String: String?] = [:], adding: [(String, String)] = []) -> String {
        var members: [(String, String)] = [
            ("name", #""small""#),
            ("device", #"{ "width": 600, "height": 400, "scale": 2, "refreshHz": 120 }"#),
            ("table", #"{ "sections": 3, "rowsPerSection": [1, 3], "rowHeight": 44 }"#),
            ("scroll", #"{ "kind": "constant", "steps": 10 }"#),
        ]
        for (key, value) in replacing {
            if let index = members.firstIndex(where: { $0.0 == key }) {
                if let value { members[index].1 = value } else { members.remove(at: index) }
            } else if let value {
                members.append((key, value))
            }
        }
        members += adding
        return "{\n" + members.map { "  \"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n}\n"
    }

    private func decode(_ text: String, file: String = "bad.json") throws -> Scenario {
        try ScenarioFile.scenario(from: Array(text.utf8), file: file)
    }

    /// The `BenchError.input` message decoding `text` throws; fails the test when it decodes or
    /// throws anything else.
    private func message(_ text: String, file: String = "bad.json", suite: Bool = false,
                         sourceFile: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            if suite {
                _ = try ScenarioFile.suite(from: Array(text.utf8), file: file)
            } else {
                _ = try ScenarioFile.scenario(from: Array(text.utf8), file: file)
            }
            XCTFail("decoded without an error:\n\(text)", file: sourceFile, line: line)
        } catch BenchError.input(let problem) {
            return problem.description
        } catch {
            XCTFail("threw \(error), not BenchError.input", file: sourceFile, line: line)
        }
        return ""
    }

    private func assertMessage(_ text: String, file: String = "bad.json", suite: Bool = false, contains fragments: [String],
                               sourceFile: StaticString = #filePath, line: UInt = #line) {
        let found = message(text, file: file, suite: suite, sourceFile: sourceFile, line: line)
        XCTAssertTrue(found.hasPrefix(file + ": "), "'\(found)' does not start with the file name", file: sourceFile, line: line)
        for fragment in fragments {
            XCTAssertTrue(found.contains(fragment), "'\(found)' does not contain '\(fragment)'", file: sourceFile, line: line)
        }
    }

    private func write(_ text: String, to name: String) throws -> String {
        let path = directory + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    // MARK: Decoding

    func testEveryKeyDecodesIntoTheScenario() throws {
        let text = """
            {
              "name": "everything",
              "device": { "width": 800, "height": 600, "scale": 3, "refreshHz": 60, "name": "tablet" },
              "table": { "sections": 4, "rowsPerSection": [2, 0], "rowHeight": 50, "headerHeight": 0, "footerHeight": 10.5 },
              "style": { "cornerRadius": 25, "sideInset": 0, "maxColumnWidth": 500, "backgroundColor": "#000000",
                         "cellColor": "#11223344", "selectedColor": "#abcdef", "roundsInCompactWidth": true },
              "scroll": { "kind": "fling", "velocity": -3000, "deceleration": 0.99, "steps": 30, "warmupSteps": 0 },
              "events": [
                { "atStep": 0, "set": { "cornerRadius": 0, "cellColor": "#FF0000" } },
                { "atStep": 29, "resize": { "width": 400, "height": 300 } },
                { "atStep": 5, "select": { "section": 2, "row": 1 } }
              ]
            }
            """
        let expected = Scenario(
            name: "everything", device: Device(name: "tablet", width: 800, height: 600, scale: 3, refreshHz: 60),
            sections: 4, rowsPerSection: [2, 0], rowHeight: 50, headerHeight: 0, footerHeight: 10.5,
            style: TableStyle(cornerRadius: 25, sideInset: 0, maxColumnWidth: 500, backgroundColor: .black,
                              cellColor: Color(red: 0x11, green: 0x22, blue: 0x33, alpha: 0x44),
                              selectedColor: Color(red: 0xAB, green: 0xCD, blue: 0xEF), roundsInCompactWidth: true),
            motion: .fling(velocity: -3000, deceleration: 0.99), steps: 30, warmupSteps: 0,
            events: [ScenarioEvent(atStep: 0, action: .setStyle(TableStyle(
                        cornerRadius: 0, sideInset: 0, maxColumnWidth: 500, backgroundColor: .black,
                        cellColor: Color(red: 255, green: 0, blue: 0), selectedColor: Color(red: 0xAB, green: 0xCD, blue: 0xEF),
                        roundsInCompactWidth: true))),
                     ScenarioEvent(atStep: 29, action: .resize(width: 400, height: 300)),
                     ScenarioEvent(atStep: 5, action: .select(IndexPath(row: 1, section: 2)))])
        XCTAssertEqual(try decode(text), expected)
    }

    func testAbsentKeysTakeTheDocumentedDefaults() throws {
        let scenario = try decode(scenarioText(replacing: ["device": #""iphone-se""#,
                                                           "table": #"{ "sections": 2, "rowsPerSection": 5 }"#]))
        XCTAssertEqual(scenario, Scenario(name: "small", device: Device.named("iphone-se")!, sections: 2, rowsPerSection: [5],
                                          rowHeight: 44, headerHeight: 35, footerHeight: 18, style: TableStyle(),
                                          pointsPerStep: 12, motion: nil, steps: 10, warmupSteps: 10))
    }

    func testContentIsSettingsByDefaultNoneOnRequestOrAPatternOfRows() throws {
        XCTAssertEqual(try decode(scenarioText()).content, .settings)
        let none = try decode(scenarioText(replacing: ["table": #"{ "sections": 2, "rowsPerSection": 5, "content": "none" }"#]))
        XCTAssertEqual(none.content, .none)
        let pattern = try decode(scenarioText(replacing: ["table": #"""
            { "sections": 2, "rowsPerSection": 5, "content": { "rows": [
              { "icon": true, "title": 9, "detail": 4, "accessory": "disclosure" }, { "title": 3 } ], "header": 7 } }
            """#]))
        XCTAssertEqual(pattern.content, ContentPattern(rows: [RowContent(icon: true, titleLength: 9, detailLength: 4, accessory: .disclosure),
                                                              RowContent(icon: false, titleLength: 3, detailLength: 0, accessory: .none)],
                                                       headerLength: 7, footerLength: 0))
        let opaque = try decode(scenarioText(replacing: ["style": #"{ "opaqueLabels": true }"#]))
        XCTAssertTrue(opaque.style.opaqueLabelBackgrounds)
        XCTAssertFalse(try decode(scenarioText()).style.opaqueLabelBackgrounds)
    }

    func testBadContentIsRejectedWithItsKeyPath() {
        assertMessage(scenarioText(replacing: ["table": #"{ "sections": 2, "rowsPerSection": 5, "content": "iphone" }"#]),
                      contains: ["table.content:", "settings, none"])
        assertMessage(scenarioText(replacing: ["table": #"{ "sections": 2, "rowsPerSection": 5, "content": { "rows": [{ "title": 0 }] } }"#]),
                      contains: ["table.content.rows[0].title: expected an integer from 1 to 200"])
        assertMessage(scenarioText(replacing: ["table": #"{ "sections": 2, "rowsPerSection": 5, "content": { "rows": [{ "title": 2, "accessory": "checkmark" }] } }"#]),
                      contains: ["table.content.rows[0].accessory:", "none, disclosure"])
        assertMessage(scenarioText(replacing: ["table": #"{ "sections": 2, "rowsPerSection": 5, "content": { "rows": [], "footer": 201 } }"#]),
                      contains: ["table.content.footer: expected an integer from 0 to 200"])
        let many = "[" + Array(repeating: #"{ "title": 1 }"#, count: 1001).joined(separator: ",") + "]"
        assertMessage(scenarioText(replacing: ["table": #"{ "sections": 2, "rowsPerSection": 5, "content": { "rows": "# + many + " } }"]),
                      contains: ["table.content.rows: 1,001 rows; the most a pattern may list is 1,000"])
    }

    func testOffsetsThatOverflowInPixelsAreRejectedWithTheirKey() {
        assertMessage(scenarioText(replacing: ["scroll": #"{ "kind": "constant", "pointsPerStep": 1e308, "steps": 4 }"#]),
                      contains: ["scroll.pointsPerStep: expected a number whose offset over 4 steps stays finite in pixels"])
        assertMessage(scenarioText(replacing: ["scroll": #"{ "kind": "jump", "to": 1e308, "steps": 4 }"#]),
                      contains: ["scroll.to: expected an offset that stays finite in pixels"])
        assertMessage(scenarioText(replacing: ["scroll": #"{ "kind": "fling", "velocity": -1e307, "steps": 4 }"#]),
                      contains: ["scroll.velocity: expected a number that stays finite in pixels"])
    }

    func testEventsAreLimitedTo10000() {
        let events = "[" + Array(repeating: #"{ "atStep": 1, "select": { "section": 0, "row": 0 } }"#, count: 10_001).joined(separator: ",") + "]"
        assertMessage(scenarioText(adding: [("events", events)]), contains: ["events: 10,001 events; a scenario may have at most 10,000"])
    }

    func testConstantScrollSetsPointsPerStepAndLeavesMotionNil() throws {
        let scenario = try decode(scenarioText(replacing: ["scroll": #"{ "kind": "constant", "pointsPerStep": -2.5, "steps": 4 }"#]))
        XCTAssertEqual(scenario.pointsPerStep, -2.5)
        XCTAssertNil(scenario.motion)
    }

    func testJumpDecodesAnOffsetOrARow() throws {
        let offset = try decode(scenarioText(replacing: ["scroll": #"{ "kind": "jump", "to": 1e6, "steps": 4 }"#]))
        XCTAssertEqual(offset.motion, .jumpToOffset(1e6))
        let row = try decode(scenarioText(replacing: ["scroll": #"{ "kind": "jump", "to": { "section": 1, "row": 2 }, "steps": 4 }"#]))
        XCTAssertEqual(row.motion, .jumpToRow(IndexPath(row: 2, section: 1)))
        let fling = try decode(scenarioText(replacing: ["scroll": #"{ "kind": "fling", "velocity": 100, "steps": 4 }"#]))
        XCTAssertEqual(fling.motion, .fling(velocity: 100, deceleration: ScrollDriver.normalDeceleration))
    }

    func testSuiteMixesObjectsAndBuiltInNamesAndDefaultsToEveryStrategy() throws {
        let text = "{ \"suite\": \"mixed\", \"scenarios\": [\"ipad-settings\", \(scenarioText())] }"
        let suite = try ScenarioFile.suite(from: Array(text.utf8), file: "mixed.json")
        XCTAssertEqual(suite, Suite(name: "mixed", scenarios: [.ipadSettings, try decode(scenarioText())],
                                    strategies: StrategyCatalog.builtIn.names))
        let chosen = #"{ "suite": "s", "scenarios": ["ipad-settings"], "strategies": ["precomposited", "none"] }"#
        XCTAssertEqual(try ScenarioFile.suite(from: Array(chosen.utf8), file: "s.json").strategies, ["precomposited", "none"])
    }

    // MARK: Bad input: one test each, every message naming the file and the key path

    func testMalformedJSONNamesLineAndColumn() {
        let text = "{\n  \"name\": \"x\",\n  \"device\": \"ipad-11\"\n  \"table\": {}\n}"
        XCTAssertEqual(message(text, file: "Benchmarks/x.json"),
                       "Benchmarks/x.json: line 4, column 3: expected ',' or '}' after an object member.")
    }

    func testUnknownKeySuggestsTheNearestKnownKey() {
        assertMessage(scenarioText(replacing: ["table": #"{ "sections": 3, "rowsPerSection": 1, "rowHieght": 44 }"#]),
                      contains: ["table.rowHieght: unknown key; did you mean 'rowHeight'?"])
        assertMessage(scenarioText(adding: [("colour", "1")]), contains: ["bad.json: colour: unknown key; expected one of name, device"])
    }

    func testWrongTypeNamesTheExpectedTypeAndWhatWasFound() {
        assertMessage(scenarioText(replacing: ["table": #"{ "sections": "3", "rowsPerSection": 1 }"#]),
                      contains: ["table.sections: expected an integer, got a string."])
        assertMessage(scenarioText(replacing: ["table": #"{ "sections": 3, "rowsPerSection": 1, "rowHeight": [44] }"#]),
                      contains: ["table.rowHeight: expected a positive number", "got an array."])
        assertMessage(scenarioText(replacing: ["style": #"{ "roundsInCompactWidth": "yes" }"#]),
                      contains: ["style.roundsInCompactWidth: expected true or false, got a string."])
        assertMessage(scenarioText(replacing: ["style": #"{ "cellColor": "white" }"#]),
                      contains: [##"style.cellColor: expected a colour "#RRGGBB" or "#RRGGBBAA", got "white"."##])
    }

    func testNegativeOrZeroSizesAreRejected() {
        assertMessage(scenarioText(replacing: ["table": #"{ "sections": 3, "rowsPerSection": 1, "rowHeight": -3 }"#]),
                      contains: ["bad.json: table.rowHeight: expected a positive number", "got -3."])
        assertMessage(scenarioText(replacing: ["device": #"{ "width": 0, "height": 400, "scale": 2, "refreshHz": 120 }"#]),
                      contains: ["device.width: expected a number from 0.5 to 4,096 (1 to 8,192 pixels at 2×), got 0."])
        assertMessage(scenarioText(adding: [("events", #"[{ "atStep": 1, "resize": { "width": 0, "height": 10 } }]"#)]),
                      contains: ["events[0].resize.width: expected a positive number", "got 0."])
        assertMessage(scenarioText(replacing: ["style": #"{ "maxColumnWidth": 0 }"#]),
                      contains: ["style.maxColumnWidth: expected a positive number, got 0."])
    }

    func testANumberBeyondDoubleIsASyntaxError() {
        let text = scenarioText(replacing: ["table": #"{ "sections": 1e999, "rowsPerSection": 1 }"#])
        assertMessage(text, contains: ["bad.json: line 4, column 26: the number 1e999 is out of range"])
    }

    func testLengthsAreLimitedInPixels() {
        assertMessage(scenarioText(replacing: ["table": #"{ "sections": 3, "rowsPerSection": 1, "footerHeight": 1e308 }"#]),
                      contains: ["table.footerHeight: expected a non-negative number up to 4,096 (8,192 pixels at 2×), got 1e+308."])
        assertMessage(scenarioText(replacing: ["device": #"{ "width": 600, "height": 400, "scale": 5, "refreshHz": 120 }"#]),
                      contains: ["device.scale: expected a positive number up to 4, got 5."])
    }

    func testHugeRowCountStatesTheMaximum() {
        assertMessage(scenarioText(replacing: ["table": #"{ "sections": 5000001, "rowsPerSection": [2, 2] }"#]),
                      contains: ["bad.json: table: 10,000,002 rows in all; the maximum is 10,000,000."])
        assertMessage(scenarioText(replacing: ["table": #"{ "sections": 1, "rowsPerSection": 99999999999999999999 }"#]),
                      contains: ["table.rowsPerSection: expected an integer from 0 to 10,000,000, got 1e+20."])
    }

    func testIntegersMustBeWholeNumbers() {
        assertMessage(scenarioText(replacing: ["table": #"{ "sections": 2.5, "rowsPerSection": 1 }"#]),
                      contains: ["table.sections: expected a whole number (an integer from 0 to 10,000,000), got 2.5."])
    }

    func testCornerRadiusAboveHalfTheRowHeightIsRejected() {
        assertMessage(scenarioText(replacing: ["style": #"{ "cornerRadius": 22.5 }"#]),
                      contains: ["bad.json: style.cornerRadius: expected at most 22 (half the row height 44), got 22.5."])
        assertMessage(scenarioText(adding: [("events", #"[{ "atStep": 2, "set": { "cornerRadius": 30 } }]"#)]),
                      contains: ["events[0].set.cornerRadius: expected at most 22 (half the row height 44), got 30."])
        assertMessage(scenarioText(replacing: ["table": #"{ "sections": 1, "rowsPerSection": 1, "rowHeight": 10 }"#]),
                      contains: ["table.rowHeight: a row height of 10 is less than twice the default corner radius 7; set style.cornerRadius to at most 5."])
    }

    func testUnknownDeviceSuggestsACatalogueName() {
        assertMessage(scenarioText(replacing: ["device": #""iphone8""#]),
                      contains: ["bad.json: device: unknown device 'iphone8'; did you mean 'iphone-8'?"])
        assertMessage(scenarioText(replacing: ["device": #""pixel""#]),
                      contains: ["device: unknown device 'pixel'; expected one of iphone-4s, iphone-5, iphone-5s, iphone-6, iphone-6-plus, iphone-6s, … (54 in all; 'bench list' shows them)"])
    }

    /// The GPU is named apart from the screen: any screen with any chip; a catalogue device brings
    /// its own; an unknown one is refused with every known id.
    func testADeviceNamesItsGPUApartFromItsScreenAndAnUnknownGPUListsTheKnownOnes() throws {
        let screen = #"{ "name": "iphone-6s", "width": 375, "height": 667, "scale": 2, "refreshHz": 60, "gpu": "a9" }"#
        XCTAssertEqual(try decode(scenarioText(replacing: ["device": screen])).device.gpu, "a9")
        XCTAssertEqual(try decode(scenarioText(replacing: ["device": #""iphone-se""#])).device.gpu, "a13")
        let bare = #"{ "width": 375, "height": 667, "scale": 2, "refreshHz": 60 }"#
        XCTAssertNil(try decode(scenarioText(replacing: ["device": bare])).device.gpu, "no GPU named: no device time")
        let unknown = #"{ "width": 375, "height": 667, "scale": 2, "refreshHz": 60, "gpu": "a99" }"#
        assertMessage(scenarioText(replacing: ["device": unknown]),
                      contains: ["bad.json: device.gpu: unknown GPU 'a99'; the GPUs the device model knows are "
                                 + Device.gpuIDs.joined(separator: ", ") + " (docs/device-model.md)."])
        XCTAssertTrue(Device.gpuIDs.contains("a9") && Device.gpuIDs.contains("m2"))
    }

    func testUnknownStrategyInASuiteIsRejected() {
        let text = #"{ "suite": "s", "scenarios": ["ipad-settings"], "strategies": ["none", "per-cel-mask"] }"#
        assertMessage(text, file: "s.json", suite: true,
                      contains: ["s.json: strategies[1]: unknown strategy 'per-cel-mask'; did you mean 'per-cell-mask'?"])
        let twice = #"{ "suite": "s", "scenarios": ["ipad-settings"], "strategies": ["none", "none"] }"#
        assertMessage(twice, file: "s.json", suite: true, contains: ["strategies[1]: 'none' is already listed at strategies[0]."])
    }

    func testEmptySuiteIsRejected() {
        assertMessage(#"{ "suite": "s", "scenarios": [] }"#, file: "s.json", suite: true,
                      contains: ["s.json: scenarios: expected a non-empty array, got an empty one."])
        assertMessage(#"{ "suite": "", "scenarios": ["ipad-settings"] }"#, file: "s.json", suite: true,
                      contains: ["s.json: suite: expected a non-empty string, got an empty one."])
        assertMessage(#"{ "suite": "s", "scenarios": ["ipad-settings"], "strategies": [] }"#, file: "s.json", suite: true,
                      contains: ["s.json: strategies: expected a non-empty array, got an empty one."])
    }

    func testSuiteErrorsNameTheScenarioIndex() {
        let bad = scenarioText(replacing: ["table": #"{ "sections": 3, "rowsPerSection": 1, "rowHeight": -3 }"#])
        let text = "{ \"suite\": \"s\", \"scenarios\": [\"ipad-settings\", \(scenarioText(replacing: ["name": #""other""#])), \(bad)] }"
        assertMessage(text, file: "Benchmarks/x.json", suite: true,
                      contains: ["Benchmarks/x.json: scenarios[2].table.rowHeight: expected a positive number", "got -3."])
    }

    func testDuplicateScenarioNamesInASuiteAreRejected() {
        let text = "{ \"suite\": \"s\", \"scenarios\": [\(scenarioText()), \(scenarioText())] }"
        assertMessage(text, file: "s.json", suite: true,
                      contains: ["s.json: scenarios[1]: the scenario name 'small' is already used by scenarios[0]."])
    }

    func testSuiteAndScenarioFilesAreNotMistakenForEachOther() {
        assertMessage(#"{ "suite": "s", "scenarios": ["ipad-settings"] }"#, contains: ["bad.json: this is a suite file"])
        assertMessage(scenarioText(), suite: true, contains: ["bad.json: this is a single scenario file"])
    }

    func testMissingFileIsNamed() {
        let path = directory + "/nope.json"
        XCTAssertThrowsError(try ScenarioFile.loadScenario(path: path)) {
            XCTAssertEqual($0 as? BenchError, .input(.cannotRead(path: path, reason: .noSuchFile)))
        }
    }

    func testDirectoryInsteadOfFileIsNamed() {
        XCTAssertThrowsError(try ScenarioFile.loadSuite(path: directory)) {
            XCTAssertEqual($0 as? BenchError, .input(.cannotRead(path: self.directory, reason: .directory(expected: "a JSON file"))))
        }
    }

    func testUnreadableFileIsNamed() throws {
        try XCTSkipIf(getuid() == 0, "root reads any file")
        let path = try write(scenarioText(), to: "locked.json")
        chmod(path, 0o000)
        XCTAssertThrowsError(try ScenarioFile.loadScenario(path: path)) {
            XCTAssertEqual($0 as? BenchError, .input(.cannotRead(path: path, reason: .system(EACCES))))
        }
    }

    func testLoadScenarioReadsAFile() throws {
        let path = try write(scenarioText(), to: "small.json")
        XCTAssertEqual(try ScenarioFile.loadScenario(path: path), try decode(scenarioText()))
    }

    func testZeroStepsAreRejected() {
        assertMessage(scenarioText(replacing: ["scroll": #"{ "kind": "constant", "steps": 0 }"#]),
                      contains: ["bad.json: scroll.steps: expected an integer from 1 to 1,000,000, got 0."])
    }

    func testEventAtAStepOutOfRangeIsRejected() {
        assertMessage(scenarioText(adding: [("events", #"[{ "atStep": 3, "select": { "section": 0, "row": 0 } }, { "atStep": 10, "set": { "sideInset": 4 } }]"#)]),
                      contains: ["bad.json: events[1].atStep: expected an integer from 0 to 9 (the scroll has 10 steps), got 10."])
    }

    func testSelectOfAMissingRowIsRejected() {
        // Sections cycle [1, 3]: section 2 has 1 row.
        assertMessage(scenarioText(adding: [("events", #"[{ "atStep": 0, "select": { "section": 2, "row": 1 } }]"#)]),
                      contains: ["bad.json: events[0].select.row: row 1 does not exist; section 2 has 1 row (0 to 0)."])
        assertMessage(scenarioText(adding: [("events", #"[{ "atStep": 0, "select": { "section": 3, "row": 0 } }]"#)]),
                      contains: ["events[0].select.section: section 3 does not exist; the table has 3 sections (0 to 2)."])
        assertMessage(scenarioText(replacing: ["scroll": #"{ "kind": "jump", "to": { "section": 1, "row": 3 }, "steps": 4 }"#]),
                      contains: ["scroll.to.row: row 3 does not exist; section 1 has 3 rows (0 to 2)."])
    }

    func testAnEventNeedsExactlyOneAction() {
        assertMessage(scenarioText(adding: [("events", #"[{ "atStep": 0 }]"#)]),
                      contains: ["events[0]: expected one of 'set', 'resize' or 'select'."])
        assertMessage(scenarioText(adding: [("events", #"[{ "atStep": 0, "set": { "sideInset": 1 }, "resize": { "width": 1, "height": 1 } }]"#)]),
                      contains: ["events[0]: expected exactly one of 'set', 'resize' or 'select', got 'set' and 'resize'."])
        assertMessage(scenarioText(adding: [("events", #"[{ "atStep": 0, "set": {} }]"#)]),
                      contains: ["events[0].set: expected at least one of cornerRadius"])
        assertMessage(scenarioText(adding: [("events", #"[{ "atStep": 0, "set": { "roundsInCompactWidth": true } }]"#)]),
                      contains: ["events[0].set.roundsInCompactWidth: cannot change in an event"])
    }

    func testScrollKeysMustMatchTheKind() {
        assertMessage(scenarioText(replacing: ["scroll": #"{ "kind": "constant", "velocity": 10, "steps": 4 }"#]),
                      contains: ["scroll.velocity: applies to a fling scroll, not a constant one."])
        assertMessage(scenarioText(replacing: ["scroll": #"{ "kind": "flig", "steps": 4 }"#]),
                      contains: ["scroll.kind: unknown scroll kind 'flig'; did you mean 'fling'?"])
        assertMessage(scenarioText(replacing: ["scroll": #"{ "kind": "fling", "velocity": 10, "deceleration": 1, "steps": 4 }"#]),
                      contains: ["scroll.deceleration: expected a number between 0 and 1 (exclusive), got 1."])
        assertMessage(scenarioText(replacing: ["scroll": #"{ "kind": "fling", "steps": 4 }"#]),
                      contains: ["scroll: missing key 'velocity'"])
    }

    func testMissingKeysAreNamed() {
        assertMessage(scenarioText(replacing: ["table": nil]), contains: ["bad.json: missing key 'table'"])
        assertMessage(scenarioText(replacing: ["name": #""""#]), contains: ["bad.json: name: expected a non-empty string, got an empty one."])
        assertMessage("[]", contains: ["bad.json: expected a scenario object, got an array."])
    }

    func testOddKeysAreQuotedInKeyPaths() {
        // The key is written escaped in the JSON text ("a b\n") and decodes to a newline.
        assertMessage(scenarioText(adding: [(#"a b\n"#, "1")]), contains: [#"bad.json: ["a b\n"]: unknown key"#])
    }
}
