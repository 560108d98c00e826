import Harness
import Raster
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

    /// The floor takes its turns in whole cycles of the rotation, and times the kept copy in a few
    /// of them, so each strategy follows the floor's turn, and a kept copy's, equally often; the
    /// kept copies are a bounded number however long the run, their store paths alternating.
    func testTheFloorsTurnsComeInWholeCyclesThatEveryStrategyFollowsAlike() {
        for count in 1...9 {
            for steps in [1, count, 2 * count + 1, 20, 180, 1_000] {
                let turns = (0..<steps).map { Runner.floorTurn(step: $0, steps: steps, strategies: count) }
                let keptSteps = turns.indices.filter { if case .withKeptCopy = turns[$0] { true } else { false } }
                let floorSteps = turns.indices.filter { turns[$0] != .none }
                XCTAssertEqual(keptSteps.first, 0, "the first step's turn times everything (\(count), \(steps))")
                XCTAssertLessThanOrEqual(keptSteps.count, Runner.keptCopyCycles * count)
                // Whole cycles: every step of a cycle has a turn of the same kind.
                for step in 0..<steps {
                    let first = (step / count) * count
                    XCTAssertEqual(turns[step] == .none, turns[first] == .none, "\(count), \(steps), step \(step)")
                    XCTAssertEqual(keptSteps.contains(step), keptSteps.contains(first), "\(count), \(steps), step \(step)")
                }
                XCTAssertEqual(Set(floorSteps.map { $0 / count }).count,
                               ((steps + count - 1) / count + Runner.floorCycleSpacing - 1) / Runner.floorCycleSpacing)
                let ways = keptSteps.map { step -> Int in
                    if case .withKeptCopy(let way) = turns[step] { return way }
                    return -1
                }
                XCTAssertEqual(ways, ways.indices.map { $0 % MemoryFloor.copyWays.count })
                guard steps % count == 0 else { continue }
                for (round, offset) in [(0, 0), (1, 2)] {
                    for chosen in [floorSteps, keptSteps] {
                        var follows = [Int](repeating: 0, count: count)
                        for step in chosen { follows[afterFloor(strategies: count, step: step, round: round, offset: offset)] += 1 }
                        XCTAssertEqual(Set(follows), [chosen.count / count], "\(count) strategies, \(steps) steps")
                    }
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
