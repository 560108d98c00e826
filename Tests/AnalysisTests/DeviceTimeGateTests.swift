import Analysis
import Results
import ResultsTestSupport
import XCTest

/// The device model's GPU times are deterministic, so the gate compares them exactly where both
/// sides priced the same GPU, and says so where it could not compare them.
final class DeviceTimeGateTests: XCTestCase {
    /// The fixture with every row's estimate on `gpu` at 120 Hz, `extra` ns added to its slow end.
    private func priced(_ gpu: String = "m1", extra: Int = 0) -> Results {
        var results = ResultsFixtures.run(strategies: ["none", "per-cell-mask"])
        for i in results.runs.indices {
            results.runs[i].deviceTime = DeviceTime(gpu: gpu, refreshHz: 120, lowNanos: 500_000 * (i + 1),
                                                    highNanos: 700_000 * (i + 1) + extra)
        }
        return results
    }

    func testAnEqualEstimatePassesAndALargerOneFailsNamingTheRow() throws {
        XCTAssertTrue(try Gate.check(baseline: priced(), current: priced()).passed)
        let report = try Gate.check(baseline: priced(), current: priced(extra: 1_000))
        XCTAssertFalse(report.passed)
        let failing = report.findings.filter(\.fails)
        XCTAssertEqual(failing.map(\.kind), [.deviceTimeRegression, .deviceTimeRegression])
        XCTAssertEqual(failing.first?.change, .deviceTime(old: priced().runs[0].deviceTime!, new: priced(extra: 1_000).runs[0].deviceTime!))
        let better = try Gate.check(baseline: priced(extra: 1_000), current: priced())
        XCTAssertTrue(better.passed)
        XCTAssertEqual(better.findings.map(\.kind), [.deviceTimeImprovement, .deviceTimeImprovement])
    }

    func testEstimatesOnAnotherGPUOrMissingOnOneSideAreNotGatedAndSaidSo() throws {
        let other = try Gate.check(baseline: priced("a9"), current: priced(extra: 1_000))
        XCTAssertTrue(other.passed, "another GPU is not a regression")
        XCTAssertTrue(other.warnings.contains { if case .otherGPU(rows: 2, row: _, old: _, new: _) = $0 { true } else { false } }, "\(other.warnings)")
        XCTAssertTrue(other.notGated.contains("GPU times"))
        let older = try Gate.check(baseline: ResultsFixtures.run(strategies: ["none", "per-cell-mask"]), current: priced())
        XCTAssertTrue(older.warnings.contains(.baselineLacks(.gpuTimes)), "\(older.warnings)")
        XCTAssertTrue(older.notGated.contains("GPU times"))
        XCTAssertFalse(try Gate.check(baseline: priced(), current: priced()).notGated.contains("GPU times"))
    }

    /// Issue 59, row 13: a baseline written before steps were priced against the same run: the
    /// mean frame is the same, and the frames it lacks are no change.
    func testTheSameMeanAgainstAFileWithoutStepTimesIsNoChange() throws {
        var withSteps = priced()
        for i in withSteps.runs.indices {
            let time = withSteps.runs[i].deviceTime!, steps = withSteps.runs[i].steps
            withSteps.runs[i].deviceTime?.stepLowNanos = Array(repeating: time.lowNanos, count: steps)
            withSteps.runs[i].deviceTime?.stepHighNanos = Array(repeating: time.highNanos, count: steps)
        }
        XCTAssertNotNil(withSteps.runs[0].deviceTime?.frames)
        XCTAssertNil(priced().runs[0].deviceTime?.frames)
        for (baseline, current) in [(priced(), withSteps), (withSteps, priced())] {
            let report = try Gate.check(baseline: baseline, current: current)
            XCTAssertTrue(report.passed)
            XCTAssertEqual(report.findings.filter { $0.kind == .deviceTimeImprovement || $0.kind == .deviceTimeRegression }.count, 0,
                           "\(report.findings)")
        }
        // A mean that moved is still found, with or without the frames.
        XCTAssertFalse(try Gate.check(baseline: withSteps, current: priced(extra: 1)).passed)
    }
}
