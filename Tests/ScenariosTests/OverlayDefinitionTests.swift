import Foundation
import JSON
import Raster
import Scenarios
import XCTest

/// A definition's `overlays`, the layers above the table: written only when there are some, so a
/// definition without them is the JSON it always was, read back as the same value, and compared
/// field by field like every other field.
final class OverlayDefinitionTests: XCTestCase {
    /// A bar at the top with a backdrop and a title, and a bar at the bottom without one.
    static let overlays: JSONValue = [
        ["frame": ["x": 0, "y": 0, "width": 320, "height": 64], "name": "navigationBar", "backgroundColor": "#F9F9F94D",
         "backdrop": ["radius": 20, "tint": "#FFCC0066"],
         "sublayers": [["frame": ["x": 120, "y": 31, "width": 80, "height": 22], "name": "title"]]],
        ["frame": ["x": 0, "y": 524, "width": 320, "height": 44], "backgroundColor": "#FFFFFF"],
    ]

    /// `TypedDefinitionTests.written` with `overlays` added.
    static var withOverlays: JSONValue {
        var json = TypedDefinitionTests.written
        json["overlays"] = overlays
        return json
    }

    func testADefinitionWithOverlaysReadsBackAsTheSameValueAndTheSameJSON() throws {
        let definition = try ScenarioDefinition(json: Self.withOverlays)
        XCTAssertEqual(definition.json, Self.withOverlays)
        XCTAssertEqual(try ScenarioDefinition(json: definition.json), definition)
        XCTAssertEqual(definition.overlays.map(\.name), ["navigationBar", nil])
        XCTAssertEqual(definition.overlays[0].backdrop, .init(radius: 20, tint: Color(hex: "#FFCC0066")!))
        XCTAssertEqual(definition.overlays[0].backgroundColor?.hexString, "#F9F9F94D")
        XCTAssertEqual(definition.overlays[0].sublayers.map(\.name), ["title"])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        XCTAssertEqual(try encoder.encode(definition), try encoder.encode(Self.withOverlays))
    }

    func testADefinitionWithoutOverlaysWritesNoOverlaysKeyAndReadsBackWithNone() throws {
        let definition = try ScenarioDefinition(json: TypedDefinitionTests.written)
        XCTAssertEqual(definition.overlays, [])
        XCTAssertNil(definition.json["overlays"], "no key, as before overlays existed")
        XCTAssertEqual(definition.json, TypedDefinitionTests.written)
        var emptied = try ScenarioDefinition(json: Self.withOverlays)
        emptied.overlays = []
        XCTAssertEqual(emptied.json, TypedDefinitionTests.written, "an empty list is written as none")
    }

    func testOverlayChangesAreDifferencesAtTheirPaths() throws {
        let without = RecordedDefinition.typed(try ScenarioDefinition(json: TypedDefinitionTests.written))
        let with = try RecordedDefinition(json: Self.withOverlays)
        let added = without.differences(to: with)
        XCTAssertEqual(added.map { JSONValue.PathComponent.description(of: $0.path) }, ["overlays"])
        XCTAssertNil(added.first?.old, "absent before")
        XCTAssertEqual(added.first?.new, Self.overlays)

        var changed = try ScenarioDefinition(json: Self.withOverlays)
        changed.overlays[0].backdrop?.radius = 30
        changed.overlays[1].frame = .init(x: 0, y: 520, width: 320, height: 48)
        let paths = with.differences(to: .typed(changed)).map { JSONValue.PathComponent.description(of: $0.path) }
        XCTAssertEqual(Set(paths), ["overlays[0].backdrop.radius", "overlays[1].frame.y", "overlays[1].frame.height"])
        XCTAssertEqual(with.differences(to: with), [])
    }

    func testAWrongOverlaysFieldIsNamedByItsKeyPath() {
        var json = TypedDefinitionTests.written
        json["overlays"] = ["frame": ["x": 0, "y": 0, "width": 1, "height": 1]]
        XCTAssertThrowsError(try ScenarioDefinition(json: json)) { error in
            XCTAssertTrue("\(error)".hasPrefix("definition: overlays: expected an array"), "\(error)")
        }
        json["overlays"] = [["frame": ["x": 0, "y": 0, "width": 1, "height": 1]], 3]
        XCTAssertThrowsError(try ScenarioDefinition(json: json)) { error in
            XCTAssertTrue("\(error)".hasPrefix("definition: overlays[1]: expected a layer object"), "\(error)")
        }
    }
}
