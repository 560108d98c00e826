import Harness
import JSON
import ScenarioFiles
import Scenarios
import Table
import XCTest

/// A cell file names its layers and gives its row's height: each layer's `name` is read, bounded
/// and unique in the cell; `rowHeight` is a length; both are kept in the scenario's definition;
/// and a layer reaching outside its row is found, naming it.
extension CellFileTests {
    /// A layer object of `extra` keys, 10 pt square at `y`.
    private func layer(_ extra: String = "", y: Double = 0) -> String {
        #"{"frame": {"x": 0, "y": \#(y), "width": 10, "height": 10}"# + (extra.isEmpty ? "" : ", " + extra) + "}"
    }

    func testALayersNameIsReadAndListedInTheOrderOfItsPath() throws {
        let decoded = try cell(#"{"layers": ["# + layer(#""name": "avatar""#) + ", "
            + layer(#""sublayers": ["# + layer(#""name": "ring""#) + "]") + ", " + layer(#""name": "badge 🔴""#) + "]}")
        XCTAssertEqual(decoded.layers[0].name, "avatar")
        XCTAssertNil(decoded.layers[1].name)
        XCTAssertEqual(decoded.layerPaths, ["layers[0]", "layers[1]", "layers[1].sublayers[0]", "layers[2]"])
        XCTAssertEqual(decoded.layerNames, ["avatar", nil, "ring", "badge 🔴"])
    }

    func testALayerNameTwiceInOneCellIsRefusedNamingTheFirstLayerWithIt() {
        let text = #"{"layers": ["# + layer(#""name": "avatar""#) + ", " + layer(#""sublayers": ["# + layer(#""name": "avatar""#) + "]") + "]}"
        XCTAssertEqual(message(text), "cell.json: layers[1].sublayers[0].name: the name 'avatar' is already the name of layers[0]; "
            + "each layer's name is its own, so a report's line names one layer.")
    }

    func testAnEmptyOrOverlongOrNonStringLayerNameIsRefused() {
        let long = String(repeating: "n", count: CellDescription.maxNameLength + 1)
        XCTAssertTrue(message(#"{"layers": ["# + layer(#""name": """#) + "]}").contains("cell.json: layers[0].name: expected a non-empty string"))
        XCTAssertEqual(message(#"{"layers": ["# + layer("\"name\": \"\(long)\"") + "]}"),
                       "cell.json: layers[0].name: a name of 65 characters; a layer's name may have at most 64.")
        XCTAssertNoThrow(try cell(#"{"layers": ["# + layer("\"name\": \"\(long.dropLast())\"") + "]}"))
        XCTAssertTrue(message(#"{"layers": ["# + layer(#""name": 3"#) + "]}").contains("layers[0].name: expected a non-empty string, got a number"))
    }

    func testAHostileLayerNameIsTakenAsTextAndShownEscapedInMessages() throws {
        let hostile = #""name": "a\u001b[31mred\nb""#
        XCTAssertEqual(try cell(#"{"layers": ["# + layer(hostile) + "]}").layers[0].name, "a\u{1b}[31mred\nb")
        let twice = message(#"{"layers": ["# + layer(hostile) + ", " + layer(hostile) + "]}")
        XCTAssertTrue(twice.hasPrefix("cell.json: layers[1].name: the name 'a"), twice)
        XCTAssertFalse(twice.contains("\u{1b}") || twice.contains("\n"), "control characters are shown, not sent: \(twice)")
    }

    func testACellsRowHeightIsReadAsALengthAndIsNilWhenNotGiven() throws {
        XCTAssertEqual(try cell(#"{"rowHeight": 60, "layers": ["# + layer() + "]}").rowHeight, 60)
        XCTAssertNil(try cell(#"{"layers": ["# + layer() + "]}").rowHeight)
        XCTAssertTrue(message(#"{"rowHeight": 0, "layers": ["# + layer() + "]}")
            .contains("cell.json: rowHeight: expected a positive number of points up to 2,048, got 0."), message(#"{"rowHeight": 0, "layers": []}"#))
        XCTAssertTrue(message(#"{"rowHight": 60, "layers": ["# + layer() + "]}").contains("rowHight: unknown key; did you mean 'rowHeight'?"))
    }

    func testTheDefinitionKeepsTheCellsRowHeightAndItsLayersNames() throws {
        let described = try cell(#"{"rowHeight": 60, "layers": ["# + layer(#""name": "avatar""#) + "]}")
        var scenario = Scenario.ipadSettings
        scenario.content = ContentPattern(cells: [.layers(described)])
        let definition = try XCTUnwrap(scenario.definition.json["content"]?["cell"])
        XCTAssertEqual(definition["rowHeight"], 60)
        XCTAssertEqual(definition["layers"]?.arrayValue?.first?["name"], "avatar")
    }

    func testALayerBelowOrAboveItsRowIsFoundUnlessAClippingAncestorHoldsIt() throws {
        let described = try cell(#"{"layers": ["#
            + layer(#""name": "inside""#, y: 34) + ", "
            + layer(#""name": "below""#, y: 200) + ", "
            + layer(#""name": "straddles""#, y: 40) + ", "
            + layer(#""name": "above""#, y: -12) + ", "
            + layer(#""hidden": true"#, y: 300) + ", "
            + layer(#""masksToBounds": true, "sublayers": ["# + layer(#""name": "clipped""#, y: 100) + "]") + ", "
            + layer(#""sublayers": ["# + layer(#""name": "nested""#, y: 30) + "]", y: 10) + "]}")
        let outside = described.layersOutside(rowHeight: 44)
        XCTAssertEqual(outside.map(\.path), ["layers[1]", "layers[2]", "layers[3]", "layers[6].sublayers[0]"])
        XCTAssertEqual(outside.map(\.name), ["below", "straddles", "above", "nested"])
        XCTAssertEqual(outside.map(\.top), [200, 40, -12, 40], "a sublayer's frame is in its parent's space")
        XCTAssertEqual(outside.map(\.bottom), [210, 50, -2, 50])
        XCTAssertEqual(try cell(#"{"layers": ["# + layer(y: 34) + "]}").layersOutside(rowHeight: 44).count, 0, "touching the row's bottom edge is inside")
    }
}
