import Foundation
import JSON
import Raster
import Scenarios
import XCTest

/// A definition's layer as typed fields: written with the keys, nesting and omissions results have
/// always held, read back to the same value and bytes, and refused at its key path when it holds
/// a key no writer ever wrote.
final class LayerDefinitionTests: XCTestCase {
    /// A layer with every property away from its default, and a sublayer of each other kind of
    /// contents and mask.
    static var everything: LayerDescription {
        var layer = LayerDescription(frame: .init(x: 1.5, y: -2, width: 30, height: 40.25))
        layer.name = "all"
        layer.isHidden = true
        layer.backgroundColor = colour("#01020380")
        layer.contents = .text(.init(source: .literal("Say \"hi\" \\ 😀"), pointSize: 13.5, color: colour("#000000"), background: colour("#FFFFFF"),
                                     maxWidth: 99.5))
        layer.isOpaque = true
        layer.opacity = 0.5
        layer.allowsGroupOpacity = false
        layer.cornerRadius = 7.5
        layer.masksToBounds = true
        layer.mask = .roundedRects([.init(frame: .init(x: 1, y: 2, width: 3, height: 4), radius: 1.5)])
        layer.shouldRasterize = true
        layer.rasterizationScale = 3
        layer.shadow = .init(opacity: 0.3, radius: 4, offset: .init(x: 1, y: -2.5), color: colour("#090807"), hasPath: true)
        layer.border = .init(width: 0.5, color: colour("#C864320A"))
        layer.backdrop = .init(radius: 20, tint: colour("#FFCC0066"))
        let small = Rect(x: 0, y: 0, width: 8, height: 8)
        let contents: [LayerContents] = [
            .text(.init(source: .rowTitle(length: 9), pointSize: 17, color: colour("#000000"))),
            .text(.init(source: .rowDetail(length: 4), pointSize: 17, color: colour("#8A8A8E"))),
            .image(.picture(size: nil, color: nil, cornerRadius: 0)),
            .image(.picture(size: .init(width: 3, height: 4), color: colour("#FFFFFF"), cornerRadius: 2)),
            .image(.symbol("›", pointSize: 17, color: colour("#C4C4C7"))),
        ]
        let masks: [MaskShape] = [.oval, .roundedRect(radius: 6)]
        layer.sublayers = contents.map { contents in
            var sublayer = LayerDescription(frame: small)
            sublayer.contents = contents
            return sublayer
        } + masks.map { mask in
            var sublayer = LayerDescription(frame: small)
            sublayer.mask = mask
            return sublayer
        }
        return layer
    }

    /// The colour `#RRGGBB` or `#RRGGBBAA`.
    static func colour(_ hex: String) -> Color {
        Color(hex: hex)!
    }

    /// `everything` as results files hold it: each key as a cell file spells it.
    static let everythingWritten: JSONValue = {
        let small: JSONValue = ["x": 0, "y": 0, "width": 8, "height": 8]
        return ["name": "all", "frame": ["x": 1.5, "y": -2, "width": 30, "height": 40.25], "hidden": true, "backgroundColor": "#01020380",
                "contents": ["text": ["string": "Say \"hi\" \\ 😀", "size": 13.5, "color": "#000000", "background": "#FFFFFF", "maxWidth": 99.5]],
                "isOpaque": true, "opacity": 0.5, "allowsGroupOpacity": false, "cornerRadius": 7.5, "masksToBounds": true,
                "mask": ["shape": "roundedRects", "rects": [["x": 1, "y": 2, "width": 3, "height": 4, "radius": 1.5]]],
                "shouldRasterize": true, "rasterizationScale": 3,
                "shadow": ["opacity": 0.3, "radius": 4, "offset": ["x": 1, "y": -2.5], "color": "#090807", "path": true],
                "border": ["width": 0.5, "color": "#C864320A"], "backdrop": ["radius": 20, "tint": "#FFCC0066"],
                "sublayers": [["frame": small, "contents": ["text": ["title": 9, "size": 17, "color": "#000000"]]],
                              ["frame": small, "contents": ["text": ["detail": 4, "size": 17, "color": "#8A8A8E"]]],
                              ["frame": small, "contents": ["image": [:]]],
                              ["frame": small, "contents": ["image": ["width": 3, "height": 4, "color": "#FFFFFF", "cornerRadius": 2]]],
                              ["frame": small, "contents": ["symbol": ["string": "›", "size": 17, "color": "#C4C4C7"]]],
                              ["frame": small, "mask": ["shape": "oval"]],
                              ["frame": small, "mask": ["shape": "roundedRect", "radius": 6]]]]
    }()

    /// `TypedDefinitionTests.written` with its cell's layers replaced by `layers`.
    static func definition(cell layers: JSONValue) -> JSONValue {
        var json = TypedDefinitionTests.written
        json["content"] = ["kind": "cell", "header": 0, "footer": 0, "cell": ["layers": layers, "separatorInset": 16]]
        return json
    }

    /// The bytes a results file holds for `value`.
    static func bytes(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(value)
    }

    func testALayerWithEveryPropertySetReadsBackAsTheSameValueAndTheSameBytes() throws {
        var definition = try ScenarioDefinition(json: TypedDefinitionTests.written)
        definition.content = ContentPattern(cells: [.layers(.init(layers: [Self.everything], separatorInset: 16, rowHeight: nil))])
        definition.overlays = [Self.everything]
        XCTAssertEqual(definition.json["overlays"], [Self.everythingWritten], "every key as a cell file spells it")
        let read = try ScenarioDefinition(json: definition.json)
        XCTAssertEqual(read, definition)
        XCTAssertEqual(read.content.firstCell?.layers, [Self.everything])
        XCTAssertEqual(try Self.bytes(read), try Self.bytes(definition))
        XCTAssertEqual(try Self.bytes(definition), try Self.bytes(Self.definition(cell: [Self.everythingWritten]).merging(overlays: [Self.everythingWritten])))
        XCTAssertTrue(read.overlays[0].shouldRasterize)
    }

    func testALayerAtItsDefaultsWritesOnlyItsFrame() throws {
        let layer = LayerDescription(frame: .init(x: 16, y: 6, width: 32, height: 32))
        XCTAssertFalse(layer.shouldRasterize)
        var definition = try ScenarioDefinition(json: TypedDefinitionTests.written)
        definition.content = ContentPattern(cells: [.layers(.init(layers: [layer], separatorInset: 16, rowHeight: nil))])
        XCTAssertEqual(definition.json, Self.definition(cell: [["frame": ["x": 16, "y": 6, "width": 32, "height": 32]]]))
        XCTAssertEqual(try ScenarioDefinition(json: definition.json), definition)
    }

    func testAChangedPropertyIsADifferenceAtItsPathInTheWordsOfBefore() throws {
        var old = Self.everything, new = Self.everything
        old.sublayers = []
        new.sublayers = []
        new.cornerRadius = 8
        new.shadow?.offset.y = 3
        new.mask = nil
        var a = try ScenarioDefinition(json: TypedDefinitionTests.written), b = a
        a.content = ContentPattern(cells: [.layers(.init(layers: [old], separatorInset: 16, rowHeight: nil))])
        b.content = ContentPattern(cells: [.layers(.init(layers: [new], separatorInset: 16, rowHeight: nil))])
        let changes = RecordedDefinition.typed(a).differences(to: .typed(b)).map {
            "\(JSONValue.PathComponent.description(of: $0.path)): \($0.old?.compactDescription ?? "absent") → \($0.new?.compactDescription ?? "absent")"
        }
        XCTAssertEqual(Set(changes), ["content.cell.layers[0].cornerRadius: 7.5 → 8", "content.cell.layers[0].shadow.offset.y: -2.5 → 3",
                                      #"content.cell.layers[0].mask: {"rects": [{"height": 4, "radius": 1.5, "width": 3, "x": 1, "y": 2}], "shape": "roundedRects"} → absent"#])
    }

    func testAnUnknownOrMisshapenLayerKeyIsRefusedAtItsKeyPath() {
        func problem(_ layer: JSONValue) -> String {
            let sublayer: JSONValue = ["frame": ["x": 0, "y": 0, "width": 36, "height": 36], "sublayers": [layer]]
            do {
                _ = try ScenarioDefinition(json: Self.definition(cell: [["frame": ["x": 0, "y": 0, "width": 1, "height": 1]], sublayer]))
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        let frame: JSONValue = ["x": 0, "y": 0, "width": 8, "height": 8]
        let at = "definition: content.cell.layers[1].sublayers[0]"
        XCTAssertEqual(problem(["frame": frame, "cornerRadiuss": 4]), "\(at).cornerRadiuss: unknown key; did you mean 'cornerRadius'?")
        XCTAssertEqual(problem(["frame": frame, "shadow": ["opacity": 1, "radius": 3, "offset": ["x": 0, "y": -3], "color": "#000000", "path": false, "blur": 2]]),
                       "\(at).shadow.blur: unknown key; expected one of opacity, radius, offset, color, path.")
        XCTAssertEqual(problem(["frame": ["x": 0, "y": 0, "width": 8, "height": 8, "z": 1]]), "\(at).frame.z: unknown key; did you mean 'x'?")
        XCTAssertEqual(problem(["cornerRadius": 4]), "\(at): missing key 'frame' (a frame object).")
        XCTAssertEqual(problem(["frame": frame, "opacity": "0.5"]), "\(at).opacity: expected a number, got a string.")
        XCTAssertEqual(problem(["frame": frame, "contents": ["image": [:], "text": ["title": 3, "size": 17, "color": "#000000"]]]),
                       "\(at).contents: expected exactly one of 'image', 'symbol' or 'text', got 2 of them.")
        XCTAssertEqual(problem(["frame": frame, "contents": ["text": ["title": 3, "string": "a", "size": 17, "color": "#000000"]]]),
                       "\(at).contents.text: expected exactly one of 'string', 'title' or 'detail', got 2 of them.")
        XCTAssertEqual(problem(["frame": frame, "mask": ["shape": "oval", "radius": 3]]), "\(at).mask.radius: unknown key; expected shape.")
        XCTAssertEqual(problem(["frame": frame, "mask": ["shape": "circle"]]),
                       #"\#(at).mask.shape: expected "roundedRect", "oval" or "roundedRects", got a string."#)
        XCTAssertEqual(problem(["frame": frame, "rasterizationScale": 2]),
                       #"\#(at).rasterizationScale: a rasterization scale without "shouldRasterize": true; a definition records the scale only of a layer that rasterizes."#)
        XCTAssertEqual(problem(["frame": frame, "shouldRasterize": true]), "\(at): missing key 'rasterizationScale' (a number).")
        XCTAssertEqual(problem(["frame": frame, "contents": ["image": ["width": 3]]]), "\(at).contents.image: missing key 'height' (a number).")
        XCTAssertEqual(problem(["frame": frame, "backgroundColor": "white"]),
                       "\(at).backgroundColor: not a colour: expected #RRGGBB or #RRGGBBAA.")
        XCTAssertEqual(problem(["frame": frame, "border": ["width": 1, "color": "#00000"]]),
                       "\(at).border.color: not a colour: expected #RRGGBB or #RRGGBBAA.")
        XCTAssertEqual(problem(["frame": frame, "backgroundColor": "#ffffff"]), "no error", "either case, as Color(hex:) reads it")
        XCTAssertEqual(problem(["frame": frame]), "no error")
    }

    func testEveryLayerKeyOfTheFirstTypedWriterIsRead() throws {
        // The keys `Scenario.definition` wrote when definitions first had typed fields (before
        // layers had names and overlays backdrops): each read back and written as it was.
        let first: JSONValue = ["frame": ["x": 0, "y": 0, "width": 320, "height": 44], "hidden": true, "backgroundColor": "#FFFFFF",
                                "contents": ["image": ["color": "#FF0000"]], "isOpaque": true, "opacity": 0.8, "allowsGroupOpacity": false,
                                "cornerRadius": 8, "masksToBounds": true, "mask": ["shape": "roundedRect", "radius": 8],
                                "shouldRasterize": true, "rasterizationScale": 2,
                                "shadow": ["opacity": 0.5, "radius": 3, "offset": ["x": 0, "y": -3], "color": "#000000", "path": false],
                                "border": ["width": 1, "color": "#000000"]]
        let definition = try ScenarioDefinition(json: Self.definition(cell: [first]))
        XCTAssertEqual(definition.json, Self.definition(cell: [first]))
        let layer = try XCTUnwrap(definition.content.firstCell?.layers.first)
        XCTAssertEqual(layer.contents, .image(.picture(size: nil, color: Self.colour("#FF0000"), cornerRadius: 0)))
        XCTAssertEqual(layer.mask, .roundedRect(radius: 8))
        XCTAssertTrue(layer.shouldRasterize)
        XCTAssertEqual(layer.rasterizationScale, 2)
        XCTAssertEqual(layer.shadow, .init(opacity: 0.5))
        XCTAssertEqual(layer.border, .init(width: 1))
    }
}

private extension JSONValue {
    /// This definition with `overlays`.
    func merging(overlays: [JSONValue]) -> JSONValue {
        var copy = self
        copy["overlays"] = .array(overlays)
        return copy
    }
}
