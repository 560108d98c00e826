import Harness
import XCTest

/// A table's corner radius is at most half its row height, the one rule scenario files and the
/// command line are held to (`Scenario.cornerRadiusLimit(breachedBy:rowHeight:)`).
final class CornerRadiusRuleTests: XCTestCase {
    func testARadiusUpToHalfARowKeepsTheRuleAndALargerOneIsToldHalfARow() {
        for rowHeight in [1.0, 20, 44, 44.5, 1000] {
            for radius in [0, rowHeight / 4, rowHeight / 2] {
                XCTAssertNil(Scenario.cornerRadiusLimit(breachedBy: radius, rowHeight: rowHeight), "radius \(radius), row \(rowHeight)")
            }
            for radius in [(rowHeight / 2).nextUp, rowHeight / 2 + 0.5, rowHeight] {
                XCTAssertEqual(Scenario.cornerRadiusLimit(breachedBy: radius, rowHeight: rowHeight), rowHeight / 2, "radius \(radius), row \(rowHeight)")
            }
        }
    }
}
