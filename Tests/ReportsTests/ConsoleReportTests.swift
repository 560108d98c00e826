import Foundation
import JSON
import Problems
@testable import Reports
import Results
import ResultsTestSupport
import Scenarios
import Text
import XCTest

/// The console tables, on `ReportSample`'s hand-built results.
final class ConsoleReportTests: XCTestCase {
    /// Results of one scenario: `none`, `same` (none's step times in another order) and `slow`
    /// (none's × 1.5), with per-step samples, or with `processes` of per-process medians instead.
    private static func noiseSample(processes: Bool) -> Results {
        let base = (0..<30).map { 1_000_000 + ($0 * 37_123) % 100_000 }
        let rows: [(String, [Int])] = [("none", base), ("same", base.reversed()), ("slow", base.map { $0 * 3 / 2 })]
        let runs = rows.map { name, steps -> RunResult in
            let samples: [Phase: [Int]] = [.step: steps, .layout: steps, .reuse: steps, .composite: steps]
            var run = RunResult(scenario: "scroll", strategy: name, steps: steps.count, layoutPasses: 1, totals: [:], perStep: [:],
                                timing: samples.mapValues { Summary($0) },
                                ratios: [.stepToFloor: 1, .stepToNone: Double(Summary(steps).median) / Double(Summary(base).median)],
                                samples: processes ? [:] : samples, eventSteps: [], pictures: [:], floorNanos: 1, copyFloorNanos: 1)
            if processes { run.rounds = [.step: Array(steps.prefix(5))] }
            return run
        }
        var results = Results(tool: ToolBuild(version: "0.1.0", configuration: "release", optimized: true, swift: "6.3"),
                              machine: MachineInfo(os: "Linux", cores: 2, cpu: "Test CPU"), createdAt: "2025-01-02T03:04:05Z",
                              floorNanos: 1, copyFloorNanos: 1, runs: runs)
        if processes { results.processes = 5 }
        return results
    }

    /// The console table's line for `strategy`.
    /// The strategy's row of the counters and host-time table, which follows the verdict.
    private func consoleLine(_ table: String, _ strategy: String) -> String {
        let lines = table.split(separator: "\n").map(String.init)
        let counters = lines.firstIndex { $0.hasPrefix("Counters and this host's time") } ?? 0
        return lines[counters...].first { $0.hasPrefix(strategy + " ") } ?? ""
    }

    func testTheDeviceAndTableAreReadFromTheDefinitionsFields() throws {
        var results = Self.noiseSample(processes: false)
        var definition = ResultsFixtures.definition()
        definition.device = .init(name: "iphone-se", width: 375, height: 667, scale: 2, refreshHz: 60, ios: nil)
        (definition.sections, definition.rowsPerSection, definition.rowHeight) = (1, [8], 44.5)
        (definition.style.cornerRadius, definition.style.sideInset) = (10, 16)
        let cell = CellDescription(layers: [], separatorInset: 0, rowHeight: nil)
        definition.content = ContentPattern(cells: [.layers(cell), .settings(RowContent(icon: false, titleLength: 3, detailLength: 0, accessory: .none)),
                                                     .layers(cell)])
        results.scenarioDefinitions = ["scroll": .typed(definition)]
        let what = try XCTUnwrap(Report(results).what("scroll", gpu: "a13"))
        XCTAssertEqual(what.device, "iphone-se (375 × 667 pt @2× 60 Hz, GPU a13)")
        XCTAssertEqual(what.table, "1 section of 8 rows, rows 44.5 pt tall, corner radius 10 pt, side inset 16 pt, headers 35 pt, footers 18 pt, 2 cells described as layers")
        results.scenarioDefinitions?["scroll"]?.edit {
            $0.content = ContentPattern(cells: [.layers(cell)])
            $0.rowsPerSection = [1, 3]
        }
        XCTAssertEqual(Report(results).what("scroll", gpu: nil)?.table?.hasPrefix("1 section of [1, 3] rows,"), true)
        XCTAssertEqual(Report(results).what("scroll", gpu: nil)?.table?.hasSuffix(", a cell described as layers"), true)
        // A definition in the older format is prose, which is not parsed: no line.
        results.scenarioDefinitions = ["scroll": .prose(["device": "iphone-se 375 × 667 pt @2× 60 Hz", "sections": "1"])]
        XCTAssertNil(Report(results).what("scroll", gpu: nil))
    }

    func testConsoleMarksATimesNoneWithinNoiseWithATildeAndAClearDifferenceWithout() {
        for processes in [false, true] {
            let table = Report(Self.noiseSample(processes: processes)).comparisonTable()
            XCTAssertTrue(consoleLine(table, "same").hasSuffix("1.00 ~"), table)
            XCTAssertTrue(consoleLine(table, "slow").hasSuffix("1.50"), table)
            XCTAssertTrue(consoleLine(table, "none").hasSuffix("1.00"), "none is not tested against itself: " + table)
            // The notes are wrapped at 120 columns.
            let prose = table.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            XCTAssertTrue(prose.contains(processes ? "over the 5 processes' median step times" : "over the 30 per-step times of one round"), table)
            XCTAssertFalse(table.split(separator: "\n").contains { $0.count > 120 }, "notes wrapped to 120 columns")
            XCTAssertFalse(table.split(separator: "\n").contains { $0.hasSuffix(" ") }, "no line ends in spaces")
        }
    }

    func testConsoleShowsTheStepP90NextToTheMedianAndKeepsTheBoundAfterTheComposite() throws {
        let results = ReportSample.sample()
        let table = Report(results).comparisonTable(wide: true)
        let lines = table.split(separator: "\n")
        let counters = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("Counters and this host's time") }, "the counters follow the verdict")
        let header = try XCTUnwrap(lines[counters...].first { $0.hasPrefix("strategy") }).split(separator: " ", omittingEmptySubsequences: true)
        let titles = header.joined(separator: " ")
        XCTAssertTrue(titles.contains("composite bound × bound step step p90 first load × floor × none"), titles)
        let run = results.runs[1]
        let cells = consoleLine(table, run.strategy).split(separator: " ").map(String.init)
        let median = try XCTUnwrap(cells.firstIndex(of: Format.micros(run.timing[.step]!.median)))
        XCTAssertEqual(cells[median + 1], Format.micros(run.timing[.step]!.p90), table)
        XCTAssertEqual(cells[median - 2], "–", "the bound, before the step")
    }

    /// The default table fits a 120-column terminal and leads to the verdict; `wide` has every column.
    func testTheDefaultConsoleTableFits120ColumnsAndEndsInTheVerdict() throws {
        let results = ReportSample.sample()
        let table = Report(results).comparisonTable()
        for line in table.split(separator: "\n") where line.hasPrefix("strategy") || results.runs.contains(where: { line.hasPrefix($0.strategy + " ") }) {
            XCTAssertLessThanOrEqual(line.count, 120, String(line))
        }
        XCTAssertTrue(table.contains("Verdict: what the device pays, cheapest first"), table)
        XCTAssertTrue(table.contains("not the device's GPU"), table)
        XCTAssertFalse(table.contains("step p90"))
        XCTAssertTrue(Report(results).comparisonTable(wide: true).contains("step p90"))
    }
}
