import Harness
import HarnessTestSupport
import Strategies
import XCTest

/// What the Runner reports of a scenario does not depend on the run: counters are exact.
final class RepeatableCountersTests: XCTestCase {
    /// Counters are exact: two runs of one scenario give identical figures.
    func testCountersAreIdenticalAcrossRuns() throws {
        let scenario = Fixtures.longTable(sections: 60, steps: 40)
        let a = try Runner().run(scenarios: [scenario], strategies: StrategyCatalog.builtIn.names)
        let b = try Runner().run(scenarios: [scenario], strategies: StrategyCatalog.builtIn.names)
        XCTAssertEqual(a.runs.map(\.totals), b.runs.map(\.totals))
        XCTAssertEqual(a.runs.map(\.layoutPasses), b.runs.map(\.layoutPasses))
        XCTAssertGreaterThan(a.runs.first { $0.strategy == "rasterized-mask" }!.totals[.rasterMisses]!, 0)
    }
}
