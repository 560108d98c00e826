import Text
import XCTest

/// Numbers in messages about a limit that was broken.
final class FormatTests: XCTestCase {
    func testAValueJustAboveALimitIsShownWithTheDecimalsThatKeepItAbove() {
        XCTAssertEqual(Format.above(2730.67 * 3, limit: 8192), "8,192.01")
        XCTAssertEqual(Format.above(12_288, limit: 8192), "12,288")
        XCTAssertEqual(Format.above(8192.0004, limit: 8192), "8,192.0004")
    }
}
