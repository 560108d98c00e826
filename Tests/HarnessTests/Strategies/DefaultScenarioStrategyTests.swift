import Compositor
import Harness
import HarnessTestSupport
import Raster
import RasterTestSupport
import Scenarios
import Strategies
import Table
import XCTest

/// The strategies later practice added, on the default scenario while it scrolls; expectations
/// are derived from the cells on screen.
final class DefaultScenarioStrategyTests: XCTestCase {
    private func caps(_ sim: Simulation) -> [Cell] {
        sim.table.visibleCells.keys.sorted().map { sim.table.visibleCells[$0]! }.filter { $0.position.isCap }
    }

    func testPrecompositedBlendsNothing() throws {
        let sim = try Simulation(scenario: Fixtures.ipadSettingsWithoutContent, strategyName: "precomposited")
        for _ in 0..<30 {
            let record = sim.step()
            XCTAssertEqual(record.stats[.blendedPixels], 0)
            XCTAssertEqual(record.stats[.blendedFragments], 0)
            XCTAssertEqual(record.stats[.offscreenPasses], 0)
        }
    }

    func testPrecompositedWithContentBlendsExactlyWhatThePlainTableBlends() throws {
        let baked = try Simulation(scenario: .ipadSettings, strategyName: "precomposited")
        let plain = try Simulation(scenario: .ipadSettings, strategyName: "none")
        for _ in 0..<30 {
            let b = baked.step(), p = plain.step()
            XCTAssertGreaterThan(p.stats[.blendedPixels], 0, "the content's labels, icons and separators blend")
            XCTAssertEqual(b.stats[.blendedPixels], p.stats[.blendedPixels])
            XCTAssertEqual(b.stats[.offscreenPasses], 0)
        }
    }

    func testSectionBackgroundMakesNoOffscreenPassAndShadesOnlyCapsBlended() throws {
        let sim = try Simulation(scenario: Fixtures.ipadSettingsWithoutContent, strategyName: "section-background")
        for _ in 0..<30 {
            let record = sim.step()
            XCTAssertEqual(record.stats[.offscreenPasses], 0)
            // Beneath the opaque middle cells the section background is hidden, so the blended
            // fragments are at most the caps' visible pixels.
            let capPixels = caps(sim).map { $0.layer.frame.pixelRect(scale: 2).area }.reduce(0, +)
            XCTAssertLessThanOrEqual(record.stats[.blendedFragments], capPixels)
            XCTAssertGreaterThan(record.stats[.blendedFragments], 0)
        }
    }

    func testCornerRadiusClipRendersEachVisibleCapOffscreen() throws {
        let sim = try Simulation(scenario: .ipadSettings, strategyName: "corner-radius-clip")
        for _ in 0..<30 {
            let record = sim.step()
            XCTAssertEqual(record.stats[.offscreenPasses], caps(sim).count)
        }
    }

    func testRasterizedMaskStableHitsTheCacheWhenCapsOnlyMove() throws {
        let sim = try Simulation(scenario: .ipadSettings, strategyName: "rasterized-mask-stable")
        var previous = Set<ObjectIdentifier>()
        for step in 0..<40 {
            let record = sim.step()
            let now = caps(sim)
            // Caps that were already on screen only moved: hits. Caps that entered: misses.
            let moved = now.filter { previous.contains(ObjectIdentifier($0)) }.count
            if step > 0 {
                XCTAssertEqual(record.stats[.rasterHits], moved, "step \(step)")
                XCTAssertEqual(record.stats[.rasterMisses], now.count - moved, "step \(step)")
            }
            previous = Set(now.map { ObjectIdentifier($0) })
        }
    }

    func testRadiusChangeRegeneratesSharedImagesOnceRedrawsPrecompositedCapsAndInvalidatesRasterizedCaps() throws {
        let k = 10
        var scenario = Fixtures.ipadSettingsWithoutContent
        var style = scenario.style
        style.cornerRadius = 12
        scenario.events = [ScenarioEvent(atStep: k, action: .setStyle(style))]
        let grid = try Simulation(scenario: scenario, strategyName: "shared-corner-grid")
        let baked = try Simulation(scenario: scenario, strategyName: "precomposited")
        let stable = try Simulation(scenario: scenario, strategyName: "rasterized-mask-stable")
        for step in 0...k {
            let g = grid.step(), b = baked.step(), s = stable.step()
            if step == k {
                XCTAssertTrue(g.hadEvent)
                XCTAssertEqual(g.stats[.imagesCreated], 2, "both shared circles, once")
                XCTAssertEqual(b.stats[.imagesCreated], caps(baked).count, "every visible cap bitmap redrawn")
                XCTAssertEqual(s.stats[.rasterMisses], caps(stable).count, "every rasterized cap invalidated")
                XCTAssertEqual(s.stats[.rasterHits], 0)
            } else if step > 0 {
                XCTAssertEqual(g.stats[.imagesCreated], 0)
            }
        }
    }

    func testResizeToCompactStaysRoundedByDefault() throws {
        var scenario = Scenario.ipadSettings
        scenario.events = [ScenarioEvent(atStep: 2, action: .resize(width: 375, height: 1366))]
        // The strategies' simulations are independent: run at once on the machine's cores.
        let names = StrategyCatalog.builtIn.names.filter { $0 != "none" }
        let found = try names.concurrentMap { name -> (radius: Double, cornersEmpty: Bool) in
            let sim = try Simulation(scenario: scenario, strategyName: name)
            for _ in 0...3 { sim.step() }
            return (sim.table.cornerRadius, Fixtures.cornerSquares(of: sim).isEmpty)
        }
        for (name, f) in zip(names, found) {
            XCTAssertEqual(f.radius, 7, "\(name): TORoundedTableView v0.2.1 rounds at every width")
            XCTAssertFalse(f.cornersEmpty, name)
        }
    }

    func testWithTheSizeClassFallbackResizeToCompactAndBackShowsPlainThenInsetWithoutExtraCells() throws {
        var scenario = Scenario.ipadSettings
        scenario.style.roundsInCompactWidth = false
        scenario.events = [ScenarioEvent(atStep: 5, action: .resize(width: 375, height: 1366)),
                           ScenarioEvent(atStep: 10, action: .resize(width: 1024, height: 1366))]
        // One simulation per strategy, seen at step 7 (compact width) and at step 12 (regular
        // again): the frame and corner radius at 7 are kept before the steps go on.
        func run(_ name: String) throws -> (compact: Pixmap, compactRadius: Double, regular: Simulation, created: Int) {
            let sim = try Simulation(scenario: scenario, strategyName: name)
            var created = 0
            for _ in 0...7 { created += sim.step().stats[.cellsCreated] }
            let compact = sim.renderer.framebuffer, compactRadius = sim.table.cornerRadius
            for _ in 8...12 { created += sim.step().stats[.cellsCreated] }
            return (compact, compactRadius, sim, created)
        }
        let plain = try run("none")
        let plainCompact = plain.compact, plainRegular = plain.regular.renderer.framebuffer
        // The strategies' simulations are independent: run at once on the machine's cores, each
        // compared with `none`'s frames there; the assertions are made here, in order.
        let names = StrategyCatalog.builtIn.names.filter { $0 != "none" }
        let found = try names.concurrentMap { name -> (compactRadius: Double, compactSame: Bool, regularRadius: Double,
                                                       regularSame: Bool, created: Int) in
            let run = try run(name)
            return (run.compactRadius, PictureDifference(plainCompact, run.compact, threshold: 0).pixelsOverThreshold.isEmpty,
                    run.regular.table.cornerRadius,
                    PictureDifference(plainRegular, run.regular.renderer.framebuffer, threshold: 0)
                        .pixelsOverThreshold.isEmpty, run.created)
        }
        for (name, run) in zip(names, found) {
            // Compact width: the plain grouped style, pixel for pixel what `none` draws.
            XCTAssertEqual(run.compactRadius, 0, name)
            XCTAssertTrue(run.compactSame, "\(name) in compact width")
            // Back in regular width: rounded again.
            XCTAssertEqual(run.regularRadius, 7, name)
            XCTAssertFalse(run.regularSame, "\(name) rounds its corners again")
            // No cell beyond what the pools need: what fits on screen plus a spare per pool.
            let onScreen = Int((1366.0 / 44).rounded(.up)) + 1
            XCTAssertLessThanOrEqual(run.created, onScreen + 4, name)
        }
    }
}
