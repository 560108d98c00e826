import Harness
import HarnessTestSupport
import RasterTestSupport
import Strategies
import XCTest

/// A strategy another package adds, through the harness: a Runner given the catalogue measures it,
/// and it draws the default scenario as the built-in strategies do (StrategyCatalogTests, in
/// StrategiesTests, has the catalogue's own rules).
final class AddedStrategyRunTests: XCTestCase {
    func testARunnerGivenTheCatalogueMeasuresAnAddedStrategyAndOtherwiseRefusesIt() throws {
        let scenario = Fixtures.singleSection(steps: 3)
        let results = try Runner(catalog: .withAddedStrategy).run(scenarios: [scenario], strategies: ["none", "added-cap-radius"])
        XCTAssertEqual(results.runs.map(\.strategy), ["none", "added-cap-radius"])
        XCTAssertEqual(results.runs[1].totals[.offscreenPasses], 0, "a rounded background without clipping needs no off-screen pass")
        XCTAssertNotNil(results.runs[1].ratios[.stepToNone])
        XCTAssertThrowsError(try Runner().run(scenarios: [scenario], strategies: ["added-cap-radius"])) { error in
            XCTAssertTrue("\(error)".contains("unknown strategy 'added-cap-radius'"), "\(error)")
        }
    }

    /// The strategy written outside the module draws the same picture as the built-in ones, so
    /// the example's approach is a fair entry in the comparison.
    func testTheAddedStrategyDrawsTheSamePictureAsTheBuiltInOnes() throws {
        for step in [0, 61, 150] {
            let reference = try Simulation(scenario: .ipadSettings, strategyName: "shared-corner-grid")
            reference.jump(toStep: step)
            let added = try Simulation(scenario: .ipadSettings, strategyName: "added-cap-radius", catalog: .withAddedStrategy)
            added.jump(toStep: step)
            XCTAssertFalse(Fixtures.cornerSquares(of: reference).isEmpty)
            let over = PictureDifference(reference.renderer.framebuffer, added.renderer.framebuffer, threshold: 2).pixelsOverThreshold
            XCTAssertTrue(over.isEmpty, "step \(step): \(over.count) pixels differ by more than 2/255, e.g. \(over.prefix(3))")
        }
    }
}
