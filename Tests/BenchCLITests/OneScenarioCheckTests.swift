import CLITestSupport
import Devices
import Foundation
import Harness
import Problems
import RasterTestSupport
import ScenarioFiles
import Scenarios
import Table
import XCTest

/// A scenario file and the same scenario edited by the command line's options are held to the
/// same whole-scenario rules by one function, `Scenario.breach`: the file is told at the key that
/// set what breaks a rule, the options by a usage error, and the edited scenario's breach is the
/// one the options report.
final class OneScenarioCheckTests: TemporaryDirectoryTestCase {
    /// A valid scenario file: 3 sections cycling 1 and 3 rows of 44 pt on a 2× screen, and
    /// `table`, `scroll` or `device` as given.
    private static func text(device: String = #"{ "width": 600, "height": 400, "scale": 2, "refreshHz": 120 }"#,
                             table: String = #""sections": 3, "rowsPerSection": [1, 3], "rowHeight": 44"#,
                             style: String = #""cornerRadius": 10"#,
                             scroll: String = #""kind": "constant", "steps": 4"#) -> String {
        #"{ "name": "small", "device": \#(device), "table": { \#(table) }, "style": { \#(style) }, "scroll": { \#(scroll) } }"#
    }

    private static let jumpToRow = #""kind": "jump", "to": { "section": 1, "row": 2 }, "steps": 4"#

    /// The scenario file `text` decodes to.
    private func decode(_ text: String) throws -> Scenario {
        try ScenarioFile.scenario(from: Array(text.utf8), file: "small.json")
    }

    /// The message decoding `text` is refused with.
    private func fileMessage(_ text: String, line: UInt = #line) -> String {
        var message = ""
        XCTAssertThrowsError(try decode(text), line: line) {
            guard case BenchError.input(let problem) = $0 else { return XCTFail("threw \($0)", line: line) }
            message = problem.description
        }
        return message
    }

    /// Runs `options` on the scenario file `text` and checks they are refused with `expected`.
    private func assertOptions(_ options: [String], on text: String, refusedWith expected: UsageProblem, line: UInt = #line) throws {
        let path = directory + "/small.json"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let run = bench(["run", "--scenario-file", path, "--strategy", "none", "--steps", "2", "--quiet"] + options)
        XCTAssertEqual(run.code, 2, run.stderr, line: line)
        let sentence = BenchError.usage(expected).description
        XCTAssertTrue(run.stderr.unwrapped.contains(String(sentence.dropFirst())), "\(run.stderr) lacks \(sentence)", line: line)
    }

    func testTooManyRowsAreRefusedAtTheTableAndAsTheOptionsOwnError() throws {
        let edited = try decode(Self.text()).with { $0.sections = 5_000_001; $0.rowsPerSection = [2] }
        XCTAssertEqual(edited.breach, .tooManyRows(rows: 10_000_002, maximum: Scenario.maxRows))
        XCTAssertEqual(fileMessage(Self.text(table: #""sections": 5000001, "rowsPerSection": 2"#)),
                       "small.json: table: 10,000,002 rows in all; the maximum is 10,000,000.")
        try assertOptions(["--sections", "5000001", "--rows-per-section", "2"], on: Self.text(),
                          refusedWith: .tooManyRows(scenario: "small", rows: 10_000_002, maximum: 10_000_000))
    }

    func testAJumpToASectionTheTableLostIsRefusedAtItsSectionAndAsTheOptionsOwnError() throws {
        let text = Self.text(scroll: #""kind": "jump", "to": { "section": 2, "row": 0 }, "steps": 4"#)
        XCTAssertEqual(try decode(text).with { $0.sections = 2 }.breach,
                       .jumpOutsideTable(row: IndexPath(row: 0, section: 2), sections: 2, rows: nil))
        XCTAssertEqual(fileMessage(text.replacingOccurrences(of: #""sections": 3"#, with: #""sections": 2"#)),
                       "small.json: scroll.to.section: section 2 does not exist; the table has 2 sections (0 to 1).")
        try assertOptions(["--sections", "2"], on: text,
                          refusedWith: .jumpRowOutsideTable(scenario: "small", row: .init(section: 2, row: 0), sections: 2, rows: nil))
    }

    func testAJumpToARowTheTableLostIsRefusedAtItsRowAndAsTheOptionsOwnError() throws {
        let text = Self.text(scroll: Self.jumpToRow)
        XCTAssertEqual(try decode(text).with { $0.rowsPerSection = [2] }.breach,
                       .jumpOutsideTable(row: IndexPath(row: 2, section: 1), sections: 3, rows: 2))
        XCTAssertEqual(fileMessage(text.replacingOccurrences(of: "[1, 3]", with: "2")),
                       "small.json: scroll.to.row: row 2 does not exist; section 1 has 2 rows (0 to 1).")
        try assertOptions(["--rows-per-section", "2"], on: text,
                          refusedWith: .jumpRowOutsideTable(scenario: "small", row: .init(section: 1, row: 2), sections: 3, rows: 2))
    }

    func testARadiusAboveHalfARowIsRefusedAtItsKeyAndAsTheOptionsOwnError() throws {
        XCTAssertEqual(try decode(Self.text()).with { $0.style.cornerRadius = 30 }.breach,
                       .cornerRadius(Scenario.CornerRadiusBreach(event: nil, radius: 30, limit: 22)))
        XCTAssertEqual(fileMessage(Self.text(style: #""cornerRadius": 30"#)),
                       "small.json: style.cornerRadius: expected at most 22 (half the row height 44), got 30.")
        try assertOptions(["--corner-radius", "30"], on: Self.text(), refusedWith: .cornerRadiusAboveHalfRow(radius: 30, rowHeight: 44))
    }

    func testATableFrameThatLeavesNoHeightIsRefusedAtItsKeyAndAsTheOptionsOwnError() throws {
        let tall = #"{ "width": 600, "height": 1000, "scale": 2, "refreshHz": 120 }"#
        let framed = #""sections": 3, "rowsPerSection": [1, 3], "rowHeight": 44, "top": 300, "bottom": 300"#
        XCTAssertNil(try decode(Self.text(device: tall, table: framed)).breach)
        XCTAssertEqual(try decode(Self.text(device: tall, table: framed)).with { $0.device.height = 480 }.breach,
                       .noTableHeight(top: 300, bottom: 300, height: 480))
        XCTAssertEqual(fileMessage(Self.text(table: #""sections": 3, "rowsPerSection": 1, "top": 300, "bottom": 100"#)),
                       "small.json: table.top: the table's frame leaves no height: 300 pt above it and 100 pt below it on a screen "
                       + "400 pt tall; top and bottom together must be less than the screen's height.")
        XCTAssertEqual(fileMessage(Self.text(table: #""sections": 3, "rowsPerSection": 1, "bottom": 400"#)),
                       "small.json: table.bottom: the table's frame leaves no height: 0 pt above it and 400 pt below it on a screen "
                       + "400 pt tall; top and bottom together must be less than the screen's height.")
        XCTAssertTrue(fileMessage(Self.text(table: #""sections": 3, "rowsPerSection": 1, "top": -1"#)).hasPrefix("small.json: table.top: expected "))
        try assertOptions(["--device", "iphone-4s"], on: Self.text(device: tall, table: framed),
                          refusedWith: .noTableHeight(scenario: "small", device: "iphone-4s",
                                                      why: Scenario.noTableHeight(top: 300, bottom: 300, height: 480)))
    }

    /// A file's row height and iOS version are refused at their keys as they are read (a number's
    /// range), before the scenario is whole; the options meet the same limits in `breach`.
    func testARowAboveThePixelLimitAndAnIOSTheDeviceDidNotRunAreRefusedBothWays() throws {
        let onThree = #"{ "width": 600, "height": 400, "scale": 3, "refreshHz": 120 }"#
        XCTAssertEqual(try decode(Self.text(device: onThree)).with { $0.rowHeight = 3000 }.breach,
                       .rowAbovePixelLimit(pixels: 9000, maximum: Scenario.maxPixelLength))
        XCTAssertTrue(fileMessage(Self.text(device: onThree, table: #""sections": 3, "rowsPerSection": 1, "rowHeight": 3000"#))
            .hasPrefix("small.json: table.rowHeight: expected a positive number up to 2,730.66 (8,192 pixels at 3×), got "))
        try assertOptions(["--row-height", "3000"], on: Self.text(device: onThree),
                          refusedWith: .rowHeightAbovePixelLimit(rowHeight: 3000, device: "custom", scale: 3, pixels: 9000, maximum: 8192))

        let iphone6 = #"{ "name": "iphone-6" }"#
        let range = Device.iosRange(Device.named("iphone-6")?.iosSupport)
        let ios = range.upperBound + 1
        XCTAssertEqual(try decode(Self.text(device: iphone6)).with { $0.device.ios = ios }.breach, .iosOutOfRange(ios: ios, range: range))
        let expected = Device.iosExpected(Device.named("iphone-6")?.iosSupport, device: "iphone-6")
        XCTAssertEqual(fileMessage(Self.text(device: #"{ "name": "iphone-6", "ios": \#(ios) }"#)),
                       "small.json: device.ios: expected \(expected), got \(ios).")
        try assertOptions(["--ios", "\(ios)"], on: Self.text(device: iphone6), refusedWith: .iosOutOfRange(ios: ios, expected: expected))
    }
}

private extension Scenario {
    /// This scenario changed by `change`, as the options change it.
    func with(_ change: (inout Scenario) -> Void) -> Scenario {
        var scenario = self
        change(&scenario)
        return scenario
    }
}
