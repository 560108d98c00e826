import Compositor
import Raster
import Scenarios
import Strategies
import StrategiesTestSupport
import Table
import XCTest

/// A section of ten million rows (the most a scenario file allows) costs the renderer the
/// coverage of what is on screen, never of the whole section: its rounded background is kept as
/// corner tiles, and no coverage larger than the screen is made.
final class TallSectionMemoryTests: XCTestCase {
    private let rows = 10_000_000

    /// One section of `rows` rows on a 600 × 400 pt screen at 2×, scrolled by `motion`.
    private func setup(_ motion: ScrollDriver.Motion) -> TableSetup {
        TableSetup(sections: TableSetup.sections(1, rows: [rows]), content: .none, motion: motion)
    }

    /// The bytes of one screen of 8-bit coverage.
    private func screenBytes(_ sim: TableDriver) -> Int { sim.renderer.screenSize.area }

    func testATenMillionRowSectionBackgroundMakesNoCoverageLargerThanTheScreenAtEitherEnd() throws {
        // From the top (the top corners), then jumped to the last row (the bottom corners).
        for motion: ScrollDriver.Motion in [.constant(pointsPerStep: 12), .jumpToRow(IndexPath(row: rows - 1, section: 0))] {
            let sim = try TableDriver(setup(motion), strategy: SectionBackground.name)
            for _ in 0..<4 { sim.step() }
            let renderer = sim.renderer
            XCTAssertGreaterThan(renderer.largestRoundedCoverageBytes, 0, "\(motion): the section's corners are rounded")
            // The old renderer made one mask of the whole section: 1,128 × 880 million pixels.
            XCTAssertLessThanOrEqual(renderer.largestRoundedCoverageBytes, screenBytes(sim), "\(motion)")
            XCTAssertLessThanOrEqual(renderer.roundedCoverageBytes, renderer.roundedCoverageCapacity, "\(motion)")
            // Four corners of 14 px (7 pt at 2×) and their bookkeeping: bytes, not gigabytes.
            XCTAssertLessThanOrEqual(renderer.roundedCoverageBytes, 4 * 14 * 14 + 256, "\(motion)")
        }
    }

    func testEveryStrategyOnATenMillionRowSectionMakesNoCoverageLargerThanTheScreen() throws {
        // One step each: the coverage is made per frame, and the first lays the section out and
        // draws it (`rasterized-mask` walks all ten million rows again on every step's layout
        // pass, by design). The strategies' tables are independent: run at once on the machine's
        // cores.
        let names = StrategyCatalog.builtIn.names
        let found = try names.concurrentMap { name -> (largest: Int, screen: Int, bytes: Int, capacity: Int) in
            let sim = try TableDriver(setup(.constant(pointsPerStep: 12)), strategy: name)
            sim.step()
            return (sim.renderer.largestRoundedCoverageBytes, screenBytes(sim), sim.renderer.roundedCoverageBytes,
                    sim.renderer.roundedCoverageCapacity)
        }
        for (name, f) in zip(names, found) {
            XCTAssertLessThanOrEqual(f.largest, f.screen, name)
            XCTAssertLessThanOrEqual(f.bytes, f.capacity, name)
        }
    }
}
