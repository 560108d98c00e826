import Foundation
import Harness
import HarnessTestSupport
import Results
import XCTest

/// Rounds repeat the same work, so they repeat its counters exactly and give one median each;
/// processes merge into one result with one value per process.
final class RoundsTests: XCTestCase {
    private static let scenario = Fixtures.longTable(sections: 20, device: Fixtures.device(width: 600, height: 300), steps: 6)

    func testEachRoundGivesOneMedianAndTheSameCounters() throws {
        let one = try Runner().run(scenarios: [Self.scenario], strategies: ["none", "per-cell-mask"])
        let three = try Runner().run(scenarios: [Self.scenario], strategies: ["none", "per-cell-mask"], rounds: 3)
        for (a, b) in zip(one.runs, three.runs) {
            XCTAssertEqual(a.totals, b.totals)
            XCTAssertEqual(a.pictures, b.pictures)
            XCTAssertEqual(a.rounds?[.step]?.count, 1)
            XCTAssertEqual(a.rounds?[.step], [a.timing[.step]!.median])
            for phase in Phase.allCases { XCTAssertEqual(b.rounds?[phase]?.count, 3, "\(phase)") }
            XCTAssertEqual(b.samples[.step]?.count, 6, "samples are the first round's steps")
        }
    }

    private static let fresh: Results = {
        try! Runner().run(scenarios: [scenario], strategies: ["none", "per-cell-mask"], rounds: 3)
    }()

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
}
