import Compositor
import Raster
import RasterTestSupport
import Scenarios
import Strategies
import StrategiesTestSupport
import Table
import XCTest

/// Selection and style changes: every strategy shows them, and TORoundedTableView's shared
/// corner images are redrawn once per change, not once per cell.
final class SelectionAndStyleTests: XCTestCase {
    private func simulation(_ strategy: String, rows: Int = 3) throws -> TableDriver {
        try TableDriver(TableSetup.singleSection(rows: rows, pointsPerStep: 0), strategy: strategy)
    }

    /// The pixel 1 pt inside the top-left corner of the section, along the diagonal: fully inside
    /// the arc, so it shows the cell's colour.
    private func cornerPixel(_ sim: TableDriver) -> PremultipliedColor {
        let cell = sim.table.visibleCells[Scenarios.IndexPath(row: 0, section: 0)]!.layer.frame
        let scale = sim.setup.scale
        let r = sim.table.cornerRadius
        let x = Int(((cell.minX + r * 0.5) * scale).rounded()), y = Int(((cell.minY - sim.table.contentOffset + r * 0.5) * scale).rounded())
        return sim.renderer.framebuffer[x, y]
    }

    func testSelectingACapCellShowsTheSelectedColourInItsCorners() throws {
        let selected = TableSetup.singleSection().style.selectedColor.premultiplied
        var pictures: [String: Pixmap] = [:]
        for name in StrategyCatalog.builtIn.names where name != "none" {
            let sim = try simulation(name)
            _ = sim.step()
            sim.table.selectRow(at: Scenarios.IndexPath(row: 0, section: 0))
            _ = sim.step()
            XCTAssertEqual(cornerPixel(sim), selected, name)
            pictures[name] = sim.renderer.framebuffer
        }
        // And they agree with each other (anti-aliased edge pixels aside).
        let reference = pictures["per-cell-mask"]!
        for (name, picture) in pictures {
            let diff = PictureDifference(reference, picture, threshold: 1)
            XCTAssertLessThanOrEqual(diff.meanAbsolute, 1, name)
        }
    }

    func testRadiusChangeRedrawsBothSharedImagesOnceNotPerCell() throws {
        let sim = try simulation("shared-corner-grid", rows: 2)
        XCTAssertEqual(sim.step().allocations.imagesCreated, 2)
        XCTAssertEqual(sim.step().allocations.imagesCreated, 0)
        var style = sim.table.style
        style.cornerRadius = 12
        sim.table.setStyle(style)
        let changed = sim.step()
        XCTAssertEqual(changed.allocations.imagesCreated, 2, "normal and selected circles, shared by both caps")
        XCTAssertEqual(changed.render.blendedPixels, 4 * 24 * 24, "the new corners are 12 pt")
        XCTAssertEqual(sim.step().allocations.imagesCreated, 0)
    }

    func testColourChangeRedrawsOnlyThatColoursImage() throws {
        let sim = try simulation("shared-corner-grid")
        _ = sim.step()
        var style = sim.table.style
        style.cellColor = Color(hex: "#FFFDE7")!
        sim.table.setStyle(style)
        let changed = sim.step()
        XCTAssertEqual(changed.allocations.imagesCreated, 1)
        XCTAssertEqual(cornerPixel(sim), style.cellColor.premultiplied)
    }

    func testStyleChangeInvalidatesRasterizedCapsAndReconfiguresMasks() throws {
        let raster = try simulation("rasterized-mask")
        _ = raster.step()
        var style = raster.table.style
        style.cornerRadius = 10
        raster.table.setStyle(style)
        XCTAssertEqual(raster.step().render.rasterMisses, 2)
        let masked = try simulation("per-cell-mask")
        _ = masked.step()
        masked.table.setStyle(style)
        XCTAssertEqual(masked.step().allocations.pathsCreated, 2, "each cap gets a mask of the new radius")
    }
}
