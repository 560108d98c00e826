import Harness
import HarnessTestSupport
import Strategies
import XCTest

/// The strategy tests run on `TableDriver`, which steps a table as `Simulation.step()` does
/// without the harness. This pins that the two step alike: a change to one that the other does
/// not follow fails here, not as a strategy test that passes on a frame the device never draws.
final class TableDriverMatchesSimulationTests: XCTestCase {
    /// Each scenario beside the table setup that describes the same table.
    private static let pairs: [(scenario: Scenario, setup: TableSetup)] = [
        (Fixtures.singleSection(rows: 3, pointsPerStep: 2, steps: 30), TableSetup.singleSection(rows: 3, pointsPerStep: 2)),
        (Fixtures.longTable(steps: 30, content: Scenario.ipadSettings.content),
         TableSetup.longTable(content: Scenario.ipadSettings.content)),
    ]

    func testEveryStrategyCountsAndDrawsTheSameOnTheDriverAsInTheSimulation() throws {
        for (scenario, setup) in Self.pairs {
            for strategy in StrategyCatalog.builtIn.names {
                let simulation = try Simulation(scenario: scenario, strategyName: strategy)
                let driver = try TableDriver(setup, strategy: strategy)
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
