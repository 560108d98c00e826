import Analysis
import Harness
import HarnessTestSupport
import Results
import XCTest

/// Processes merge into one result with one value per process (`Results.merging(processes:)`,
/// what `bench run --processes` does), from runs the harness measured.
final class ProcessMergeTests: XCTestCase {
    private static let scenario = Fixtures.longTable(sections: 20, device: Fixtures.device(width: 600, height: 300), steps: 6)
    private static let fresh: Results = {
        try! Runner().run(scenarios: [scenario], strategies: ["none", "per-cell-mask"], rounds: 3)
    }()
    /// The scenario of the first-load test: two steps longer.
    private static var eightSteps: Scenario {
        var scenario = Self.scenario
        scenario.steps = 8
        return scenario
    }

    func testMergedProcessesHaveOneRoundEachTheMedianOfItsRounds() throws {
        var processes = [Self.fresh, Self.fresh, Self.fresh]
        for (p, factor) in [1, 2, 3].enumerated() {
            for i in processes[p].runs.indices { processes[p].runs[i].rounds = [.step: [100 * factor, 300 * factor, 200 * factor]] }
        }
        let merged = try Results.merging(processes: processes)
        XCTAssertEqual(merged.processes, 3)
        for run in merged.runs {
            XCTAssertEqual(run.rounds?[.step], [200, 400, 600])
            XCTAssertEqual(run.totals, Self.fresh.runs.first { $0.key == run.key }!.totals)
            // Merged timing comes from the processes' first-round samples, less the first load (step 0),
            // which is reported on its own and may be a short step on so small a table.
            XCTAssertEqual(run.timing[.step]?.min, Self.fresh.runs.first { $0.key == run.key }!.samples[.step]!.dropFirst().min())
        }
    }

    func testProcessesThatCountedDifferentlyAreABugNotAnAverage() {
        var odd = Self.fresh
        odd.runs[1].totals[.offscreenPasses]! += 1
        XCTAssertThrowsError(try Results.merging(processes: [Self.fresh, odd])) { error in
            XCTAssertTrue("\(error)".contains("not deterministic"), "\(error)")
        }
        XCTAssertThrowsError(try Results.merging(processes: []))
    }

    func testProcessesMergeTheirFirstLoadsByTheMedianAndPoolOnlyTheScrolledSteps() throws {
        let processes = try (0..<3).map { _ in try Runner().run(scenarios: [Self.eightSteps], strategies: ["none"]) }
        let merged = try Results.merging(processes: processes)
        let firsts = processes.map { $0.runs[0].firstStepNanos! }.sorted()
        XCTAssertEqual(merged.runs[0].firstStepNanos, firsts[1])
        XCTAssertEqual(merged.runs[0].timing[.step], Summary(processes.flatMap { $0.runs[0].samples[.step]!.dropFirst() }))
    }
}
