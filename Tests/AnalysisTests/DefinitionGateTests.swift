@testable import Analysis
import Problems
import Foundation
import JSON
import Results
import Scenarios
import ResultsTestSupport
import XCTest

/// The gate compares two scenario definitions field by field: it names each changed path with
/// both values, tells a change of the app's cell by the paths alone, and takes a baseline whose
/// definitions are in the older format (prose) as such, comparing its counters with a warning.
final class DefinitionGateTests: XCTestCase {
    /// A definition as `Scenario.definition` writes one, with a cell of two layers, the second a label.
    private static func definition(label: String = "Tap \"Edit\"", radius: Double = 20, refreshHz: Double = 60) -> JSONValue {
        ["device": ["name": "iphone-se", "width": 375, "height": 667, "scale": 2, "refreshHz": .number(refreshHz)],
         "sections": 30, "rowsPerSection": [1, 3, 8], "rowHeight": 44, "headerHeight": 35, "footerHeight": 18,
         "style": ["cornerRadius": 10, "sideInset": 16, "maxColumnWidth": 675, "backgroundColor": "#F2F2F7",
                   "cellColor": "#FFFFFF", "selectedColor": "#D1D1D6", "roundsInCompactWidth": true, "opaqueLabels": false],
         "content": ["kind": "cell", "header": 20, "footer": 40,
                     "cell": ["separatorInset": 16, "layers": [
                        ["frame": ["x": 16, "y": 6, "width": 32, "height": 32], "cornerRadius": .number(radius), "masksToBounds": true],
                        ["frame": ["x": 56, "y": 0, "width": 200, "height": 44],
                         "contents": ["text": ["string": .string(label), "size": 17, "color": "#000000"]]]]]],
         "scroll": ["kind": "constant", "pointsPerStep": 12],
         "events": [["atStep": 5, "select": ["section": 1, "row": 2]]], "warmupSteps": 5]
    }

    private static func results(_ definition: JSONValue) -> Results {
        var results = ResultsFixtures.run(steps: 12)
        results.scenarioDefinitions = ["long-table": recorded(definition)]
        return results
    }

    /// `definition` as a results file holds it, read as one is.
    private static func recorded(_ definition: JSONValue) -> RecordedDefinition {
        do {
            return try RecordedDefinition(json: definition)
        } catch {
            fatalError("\(error)")
        }
    }

    private func refusal(_ baseline: JSONValue, _ current: JSONValue, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            _ = try Gate.check(baseline: Self.results(baseline), current: Self.results(current))
            XCTFail("the check was not refused", file: file, line: line)
            return ""
        } catch {
            return "\(error)"
        }
    }

    func testAChangedFieldOfTheTableIsRefusedNamingItsPathAndBothValues() {
        let message = refusal(Self.definition(), Self.definition(refreshHz: 120))
        XCTAssertTrue(message.contains("the scenario 'long-table' is defined differently from the baseline's (device.refreshHz: 60 → 120);"), message)
    }

    func testAChangeOfTheTableAndTheCellIsRefusedNamingEveryPath() {
        var current = Self.definition(radius: 8, refreshHz: 120)
        current["rowHeight"] = 50
        let message = refusal(Self.definition(), current)
        XCTAssertTrue(message.contains("(content.cell.layers[0].cornerRadius: 20 → 8; device.refreshHz: 60 → 120; rowHeight: 44 → 50)"), message)
    }

    func testMoreThanFiveChangedFieldsAreListedFiveAndCounted() {
        var current = Self.definition()
        for key in ["sections", "rowHeight", "headerHeight", "footerHeight", "warmupSteps"] { current[key] = 1 }
        current["device"]?["scale"] = 1
        current["scroll"]?["pointsPerStep"] = 1
        let message = refusal(Self.definition(), current)
        XCTAssertTrue(message.contains("device.scale: 2 → 1; footerHeight: 18 → 1; headerHeight: 35 → 1; rowHeight: 44 → 1; scroll.pointsPerStep: 12 → 1"), message)
        XCTAssertTrue(message.contains("; and 2 more)"), message)
    }

    func testAChangeInsideTheCellAloneIsACellChangeComparedNotRefused() throws {
        let report = try Gate.check(baseline: Self.results(Self.definition()), current: Self.results(Self.definition(radius: 8)))
        XCTAssertTrue(report.warnings.contains(.cellChanged(scenarios: ["long-table"], gated: true)), "\(report.warnings)")
    }

    func testACellChangeIsDecidedByThePathsUnderContentCellOrARowsCell() {
        func change(_ path: [JSONValue.PathComponent]) -> DefinitionChange { DefinitionChange(path: path, old: 1, new: 2) }
        XCTAssertTrue(Gate.isCellChange([change(["content", "cell", "layers", 1, "cornerRadius"]), change(["content", "cell", "separatorInset"])]))
        XCTAssertTrue(Gate.isCellChange([change(["content", "rows", 2, "cell", "layers", 0, "opacity"])]))
        XCTAssertFalse(Gate.isCellChange([]))
        XCTAssertFalse(Gate.isCellChange([change(["content", "cell", "layers", 0, "cornerRadius"]), change(["content", "header"])]))
        XCTAssertFalse(Gate.isCellChange([change(["content", "kind"])]))
        XCTAssertFalse(Gate.isCellChange([change(["content", "rows", 2, "title"])]))
        // The older format's content is one string: its change is never taken for a cell's.
        XCTAssertFalse(Gate.isCellChange([DefinitionChange(path: ["content"], old: "rows [cell layers [a]]", new: "rows [cell layers [b]]")]))
    }

    func testAChangedSettingsRowIsNotACellChange() {
        // A Settings row's accessory is a change of the table's rows, not of a cell; a typed
        // definition holds the model's `RowContent.Accessory`, so no other word can be recorded.
        var baseline = Self.definition(), current = Self.definition()
        baseline["content"] = ["kind": "rows", "header": 0, "footer": 0, "rows": [["icon": true, "title": 9, "detail": 0, "accessory": "none"]]]
        current["content"] = ["kind": "rows", "header": 0, "footer": 0, "rows": [["icon": true, "title": 9, "detail": 0, "accessory": "disclosure"]]]
        XCTAssertTrue(refusal(baseline, current).contains(#"content.rows[0].accessory: "none" → "disclosure""#))
        current["content"] = ["kind": "rows", "header": 0, "footer": 0, "rows": [["icon": true, "title": 9, "detail": 0, "accessory": "cell layers ["]]]
        XCTAssertThrowsError(try RecordedDefinition(json: current)) { error in
            XCTAssertTrue("\(error)".contains(#"content.rows[0].accessory: not an accessory"#), "\(error)")
        }
    }

    func testTwoCellsWhoseLabelsDifferOnlyAroundAQuoteAreTwoCells() throws {
        let a = Self.definition(label: #"Tap "Edit", then "Done""#), b = Self.definition(label: #"Tap "Edit, then "Done""#)
        XCTAssertNotEqual(a, b)
        let changes = Gate.definitionChanges(Self.recorded(a), Self.recorded(b))
        XCTAssertEqual(changes.map { JSONValue.PathComponent.description(of: $0.path) }, ["content.cell.layers[1].contents.text.string"])
        let report = try Gate.check(baseline: Self.results(a), current: Self.results(b))
        XCTAssertTrue(report.warnings.contains(.cellChanged(scenarios: ["long-table"], gated: true)), "\(report.warnings)")
        // Canonically equivalent texts are still two texts: they are drawn differently.
        XCTAssertNotEqual(Self.definition(label: "caf\u{E9}"), Self.definition(label: "cafe\u{301}"))
    }

    // MARK: The older format

    /// `definition` as files before typed definitions wrote it: one string per key.
    private static let prose: JSONValue = ["device": "iphone-se 375 × 667 pt @2× 60 Hz", "sections": "30", "rowsPerSection": "[1, 3, 8]",
                                           "content": "settings", "events": ""]

    func testAnOlderBaselineIsGatedByItsCountersWithAWarningNamingTheScenario() throws {
        XCTAssertTrue(Self.recorded(Self.prose).isOlderFormat)
        XCTAssertFalse(Self.recorded(Self.definition()).isOlderFormat)
        let baseline = Self.results(Self.prose), current = Self.results(Self.definition())
        let report = try Gate.check(baseline: baseline, current: current)
        XCTAssertTrue(report.passed, "\(report.findings)")
        XCTAssertTrue(report.warnings.contains(.olderDefinitions(scenarios: ["long-table"], inBaseline: true)), "\(report.warnings)")
        XCTAssertFalse(report.warnings.contains(.noDefinitions))
        XCTAssertFalse(report.warnings.contains { if case .cellChanged = $0 { true } else { false } })

        var dearer = current
        dearer.runs[1].totals[.blendedPixels]! += 12
        dearer.runs[1].perStep[.blendedPixels]! += 1
        let failed = try Gate.check(baseline: baseline, current: dearer)
        XCTAssertFalse(failed.passed, "counters are compared as when a baseline has no definitions")

        let reversed = try Gate.check(baseline: current, current: baseline)
        XCTAssertTrue(reversed.warnings.contains(.olderDefinitions(scenarios: ["long-table"], inBaseline: false)), "\(reversed.warnings)")
        XCTAssertEqual(Comparison(baseline, current).notes, [.olderDefinitions(scenarios: ["long-table"], inFirst: true)])
    }

    func testTwoOlderFilesAreStillComparedKeyByKey() {
        var changed = Self.prose
        changed["sections"] = "40"
        XCTAssertTrue(refusal(Self.prose, changed).contains(#"(sections: "30" → "40")"#))
    }

    func testABaselineInTheOlderFormatLoadsAndGatesAgainstTypedDefinitionsWithoutARegression() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var baseline = try Results.load(from: root.appendingPathComponent("Results/baseline.json").path)
        // The committed baseline with its definitions written as files before typed definitions
        // wrote them: one line of prose per key.
        baseline.scenarioDefinitions = try XCTUnwrap(baseline.scenarioDefinitions).mapValues { definition in
            .prose((definition.json.objectValue ?? [:]).mapValues { "\($0)" })
        }
        let definitions = try XCTUnwrap(baseline.scenarioDefinitions)
        XCTAssertFalse(definitions.isEmpty)
        XCTAssertTrue(definitions.values.allSatisfy(\.isOlderFormat), "\(definitions)")
        var current = baseline
        current.scenarioDefinitions = definitions.mapValues { _ in Self.recorded(Self.definition()) }
        let report = try Gate.check(baseline: baseline, current: current)
        XCTAssertTrue(report.passed, "\(report.findings)")
        var scenarios: [String] = []
        for run in baseline.runs where !scenarios.contains(run.scenario) { scenarios.append(run.scenario) }
        XCTAssertTrue(report.warnings.contains(.olderDefinitions(scenarios: scenarios, inBaseline: true)), "\(report.warnings)")
        XCTAssertEqual(try Gate.check(baseline: baseline, current: baseline).warnings.filter {
            if case .olderDefinitions = $0 { true } else { false }
        }, [], "two files of the older format compare as before")
    }
}
