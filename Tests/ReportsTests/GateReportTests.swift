import Analysis
import JSON
import Results
import ResultsTestSupport
import Scenarios
import Text
import XCTest
@testable import Reports

/// `bench check`'s and `bench compare`'s words, written by Reports from the gate's and the
/// comparison's data (hand-built results: no run needed).
final class GateReportTests: XCTestCase {
    private static let fresh = ResultsFixtures.run()
    private let steady: [Double] = [2.0, 2.02, 1.98, 2.01, 1.99]

    func testAPassingCheckListsEveryRowWithWhatItCompared() throws {
        let baseline = ResultsFixtures.rounds(Self.fresh, .stepToNone, steady)
        let report = try Gate.check(baseline: baseline, current: ResultsFixtures.rounds(Self.fresh, .stepToNone, steady.reversed()))
        let text = report.text(), markdown = report.markdown()
        XCTAssertTrue(text.hasPrefix("PASS all \(Self.fresh.runs.count) rows: as the baseline\nCompared with the baseline: counters and frames, exactly:\n"), text)
        for run in Self.fresh.runs {
            let line = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("\(run.scenario)/\(run.strategy) ") }, text)
            XCTAssertTrue(line.contains("\(Counter.allCases.count) same"), String(line))
            XCTAssertTrue(markdown.contains("| \(run.scenario)/\(run.strategy) | \(Counter.allCases.count) same | 2 same |"), markdown)
        }
        // The time ratios in a table of their own: medians, change, p-value and tolerance.
        let times = try XCTUnwrap(text.components(separatedBy: "Time ratios, medians baseline → current").last)
        func words(_ strategy: String) -> [Substring] {
            times.split(separator: "\n").first { $0.hasPrefix("long-table/\(strategy) ") }?.split(separator: " ") ?? []
        }
        XCTAssertEqual(words("per-cell-mask").dropFirst(), ["2.000", "→", "2.000", "+0.0", "%", "1.00", "±5.0", "%"], times)
        XCTAssertEqual(words("none").suffix(3), ["–", "not", "gated"], "the row with one process a side: \(times)")
        XCTAssertTrue(markdown.contains("| row | counters | frames | stepToNone |\n| :--- | ---: | ---: | ---: |\n"), markdown)
        XCTAssertTrue(text.hasSuffix("PASS: 2 rows match the baseline.\n"), text)
    }

    func testEachFindingIsWordedFromItsFigures() throws {
        var baseline = ResultsFixtures.rounds(Self.fresh, .stepToNone, steady)
        baseline.runs[1].totals[.offscreenPasses]! -= 1
        baseline.runs[1].pictures["0"] = "ffffffff"
        baseline.runs[1].perStep[.offscreenPasses]! -= 1
        let current = ResultsFixtures.rounds(Self.fresh, .stepToNone, steady.map { $0 * 1.3 })
        let report = try Gate.check(baseline: baseline, current: current)
        let old = baseline.runs[1].totals[.offscreenPasses]!
        XCTAssertEqual(report.findings.map(\.sentence), [
            "offscreenPasses \(old) → \(old + 1) (\(Format.percent(Double(old + 1) / Double(old) - 1)))",
            "the frame at step 0 changed (checksum ffffffff → 00001001); if intended, update the baseline",
            "stepToNone 2.000 → 2.600 (+30.0 %, p = 0.008 over 5/5 processes, tolerance ±5.0 %) ← offscreenPasses "
                + "\(Format.fixed(Double(old + 1) / 12 - 1, 1)) → \(Format.fixed(Double(old + 1) / 12, 1))",
        ])
        let text = report.text()
        XCTAssertTrue(text.contains("Regressions:\n  ✗ long-table/per-cell-mask: offscreenPasses "), text)
        XCTAssertTrue(text.hasSuffix("FAIL: 3 regression(s) in 2 rows.\n"), text)
        let markdown = report.markdown()
        XCTAssertTrue(markdown.hasPrefix("### CornerBench gate: ❌ fail\n\n"), markdown)
        XCTAssertTrue(markdown.contains("| | scenario | strategy | finding |\n|---|---|---|---|\n| ❌ | long-table | per-cell-mask | offscreenPasses "), markdown)
    }

    func testTheTimeFindingNamesTheProcessesSpreadWhenItRaisedTheTolerance() throws {
        let spread = [2.0, 2.08, 1.92, 2.04, 1.96]
        let baseline = ResultsFixtures.rounds(Self.fresh, .stepToNone, spread)
        let drifted = try Gate.check(baseline: baseline, current: ResultsFixtures.rounds(Self.fresh, .stepToNone, spread.map { $0 * 1.12 }))
        let slower = try Gate.check(baseline: baseline, current: ResultsFixtures.rounds(Self.fresh, .stepToNone, spread.map { $0 * 1.2 }))
        let sentence = try XCTUnwrap(slower.findings.first { $0.fails }).sentence
        XCTAssertTrue(sentence.contains("tolerance ±16.0 % = 2 × the processes' spread) ← no counter moved: look at the code path"), sentence)
        for text in [drifted.text(), drifted.markdown()] {
            XCTAssertTrue(text.contains("Time tolerance: ±5.0 %, or twice the spread of either side's processes where that is larger (each row shows its own)"), text)
        }
    }

    func testInstructionFindingsAndTheirToleranceAreWorded() throws {
        let counted = ResultsFixtures.counted(Self.fresh)
        var current = counted
        current.runs[1].instructions![.layout] = 33_000
        let report = try Gate.check(baseline: counted, current: current)
        let failure = try XCTUnwrap(report.findings.first(where: \.fails))
        XCTAssertEqual(failure.sentence, "layout instructions per step 2,500 → 2,750 (+10.00 %, tolerance ±2.0 %) ← no counter moved: look at the code path")
        XCTAssertTrue(report.text().contains("Instruction tolerance ±2.0 % per phase"), report.text())
        current.runs[1].instructions![.layout] = 30_540
        // The terminal shows the step's count, the Markdown every phase's.
        let passing = try Gate.check(baseline: counted, current: current)
        let row = try XCTUnwrap(passing.text().split(separator: "\n").first { $0.contains("/per-cell-mask ") }, passing.text())
        XCTAssertTrue(row.contains("83.3k +0.00 %"), String(row))
        XCTAssertTrue(passing.markdown().contains("| 2545 +1.80 % |"), passing.markdown())
    }

    func testARowNotInTheBaselineIsNotedAndTimesOnAnotherHostAreNotGated() throws {
        var baseline = Self.fresh
        baseline.runs.removeLast()
        baseline.provenance?.host = nil
        let report = try Gate.check(baseline: baseline, current: Self.fresh)
        let text = report.text()
        XCTAssertTrue(text.contains("  · long-table/per-cell-mask: not in the baseline: not gated\n"), text)
        XCTAssertTrue(text.contains("Times were reported, not gated (another kind of host; see the warning)."), text)
        XCTAssertTrue(text.split(separator: "\n").contains { $0.hasPrefix("long-table/none ") && $0.split(separator: " ").suffix(3) == ["–", "other", "host"] }, text)
        XCTAssertTrue(report.markdown().contains("| · | long-table | per-cell-mask | not in the baseline: not gated |"), report.markdown())
    }

    func testAPassWithUngatedCountsNamesThemInTheVerdictAndTheHeading() throws {
        var current = Self.fresh
        current.provenance = ResultsFixtures.counted(Self.fresh).provenance
        let report = try Gate.check(baseline: ResultsFixtures.counted(Self.fresh), current: current)
        XCTAssertTrue(report.text().hasSuffix("PASS: 2 rows match the baseline, but instruction counts were NOT gated (see the warnings).\n"), report.text())
        XCTAssertTrue(report.text().contains("Warning: instruction counts were not gated: the baseline has them and this run has none"), report.text())
        XCTAssertTrue(report.markdown().hasPrefix("### CornerBench gate: ✅ pass (instruction counts not gated)\n"), report.markdown())
    }

    func testAComparisonTableShowsEachRowAndTheRowsOnlyOneFileHas() {
        var fewer = Self.fresh
        fewer.runs.removeLast()
        let comparison = Comparison(Self.fresh, fewer)
        XCTAssertEqual(comparison.unmatched, [Comparison.Unmatched(key: RunKey(scenario: "long-table", strategy: "per-cell-mask"), inFirst: true)])
        let text = comparison.text(), markdown = comparison.markdown()
        XCTAssertTrue(text.hasSuffix("\nlong-table/per-cell-mask only in the first\n"), text)
        XCTAssertTrue(text.contains("Warning: too few processes"), text)
        XCTAssertTrue(markdown.contains("| strategy | old µs | new µs | change | p | processes | detectable | × none | counters per step (old → new) |\n|---|---|---|---|---|---|---|---|---|\n| none | "), markdown)
        XCTAssertTrue(markdown.contains(" ~ |"), "a change within noise keeps its unescaped ~: \(markdown)")
        XCTAssertTrue(markdown.hasSuffix("\n- long-table/per-cell-mask only in the first\n"), markdown)
    }
}

/// The verdict per row comes first, and one verdict ends a check of a baseline and limits.
final class GateVerdictReportTests: XCTestCase {
    private static func definition(masked: Bool) -> RecordedDefinition {
        var second = LayerDescription(frame: .init(x: 60, y: 6, width: 32, height: 32))
        if masked { second.mask = .oval }
        return .typed(ResultsFixtures.definition(cell: [.init(frame: .init(x: 16, y: 6, width: 32, height: 32)), second]))
    }

    /// The fixture with a two-layer cell, its second layer masked (`masked`) at `passes` a frame.
    private static func results(masked: Bool) -> Results {
        var results = ResultsFixtures.run()
        results.scenarioDefinitions = ["long-table": definition(masked: masked)]
        let passes = masked ? 2.0 : 0
        for i in results.runs.indices {
            results.runs[i].layerCosts = [CellLayerCost(layer: "layers[0]", offscreenPasses: 0, screenSplits: 0, tileTrafficBytes: 0, blendedPixels: 0),
                                          CellLayerCost(layer: "layers[1]", offscreenPasses: passes, screenSplits: passes, tileTrafficBytes: 0,
                                                        blendedPixels: 0)]
            if masked { results.runs[i].totals[.offscreenPasses]! += 24 }
        }
        return results
    }

    func testADearerCellLeadsWithItsFailingRowAndTheLayerThatMadeIt() throws {
        let baseline = Self.results(masked: false), current = Self.results(masked: true)
        let text = try Gate.check(baseline: baseline, current: current).text()
        let lines = text.split(separator: "\n").map(String.init)
        let (a, b) = (baseline.runs[0].totals[.offscreenPasses]!, current.runs[0].totals[.offscreenPasses]!)
        XCTAssertEqual(lines[0], "FAIL long-table/none: the new cell is dearer: offscreenPasses \(Format.grouped(a)) → \(Format.grouped(b))")
        XCTAssertEqual(lines[1], "  layers[1]: +mask; +2.0 off-screen passes, +2.0 splits a frame")
        XCTAssertTrue(lines.last!.hasPrefix("FAIL: 2 regression(s)"), text)
    }

    func testANamedLayerIsShownByItsNameBeforeItsPath() throws {
        var change = Gate.LayerChange(layer: "layers[1]", fields: [], old: nil,
                                      new: CellLayerCost(layer: "layers[1]", offscreenPasses: 1, screenSplits: 0, tileTrafficBytes: 0, blendedPixels: 0))
        change.name = "badge"
        XCTAssertEqual(Gate.Report.layerLine(change), "badge (layers[1]): a new layer; +1.0 off-screen passes a frame")
    }

    func testBreachedLimitsAndAPassingBaselineEndInOneFailAndNoPass() throws {
        let results = ResultsFixtures.run()
        let report = try Gate.check(baseline: results, current: results)
        let passes = try XCTUnwrap(results.runs[1].perStep[.offscreenPasses])
        let limits = LimitCheck(results, limits: [Limit(.offscreenPasses, maximum: passes - 1)])
        let text = report.text(limits: limits), markdown = report.markdown(limits: limits)
        XCTAssertFalse(text.contains("PASS:"), text)
        XCTAssertTrue(text.hasPrefix("FAIL long-table/per-cell-mask: offscreenPasses"), text)
        XCTAssertTrue(text.hasSuffix("FAIL: 1 breach(es) of a limit in 2 rows.\n"), text)
        XCTAssertTrue(markdown.hasPrefix("### CornerBench gate: ❌ fail"), markdown)
        XCTAssertFalse(markdown.contains("✅ pass"), markdown)
        let within = LimitCheck(results, limits: [Limit(.offscreenPasses, maximum: passes)])
        XCTAssertTrue(report.text(limits: within).hasSuffix("PASS: 2 rows match the baseline and are within their limits.\n"))
    }
}
