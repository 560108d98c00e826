import Foundation
import Harness
import Raster
import ScenarioFiles
import Table
import XCTest

/// A scenario's `overlays`: layers fixed above the table, written as a cell's layers are, the
/// only place a `backdrop` blur is allowed; every refusal names its key path.
final class OverlayFileTests: XCTestCase {
    /// A small valid scenario with `members` (raw JSON text of further top-level members) added,
    /// its table's content `content` when given.
    private func scenarioText(_ members: String = "", content: String? = nil) -> String {
        let table = content.map { ##"{ "sections": 2, "rowsPerSection": 3, "content": \##($0) }"## }
            ?? ##"{ "sections": 2, "rowsPerSection": 3 }"##
        return """
        {"name": "bars", "device": { "width": 320, "height": 568, "scale": 2, "refreshHz": 60 },
         "table": \(table), "scroll": { "kind": "constant", "steps": 4 }\(members.isEmpty ? "" : ", " + members)}
        """
    }

    private func decode(_ text: String) throws -> Scenario {
        try ScenarioFile.scenario(from: Array(text.utf8), file: "s.json")
    }

    /// The message decoding `text` is refused with, or "no error".
    private func message(_ text: String, suite: Bool = false) -> String {
        do {
            if suite {
                _ = try ScenarioFile.suite(from: Array(text.utf8), file: "s.json")
            } else {
                _ = try decode(text)
            }
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    /// An overlay layer of a bar with `extra` members (raw JSON text) added.
    private func bar(_ extra: String = "") -> String {
        ##"{ "frame": { "x": 0, "y": 0, "width": 320, "height": 64 }"## + (extra.isEmpty ? "" : ", " + extra) + " }"
    }

    func testOverlaysAreReadAsCellLayersInScreenPointsWithABackdropOnTopLevelLayers() throws {
        let scenario = try decode(scenarioText("""
        "overlays": [
          { "name": "navigationBar", "frame": { "x": 0, "y": 0, "width": 320, "height": 64 }, "backgroundColor": "#F9F9F94D",
            "backdrop": { "radius": 20, "tint": "#FFCC0066" },
            "sublayers": [ { "name": "title", "frame": { "x": 120, "y": 31, "width": 80, "height": 22 },
                             "contents": { "text": { "string": "Photos" } } } ] },
          { "name": "toolBar", "frame": { "x": 0, "y": 524, "width": 320, "height": 44 }, "backgroundColor": "#FFFFFF",
            "backdrop": { "radius": 0, "tint": "#000000" } }
        ]
        """))
        XCTAssertEqual(scenario.overlays.count, 2)
        let nav = scenario.overlays[0], tool = scenario.overlays[1]
        XCTAssertEqual(nav.name, "navigationBar")
        XCTAssertEqual(nav.frame, Rect(x: 0, y: 0, width: 320, height: 64))
        XCTAssertEqual(nav.backgroundColor, Color(hex: "#F9F9F94D"))
        XCTAssertEqual(nav.backdrop?.radius, 20)
        XCTAssertEqual(nav.backdrop?.tint, Color(hex: "#FFCC0066"))
        XCTAssertEqual(nav.sublayers.map(\.name), ["title"])
        XCTAssertNil(nav.sublayers[0].backdrop)
        XCTAssertEqual(tool.frame, Rect(x: 0, y: 524, width: 320, height: 44))
        XCTAssertEqual(tool.backdrop?.radius, 0, "a radius of 0 is allowed")
        XCTAssertEqual(tool.backdrop?.tint, Color(hex: "#000000"))
    }

    func testAScenarioWithoutOverlaysOrWithAnEmptyArrayHasNone() throws {
        XCTAssertEqual(try decode(scenarioText()).overlays, [])
        XCTAssertEqual(try decode(scenarioText(##""overlays": []"##)).overlays, [])
        XCTAssertEqual(try decode(scenarioText()), try decode(scenarioText(##""overlays": []"##)), "the same scenario")
    }

    func testAnOverlayWithoutABackdropIsAPlainLayer() throws {
        let overlay = bar(##""backgroundColor": "#FF0000", "isOpaque": true"##)
        let scenario = try decode(scenarioText(##""overlays": [\##(overlay)]"##))
        XCTAssertNil(scenario.overlays[0].backdrop)
        XCTAssertEqual(scenario.overlays[0].backgroundColor, Color(hex: "#FF0000"))
        XCTAssertTrue(scenario.overlays[0].isOpaque)
    }

    func testABackdropOnACellsLayerInAScenarioIsRefusedAtItsKey() {
        let content = ##"{ "rows": [ { "layers": [ { "frame": { "width": 10, "height": 10 } }, { "frame": { "width": 10, "height": 10 }, "backdrop": { "radius": 4, "tint": "#FFFFFF" } } ] } ] }"##
        XCTAssertEqual(message(scenarioText(content: content)),
                       "s.json: table.content.rows[0].layers[1].backdrop: a backdrop blur is allowed only on a scenario's overlay layers.")
    }

    func testABackdropOnACellsLayerInASuiteNamesTheScenario() {
        let content = ##"{ "rows": [ { "layers": [ { "frame": { "width": 10, "height": 10 } }, { "frame": { "width": 10, "height": 10 }, "backdrop": { "radius": 4, "tint": "#FFFFFF" } } ] } ] }"##
        let suite = ##"{ "suite": "s", "scenarios": [\##(scenarioText(content: content))] }"##
        XCTAssertEqual(message(suite, suite: true),
                       "s.json: scenarios[0].table.content.rows[0].layers[1].backdrop: a backdrop blur is allowed only on a scenario's overlay layers.")
    }

    func testABackdropInACellFileIsRefusedAtItsKeyEvenInASublayer() {
        func cellMessage(_ text: String) -> String {
            do {
                _ = try ScenarioFile.cell(from: Array(text.utf8), file: "cell.json")
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        XCTAssertEqual(cellMessage(##"{ "layers": [ { "frame": { "width": 10, "height": 10 }, "backdrop": { "radius": 4, "tint": "#FFFFFF" } } ] }"##),
                       "cell.json: layers[0].backdrop: a backdrop blur is allowed only on a scenario's overlay layers.")
        XCTAssertEqual(cellMessage(##"{ "layers": [ { "frame": { "width": 10, "height": 10 }, "sublayers": [ { "frame": { "width": 1, "height": 1 }, "backdrop": {} } ] } ] }"##),
                       "cell.json: layers[0].sublayers[0].backdrop: a backdrop blur is allowed only on a scenario's overlay layers.",
                       "refused as misplaced before its own keys are read")
    }

    func testABackdropOnAnOverlaysSublayerIsRefusedAtItsKey() {
        let overlay = bar(##""sublayers": [ { "frame": { "width": 10, "height": 10 }, "backdrop": { "radius": 4, "tint": "#FFFFFF" } } ]"##)
        XCTAssertEqual(message(scenarioText(##""overlays": [\##(overlay)]"##)),
                       "s.json: overlays[0].sublayers[0].backdrop: a backdrop blur is allowed only on a scenario's overlay layers, not on their sublayers.")
    }

    func testABadBackdropIsRefusedAtItsKey() {
        let cases: [(String, String)] = [
            (##""backdrop": { "tint": "#FFFFFF" }"##, "s.json: overlays[0].backdrop: missing key 'radius'"),
            (##""backdrop": { "radius": 4 }"##, "s.json: overlays[0].backdrop: missing key 'tint'"),
            (##""backdrop": { "radius": -1, "tint": "#FFFFFF" }"##,
             "s.json: overlays[0].backdrop.radius: expected a number of points from 0 to 100, got -1."),
            (##""backdrop": { "radius": 101, "tint": "#FFFFFF" }"##,
             "s.json: overlays[0].backdrop.radius: expected a number of points from 0 to 100, got 101."),
            (##""backdrop": { "radius": "4", "tint": "#FFFFFF" }"##, "s.json: overlays[0].backdrop.radius: expected"),
            (##""backdrop": { "radius": 4, "tint": "yellow" }"##, "s.json: overlays[0].backdrop.tint:"),
            (##""backdrop": { "radius": 4, "tint": "#FFFFFF", "saturation": 1.8 }"##, "s.json: overlays[0].backdrop.saturation: unknown key"),
            (##""backdrop": { "radius": 4, "tnit": "#FFFFFF" }"##, "s.json: overlays[0].backdrop.tnit: unknown key; did you mean 'tint'?"),
            (##""backdrop": true"##, "s.json: overlays[0].backdrop: expected a backdrop object"),
        ]
        for (member, expected) in cases {
            let text = scenarioText(##""overlays": [\##(bar(member))]"##)
            XCTAssertTrue(message(text).hasPrefix(expected), "\(member): \(message(text))")
        }
    }

    func testOverlaysAreHeldToACellsLimitsAtTheirKeys() {
        let named = ##""name": "bar""##, misspelt = ##""cornerRadiuss": 3"##
        let cases: [(String, String)] = [
            (##""overlays": {}"##, "s.json: overlays: expected an array"),
            (##""overlays": [{ "frame": { "width": -4, "height": 10 } }]"##,
             "s.json: overlays[0].frame.width: expected a non-negative number of points up to 2,048, got -4."),
            (##""overlays": [{ "backgroundColor": "#FFFFFF" }]"##, "s.json: overlays[0]: missing key 'frame'"),
            (##""overlays": [\##(bar(named)), \##(bar(named))]"##,
             "s.json: overlays[1].name: the name 'bar' is already the name of overlays[0]"),
            (##""overlays": [\##(bar(misspelt))]"##, "s.json: overlays[0].cornerRadiuss: unknown key; did you mean 'cornerRadius'?"),
        ]
        for (member, expected) in cases {
            let text = scenarioText(member)
            XCTAssertTrue(message(text).hasPrefix(expected), "\(member): \(message(text))")
        }
    }

    func testAtMostTheMostOverlayLayersNestedAtMostTheDeepest() throws {
        let most = Array(repeating: ##"{ "frame": { "width": 1, "height": 1 } }"##, count: Scenario.maxOverlayLayers).joined(separator: ",")
        XCTAssertEqual(try decode(scenarioText(##""overlays": [\##(most)]"##)).overlays.count, Scenario.maxOverlayLayers)
        XCTAssertEqual(message(scenarioText(##""overlays": [\##(most), { "frame": { "width": 1, "height": 1 } }]"##)),
                       "s.json: overlays[1000]: more than 1,000 overlay layers; a scenario may have at most 1,000.")
        func nested(_ depth: Int) -> String {
            (1..<depth).reduce(##"{ "frame": { "width": 1, "height": 1 } }"##) { inner, _ in
                ##"{ "frame": { "width": 1, "height": 1 }, "sublayers": [\##(inner)] }"##
            }
        }
        XCTAssertNoThrow(try decode(scenarioText(##""overlays": [\##(nested(Scenario.maxOverlayDepth))]"##)))
        XCTAssertTrue(message(scenarioText(##""overlays": [\##(nested(Scenario.maxOverlayDepth + 1))]"##))
            .hasSuffix(": overlay layers nested 17 deep; a scenario's overlays may nest at most 16."))
    }

    func testACellsLayerStillListsItsOwnKeysWithoutBackdrop() {
        // The keys a cell's layer allows are those it always had: a far miss lists them unchanged.
        let text = ##"{ "layers": [ { "frame": { "width": 10, "height": 10 }, "zzzzzzzzzz": 1 } ] }"##
        let refused: String
        do {
            _ = try ScenarioFile.cell(from: Array(text.utf8), file: "cell.json")
            refused = "no error"
        } catch {
            refused = "\(error)"
        }
        XCTAssertTrue(refused.hasPrefix("cell.json: layers[0].zzzzzzzzzz: unknown key"), refused)
        XCTAssertFalse(refused.contains("backdrop"), refused)
    }

    /// The example docs/scenario-files.md gives under `overlays` is a file this build reads.
    func testTheDocumentedExampleReads() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/scenario-files.md")
        let page = try String(contentsOf: docs, encoding: .utf8)
        let section = try XCTUnwrap(page.range(of: "### `overlays`"))
        let rest = page[section.upperBound...]
        let open = try XCTUnwrap(rest.range(of: "```json\n")), close = try XCTUnwrap(rest[open.upperBound...].range(of: "```"))
        let scenario = try decode(String(rest[open.upperBound..<close.lowerBound]))
        XCTAssertEqual(scenario.device.width, 320)
        XCTAssertEqual(scenario.device.height, 568)
        XCTAssertEqual(scenario.overlays.map(\.frame), [Rect(x: 0, y: 0, width: 320, height: 64), Rect(x: 0, y: 524, width: 320, height: 44)])
        XCTAssertEqual(scenario.overlays.map { $0.backdrop?.radius }, [20, 20])
    }
}
