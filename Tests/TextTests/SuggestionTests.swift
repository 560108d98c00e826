import Text
import XCTest

/// "Did you mean …?": which known name a mistyped one is taken for.
final class SuggestionTests: XCTestCase {
    func testANameCutShortAtADashSuggestsTheWholeNameBeforeOneADigitAway() {
        let gpus = ["a4", "a5", "a6", "a7", "a8", "a9", "a10", "a11", "a12", "a13", "a14", "a15", "a16", "a17-pro", "m1", "m2"]
        XCTAssertEqual(Suggestion.nearest(to: "a17", in: gpus), "a17-pro")
        XCTAssertEqual(Suggestion.nearest(to: "a18", in: gpus), "a8", "no name starts with a18-: the nearest by edits")
    }

    func testANameCutShortBeforeSeveralNamesSuggestsByEditsAlone() {
        let devices = ["ipad-pro-11", "ipad-pro-12.9", "ipad-air"]
        XCTAssertNil(Suggestion.nearest(to: "ipad-pro", in: devices), "two names start with it: no guess")
        XCTAssertEqual(Suggestion.nearest(to: "ipad-ari", in: devices), "ipad-air")
    }
}
