import Compositor
import Harness
import HarnessTestSupport
import Raster
import Strategies
import Table
import XCTest

/// The public statements about masks and corners, on the strategies that embody them, on every
/// device of the catalogue (docs/cost-model.md §7): WWDC 2014 session 419 (a mask is two
/// off-screen passes), the Tech Talk "Demystify and eliminate hitches in the render phase" (10857:
/// `cornerRadius` + `masksToBounds` instead of a mask), Texture's "Corner Rounding" guide
/// (precomposited and clip corners need no off-screen rendering).
final class PublicEvidenceStrategyTests: XCTestCase {
    private static let steps = 4

    private func scenario(on device: Device) -> Scenario {
        var scenario = Scenario.ipadSettings
        scenario.device = device
        return scenario
    }

    private func caps(_ sim: Simulation) -> Int {
        sim.table.visibleCells.values.filter { $0.position.isCap }.count
    }

    /// WWDC 2014 session 419 and Tech Talk 10857: `per-cell-mask` renders every cap's mask and
    /// its content, two passes a cap; `corner-radius-clip` draws the same frame with one.
    func testWWDC2014Session419PerCellMaskPaysTwoPassesACapAndCornerRadiusClipOneOnEveryKindOfScreen() throws {
        for device in Device.screenKinds {
            let mask = try Simulation(scenario: scenario(on: device), strategyName: "per-cell-mask")
            let clip = try Simulation(scenario: scenario(on: device), strategyName: "corner-radius-clip")
            for step in 0..<Self.steps {
                let m = mask.step(), c = clip.step()
                XCTAssertGreaterThan(caps(mask), 0, device.name)
                XCTAssertEqual(m.stats[.offscreenPasses], 2 * caps(mask), "\(device.name) step \(step)")
                XCTAssertEqual(c.stats[.offscreenPasses], caps(clip), "\(device.name) step \(step)")
                XCTAssertEqual(m.stats[.renderPasses], 1 + 2 * caps(mask))
                XCTAssertGreaterThan(m.stats[.tileTrafficBytes], c.stats[.tileTrafficBytes], device.name)
                XCTAssertEqual(mask.renderer.framebuffer.checksum, clip.renderer.framebuffer.checksum, "\(device.name): the same frame")
            }
        }
    }

    /// Texture's corner-rounding guide: precomposited opaque corners and clip corners (four small
    /// corner layers over the content, as TORoundedTableView's shared grid draws them) render
    /// nothing off-screen.
    func testTextureCornerRoundingPrecompositedAndSharedCornerGridRenderNothingOffscreenOnEveryKindOfScreen() throws {
        for device in Device.screenKinds {
            for strategy in ["precomposited", "shared-corner-grid"] {
                let sim = try Simulation(scenario: scenario(on: device), strategyName: strategy)
                for _ in 0..<Self.steps {
                    let stats = sim.step().stats
                    XCTAssertEqual(stats[.offscreenPasses], 0, "\(device.name) \(strategy)")
                    XCTAssertEqual(stats[.renderPasses], 1, "\(device.name) \(strategy)")
                }
            }
        }
    }
}
