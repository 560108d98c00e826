import Compositor
import Harness
import HarnessTestSupport
import Raster
import RasterTestSupport
import Strategies
import Table
import XCTest

/// Every strategy must draw the same picture, or the comparison of their costs is unfair.
final class PixelEquivalenceTests: XCTestCase {
    /// Frames of the default scenario at several scroll positions: the rounded strategies agree
    /// with `shared-corner-grid` within anti-aliasing rounding — mean ≤ 1/255 per channel, not a
    /// single differing pixel outside the corner squares, and differences over 1/255 only on
    /// anti-aliased edge pixels — and `none` equals it everywhere outside the corner squares.
    func testSeedStrategiesDrawTheSamePictureAsEachOtherAndAsNoneAwayFromCorners() throws {
        let scenario = Scenario.ipadSettings
        let background = scenario.style.backgroundColor.premultiplied.packed
        let cell = scenario.style.cellColor.premultiplied.packed
        for step in [0, 37, 150, 333] {
            let reference = try Simulation(scenario: scenario, strategyName: "shared-corner-grid")
            reference.jump(toStep: step)
            let picture = reference.renderer.framebuffer
            let corners = Fixtures.cornerSquares(of: reference)
            XCTAssertFalse(corners.isEmpty, "step \(step) must show rounded corners for the test to mean anything")
            func inCorner(_ x: Int, _ y: Int) -> Bool {
                corners.contains { x >= $0.x && x < $0.maxX && y >= $0.y && y < $0.maxY }
            }
            func isEdge(_ x: Int, _ y: Int) -> Bool {
                let p = picture.pixels[y * picture.width + x]
                return p != background && p != cell
            }
            for name in StrategyCatalog.names where name != "none" && name != "shared-corner-grid" {
                let sim = try Simulation(scenario: scenario, strategyName: name)
                sim.jump(toStep: step)
                let any = PictureDifference(picture, sim.renderer.framebuffer, threshold: 0)
                XCTAssertLessThanOrEqual(any.meanAbsolute, 1, "\(name) at step \(step)")
                let outside = any.pixelsOverThreshold.filter { !inCorner($0.x, $0.y) }
                XCTAssertTrue(outside.isEmpty, "\(name) at step \(step) differs outside the corners at \(outside.prefix(5))")
                let large = PictureDifference(picture, sim.renderer.framebuffer, threshold: 1)
                let offEdge = large.pixelsOverThreshold.filter { !isEdge($0.x, $0.y) }
                XCTAssertTrue(offEdge.isEmpty, "\(name) at step \(step) differs by > 1/255 off the edge at \(offEdge.prefix(5))")
            }
            let none = try Simulation(scenario: scenario, strategyName: "none")
            none.jump(toStep: step)
            let diff = PictureDifference(picture, none.renderer.framebuffer, threshold: 0)
            XCTAssertFalse(diff.pixelsOverThreshold.isEmpty, "rounded corners must differ from square ones")
            let stray = diff.pixelsOverThreshold.filter { !inCorner($0.x, $0.y) }
            XCTAssertTrue(stray.isEmpty, "none at step \(step) differs outside the corners at \(stray.prefix(5))")
        }
    }
}
