import Foundation
import Problems
import ResultsTestSupport
import Analysis
import Results
import XCTest

final class GateTests: XCTestCase {
    /// A real short run of a small scenario: every field the gate reads is genuine.
    private static let fresh: Results = {
        return ResultsFixtures.run(strategies: ["none", "per-cell-mask"], steps: 12)
    }()

    func testGateAgainstItsOwnFreshBaselinePasses() throws {
        let report = try Gate.check(baseline: Self.fresh, current: Self.fresh)
        XCTAssertTrue(report.passed, "\(report.findings)")
        XCTAssertEqual(report.rowsCompared, 2)
    }

    func testAPassingCheckListsEveryRowWithWhatItCompared() throws {
        let baseline = rounds(Self.fresh, .stepToNone, steady), current = rounds(Self.fresh, .stepToNone, steady.reversed())
        let report = try Gate.check(baseline: baseline, current: current)
        XCTAssertTrue(report.passed, "\(report.findings)")
        XCTAssertEqual(report.rows.map { "\($0.scenario)/\($0.strategy)" }, Self.fresh.runs.map(\.key.description))
        for (row, run) in zip(report.rows, Self.fresh.runs) {
            XCTAssertEqual([row.counters, row.countersChanged, row.pictures, row.picturesChanged], [Counter.allCases.count, 0, run.pictures.count, 0])
        }
        // The row with five processes on each side is gated: its medians, p and tolerance.
        let gated = try XCTUnwrap(report.rows[1].times.first)
        XCTAssertEqual([gated.old, gated.new, gated.tolerance], [2.0, 2.0, 0.05])
        XCTAssertGreaterThan(try XCTUnwrap(gated.p), 0.99)
        // The other has one value a side: compared, not gated.
        XCTAssertNil(report.rows[0].times.first?.p)
    }

    func testAnyCounterIncreaseFailsAndNamesTheCounter() throws {
        var baseline = Self.fresh
        baseline.runs[1].totals[.offscreenPasses]! -= 1
        let report = try Gate.check(baseline: baseline, current: Self.fresh)
        XCTAssertFalse(report.passed)
        let failure = report.findings.first { $0.fails }!
        XCTAssertEqual(failure.kind, .counterRegression)
        let old = baseline.runs[1].totals[.offscreenPasses]!
        XCTAssertEqual(failure.change, .counter(.offscreenPasses, old: old, new: old + 1))
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
        guard case .time(let time) = slow.change else { return XCTFail("\(slow.change)") }
        XCTAssertEqual(time.old, 2.0, accuracy: 1e-9)
        XCTAssertEqual(time.new, 2.6, accuracy: 1e-9)
        XCTAssertEqual(time.ratio, .stepToNone)
        XCTAssertEqual(time.movedCounters.map(\.counter), [.offscreenPasses])
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
        XCTAssertTrue(drifted.passed, "+12 %, significant, but within 2 × 8 %: \(drifted.findings)")
        let slower = try Gate.check(baseline: baseline, current: rounds(Self.fresh, .stepToNone, spread.map { $0 * 1.2 }))
        XCTAssertFalse(slower.passed)
        guard case .time(let time) = try XCTUnwrap(slower.findings.first { $0.fails }).change else { return XCTFail() }
        XCTAssertEqual(time.tolerance, 0.16, accuracy: 1e-9)
        XCTAssertTrue(time.raisedBySpread)
    }

    func testTimesAreNotGatedWithTooFewRoundsAndTheReportSaysSo() throws {
        var baseline = Self.fresh
        baseline.runs[1].ratios[.stepToNone]! /= 2
        let report = try Gate.check(baseline: baseline, current: Self.fresh)
        XCTAssertTrue(report.passed)
        XCTAssertTrue(report.warnings.contains { if case .fewProcesses(rows: 2, baseline: _, current: _) = $0 { true } else { false } }, "\(report.warnings)")
    }

    func testARowWithoutItsPerProcessRatiosIsNamedNotBlamedOnTheProcessCount() throws {
        let baseline = rounds(Self.fresh, .stepToNone, steady)
        var current = rounds(Self.fresh, .stepToNone, steady)
        current.runs[1].roundRatios = nil
        let report = try Gate.check(baseline: baseline, current: current)
        let lacking = try XCTUnwrap(report.warnings.first { if case .lackingRatios = $0 { true } else { false } }, "\(report.warnings)")
        let warning = lacking.description
        XCTAssertTrue(warning.contains("long-table/per-cell-mask"), warning)
        XCTAssertTrue(warning.contains("this run's row has no roundRatios.stepToNone"), warning)
        XCTAssertTrue(warning.contains("5 processes"), warning)
        XCTAssertFalse(report.warnings.contains { if case .fewProcesses = $0 { true } else { false } }, "\(report.warnings)")
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
        let same = Comparison(old, withRounds(Self.fresh, [1003, 996, 1008, 992, 1001, 999]))
        XCTAssertTrue(same.rows.allSatisfy { !$0.isSignificant })
        XCTAssertTrue(same.rows.allSatisfy { $0.smallestDetectable != nil })
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
        var results = ResultsFixtures.run(strategies: ["none", "per-cell-mask"], steps: 10)
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
        guard case .hostFree(let count) = failure.change else { return XCTFail("\(failure.change)") }
        XCTAssertEqual([count.old / count.steps, count.new / count.steps], [3_000, 3_300])
        XCTAssertEqual(count.phase, .layout)
        XCTAssertTrue(report.instructionsGated)
    }

    func testAChangeWithinTheToleranceDoesNotFail() throws {
        let report = try check(layoutTimes: 1.019)
        XCTAssertTrue(report.passed, "\(report.findings)")
        XCTAssertTrue(report.findings.isEmpty)
        // What passed is listed: each phase's instructions per step, with the change.
        let layout = try XCTUnwrap(report.rows[1].instructions.first { $0.phase == .layout })
        XCTAssertEqual(layout.old, 3_000)
        XCTAssertEqual(layout.new, 3_056.9, accuracy: 1e-6)
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
        XCTAssertTrue(report.warnings.contains(.runLacks(.instructions)), "\(report.warnings)")
        XCTAssertFalse(report.instructionsGated)
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
