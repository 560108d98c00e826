import Foundation
import Harness
import HarnessTestSupport
import Results
import XCTest

/// Rounds repeat the same work, so they repeat its counters exactly and give one median each
/// (merging processes: `ProcessMergeTests` in BenchCLITests).
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
}
