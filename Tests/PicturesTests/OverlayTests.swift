import Compositor
import Harness
import HarnessTestSupport
import Pictures
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

    func testTheOffscreenTintKeepsTheRoundedCornersShape() throws {
        let scenario = Fixtures.singleSection()
        let sim = try Simulation(scenario: scenario, strategyName: "per-cell-mask")
        sim.step()
        let scale = scenario.device.scale
        let cap = sim.table.visibleCells.values.first { $0.position == .top }!.layer.frame.pixelRect(scale: scale)
        let radius = Int(sim.table.cornerRadius * scale)
        XCTAssertGreaterThanOrEqual(radius, 8)
        // Inside the cap's rectangle, both tinted: its corner pixel, outside the rounded shape
        // (the background shows), and one a radius in, inside it (the cell).
        let outside = (cap.x, cap.y), inside = (cap.x + radius, cap.y + radius)
        let tinted = try FramePicture.render(scenario: scenario, strategy: "per-cell-mask", step: 0, overlay: .offscreen)
        let plain = try FramePicture.render(scenario: scenario, strategy: "per-cell-mask", step: 0)
        XCTAssertTrue(isYellowish(tinted[outside.0, outside.1]) && isYellowish(tinted[inside.0, inside.1]))
        func luma(_ p: PremultipliedColor) -> Int { (54 * Int(p.red) + 183 * Int(p.green) + 19 * Int(p.blue)) >> 8 }
        let plainStep = luma(plain[inside.0, inside.1]) - luma(plain[outside.0, outside.1])
        let tintedStep = luma(tinted[inside.0, inside.1]) - luma(tinted[outside.0, outside.1])
        XCTAssertGreaterThan(plainStep, 0, "the cell is lighter than the background behind its corner")
        // A flat tint left less than half the step; the overlay makes it larger, not smaller.
        XCTAssertGreaterThanOrEqual(tintedStep, 2 * plainStep, "the corner shows through the tint: \(plainStep) → \(tintedStep)")
    }

    func testATintTurnsWhiteIntoItsColourKeepsBlackAndKeepsTheOrderOfBrightness() {
        let white = Color.white.premultiplied
        for tint in [Overlay.red, Overlay.green, Overlay.yellow] {
            let swatch = Overlay.tinted(white, by: tint)
            // White takes the tint's hue: its strongest channels stay strongest.
            XCTAssertEqual([swatch.red, swatch.green, swatch.blue].map { $0 > 150 }, [tint.red, tint.green, tint.blue].map { $0 > 150 })
            XCTAssertEqual(Overlay.tinted(Color.black.premultiplied, by: tint), Color.black.premultiplied)
            var last = -1
            for grey in stride(from: 0, through: 255, by: 5) {
                let value = UInt8(grey), p = Overlay.tinted(PremultipliedColor(red: value, green: value, blue: value, alpha: 255)!, by: tint)
                let sum = Int(p.red) + Int(p.green) + Int(p.blue)
                XCTAssertGreaterThanOrEqual(sum, last, "grey \(grey)")
                last = sum
                XCTAssertEqual(p.alpha, 255)
            }
        }
    }

    func testEveryStrategyRendersAPicture() throws {
        // Each picture is a simulation of its own: drawn at once on the machine's cores.
        let names = StrategyCatalog.builtIn.names
        let widths = try names.concurrentMap { try FramePicture.render(scenario: .ipadSettings, strategy: $0, step: 5, downscale: 8).width }
        for (name, width) in zip(names, widths) { XCTAssertEqual(width, 2048 / 8, name) }
    }
}
