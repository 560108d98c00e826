import Harness
import HarnessTestSupport
import XCTest

/// The strategies take turns stepping first, so no one always meets the caches as the memory
/// floor's timing left them.
final class LockstepOrderTests: XCTestCase {
    func testEveryStrategyStepsFirstOnceInAsManyRoundsOrProcessesAsThereAreStrategies() {
        for count in 1...9 {
            let byRound = (0..<count).map { Runner.lockstepOrder(count: count, round: $0, offset: 0) }
            let byProcess = (0..<count).map { Runner.lockstepOrder(count: count, round: 0, offset: $0) }
            for orders in [byRound, byProcess] {
                XCTAssertEqual(Set(orders.map { $0[0] }), Set(0..<count), "each strategy first once, \(count) strategies")
                for order in orders { XCTAssertEqual(order.sorted(), Array(0..<count), "each strategy steps once a step") }
            }
        }
        XCTAssertEqual(Runner.lockstepOrder(count: 3, round: 1, offset: 1), [2, 0, 1])
        XCTAssertEqual(Runner.lockstepOrder(count: 0, round: 4, offset: 2), [])
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
