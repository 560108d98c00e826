import Compositor
import Devices
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
        // Every device and strategy is a simulation of its own: stepped at once on the machine's
        // cores, each keeping what every step showed; the assertions are made here, step by step.
        struct Step { var passes = 0, renderPasses = 0, traffic = 0, caps = 0, checksum = "" }
        let runs = Device.screenKinds.flatMap { device in ["per-cell-mask", "corner-radius-clip"].map { (device, $0) } }
        let found = try runs.concurrentMap { device, strategy -> [Step] in
            let sim = try Simulation(scenario: scenario(on: device), strategyName: strategy)
            return (0..<Self.steps).map { _ in
                let stats = sim.step().stats
                return Step(passes: stats[.offscreenPasses], renderPasses: stats[.renderPasses], traffic: stats[.tileTrafficBytes],
                            caps: caps(sim), checksum: sim.renderer.framebuffer.checksum)
            }
        }
        for (index, device) in Device.screenKinds.enumerated() {
            for (step, (m, c)) in zip(found[2 * index], found[2 * index + 1]).enumerated() {
                XCTAssertGreaterThan(m.caps, 0, device.name)
                XCTAssertEqual(m.passes, 2 * m.caps, "\(device.name) step \(step)")
                XCTAssertEqual(c.passes, c.caps, "\(device.name) step \(step)")
                XCTAssertEqual(m.renderPasses, 1 + 2 * m.caps)
                XCTAssertGreaterThan(m.traffic, c.traffic, device.name)
                XCTAssertEqual(m.checksum, c.checksum, "\(device.name): the same frame")
            }
        }
    }

    /// Texture's corner-rounding guide: precomposited opaque corners and clip corners (four small
    /// corner layers over the content, as TORoundedTableView's shared grid draws them) render
    /// nothing off-screen.
    func testTextureCornerRoundingPrecompositedAndSharedCornerGridRenderNothingOffscreenOnEveryKindOfScreen() throws {
        // Every device and strategy is a simulation of its own: stepped at once on the machine's cores.
        let runs = Device.screenKinds.flatMap { device in ["precomposited", "shared-corner-grid"].map { (device, $0) } }
        let found = try runs.concurrentMap { device, strategy -> [(offscreen: Int, render: Int)] in
            let sim = try Simulation(scenario: scenario(on: device), strategyName: strategy)
            return (0..<Self.steps).map { _ in
                let stats = sim.step().stats
                return (stats[.offscreenPasses], stats[.renderPasses])
            }
        }
        for ((device, strategy), steps) in zip(runs, found) {
            for passes in steps {
                XCTAssertEqual(passes.offscreen, 0, "\(device.name) \(strategy)")
                XCTAssertEqual(passes.render, 1, "\(device.name) \(strategy)")
            }
        }
    }
}
