import Devices
import Harness
import JSON
import Raster
import Results
import Scenarios
import Table
import XCTest

/// A scenario's definition is a value of typed fields (numbers as numbers, colours as
/// `Color.hexString`, a cell layer by layer); two cells that differ anywhere, a label's quote
/// included, have different definitions.
final class ScenarioDefinitionTests: XCTestCase {
    private static let style = TableStyle(cornerRadius: 10, sideInset: 16)

    private static func scenario(label: String = "Hello", content: ContentPattern? = nil) -> Scenario {
        var avatar = LayerDescription(frame: Rect(x: 16, y: 6, width: 32, height: 32))
        avatar.cornerRadius = 16
        avatar.masksToBounds = true
        avatar.contents = .image(.picture(size: nil, color: nil, cornerRadius: 0))
        var title = LayerDescription(frame: Rect(x: 56, y: 0, width: 200, height: 44))
        title.contents = .text(TextContent(source: .literal(label), color: Color(red: 0x12, green: 0xAB, blue: 0xFF, alpha: 0x80)))
        title.opacity = 0.5
        let cell = CellDescription(layers: [avatar, title])
        return Scenario(name: "cell", device: Device(name: "iphone-se", width: 375, height: 667, scale: 2, refreshHz: 60),
                        sections: 30, rowsPerSection: [1, 3, 8], style: style,
                        content: content ?? ContentPattern(cells: [.layers(cell)], headerLength: 20, footerLength: 40),
                        motion: .fling(velocity: 2400, deceleration: 0.998), steps: 40, warmupSteps: 5,
                        events: [ScenarioEvent(atStep: 20, action: .setStyle(TableStyle(cornerRadius: 12))),
                                 ScenarioEvent(atStep: 35, action: .select(IndexPath(row: 2, section: 1))),
                                 ScenarioEvent(atStep: 36, action: .resize(width: 320, height: 600))])
    }

    private static func style(_ radius: Double, inset: Double) -> JSONValue {
        ["cornerRadius": .number(radius), "sideInset": .number(inset), "maxColumnWidth": 675, "backgroundColor": "#F2F2F7",
         "cellColor": "#FFFFFF", "selectedColor": "#D1D1D6", "roundsInCompactWidth": true, "opaqueLabels": false]
    }

    func testADefinitionHoldsEveryFieldTypedWithLayersAtTheirDefaultsLeftOut() {
        let expected: JSONValue = [
            "device": ["name": "iphone-se", "width": 375, "height": 667, "scale": 2, "refreshHz": 60, "ios": 17],
            "sections": 30, "rowsPerSection": [1, 3, 8], "rowHeight": 44, "headerHeight": 35, "footerHeight": 18,
            "style": Self.style(10, inset: 16),
            "content": ["kind": "cell", "header": 20, "footer": 40, "cell": ["separatorInset": 16, "layers": [
                ["frame": ["x": 16, "y": 6, "width": 32, "height": 32], "cornerRadius": 16, "masksToBounds": true,
                 "contents": ["image": [:]]],
                ["frame": ["x": 56, "y": 0, "width": 200, "height": 44], "opacity": 0.5,
                 "contents": ["text": ["string": "Hello", "size": 17, "color": "#12ABFF80"]]],
            ]]],
            "scroll": ["kind": "fling", "velocity": 2400, "deceleration": 0.998],
            "events": [["atStep": 20, "style": Self.style(12, inset: 18)],
                       ["atStep": 35, "select": ["section": 1, "row": 2]],
                       ["atStep": 36, "resize": ["width": 320, "height": 600]]],
            "warmupSteps": 5,
        ]
        XCTAssertEqual(Self.scenario().definition.json, expected)
    }

    func testADefinitionHasNoProseAtItsTopLevelAndIsNotTakenForTheOlderFormat() throws {
        for scenario in [Self.scenario(), Scenario.ipadSettings, Self.scenario(content: ContentPattern.none)] {
            let members = try XCTUnwrap(scenario.definition.json.objectValue)
            XCTAssertEqual(members.filter { $0.value.stringValue != nil }.map(\.key), [], scenario.name)
            XCTAssertEqual(try RecordedDefinition(json: scenario.definition.json), .typed(scenario.definition),
                           "read back as the typed value it was written from: \(scenario.name)")
        }
        XCTAssertEqual(Scenario.ipadSettings.definition.json["content"], ["kind": "settings"])
        XCTAssertEqual(Self.scenario(content: ContentPattern.none).definition.json["content"], ["kind": "none"])
    }

    func testAPatternOfRowsListsEachRowAndItsCells() throws {
        let cell = CellDescription(layers: [LayerDescription(frame: Rect(x: 0, y: 0, width: 10, height: 10))], separatorInset: 0)
        let content = ContentPattern(cells: [.settings(RowContent(icon: false, titleLength: 5)), .layers(cell)])
        XCTAssertEqual(Self.scenario(content: content).definition.json["content"],
                       ["kind": "rows", "header": 0, "footer": 0, "rows": [
                           ["icon": false, "title": 5, "detail": 0, "accessory": "disclosure"],
                           ["cell": ["separatorInset": 0, "layers": [["frame": ["x": 0, "y": 0, "width": 10, "height": 10]]]]],
                       ]])
    }

    func testTwoCellsWhoseLabelsDifferOnlyAroundAQuoteHaveDifferentDefinitions() throws {
        let a = Self.scenario(label: #"Tap "Edit", then "Done""#).definition.json, b = Self.scenario(label: #"Tap "Edit, then "Done""#).definition.json
        XCTAssertNotEqual(a, b)
        XCTAssertEqual(a.differences(to: b), [JSONValue.Difference(path: ["content", "cell", "layers", 1, "contents", "text", "string"],
                                                                   old: #"Tap "Edit", then "Done""#, new: #"Tap "Edit, then "Done""#)])
    }

    func testOverlaysAreRecordedAsACellsLayersAreWithTheirBackdropAndOnlyWhenThereAreSome() throws {
        var bar = LayerDescription(frame: Rect(x: 0, y: 0, width: 375, height: 64))
        bar.name = "navigationBar"
        bar.backgroundColor = Color(red: 0xF9, green: 0xF9, blue: 0xF9, alpha: 0x4D)
        bar.backdrop = .init(radius: 20, tint: Color(red: 0xFF, green: 0xCC, blue: 0x00, alpha: 0x66))
        bar.sublayers = [LayerDescription(frame: Rect(x: 140, y: 31, width: 95, height: 22))]
        var scenario = Self.scenario()
        XCTAssertNil(scenario.definition.json["overlays"], "none without overlays")
        scenario.overlays = [bar]
        let expected: JSONValue = [[
            "name": "navigationBar", "frame": ["x": 0, "y": 0, "width": 375, "height": 64], "backgroundColor": "#F9F9F94D",
            "backdrop": ["radius": 20, "tint": "#FFCC0066"],
            "sublayers": [["frame": ["x": 140, "y": 31, "width": 95, "height": 22]]],
        ]]
        XCTAssertEqual(scenario.definition.json["overlays"], expected)
        XCTAssertEqual(try RecordedDefinition(json: scenario.definition.json), .typed(scenario.definition))
        let changes = RecordedDefinition.typed(Self.scenario().definition).differences(to: .typed(scenario.definition))
        XCTAssertEqual(changes, [JSONValue.Difference(path: ["overlays"], old: nil, new: expected)])
    }

    func testATableFrameIsRecordedOnlyWhereItLeavesABandAndReadBack() throws {
        var scenario = Self.scenario()
        XCTAssertNil(scenario.definition.json["tableTop"], "a table filling the screen is written as before")
        XCTAssertNil(scenario.definition.json["tableBottom"])
        scenario.tableTop = 64
        XCTAssertEqual(scenario.definition.json["tableTop"], 64)
        XCTAssertNil(scenario.definition.json["tableBottom"], "each only when not 0")
        scenario.tableBottom = 49
        XCTAssertEqual(try RecordedDefinition(json: scenario.definition.json), .typed(scenario.definition))
        let changes = RecordedDefinition.typed(Self.scenario().definition).differences(to: .typed(scenario.definition))
        XCTAssertEqual(changes, [JSONValue.Difference(path: ["tableBottom"], old: nil, new: 49),
                                 JSONValue.Difference(path: ["tableTop"], old: nil, new: 64)])
    }
}
