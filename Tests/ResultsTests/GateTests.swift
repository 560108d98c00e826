import Foundation
import Harness
import HarnessTestSupport
import Results
import XCTest

final class GateTests: XCTestCase {
    /// A real short run of a small scenario: every field the gate reads is genuine.
    private static let fresh: Results = {
        let scenario = Fixtures.longTable(sections: 30, device: Fixtures.device(width: 600, height: 300), steps: 12)
        return try! Runner().run(scenarios: [scenario], strategies: ["none", "per-cell-mask"])
    }()

    func testGateAgainstItsOwnFreshBaselinePasses() throws {
        let report = try Gate.check(baseline: Self.fresh, current: Self.fresh)
        XCTAssertTrue(report.passed, report.text())
        XCTAssertEqual(report.rowsCompared, 2)
        XCTAssertTrue(report.text().contains("PASS"))
    }

    func testAPassingCheckListsEveryRowWithWhatItCompared() throws {
        let baseline = rounds(Self.fresh, .stepToNone, steady), current = rounds(Self.fresh, .stepToNone, steady.reversed())
        let report = try Gate.check(baseline: baseline, current: current)
        XCTAssertTrue(report.passed, report.text())
        let text = report.text(), markdown = report.markdown()
        XCTAssertTrue(text.contains("Compared with the baseline"), text)
        let lines = text.split(separator: "\n").map(String.init)
        for run in Self.fresh.runs {
            let line = try XCTUnwrap(lines.first { $0.hasPrefix("\(run.scenario)/\(run.strategy) ") }, text)
            XCTAssertTrue(line.contains("\(Counter.allCases.count) same"), line)
            XCTAssertTrue(line.contains("\(run.pictures.count) same"), line)
            XCTAssertTrue(markdown.contains("| \(run.scenario)/\(run.strategy) | \(Counter.allCases.count) same |"), markdown)
        }
        // The row with five processes on each side is gated: its medians, change, p and tolerance.
        XCTAssertTrue(text.contains("2.000 → 2.000 (+0.0 %, p 1.00, ±5.0 %)"), text)
        // The other has one value a side: compared, not gated.
        XCTAssertTrue(text.contains("(not gated)"), text)
        XCTAssertTrue(text.hasSuffix("PASS: 2 rows match the baseline.\n"), text)
    }

    func testAnyCounterIncreaseFailsAndNamesTheCounter() throws {
        var baseline = Self.fresh
        baseline.runs[1].totals[.offscreenPasses]! -= 1
        let report = try Gate.check(baseline: baseline, current: Self.fresh)
        XCTAssertFalse(report.passed)
        let failure = report.findings.first { $0.fails }!
        XCTAssertEqual(failure.kind, .counterRegression)
        XCTAssertTrue(failure.message.hasPrefix("offscreenPasses \(baseline.runs[1].totals[.offscreenPasses]!) → "), failure.message)
    }

    func testACounterDecreaseIsAnImprovementThatPasses() throws {
        var baseline = Self.fresh
        baseline.runs[0].totals[.layersDrawn]! += 5
        let report = try Gate.check(baseline: baseline, current: Self.fresh)
        XCTAssertTrue(report.passed)
        XCTAssertEqual(report.findings.map(\.kind), [.counterImprovement])
    }

    /// `results` with the second row's per-round `ratio` set to `values`.
    private func rounds(_ results: Results, _ ratio: Ratio, _ values: [Double]) -> Results {
        var copy = results
        copy.processes = values.count
        copy.runs[1].roundRatios = [ratio: values]
        return copy
    }

    private let steady: [Double] = [2.0, 2.02, 1.98, 2.01, 1.99]

    func testASignificantTimeChangeBeyondToleranceFailsAndListsTheCountersThatMovedWithIt() throws {
        var baseline = rounds(Self.fresh, .stepToNone, steady)
        baseline.runs[1].perStep[.offscreenPasses]! -= 1
        let current = rounds(Self.fresh, .stepToNone, steady.map { $0 * 1.3 })
        let report = try Gate.check(baseline: baseline, current: current)
        let slow = try XCTUnwrap(report.findings.first { $0.kind == .timeRegression })
        XCTAssertTrue(slow.message.contains("stepToNone 2.000 → 2.600 (+30.0 %"), slow.message)
        XCTAssertTrue(slow.message.contains("offscreenPasses"), slow.message)
        XCTAssertFalse(report.passed)
        XCTAssertTrue(try Gate.check(baseline: current, current: baseline).passed, "faster is an improvement")
    }

    func testAChangeWithinToleranceOrWithinNoiseDoesNotFail() throws {
        let baseline = rounds(Self.fresh, .stepToNone, steady)
        XCTAssertTrue(try Gate.check(baseline: baseline, current: rounds(Self.fresh, .stepToNone, steady.map { $0 * 1.03 })).passed,
                      "significant but within the 5 % tolerance")
        let noisy = rounds(Self.fresh, .stepToNone, [1, 2, 3, 4, 5])
        let shifted = rounds(Self.fresh, .stepToNone, [1.5, 2.5, 3.5, 4.5, 5.5])
        XCTAssertTrue(try Gate.check(baseline: noisy, current: shifted).passed, "+16 % but within the rounds' noise")
    }

    func testAShiftWithinTwiceTheProcessesSpreadPassesAndABiggerOneFails() throws {
        let spread = [2.0, 2.08, 1.92, 2.04, 1.96]  // 8 % from lowest to highest
        let baseline = rounds(Self.fresh, .stepToNone, spread)
        let drifted = try Gate.check(baseline: baseline, current: rounds(Self.fresh, .stepToNone, spread.map { $0 * 1.12 }))
        XCTAssertTrue(drifted.passed, "+12 %, significant, but within 2 × 8 %: " + drifted.text())
        let slower = try Gate.check(baseline: baseline, current: rounds(Self.fresh, .stepToNone, spread.map { $0 * 1.2 }))
        XCTAssertFalse(slower.passed)
        let message = try XCTUnwrap(slower.findings.first { $0.fails }).message
        XCTAssertTrue(message.contains("tolerance ±16.0 % = 2 × the processes' spread"), message)
        // The footer states the rule the rows apply, not the option alone.
        for text in [drifted.text(), drifted.markdown()] {
            XCTAssertTrue(text.contains("Time tolerance: ±5.0 %, or twice the spread of either side's processes where that is larger (each row shows its own)"), text)
        }
    }

    func testTimesAreNotGatedWithTooFewRoundsAndTheReportSaysSo() throws {
        var baseline = Self.fresh
        baseline.runs[1].ratios[.stepToNone]! /= 2
        let report = try Gate.check(baseline: baseline, current: Self.fresh)
        XCTAssertTrue(report.passed)
        XCTAssertTrue(report.text().contains("times were not gated in 2 row(s)"), report.text())
    }

    func testOnlyTheChosenTimeRatiosAreGated() throws {
        let baseline = rounds(Self.fresh, .stepToFloor, steady)
        let current = rounds(Self.fresh, .stepToFloor, steady.map { $0 * 2 })
        XCTAssertTrue(try Gate.check(baseline: baseline, current: current).passed, "stepToFloor is not gated by default")
        let options = Gate.Options(timeRatios: [.stepToFloor])
        XCTAssertFalse(try Gate.check(baseline: baseline, current: current, options: options).passed)
    }

    func testAnAbsoluteTimeChangeAloneNeverFails() throws {
        var baseline = Self.fresh
        for i in baseline.runs.indices { baseline.runs[i].timing[.step]!.median *= 3 }
        XCTAssertTrue(try Gate.check(baseline: baseline, current: Self.fresh).passed)
    }

    func testTheToleranceIsNeverBelowTheMeasuredNoise() {
        let options = Gate.Options(timeTolerance: 0.1, noiseSpread: 0.08, noiseMultiplier: 3)
        XCTAssertEqual(options.effectiveTolerance, 0.24, accuracy: 1e-12)
        XCTAssertEqual(Gate.Options(timeTolerance: 0.3, noiseSpread: 0.01).effectiveTolerance, 0.3)
        XCTAssertEqual(Gate.noiseSpread(Self.fresh, Self.fresh), 0)
    }

    func testAChangedPictureFailsTheGate() throws {
        var baseline = Self.fresh
        let step = baseline.runs[0].pictures.keys.sorted().first!
        baseline.runs[0].pictures[step] = "00000000"
        let report = try Gate.check(baseline: baseline, current: Self.fresh)
        XCTAssertEqual(report.findings.filter(\.fails).map(\.kind), [.pictureChanged])
    }

    func testForeignSchemaMissingRowsAndOtherCountersAreInputErrors() {
        var foreign = Self.fresh
        foreign.schema = "something.else/2"
        XCTAssertThrowsError(try Gate.check(baseline: foreign, current: Self.fresh)) { error in
            XCTAssertEqual((error as? BenchError)?.exitCode, 2)
        }
        var extra = Self.fresh
        extra.runs[0].strategy = "corner-radius-clip"
        XCTAssertThrowsError(try Gate.check(baseline: extra, current: Self.fresh)) { error in
            XCTAssertTrue("\(error)".contains("corner-radius-clip"), "\(error)")
        }
        var otherCounters = Self.fresh
        otherCounters.runs[0].totals[.rowsVisited] = nil
        XCTAssertThrowsError(try Gate.check(baseline: otherCounters, current: Self.fresh)) { error in
            XCTAssertTrue("\(error)".contains("rowsVisited"), "\(error)")
        }
    }

    func testComparisonOfARunWithItselfIsNotSignificant() {
        let comparison = Comparison(Self.fresh, Self.fresh)
        XCTAssertEqual(comparison.rows.count, 2)
        for row in comparison.rows {
            XCTAssertEqual(row.change, 0, accuracy: 1e-12)
            XCTAssertFalse(row.isSignificant)
            XCTAssertTrue(row.counters.isEmpty)
            XCTAssertNil(row.smallestDetectable, "one process each can detect nothing")
        }
        XCTAssertTrue(comparison.text().contains("Warning: too few processes"), comparison.text())
    }

    /// A copy of `results` whose rows have these step round medians.
    private func withRounds(_ results: Results, _ rounds: [Int]) -> Results {
        var copy = results
        copy.processes = rounds.count
        for i in copy.runs.indices { copy.runs[i].rounds = [.step: rounds] }
        return copy
    }

    func testComparisonOfRoundsCallsAClearShiftSignificantAndNoiseNot() throws {
        let old = withRounds(Self.fresh, [1000, 1010, 990, 1005, 995, 1002])
        let slower = withRounds(Self.fresh, [1200, 1210, 1190, 1205, 1195, 1202])
        let comparison = Comparison(old, slower)
        for row in comparison.rows {
            XCTAssertTrue(row.isSignificant)
            XCTAssertEqual(row.change, 0.2, accuracy: 0.01)
            XCTAssertLessThan(try XCTUnwrap(row.smallestDetectable), 0.05, "±1 % rounds can show a few per cent")
        }
        XCTAssertTrue(comparison.text().contains("+20.0 %"), comparison.text())
        let same = Comparison(old, withRounds(Self.fresh, [1003, 996, 1008, 992, 1001, 999]))
        XCTAssertTrue(same.rows.allSatisfy { !$0.isSignificant })
        XCTAssertFalse(same.text().contains("Warning"))
        let noise = try XCTUnwrap(same.rows.first)
        XCTAssertTrue(same.text().contains(Format.percent(noise.change) + " ~"), "a change called noise is still shown: \(same.text())")
    }

    func testSmallestDetectableChangeGrowsWithTheNoise() throws {
        let quiet = try XCTUnwrap(Comparison.smallestDetectable([100, 101, 99, 100, 102], [100, 99, 101, 100, 98]))
        let noisy = try XCTUnwrap(Comparison.smallestDetectable([100, 130, 80, 110, 90], [100, 85, 120, 95, 105]))
        XCTAssertLessThan(quiet, noisy)
        XCTAssertNil(Comparison.smallestDetectable([1, 2, 3], [1, 2, 3]))
    }
}

/// Instruction counts are gated per phase with a small tolerance, and named by phase.
final class InstructionGateTests: XCTestCase {
    private static let counted: Results = {
        let scenario = Fixtures.longTable(sections: 30, device: Fixtures.device(width: 600, height: 300), steps: 10)
        var results = try! Runner().run(scenarios: [scenario], strategies: ["none", "per-cell-mask"])
        let counts = Dictionary(uniqueKeysWithValues: results.runs.map {
            ($0.key, [Phase.step: 1_000_000, .reuse: 20_000, .layout: 30_000, .composite: 900_000])
        })
        results.attach(instructions: counts, counter: "valgrind-3.19.0 callgrind")
        return results
    }()

    private func check(layoutTimes factor: Double, of row: Int = 1) throws -> Gate.Report {
        var current = Self.counted
        current.runs[row].instructions![.layout] = Int(Double(30_000) * factor)
        return try Gate.check(baseline: Self.counted, current: current)
    }

    func testAPhaseBeyondTheToleranceFailsNamingStrategyAndPhase() throws {
        let report = try check(layoutTimes: 1.10)
        XCTAssertFalse(report.passed)
        let failure = try XCTUnwrap(report.findings.first(where: \.fails))
        XCTAssertEqual(failure.kind, .instructionRegression)
        XCTAssertEqual(failure.strategy, "per-cell-mask")
        XCTAssertTrue(failure.message.hasPrefix("layout instructions per step 3,000 → 3,300 (+10.00 %"), failure.message)
        XCTAssertTrue(report.text().contains("Instruction tolerance ±2.0 % per phase"), report.text())
    }

    func testAChangeWithinTheToleranceDoesNotFail() throws {
        let report = try check(layoutTimes: 1.019)
        XCTAssertTrue(report.passed, report.text())
        XCTAssertTrue(report.findings.isEmpty)
        // What passed is listed: each phase's instructions per step, with the change.
        let text = report.text()
        XCTAssertTrue(text.contains("layout instr."), text)
        let row = try XCTUnwrap(text.split(separator: "\n").first { $0.contains("/per-cell-mask ") }, text)
        XCTAssertTrue(row.contains("3057 +1.90 %"), String(row))
        XCTAssertTrue(row.contains("100.0k +0.00 %"), String(row))
    }

    func testFewerInstructionsAreAnImprovementThatPasses() throws {
        let report = try check(layoutTimes: 0.8)
        XCTAssertTrue(report.passed)
        XCTAssertEqual(report.findings.map(\.kind), [.instructionImprovement])
    }

    func testARunWithoutCountsIsNotGatedAndSaysSo() throws {
        var current = Self.counted
        for i in current.runs.indices { current.runs[i].instructions = nil }
        current.instructionCounter = nil
        let report = try Gate.check(baseline: Self.counted, current: current)
        XCTAssertTrue(report.passed)
        XCTAssertTrue(report.warnings.contains { $0.hasPrefix("instruction counts were not gated") }, "\(report.warnings)")
        XCTAssertFalse(report.text().contains("Instruction tolerance"))
    }

    func testCountsRoundTripThroughJSON() throws {
        let data = try Self.counted.jsonData()
        let path = NSTemporaryDirectory() + "instructions-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try data.write(to: URL(fileURLWithPath: path))
        let loaded = try Results.load(from: path)
        XCTAssertEqual(loaded.runs.map(\.instructions), Self.counted.runs.map(\.instructions))
        XCTAssertEqual(loaded.instructionCounter, "valgrind-3.19.0 callgrind")
    }
}

/// The same scenario gives the same JSON, apart from what is measured in time (and memory).
final class DeterminismTests: XCTestCase {
    func testTwoRunsWriteTheSameJSONApartFromTimesAndTimestamps() throws {
        let scenario = Fixtures.longTable(sections: 40, device: Fixtures.device(width: 600, height: 300), steps: 15)
        func stripped() throws -> NSDictionary {
            let results = try Runner().run(scenarios: [scenario], strategies: ["none", "shared-corner-grid", "rasterized-mask"])
            var object = try JSONSerialization.jsonObject(with: results.jsonData()) as! [String: Any]
            for key in ["createdAt", "floorNanos", "copyFloorNanos", "peakMemoryBytes"] { object[key] = nil }
            object["runs"] = (object["runs"] as! [[String: Any]]).map { run in
                var run = run
                for key in ["timing", "samples", "rounds", "roundRatios", "ratios", "floorNanos", "copyFloorNanos", "trafficBoundNanos"] { run[key] = nil }
                return run
            }
            return object as NSDictionary
        }
        XCTAssertEqual(try stripped(), try stripped())
    }
}
