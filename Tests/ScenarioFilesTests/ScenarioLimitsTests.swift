import Harness
import ScenarioFiles
import XCTest

/// A scenario file's limits on rows and pixels are the scenario's own, defined once beside the
/// one whole-scenario check (`Scenario.breach`) that holds a file and the command line to them.
final class ScenarioLimitsTests: XCTestCase {
    func testAFilesRowAndPixelLimitsAreTheScenariosOwn() {
        XCTAssertEqual(ScenarioFile.maxRows, Scenario.maxRows)
        XCTAssertEqual(ScenarioFile.maxPixelLength, Scenario.maxPixelLength)
    }
}
