import Foundation
import Harness
import HarnessTestSupport
import Results
import Scenarios
import Strategies
import Table
import XCTest

/// What a run records of its scenario's events: a short label per event step, in the results file.
final class EventLabelTests: XCTestCase {
    private func scenario(steps: Int, events: [ScenarioEvent]) -> Scenario {
        var scenario = Fixtures.longTable(sections: 30, device: Fixtures.device(width: 600, height: 300), steps: steps)
        scenario.events = events
        return scenario
    }

    func testEventLabelsSayWhatChangedFromTheStyleBefore() {
        var rounder = TableStyle(cornerRadius: 12)
        let events = [
            ScenarioEvent(atStep: 20, action: .setStyle(rounder)),
            ScenarioEvent(atStep: 35, action: .select(IndexPath(row: 0, section: 2))),
            ScenarioEvent(atStep: 50, action: .resize(width: 375, height: 600)),
            ScenarioEvent(atStep: 60, action: .setStyle(rounder)),
        ]
        rounder.sideInset = 0
        rounder.opaqueLabelBackgrounds = true
        let labels = scenario(steps: 80, events: events + [ScenarioEvent(atStep: 60, action: .setStyle(rounder))]).definition.eventLabels
        XCTAssertEqual(labels, [
            20: "corner radius 7 → 12",
            35: "select row 2.0",
            50: "resize to 375 × 600",
            // Two events in one step, in order: the first changes nothing, the second two things.
            60: "style set (unchanged); inset 18 → 0, opaque labels on",
        ])
    }

    func testARunRecordsALabelPerEventStepAndTheyRoundTripThroughJSON() throws {
        let events = [ScenarioEvent(atStep: 2, action: .setStyle(TableStyle(cornerRadius: 0))),
                      ScenarioEvent(atStep: 4, action: .resize(width: 500, height: 300))]
        let results = try Runner().run(scenarios: [scenario(steps: 6, events: events)], strategies: ["none"])
        XCTAssertEqual(results.runs[0].eventSteps, [2, 4])
        XCTAssertEqual(results.runs[0].eventLabels, ["corner radius 7 → 0", "resize to 500 × 300"])

        let data = try results.jsonData()
        XCTAssertEqual(try Results.decode(Array(data), file: "r.json").runs[0].eventLabels, results.runs[0].eventLabels)
        // Older files have none; a file whose labels do not match its steps is refused.
        var older = results
        older.runs[0].eventLabels = nil
        XCTAssertNil(try Results.decode(Array(try older.jsonData()), file: "r.json").runs[0].eventLabels)
        var wrong = results
        wrong.runs[0].eventLabels = ["one"]
        XCTAssertThrowsError(try Results.decode(Array(try wrong.jsonData()), file: "r.json")) { error in
            XCTAssertTrue("\(error)".contains("runs[0].eventLabels: expected 2 labels (one per entry of eventSteps), got 1"), "\(error)")
        }
    }

    func testTheReferenceStrategyOfTheResultsIsTheCataloguesReference() {
        XCTAssertEqual(Ratio.referenceStrategy, StrategyCatalog.reference)
    }
}
