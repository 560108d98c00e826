import Compositor
import Harness
import HarnessTestSupport
import Raster
import RasterTestSupport
import Strategies
import Table
import XCTest

final class ScrollingTests: XCTestCase {
    /// 2,000 steps through a long table: every strategy's pools keep the cell count at what fits on
    /// screen plus a small constant.
    func testLongScrollCreatesNoMoreCellsThanFitOnScreen() throws {
        let scenario = Fixtures.longTable(sections: 600, device: Fixtures.device(width: 800, height: 600), pointsPerStep: 11)
        for name in StrategyCatalog.builtIn.names {
            let strategy = StrategyCatalog.builtIn.make(name, screenScale: 2)!
            let table = TableView(sections: scenario.sectionSpecs, size: Size(width: 800, height: 600),
                                  style: scenario.style, provider: strategy)
            let scroll = scenario.scroll(in: table.geometry)
            var created = 0
            for step in 0..<2000 {
                table.setContentOffset(scroll.offset(atStep: step))
                table.layoutSubviews()
                created += table.takeStats().cellsCreated
            }
            XCTAssertGreaterThan(table.contentOffset, 20_000, "the table must really have scrolled")
            let onScreen = Int((600.0 / scenario.rowHeight).rounded(.up)) + 1
            XCTAssertLessThanOrEqual(created, onScreen + 4, name)
        }
    }

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
