import Results
import XCTest

/// A results file's `tool` in the words notes, warnings and `bench merge`'s refusals give it.
final class ToolBuildTests: XCTestCase {
    private let release = ToolBuild(version: "1.0.0", configuration: "release", optimized: true, swift: "6.3")

    func testBuildDescriptionQuotesTheConfiguration() {
        XCTAssertEqual(release.buildDescription, "release build (optimized)")
        XCTAssertEqual(ToolBuild(version: "1", configuration: "de\rbug", optimized: false, swift: "6.3").buildDescription,
                       "de\\rbug build (NOT optimized)")
    }

    func testIdentityNamesEveryField() {
        XCTAssertEqual(release.identity, "1.0.0, release, optimized, Swift 6.3")
        XCTAssertEqual(ToolBuild(version: "1.0.0", configuration: "debug", optimized: false, swift: "6.3").identity,
                       "1.0.0, debug, not optimized, Swift 6.3")
    }
}
