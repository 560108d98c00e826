import Harness
import HarnessTestSupport
import Scenarios
import Table
import XCTest

/// `bench render --step K` draws frame K as the scroll reaches it: the events of earlier steps
/// have happened.
final class JumpToStepTests: XCTestCase {
    func testAFrameDrawnDirectlyShowsTheEventsOfTheStepsBeforeIt() throws {
        var scenario = Fixtures.singleSection(radius: 7, steps: 8)
        scenario.events = [ScenarioEvent(atStep: 2, action: .setStyle(TableStyle(cornerRadius: 18)))]
        for strategy in ["shared-corner-grid", "per-cell-mask", "section-background"] {
            let scrolled = try Simulation(scenario: scenario, strategyName: strategy)
            for _ in 0...5 { scrolled.step() }
            let jumped = try Simulation(scenario: scenario, strategyName: strategy)
            jumped.jump(toStep: 5)
            XCTAssertEqual(jumped.renderer.framebuffer.checksum, scrolled.renderer.framebuffer.checksum,
                           "\(strategy): frame 5 drawn directly is frame 5 of the scroll")
            XCTAssertEqual(jumped.table.cornerRadius, 18, strategy)

            // The event changes the picture, so the comparison above is not trivially true.
            var unchanged = scenario
            unchanged.events = []
            let plain = try Simulation(scenario: unchanged, strategyName: strategy)
            plain.jump(toStep: 5)
            XCTAssertNotEqual(plain.renderer.framebuffer.checksum, jumped.renderer.framebuffer.checksum, strategy)
        }
    }
}
