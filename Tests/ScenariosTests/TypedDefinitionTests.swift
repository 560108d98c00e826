import Foundation
import JSON
import Raster
import Scenarios
import XCTest

/// The typed definition read and written in one place: what it writes reads back the same,
/// definitions of older files load, prose is told apart, and a wrong field is named by its path.
final class TypedDefinitionTests: XCTestCase {
    /// A definition as this version writes one: a cell of two layers (the second named, with a
    /// sublayer), a jump to a row, and one event of each kind.
    static let written: JSONValue = [
        "device": ["name": "iphone-se", "width": 375, "height": 667, "scale": 2, "refreshHz": 60, "ios": 17],
        "sections": 3, "rowsPerSection": [1, 3], "rowHeight": 44.5, "headerHeight": 35, "footerHeight": 18,
        "style": style(radius: 10),
        "content": ["kind": "cell", "header": 20, "footer": 0, "cell": [
            "layers": [["frame": ["x": 0, "y": 0, "width": 320, "height": 44], "cornerRadius": 8],
                       ["frame": ["x": 16, "y": 4, "width": 36, "height": 36], "name": "avatar", "masksToBounds": true,
                        "sublayers": [["frame": ["x": 0, "y": 0, "width": 36, "height": 36], "name": "ring"]]]],
            "separatorInset": 16, "rowHeight": 44.5]],
        "scroll": ["kind": "jump", "to": ["section": 1, "row": 2]],
        "events": [["atStep": 20, "style": style(radius: 12)], ["atStep": 20, "resize": ["width": 375, "height": 600]],
                   ["atStep": 35, "select": ["section": 1, "row": 2]]],
        "warmupSteps": 5,
    ]

    static func style(radius: Double) -> JSONValue {
        ["cornerRadius": .number(radius), "sideInset": 16, "maxColumnWidth": 675, "backgroundColor": "#F2F2F7",
         "cellColor": "#FFFFFF", "selectedColor": "#D1D1D680", "roundsInCompactWidth": true, "opaqueLabels": false]
    }

    func testAWrittenDefinitionReadsBackAsTheSameValueAndTheSameJSON() throws {
        let definition = try ScenarioDefinition(json: Self.written)
        XCTAssertEqual(definition.json, Self.written)
        XCTAssertEqual(try ScenarioDefinition(json: definition.json), definition)
        XCTAssertEqual(definition.device.ios, 17)
        XCTAssertEqual(definition.scroll, .jumpToRow(.init(row: 2, section: 1)))
        XCTAssertEqual(definition.events.map(\.atStep), [20, 20, 35])
        XCTAssertEqual(definition.content.firstCell?.layer(at: "layers[1]")?.name, "avatar")
        XCTAssertEqual(definition.content.firstCell?.layer(at: "layers[1].sublayers[0]")?.name, "ring")
        XCTAssertNil(definition.content.firstCell?.layer(at: "layers[0]")?.name)
        XCTAssertNil(definition.content.firstCell?.layer(at: "layers[2]"))
        XCTAssertNil(definition.content.firstCell?.layer(at: "sublayers[0]"))
    }

    func testTheEncodedBytesAreThoseOfItsJSON() throws {
        let definition = try ScenarioDefinition(json: Self.written)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        XCTAssertEqual(try encoder.encode(definition), try encoder.encode(Self.written))
        XCTAssertEqual(try encoder.encode(RecordedDefinition.typed(definition)), try encoder.encode(Self.written))
    }

    func testADefinitionFromBeforeDevicesHadAnIOSAndLayersANameLoadsWithThemAbsent() throws {
        guard case .object(var members) = Self.written, case .object(var device) = members["device"] else { return XCTFail() }
        device["ios"] = nil
        members["device"] = .object(device)
        members["content"] = ["kind": "cell", "header": 0, "footer": 0,
                              "cell": ["layers": [["frame": ["x": 0, "y": 0, "width": 320, "height": 44]]], "separatorInset": 16]]
        let older = try ScenarioDefinition(json: .object(members))
        XCTAssertNil(older.device.ios)
        XCTAssertNil(older.content.firstCell?.rowHeight)
        XCTAssertNil(older.content.firstCell?.layers.first?.name)
        XCTAssertEqual(older.json, .object(members), "written back as it was read: nothing added")
    }

    func testKeysALaterVersionAddsAreIgnored() throws {
        guard case .object(var members) = Self.written else { return XCTFail() }
        members["somethingNew"] = [1, 2]
        XCTAssertEqual(try ScenarioDefinition(json: .object(members)), try ScenarioDefinition(json: Self.written))
    }

    func testAWrongOrMissingFieldIsNamedByItsKeyPath() {
        func problem(_ edit: (inout [String: JSONValue]) -> Void) -> String {
            guard case .object(var members) = Self.written else { return "" }
            edit(&members)
            do {
                _ = try ScenarioDefinition(json: .object(members))
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        XCTAssertTrue(problem {
            guard case .object(var device)? = $0["device"] else { return }
            device["width"] = "375"
            $0["device"] = .object(device)
        }.contains("device.width: expected a number, got a string"))
        XCTAssertTrue(problem { $0["sections"] = 2.5 }.contains("sections: expected an integer"))
        XCTAssertTrue(problem { $0["warmupSteps"] = nil }.contains("missing key 'warmupSteps'"))
        XCTAssertTrue(problem { $0["events"] = [["atStep": 3]] }.contains("events[0]: expected an event with 'style', 'resize' or 'select'"))
        XCTAssertTrue(problem { $0["scroll"] = ["kind": 3] }.contains("scroll.kind: expected"))
    }

    func testProseOfAnOlderFileIsKeptAndKnownAsTheOlderFormat() throws {
        let prose: JSONValue = ["device": "iphone-se 375 × 667 pt @2× 60 Hz", "sections": "30", "events": ""]
        let recorded = try RecordedDefinition(json: prose)
        XCTAssertTrue(recorded.isOlderFormat)
        XCTAssertNil(recorded.typed)
        XCTAssertEqual(recorded.json, prose)
        XCTAssertFalse(try RecordedDefinition(json: Self.written).isOlderFormat)
        XCTAssertEqual(try RecordedDefinition(json: Self.written).typed, try ScenarioDefinition(json: Self.written))
    }

    func testTwoDefinitionsDifferFieldByFieldAtTheirPaths() throws {
        let a = try RecordedDefinition(json: Self.written)
        var changed = try ScenarioDefinition(json: Self.written)
        changed.device.refreshHz = 120
        changed.style.cornerRadius = 8
        let paths = a.differences(to: .typed(changed)).map { JSONValue.PathComponent.description(of: $0.path) }
        XCTAssertEqual(Set(paths), ["device.refreshHz", "style.cornerRadius"])
        XCTAssertEqual(a.differences(to: a), [])
    }

    func testEventLabelsSayWhatChangedJoinedByStepInTheOrderTheyApply() throws {
        let labels = try ScenarioDefinition(json: Self.written).eventLabels
        XCTAssertEqual(labels, [20: "corner radius 10 → 12; resize to 375 × 600", 35: "select row 1.2"])
        var unchanged = try ScenarioDefinition(json: Self.written)
        unchanged.events = [.init(atStep: 4, action: .setStyle(unchanged.style))]
        XCTAssertEqual(unchanged.eventLabels, [4: "style set (unchanged)"])
        unchanged.events[0].action = .setStyle(TableStyle(cornerRadius: 10, sideInset: 16, maxColumnWidth: 675,
                                                            backgroundColor: Color(hex: "#000000")!, cellColor: Color(hex: "#FFFFFF")!,
                                                            selectedColor: Color(hex: "#D1D1D680")!, roundsInCompactWidth: false,
                                                            opaqueLabelBackgrounds: true))
        XCTAssertEqual(unchanged.eventLabels, [4: "background colour, rounding in compact width off, opaque labels on"])
    }
}
