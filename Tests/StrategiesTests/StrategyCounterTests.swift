import Compositor
import Harness
import HarnessTestSupport
import Raster
import RasterTestSupport
import Strategies
import Table
import XCTest

/// The acceptance figures on a table whose single 3-row section stays fully on screen
/// while it scrolls; every expectation is derived from the geometry.
final class StrategyCounterTests: XCTestCase {
    let scale = 2.0

    private func records(_ strategy: String, radius: Double = 7, rows: Int = 3, steps: Int = 8) throws -> (Simulation, [StepRecord]) {
        let scenario = Fixtures.singleSection(rows: rows, radius: radius, scale: scale, steps: steps)
        let sim = try Simulation(scenario: scenario, strategyName: strategy)
        let records = (0..<steps).map { _ in sim.step() }
        // The section must really be on screen in every frame for the figures below to hold.
        XCTAssertEqual(sim.table.visibleCells.count, rows)
        XCTAssertTrue(records.allSatisfy(\.laidOut), "the fixture scrolls every frame, so layout runs every frame")
        return (sim, records)
    }

    func testNoneBlendsNothing() throws {
        let (_, records) = try records("none")
        for record in records {
            XCTAssertEqual(record.stats[.blendedPixels], 0)
            XCTAssertEqual(record.stats[.offscreenPasses], 0)
        }
    }

    func testSharedCornerGridBlendsOnlyCorners() throws {
        for radius in [4.0, 7, 10] {
            let (_, records) = try records("shared-corner-grid", radius: radius)
            // Two caps with two rounded corners each; a corner layer is r × r points.
            let corner = Int(radius * scale)
            for record in records {
                XCTAssertEqual(record.stats[.blendedPixels], 4 * corner * corner, "radius \(radius)")
                XCTAssertEqual(record.stats[.offscreenPasses], 0)
            }
        }
    }

    func testSharedCornerGridSingleRowSectionRoundsAllFourCorners() throws {
        let (_, records) = try records("shared-corner-grid", radius: 7, rows: 1)
        let corner = Int(7 * scale)
        for record in records { XCTAssertEqual(record.stats[.blendedPixels], 4 * corner * corner) }
    }

    func testSharedCornerGridDrawsTheCircleOncePerColour() throws {
        let (_, records) = try records("shared-corner-grid")
        XCTAssertEqual(records[0].stats[.imagesCreated], 2, "one circle for the normal colour, one for the selected")
        XCTAssertEqual(records.dropFirst().map(\.stats[.imagesCreated]).reduce(0, +), 0)
    }

    func testPerCellMaskRendersEachCapOffscreenEveryFrame() throws {
        let (sim, records) = try records("per-cell-mask")
        let cell = sim.table.visibleCells.values.first!.layer.frame.pixelRect(scale: scale)
        for record in records {
            // Two caps, each a pass for its mask and one for its content.
            XCTAssertEqual(record.stats[.offscreenPasses], 4)
            XCTAssertEqual(record.stats[.offscreenPixels], 4 * cell.area)
            XCTAssertEqual(record.stats[.blendedPixels], 2 * cell.area, "an off-screen result is drawn blended over its area")
        }
        XCTAssertEqual(records[0].stats[.pathsCreated], 2, "masks are made when caps are configured")
        XCTAssertEqual(records.dropFirst().map(\.stats[.pathsCreated]).reduce(0, +), 0, "and not again while the size holds")
    }

    func testRasterizedMaskMissesEveryFrameInWhichLayoutRan() throws {
        let (_, records) = try records("rasterized-mask")
        for record in records {
            XCTAssertEqual(record.stats[.rasterMisses], 2, "each layout pass installs new masks, invalidating both caps")
            XCTAssertEqual(record.stats[.rasterHits], 0)
            XCTAssertEqual(record.stats[.rowsVisited], 3, "the article walks every row of every section")
            XCTAssertEqual(record.stats[.pathsCreated], 2, "first and last cell differ: a top and a bottom mask")
        }
        for record in records.dropFirst() { XCTAssertEqual(record.stats[.layersCreated], 2, "one shape layer per path") }
        // The first frame also counts the table's own layer and each cell's root and content view.
        XCTAssertEqual(records[0].stats[.layersCreated], 2 + 1 + 2 * records[0].stats[.cellsCreated])
    }

    func testRasterizedMaskHitsTheCacheWhenNoLayoutRuns() throws {
        // A scroll of zero points never changes the bounds, so only the first frame lays out.
        let scenario = Fixtures.singleSection(pointsPerStep: 0, steps: 5)
        let sim = try Simulation(scenario: scenario, strategyName: "rasterized-mask")
        let records = (0..<5).map { _ in sim.step() }
        XCTAssertEqual(records.map(\.laidOut), [true, false, false, false, false])
        XCTAssertEqual(records[0].stats[.rasterMisses], 2)
        for record in records.dropFirst() {
            XCTAssertEqual(record.stats[.rasterHits], 2)
            XCTAssertEqual(record.stats[.rasterMisses], 0)
            XCTAssertEqual(record.stats[.offscreenPasses], 0)
        }
    }

    /// The article allocates masks for every section's caps, visible or not; a section whose first
    /// and last rows are both off screen (or empty) takes the single-row branch (nil == nil).
    func testRasterizedMaskAllocatesPathsForEverySectionFollowingTheArticlesBranches() throws {
        let scenario = Fixtures.longTable(sections: 40, steps: 30)
        let sim = try Simulation(scenario: scenario, strategyName: "rasterized-mask")
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
            XCTAssertEqual(record.stats[.pathsCreated], expectedPaths)
            XCTAssertEqual(record.stats[.rowsVisited], scenario.rowCount)
        }
    }
}

/// The same rules on the default scenario while it scrolls, derived from the cells on screen.
final class DefaultScenarioCostTests: XCTestCase {
    private func visibleCapArea(_ sim: Simulation) -> (count: Int, pixels: Int) {
        var count = 0, pixels = 0
        for cell in sim.table.visibleCells.values where cell.position.isCap {
            count += 1
            pixels += cell.layer.frame.pixelRect(scale: sim.scenario.device.scale).area
        }
        return (count, pixels)
    }

    func testOffscreenCostFollowsTheVisibleCapCells() throws {
        let scenario = Scenario.ipadSettings
        let masked = try Simulation(scenario: scenario, strategyName: "per-cell-mask")
        let rasterized = try Simulation(scenario: scenario, strategyName: "rasterized-mask")
        let grid = try Simulation(scenario: scenario, strategyName: "shared-corner-grid")
        for _ in 0..<24 {
            let m = masked.step(), r = rasterized.step(), g = grid.step()
            let caps = visibleCapArea(masked)
            XCTAssertGreaterThan(caps.count, 0)
            XCTAssertEqual(m.stats[.offscreenPasses], 2 * caps.count, "a pass for each cap's mask and one for its content")
            XCTAssertEqual(m.stats[.offscreenPixels], 2 * caps.pixels, "off-screen buffers are the caps' bounds")
            XCTAssertEqual(g.stats[.offscreenPasses], 0)
            XCTAssertEqual(r.stats[.rasterMisses], visibleCapArea(rasterized).count, "every visible cap misses every frame")
            XCTAssertEqual(r.stats[.rasterHits], 0)
        }
    }
}

/// The renderer's steady state allocates no off-screen buffers: they come from its pool.
final class SteadyStateAllocationTests: XCTestCase {
    func testOffscreenBuffersAreReusedOnceTheScrollIsUnderway() throws {
        for name in ["per-cell-mask", "corner-radius-clip"] {
            let sim = try Simulation(scenario: .ipadSettings, strategyName: name)
            var passes = 0, mostInAFrame = 0
            for _ in 0..<80 {
                let frame = sim.step().stats[.offscreenPasses]
                passes += frame
                mostInAFrame = max(mostInAFrame, frame)
            }
            XCTAssertGreaterThan(passes, 800)
            // Buffers are allocated only to reach the most a single frame needs at once.
            XCTAssertLessThanOrEqual(sim.renderer.buffersAllocated, mostInAFrame, "\(name): \(passes) passes")
        }
    }
}
