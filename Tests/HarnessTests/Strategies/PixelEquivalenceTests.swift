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
    /// On a device of each kind of screen (`Device.screenKinds`), at several scroll positions, every rounded strategy's
    /// frame is within 2/255 of `shared-corner-grid`'s in every channel of every pixel, and
    /// `none` equals it everywhere outside the corner squares.
    func testEveryStrategyDrawsTheSamePictureWithin2On255OnEveryKindOfScreen() throws {
        for device in Device.screenKinds {
            var scenario = Scenario.ipadSettings
            scenario.device = device
            for step in [0, 61, 150] {
                let reference = try Simulation(scenario: scenario, strategyName: "shared-corner-grid")
                reference.jump(toStep: step)
                let picture = reference.renderer.framebuffer
                let corners = Fixtures.cornerSquares(of: reference)
                XCTAssertFalse(corners.isEmpty, "\(device.name) step \(step) must show rounded corners for the test to mean anything")
                for name in StrategyCatalog.builtIn.names where name != "none" && name != "shared-corner-grid" {
                    let sim = try Simulation(scenario: scenario, strategyName: name)
                    sim.jump(toStep: step)
                    let over = PictureDifference(picture, sim.renderer.framebuffer, threshold: 2).pixelsOverThreshold
                    XCTAssertTrue(over.isEmpty, "\(name) on \(device.name) at step \(step) differs by more than 2/255 at \(over.count) pixels, e.g. \(over.prefix(3))")
                }
                let none = try Simulation(scenario: scenario, strategyName: "none")
                none.jump(toStep: step)
                let diff = PictureDifference(picture, none.renderer.framebuffer, threshold: 0)
                XCTAssertFalse(diff.pixelsOverThreshold.isEmpty, "rounded corners must differ from square ones")
                let stray = diff.pixelsOverThreshold.filter { p in
                    !corners.contains { p.x >= $0.x && p.x < $0.maxX && p.y >= $0.y && p.y < $0.maxY }
                }
                XCTAssertTrue(stray.isEmpty, "none on \(device.name) at step \(step) differs outside the corners at \(stray.prefix(5))")
            }
        }
    }
}
