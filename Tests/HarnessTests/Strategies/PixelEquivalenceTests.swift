import Compositor
import Devices
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
        // The screens and steps are independent simulations, drawn at once on the machine's cores;
        // the assertions are made here, in order, on what each found.
        struct Found {
            var device: String, step: Int, cornersEmpty: Bool
            var over: [(name: String, count: Int, examples: String)] = []
            var noneDiffers = false, stray: String = "", strayEmpty = true
        }
        let cases = Device.screenKinds.flatMap { device in [0, 61, 150].map { (device, $0) } }
        let found = try cases.concurrentMap { device, step -> Found in
            var scenario = Scenario.ipadSettings
            scenario.device = device
            let reference = try Simulation(scenario: scenario, strategyName: "shared-corner-grid")
            reference.jump(toStep: step)
            let picture = reference.renderer.framebuffer
            let corners = Fixtures.cornerSquares(of: reference)
            var result = Found(device: device.name, step: step, cornersEmpty: corners.isEmpty)
            for name in StrategyCatalog.builtIn.names where name != "none" && name != "shared-corner-grid" {
                let sim = try Simulation(scenario: scenario, strategyName: name)
                sim.jump(toStep: step)
                let over = PictureDifference(picture, sim.renderer.framebuffer, threshold: 2).pixelsOverThreshold
                result.over.append((name, over.count, "\(over.prefix(3))"))
            }
            let none = try Simulation(scenario: scenario, strategyName: "none")
            none.jump(toStep: step)
            let diff = PictureDifference(picture, none.renderer.framebuffer, threshold: 0)
            result.noneDiffers = !diff.pixelsOverThreshold.isEmpty
            let stray = diff.pixelsOverThreshold.filter { p in
                !corners.contains { p.x >= $0.x && p.x < $0.maxX && p.y >= $0.y && p.y < $0.maxY }
            }
            result.strayEmpty = stray.isEmpty
            result.stray = "\(stray.prefix(5))"
            return result
        }
        for f in found {
            XCTAssertFalse(f.cornersEmpty, "\(f.device) step \(f.step) must show rounded corners for the test to mean anything")
            for (name, count, examples) in f.over {
                XCTAssertTrue(count == 0, "\(name) on \(f.device) at step \(f.step) differs by more than 2/255 at \(count) pixels, e.g. \(examples)")
            }
            XCTAssertTrue(f.noneDiffers, "rounded corners must differ from square ones")
            XCTAssertTrue(f.strayEmpty, "none on \(f.device) at step \(f.step) differs outside the corners at \(f.stray)")
        }
    }
}
