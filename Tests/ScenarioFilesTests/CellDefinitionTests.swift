import Foundation
import Harness
import ScenarioFiles
import Table
import XCTest

/// A scenario's definition tells every two cells apart: a text's characters are quoted with
/// their quotes and backslashes escaped, so no text can spell the description of other layers.
final class CellDefinitionTests: XCTestCase {
    private func definition(ofCell json: String) throws -> String {
        let cell = try ScenarioFile.cell(from: Array(json.utf8), file: "c.json")
        var scenario = Scenario.ipadSettings
        scenario.content = ContentPattern(cells: [.layers(cell)], headerLength: 0, footerLength: 0)
        return try XCTUnwrap(scenario.definition["content"])
    }

    private func layer(_ text: String) -> String {
        "{ \"frame\": { \"x\": 0, \"y\": 0, \"width\": 10, \"height\": 10 }, \"contents\": { \"text\": { \"string\": \(text), \"size\": 17, \"color\": \"#000000\" } } }"
    }

    func testATextThatSpellsAnotherLayerDoesNotCollideWithIt() throws {
        let two = try definition(ofCell: "{ \"layers\": [\(layer("\"a\"")), \(layer("\"b\""))] }")
        // One layer whose text is the words between the two texts above.
        let one = try definition(ofCell: "{ \"layers\": [\(layer(#""a\" 17 pt #000000; 0,0 10×10, text \"b""#))] }")
        XCTAssertNotEqual(one, two)
        let backslash = try definition(ofCell: "{ \"layers\": [\(layer(#""a\\\" 17""#))] }")
        XCTAssertTrue(backslash.contains(#"text "a\\\" 17" 17 pt"#), backslash)
    }

    func testATextWithoutQuotesOrBackslashesIsDescribedAsBefore() throws {
        let plain = try definition(ofCell: "{ \"layers\": [\(layer("\"Hello, world\""))] }")
        XCTAssertTrue(plain.contains(#"text "Hello, world" 17 pt #000000"#), plain)
    }
}
