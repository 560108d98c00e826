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
        // The three strategies' simulations are independent: each steps at once on the machine's
        // cores and keeps what every step showed (its counters, its visible caps); the assertions
        // are made here, step by step, as before.
        struct Step { var passes = 0, pixels = 0, misses = 0, hits = 0, caps = 0, capPixels = 0 }
        let names = ["per-cell-mask", "rasterized-mask", "shared-corner-grid"]
        let found = try names.concurrentMap { name -> [Step] in
            let sim = try Simulation(scenario: scenario, strategyName: name)
            return (0..<24).map { _ in
                let stats = sim.step().stats, caps = visibleCapArea(sim)
                return Step(passes: stats[.offscreenPasses], pixels: stats[.offscreenPixels], misses: stats[.rasterMisses],
                            hits: stats[.rasterHits], caps: caps.count, capPixels: caps.pixels)
            }
        }
        for (m, (r, g)) in zip(found[0], zip(found[1], found[2])) {
            XCTAssertGreaterThan(m.caps, 0)
            XCTAssertEqual(m.passes, 2 * m.caps, "a pass for each cap's mask and one for its content")
            XCTAssertEqual(m.pixels, 2 * m.capPixels, "off-screen buffers are the caps' bounds")
            XCTAssertEqual(g.passes, 0)
            XCTAssertEqual(r.misses, r.caps, "every visible cap misses every frame")
            XCTAssertEqual(r.hits, 0)
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
