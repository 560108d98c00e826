import Compositor
import Raster
import Strategies
import StrategiesTestSupport
import Table
import XCTest

final class ScrollingTests: XCTestCase {
    /// 2,000 steps through a long table: every strategy's pools keep the cell count at what fits on
    /// screen plus a small constant.
    func testLongScrollCreatesNoMoreCellsThanFitOnScreen() throws {
        let setup = TableSetup.longTable(sections: 600, width: 800, height: 600, pointsPerStep: 11)
        // The strategies' tables are independent: laid out at once on the machine's cores.
        let names = StrategyCatalog.builtIn.names
        let runs = try names.concurrentMap { name -> (offset: Double, created: Int) in
            let strategy = StrategyCatalog.builtIn.make(name, screenScale: 2)!
            let table = TableView(sections: setup.sections, size: Size(width: 800, height: 600),
                                  style: setup.style, provider: strategy)
            let scroll = ScrollDriver(setup.motion, refreshHz: setup.refreshHz, geometry: table.geometry)
            var created = 0
            for step in 0..<2000 {
                table.setContentOffset(scroll.offset(atStep: step))
                table.layoutSubviews()
                created += table.takeStats().cellsCreated
            }
            return (table.contentOffset, created)
        }
        for (name, run) in zip(names, runs) {
            XCTAssertGreaterThan(run.offset, 20_000, "the table must really have scrolled")
            let onScreen = Int((600.0 / setup.sections[0].rowHeight).rounded(.up)) + 1
            XCTAssertLessThanOrEqual(run.created, onScreen + 4, name)
        }
    }
}
