import Compositor
import Devices
import Harness
import HarnessTestSupport
import Raster
import Scenarios
import Table
import XCTest

/// A table whose frame leaves a band of the screen above it (an opaque navigation bar the table
/// does not scroll under) draws, below the band, exactly what a table on a screen as tall as its
/// frame draws, at the same cost, and nothing in the band; a resize keeps its frame's top.
final class TableFrameTests: XCTestCase {
    /// A long table of rows with a rounded, clipped avatar each (a pass a row) on a 600 pt wide
    /// screen `height` tall at 2×, its frame `top` points down, scrolling 10 pt a step.
    private static func scenario(height: Double, top: Double = 0, events: [ScenarioEvent] = []) -> Scenario {
        var avatar = LayerDescription(frame: Rect(x: 16, y: 6, width: 32, height: 32))
        avatar.contents = .image(.picture(size: nil, color: nil, cornerRadius: 0))
        avatar.cornerRadius = 16
        avatar.masksToBounds = true
        var scenario = Fixtures.longTable(device: Fixtures.device(height: height), steps: 12,
                                          content: ContentPattern(cells: [.layers(CellDescription(layers: [avatar]))]))
        scenario.tableTop = top
        scenario.events = events
        return scenario
    }

    func testATableBelowABandDrawsWhatATableAsTallAsItsFrameDrawsAndNothingInTheBand() throws {
        let framed = try Simulation(scenario: Self.scenario(height: 400, top: 50), strategyName: "per-cell-mask")
        let alone = try Simulation(scenario: Self.scenario(height: 350), strategyName: "per-cell-mask")
        XCTAssertEqual(framed.table.size, Size(width: 600, height: 350), "the screen's height less the band")
        XCTAssertEqual(framed.table.layer.frame.origin, Point(x: 0, y: 50))
        for step in 0..<12 {
            let a = framed.step(), b = alone.step()
            XCTAssertEqual(a.stats.render.offscreenPasses, b.stats.render.offscreenPasses, "step \(step): the rows of the frame alone")
            XCTAssertEqual(a.stats.render.blendedPixels, b.stats.render.blendedPixels, "step \(step)")
            let frame = framed.renderer.framebuffer, table = alone.renderer.framebuffer
            var below = 0, band = Set<PremultipliedColor>()
            for y in 0..<frame.height {
                for x in stride(from: 0, to: frame.width, by: 7) {
                    if y < 100 { band.insert(frame[x, y]) } else if frame[x, y] != table[x, y - 100] { below += 1 }
                }
            }
            XCTAssertEqual(below, 0, "step \(step): below the band, the table as tall as its frame")
            XCTAssertEqual(band.count, 1, "step \(step): nothing of the table in the band")
        }
        XCTAssertGreaterThan(alone.step().stats.render.offscreenPasses, 0, "the avatars take passes, so the counts compared something")
    }

    func testAResizedTableKeepsItsFramesTop() throws {
        let resize = ScenarioEvent(atStep: 2, action: .resize(width: 300, height: 300))
        let framed = try Simulation(scenario: Self.scenario(height: 400, top: 50, events: [resize]), strategyName: "none")
        for _ in 0..<4 { framed.step() }
        XCTAssertEqual(framed.table.layer.frame, Rect(x: 0, y: 50, width: 300, height: 300))
    }

    func testATableFillingTheScreenIsTheLayerTheRendererDrawsAsItAlwaysWas() throws {
        let plain = try Simulation(scenario: Self.scenario(height: 400), strategyName: "none")
        XCTAssertTrue(plain.frames.root === plain.table.layer)
        let framed = try Simulation(scenario: Self.scenario(height: 400, top: 50), strategyName: "none")
        XCTAssertFalse(framed.frames.root === framed.table.layer)
        XCTAssertEqual(framed.frames.root.frame, Rect(x: 0, y: 0, width: 600, height: 400), "the screen, in points")
    }
}
