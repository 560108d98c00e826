import Harness
import HarnessTestSupport
import Strategies
import XCTest

/// The strategy tests run on `TableDriver`, which steps a table as `Simulation.step()` does
/// without the harness. This pins that the two step alike: a change to one that the other does
/// not follow fails here, not as a strategy test that passes on a frame the device never draws.
final class TableDriverMatchesSimulationTests: XCTestCase {
    /// Tables with a long and a short section, empty cells and Settings rows, a constant scroll and
    /// a fling; the driver gets each scenario's table (`TableSetup(scenario)`).
    private static let scenarios: [Scenario] = {
        var fling = Fixtures.longTable(steps: 30, content: Scenario.ipadSettings.content)
        fling.motion = .fling(velocity: 4000, deceleration: 0.998)
        return [Fixtures.singleSection(rows: 3, pointsPerStep: 2, steps: 30),
                Fixtures.longTable(steps: 30, content: Scenario.ipadSettings.content), fling]
    }()

    func testEveryStrategyCountsAndDrawsTheSameOnTheDriverAsInTheSimulation() throws {
        for scenario in Self.scenarios {
            for strategy in StrategyCatalog.builtIn.names {
                let simulation = try Simulation(scenario: scenario, strategyName: strategy)
                let driver = try TableDriver(TableSetup(scenario), strategy: strategy)
                for step in 0..<scenario.steps {
                    let record = simulation.step(), driven = driver.step()
                    let context = "\(scenario.name)/\(strategy) step \(step)"
                    XCTAssertEqual(driven.render, record.stats.render, context)
                    XCTAssertEqual(driven.allocations, record.stats.allocations, context)
                    XCTAssertEqual(driven.table, record.stats.table, context)
                    XCTAssertEqual(driven.laidOut, record.laidOut, context)
                    XCTAssertEqual(driver.renderer.framebuffer.checksum, simulation.renderer.framebuffer.checksum, context)
                }
            }
        }
    }
}
