import Foundation
import Harness
import JSON
import ScenarioFiles
import Scenarios
import Table
import XCTest

/// A scenario's definition tells every two cells apart: a cell file's layers become fields of the
/// definition, a text as the string it is, so no text can spell the description of other layers.
final class CellDefinitionTests: XCTestCase {
    private func definition(ofCell json: String) throws -> JSONValue {
        let cell = try ScenarioFile.cell(from: Array(json.utf8), file: "c.json")
        var scenario = Scenario.ipadSettings
        scenario.content = ContentPattern(cells: [.layers(cell)], headerLength: 0, footerLength: 0)
        return try XCTUnwrap(scenario.definition.json["content"])
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
        XCTAssertEqual(backslash["cell"]?["layers"]?.arrayValue?.first?["contents"]?["text"]?["string"], #"a\" 17"#)
    }

    func testACellFilesLayerKeepsItsKeysAndValues() throws {
        let plain = try definition(ofCell: "{ \"layers\": [\(layer("\"Hello, world\""))], \"separatorInset\": 20 }")
        XCTAssertEqual(plain, ["kind": "cell", "header": 0, "footer": 0,
                               "cell": ["separatorInset": 20, "layers": [[
                                   "frame": ["x": 0, "y": 0, "width": 10, "height": 10],
                                   "contents": ["text": ["string": "Hello, world", "size": 17, "color": "#000000"]]]]]])
    }
}
