import Harness
import HarnessTestSupport
import Results
import XCTest

/// The first measured step loads the table; it is reported on its own and the step statistics
/// describe scrolling.
final class FirstLoadTests: XCTestCase {
    private static let scenario = Fixtures.longTable(sections: 20, device: Fixtures.device(width: 600, height: 300), steps: 8)

    func testTheFirstStepIsReportedOnItsOwnAndLeftOutOfTheStepStatistics() throws {
        let results = try Runner().run(scenarios: [Self.scenario], strategies: ["none", "per-cell-mask"])
        for run in results.runs {
            let steps = try XCTUnwrap(run.samples[.step])
            XCTAssertEqual(steps.count, 8, "samples keep every step, the first load included")
            XCTAssertEqual(run.firstStepNanos, steps[0])
            for phase in Phase.allCases {
                XCTAssertEqual(run.timing[phase], Summary(Array(run.samples[phase]!.dropFirst())), "\(run.strategy) \(phase)")
            }
            XCTAssertEqual(run.rounds?[.step], [Summary(Array(steps.dropFirst())).median])
        }
        XCTAssertGreaterThan(results.runs[0].totals[.cellsCreated] ?? 0, 0, "the first load created the visible cells, and they are counted")
    }

    func testARunOfOneStepTimesItsOnlyStep() throws {
        var scenario = Self.scenario
        scenario.steps = 1
        let run = try XCTUnwrap(Runner().run(scenarios: [scenario], strategies: ["none"]).runs.first)
        XCTAssertNil(run.firstStepNanos)
        XCTAssertEqual(run.timing[.step]?.median, run.samples[.step]?.first)
    }
}
