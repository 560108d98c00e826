import Devices
import Harness
import ScenarioFiles
import XCTest

/// A scenario file's absent keys take `Scenario.Defaults`, the values `Scenario.init` takes too.
final class ScenarioDefaultsTests: XCTestCase {
    func testAFileThatLeavesOutEveryOptionalKeyDecodesToTheScenarioInitBuilds() throws {
        let text = #"{"name": "s", "device": "ipad-11", "table": {"sections": 2, "rowsPerSection": 3}, "scroll": {"kind": "constant", "steps": 5}}"#
        let decoded = try ScenarioFile.scenario(from: Array(text.utf8), file: "s.json")
        XCTAssertEqual(decoded, Scenario(name: "s", device: Device.named("ipad-11")!, sections: 2, rowsPerSection: [3], steps: 5))
        XCTAssertEqual([decoded.rowHeight, decoded.headerHeight, decoded.footerHeight, decoded.pointsPerStep],
                       [Scenario.Defaults.rowHeight, Scenario.Defaults.headerHeight, Scenario.Defaults.footerHeight,
                        Scenario.Defaults.pointsPerStep])
        XCTAssertEqual(decoded.warmupSteps, Scenario.Defaults.warmupSteps)
        XCTAssertEqual(decoded.content, Scenario.Defaults.content)
    }

    func testAFlingOrAJumpKeepsTheDefaultPointsPerStep() throws {
        for scroll in [#"{"kind": "fling", "steps": 5, "velocity": 900}"#, #"{"kind": "jump", "steps": 5, "to": {"section": 1, "row": 2}}"#] {
            let text = #"{"name": "s", "device": "ipad-11", "table": {"sections": 2, "rowsPerSection": 3}, "scroll": \#(scroll)}"#
            let decoded = try ScenarioFile.scenario(from: Array(text.utf8), file: "s.json")
            XCTAssertEqual(decoded.pointsPerStep, Scenario.Defaults.pointsPerStep, scroll)
            XCTAssertNotNil(decoded.motion, scroll)
        }
    }
}
