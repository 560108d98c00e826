import Compositor
import Harness
import HarnessTestSupport
import Raster
import RasterTestSupport
import Strategies
import Table
import XCTest

/// The Instruments-style overlays of `bench render` mark what the counters count.
final class OverlayTests: XCTestCase {
    private func isReddish(_ p: PremultipliedColor) -> Bool { p.red > p.green + 40 }
    private func isGreenish(_ p: PremultipliedColor) -> Bool { p.green > p.red + 40 }
    private func isYellowish(_ p: PremultipliedColor) -> Bool { p.red > p.blue + 60 && p.green > p.blue + 60 }

    func testBlendedOverlayPaintsOnlyTheGridsCornersRed() throws {
        let scenario = Fixtures.singleSection()
        let picture = try FramePicture.render(scenario: scenario, strategy: "shared-corner-grid", step: 0, overlay: .blended)
        let sim = try Simulation(scenario: scenario, strategyName: "shared-corner-grid")
        sim.step()
        let corners = Fixtures.cornerSquares(of: sim)
        XCTAssertEqual(corners.count, 4)
        for square in corners { XCTAssertTrue(isReddish(picture[square.x + 2, square.y + 2]), "\(square)") }
        let middle = sim.table.visibleCells.values.first { !$0.position.isCap }!.layer.frame.pixelRect(scale: 2)
        XCTAssertTrue(isGreenish(picture[middle.x + middle.width / 2, middle.y + middle.height / 2]))
    }

    func testOffscreenAndRasterOverlaysMarkTheCaps() throws {
        let scenario = Fixtures.singleSection()
        let sim = try Simulation(scenario: scenario, strategyName: "per-cell-mask")
        sim.step()
        let cap = sim.table.visibleCells.values.first { $0.position == .top }!.layer.frame.pixelRect(scale: 2)
        let centre = (cap.x + cap.width / 2, cap.y + cap.height / 2)
        let offscreen = try FramePicture.render(scenario: scenario, strategy: "per-cell-mask", step: 0, overlay: .offscreen)
        XCTAssertTrue(isYellowish(offscreen[centre.0, centre.1]))
        let misses = try FramePicture.render(scenario: scenario, strategy: "rasterized-mask", step: 2, overlay: .raster)
        XCTAssertTrue(isReddish(misses[centre.0, centre.1]), "the article's caps miss after a scroll")
        let still = Fixtures.singleSection(pointsPerStep: 0)
        let hits = try FramePicture.render(scenario: still, strategy: "rasterized-mask-stable", step: 2, overlay: .raster)
        XCTAssertTrue(isGreenish(hits[centre.0, centre.1]), "stable masks hit")
    }

    func testEveryStrategyRendersAPicture() throws {
        for name in StrategyCatalog.builtIn.names {
            let picture = try FramePicture.render(scenario: .ipadSettings, strategy: name, step: 5, downscale: 8)
            XCTAssertEqual(picture.width, 2048 / 8, name)
        }
    }
}
