import Harness
import HarnessTestSupport
import XCTest

/// The memory floor's turn moves through the lockstep, so no strategy always meets the caches as
/// the floor's frames left them.
final class LockstepOrderTests: XCTestCase {
    /// The strategy whose turn follows the floor's in step `step` (the next step's first when
    /// the floor's turn is the step's last).
    private func afterFloor(strategies: Int, step: Int, round: Int, offset: Int) -> Int {
        let order = Runner.lockstepOrder(strategies: strategies, step: step, round: round, offset: offset)
        let i = order.firstIndex(of: strategies)!
        return i + 1 < order.count ? order[i + 1]
            : Runner.lockstepOrder(strategies: strategies, step: step + 1, round: round, offset: offset)[0]
    }

    func testEveryStrategyFollowsTheFloorOnceInAsManyStepsAsThereAreStrategies() {
        for count in 1...9 {
            for (round, offset) in [(0, 0), (1, 0), (0, 3), (2, 5)] {
                let followers = (0..<count).map { afterFloor(strategies: count, step: $0, round: round, offset: offset) }
                XCTAssertEqual(Set(followers), Set(0..<count), "\(count) strategies, round \(round), offset \(offset)")
                for step in 0..<count {
                    let order = Runner.lockstepOrder(strategies: count, step: step, round: round, offset: offset)
                    XCTAssertEqual(order.sorted(), Array(0...count), "each strategy and the floor once a step")
                    XCTAssertEqual(order.filter { $0 < count }, Array(0..<count), "the strategies keep their lockstep order")
                }
            }
        }
    }

    func testRoundsAndProcessesMoveTheFloorsTurnToo() {
        XCTAssertEqual(Runner.lockstepOrder(strategies: 3, step: 0, round: 0, offset: 0), [3, 0, 1, 2])
        XCTAssertEqual(Runner.lockstepOrder(strategies: 3, step: 1, round: 0, offset: 0), [0, 3, 1, 2])
        XCTAssertEqual(Runner.lockstepOrder(strategies: 3, step: 0, round: 1, offset: 1), [0, 1, 3, 2])
        XCTAssertEqual(Runner.lockstepOrder(strategies: 0, step: 4, round: 2, offset: 1), [0])
    }

    func testTheOrderChangesNoCounterAndNoPicture() throws {
        let scenario = Fixtures.longTable(sections: 20, device: Fixtures.device(width: 600, height: 300), steps: 6)
        let first = try Runner().run(scenarios: [scenario], strategies: ["none", "per-cell-mask", "rasterized-mask"], rounds: 2)
        var rotated = Runner()
        rotated.orderOffset = 2
        let second = try rotated.run(scenarios: [scenario], strategies: ["none", "per-cell-mask", "rasterized-mask"], rounds: 2)
        XCTAssertEqual(first.runs.map(\.totals), second.runs.map(\.totals))
        XCTAssertEqual(first.runs.map(\.pictures), second.runs.map(\.pictures))
    }
}
