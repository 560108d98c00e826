import Compositor
import Raster
import Scenarios
import Strategies
import StrategiesTestSupport
import Table
import XCTest

/// The acceptance figures on a table whose single 3-row section stays fully on screen
/// while it scrolls; every expectation is derived from the geometry.
final class StrategyCounterTests: XCTestCase {
    let scale = 2.0

    private func records(_ strategy: String, radius: Double = 7, rows: Int = 3, steps: Int = 8) throws -> (TableDriver, [TableFrames.Step]) {
        let setup = TableSetup.singleSection(rows: rows, radius: radius, scale: scale)
        let sim = try TableDriver(setup, strategy: strategy)
        let records = (0..<steps).map { _ in sim.step() }
        // The section must really be on screen in every frame for the figures below to hold.
        XCTAssertEqual(sim.table.visibleCells.count, rows)
        XCTAssertTrue(records.allSatisfy(\.laidOut), "the fixture scrolls every frame, so layout runs every frame")
        return (sim, records)
    }

    func testNoneBlendsNothing() throws {
        let (_, records) = try records("none")
        for record in records {
            XCTAssertEqual(record.render.blendedPixels, 0)
            XCTAssertEqual(record.render.offscreenPasses, 0)
        }
    }

    func testSharedCornerGridBlendsOnlyCorners() throws {
        for radius in [4.0, 7, 10] {
            let (_, records) = try records("shared-corner-grid", radius: radius)
            // Two caps with two rounded corners each; a corner layer is r × r points.
            let corner = Int(radius * scale)
            for record in records {
                XCTAssertEqual(record.render.blendedPixels, 4 * corner * corner, "radius \(radius)")
                XCTAssertEqual(record.render.offscreenPasses, 0)
            }
        }
    }

    func testSharedCornerGridSingleRowSectionRoundsAllFourCorners() throws {
        let (_, records) = try records("shared-corner-grid", radius: 7, rows: 1)
        let corner = Int(7 * scale)
        for record in records { XCTAssertEqual(record.render.blendedPixels, 4 * corner * corner) }
    }

    func testSharedCornerGridDrawsTheCircleOncePerColour() throws {
        let (_, records) = try records("shared-corner-grid")
        XCTAssertEqual(records[0].allocations.imagesCreated, 2, "one circle for the normal colour, one for the selected")
        XCTAssertEqual(records.dropFirst().map(\.allocations.imagesCreated).reduce(0, +), 0)
    }

    func testPerCellMaskRendersEachCapOffscreenEveryFrame() throws {
        let (sim, records) = try records("per-cell-mask")
        let cell = sim.table.visibleCells.values.first!.layer.frame.pixelRect(scale: scale)
        for record in records {
            // Two caps, each a pass for its mask and one for its content.
            XCTAssertEqual(record.render.offscreenPasses, 4)
            XCTAssertEqual(record.render.offscreenPixels, 4 * cell.area)
            XCTAssertEqual(record.render.blendedPixels, 2 * cell.area, "an off-screen result is drawn blended over its area")
        }
        XCTAssertEqual(records[0].allocations.pathsCreated, 2, "masks are made when caps are configured")
        XCTAssertEqual(records.dropFirst().map(\.allocations.pathsCreated).reduce(0, +), 0, "and not again while the size holds")
    }

    func testRasterizedMaskMissesEveryFrameInWhichLayoutRan() throws {
        let (_, records) = try records("rasterized-mask")
        for record in records {
            XCTAssertEqual(record.render.rasterMisses, 2, "each layout pass installs new masks, invalidating both caps")
            XCTAssertEqual(record.render.rasterHits, 0)
            XCTAssertEqual(record.table.rowsVisited, 3, "the article walks every row of every section")
            XCTAssertEqual(record.allocations.pathsCreated, 2, "first and last cell differ: a top and a bottom mask")
        }
        for record in records.dropFirst() { XCTAssertEqual(record.allocations.layersCreated, 2, "one shape layer per path") }
        // The first frame also counts the table's own layer and each cell's root and content view.
        XCTAssertEqual(records[0].allocations.layersCreated, 2 + 1 + 2 * records[0].table.cellsCreated)
    }

    func testRasterizedMaskHitsTheCacheWhenNoLayoutRuns() throws {
        // A scroll of zero points never changes the bounds, so only the first frame lays out.
        let setup = TableSetup.singleSection(pointsPerStep: 0)
        let sim = try TableDriver(setup, strategy: "rasterized-mask")
        let records = (0..<5).map { _ in sim.step() }
        XCTAssertEqual(records.map(\.laidOut), [true, false, false, false, false])
        XCTAssertEqual(records[0].render.rasterMisses, 2)
        for record in records.dropFirst() {
            XCTAssertEqual(record.render.rasterHits, 2)
            XCTAssertEqual(record.render.rasterMisses, 0)
            XCTAssertEqual(record.render.offscreenPasses, 0)
        }
    }

    /// The article allocates masks for every section's caps, visible or not; a section whose first
    /// and last rows are both off screen (or empty) takes the single-row branch (nil == nil).
    func testRasterizedMaskAllocatesPathsForEverySectionFollowingTheArticlesBranches() throws {
        let setup = TableSetup.longTable(sections: 40)
        let sim = try TableDriver(setup, strategy: "rasterized-mask")
        for _ in 0..<30 {
            let record = sim.step()
            guard record.laidOut else { continue }
            let table = sim.table
            var expectedPaths = 0
            for section in 0..<table.numberOfSections {
                let rows = table.numberOfRows(inSection: section)
                let firstVisible = rows > 0 && table.visibleCells[IndexPath(row: 0, section: section)] != nil
                let lastVisible = rows > 0 && table.visibleCells[IndexPath(row: rows - 1, section: section)] != nil
                let sameCell = rows == 1 ? true : !firstVisible && !lastVisible
                expectedPaths += sameCell ? 1 : 2
            }
            XCTAssertEqual(record.allocations.pathsCreated, expectedPaths)
            XCTAssertEqual(record.table.rowsVisited, setup.rowCount)
        }
    }
}
