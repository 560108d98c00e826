import Compositor
import Raster
import Scenarios
import Strategies
import StrategiesTestSupport
import Table
import XCTest

/// Tables at the edges of the model: every strategy must draw them without a trap, and the
/// counters must say what the geometry says.
final class EdgeTableTests: XCTestCase {
    /// Sections of `rows` rows (or `sections` of them, cycling through `rows`) of Settings content
    /// on a 600 × 300 pt screen at 2×, scrolling `pointsPerStep` per step.
    private func setup(_ rows: [Int], sections: Int? = nil, pointsPerStep: Double = 30) -> TableSetup {
        TableSetup(sections: TableSetup.sections(sections ?? rows.count, rows: rows.isEmpty ? [0] : rows), width: 600, height: 300,
                   content: .settings, motion: .constant(pointsPerStep: pointsPerStep))
    }

    func testNoSectionsZeroRowsAndSingleRowTablesDrawForEveryStrategy() throws {
        let cases: [(String, TableSetup, Int)] = [
            ("no sections", setup([], sections: 0), 0),
            ("zero-row sections", setup([0, 0, 0]), 0),
            ("one section of one row", setup([1]), 1),
            ("content shorter than the screen", setup([2, 1]), 3),
        ]
        // Every case and strategy is a table of its own: driven at once on the machine's cores.
        let runs = cases.flatMap { c in StrategyCatalog.builtIn.names.map { (c, $0) } }
        let found = try runs.concurrentMap { c, name -> (visible: Int, offset: Double) in
            let sim = try TableDriver(c.1, strategy: name)
            for _ in 0..<6 { sim.step() }
            return (sim.table.visibleCells.count, sim.table.contentOffset)
        }
        for ((c, name), f) in zip(runs, found) {
            let (label, _, rows) = c
            XCTAssertEqual(f.visible, rows, "\(label), \(name)")
            XCTAssertEqual(f.offset, 0, "\(label): nothing to scroll")
        }
    }

    func testScrollingPastEitherEndIsClamped() throws {
        for pointsPerStep in [-50.0, 5_000] {
            let s = setup([3, 8, 2, 5], pointsPerStep: pointsPerStep)
            let sim = try TableDriver(s, strategy: "per-cell-mask")
            var laidOut: [Bool] = []
            for _ in 0..<4 { laidOut.append(sim.step().laidOut) }
            XCTAssertEqual(sim.table.contentOffset, pointsPerStep < 0 ? 0 : sim.table.maxContentOffset)
            XCTAssertFalse(laidOut.last!, "a clamped offset does not change, so no layout runs")
        }
    }

    func testATableThatShrinksBetweenStepsKeepsDrawing() throws {
        let s = setup([3, 8, 2, 5, 1, 4], pointsPerStep: 40)
        for name in StrategyCatalog.builtIn.names {
            let sim = try TableDriver(s, strategy: name)
            for _ in 0..<4 { sim.step() }
            sim.table.selectRow(at: Scenarios.IndexPath(row: 4, section: 1))
            sim.table.reloadData(sections: [SectionSpec(rows: 1), SectionSpec(rows: 0)])
            let record = sim.step()
            XCTAssertTrue(record.laidOut)
            XCTAssertEqual(sim.table.contentOffset, 0, "\(name): the shorter content no longer scrolls")
            XCTAssertEqual(sim.table.visibleCells.count, 1, name)
            XCTAssertTrue(sim.table.selectedRows.isEmpty, "\(name): the selected row is gone")
            sim.table.reloadData(sections: [])
            sim.step()
            XCTAssertEqual(sim.table.visibleCells.count, 0, name)
        }
    }

    func testStepsArePrefixesOfLongerRuns() throws {
        let s = setup([3, 8, 2, 5, 1, 4, 0, 6], pointsPerStep: 9)
        // The strategies' tables are independent: driven at once on the machine's cores; the
        // assertions are made here, in order, on what each found.
        let names = StrategyCatalog.builtIn.names
        let found = try names.concurrentMap { name in
            let long = try TableDriver(s, strategy: name)
            let short = try TableDriver(s, strategy: name)
            let a = (0..<20).map { _ in long.step() }
            let b = (0..<10).map { _ in short.step() }
            let again = try TableDriver(s, strategy: name)
            for _ in 0..<20 { again.step() }
            return (long: Array(a.prefix(10)), short: b, checksum: long.renderer.framebuffer.checksum,
                    again: again.renderer.framebuffer.checksum)
        }
        for (name, f) in zip(names, found) {
            XCTAssertEqual(f.long, f.short, name)
            XCTAssertEqual(f.checksum, f.again, "\(name): the same frame twice")
        }
    }
}
