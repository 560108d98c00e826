import Devices
import Harness
import Scenarios
import Table
import XCTest

/// A table's corner radius is at most half its row height, the one rule scenario files and the
/// command line are held to, checked in one place (`Scenario.cornerRadiusBreach`): the scenario's
/// style, then each style event's in the order they apply.
final class CornerRadiusRuleTests: XCTestCase {
    private static func scenario(rowHeight: Double, radius: Double, events: [ScenarioEvent] = []) -> Scenario {
        Scenario(name: "rule", device: Device(name: "custom", width: 320, height: 480, scale: 2, refreshHz: 60), sections: 1,
                 rowsPerSection: [3], rowHeight: rowHeight, style: TableStyle(cornerRadius: radius), steps: 10, events: events)
    }

    private static func set(_ radius: Double, at step: Int) -> ScenarioEvent {
        ScenarioEvent(atStep: step, action: .setStyle(TableStyle(cornerRadius: radius)))
    }

    func testARadiusUpToHalfARowKeepsTheRuleAndALargerOneIsToldHalfARow() {
        for rowHeight in [1.0, 20, 44, 44.5, 1000] {
            for radius in [0, rowHeight / 4, rowHeight / 2] {
                XCTAssertNil(Self.scenario(rowHeight: rowHeight, radius: radius).cornerRadiusBreach, "radius \(radius), row \(rowHeight)")
            }
            for radius in [(rowHeight / 2).nextUp, rowHeight / 2 + 0.5, rowHeight] {
                XCTAssertEqual(Self.scenario(rowHeight: rowHeight, radius: radius).cornerRadiusBreach,
                               Scenario.CornerRadiusBreach(event: nil, radius: radius, limit: rowHeight / 2), "radius \(radius), row \(rowHeight)")
            }
        }
    }

    func testAStyleEventIsHeldToTheSameRuleTheFirstToApplyNamed() {
        let events = [Self.set(30, at: 8), Self.set(10, at: 2), Self.set(25, at: 5), ScenarioEvent(atStep: 1, action: .resize(width: 300, height: 400))]
        XCTAssertEqual(Self.scenario(rowHeight: 44, radius: 10, events: events).cornerRadiusBreach,
                       Scenario.CornerRadiusBreach(event: 2, radius: 25, limit: 22), "the event at step 5 applies before the one at step 8")
        XCTAssertEqual(Self.scenario(rowHeight: 44, radius: 23, events: events).cornerRadiusBreach?.event, nil, "the style is checked first")
        XCTAssertNil(Self.scenario(rowHeight: 44, radius: 10, events: [Self.set(22, at: 3)]).cornerRadiusBreach)
    }
}
