import Compositor
import Harness
import Raster
import RasterTestSupport
import Strategies
import Table
import XCTest

/// The rules of StrategyCounterTests (StrategiesTests) on the default scenario while it scrolls,
/// derived from the cells on screen.
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
        // The two strategies' simulations are independent: run at once on the machine's cores.
        let names = ["per-cell-mask", "corner-radius-clip"]
        let found = try names.concurrentMap { name -> (passes: Int, mostInAFrame: Int, allocated: Int) in
            let sim = try Simulation(scenario: .ipadSettings, strategyName: name)
            var passes = 0, mostInAFrame = 0
            for _ in 0..<80 {
                let frame = sim.step().stats[.offscreenPasses]
                passes += frame
                mostInAFrame = max(mostInAFrame, frame)
            }
            return (passes, mostInAFrame, sim.renderer.buffersAllocated)
        }
        for (name, f) in zip(names, found) {
            XCTAssertGreaterThan(f.passes, 800)
            // Buffers are allocated only to reach the most a single frame needs at once.
            XCTAssertLessThanOrEqual(f.allocated, f.mostInAFrame, "\(name): \(f.passes) passes")
        }
    }
}
