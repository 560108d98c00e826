import Foundation
import Raster
import Results
import ScenarioFiles
import Scenarios
import Table
import XCTest

/// Cells described as layers in a file: what each key decodes to, and a clear message, naming the
/// key's path, for each kind of bad description.
final class CellFileTests: XCTestCase {
    private static let cells = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Benchmarks/cells")

    func cell(_ text: String) throws -> CellDescription {
        try ScenarioFile.cell(from: Array(text.utf8), file: "cell.json")
    }

    /// The message `text` is refused with, or "no error".
    func message(_ text: String) -> String {
        do {
            _ = try cell(text)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    func testEveryKeyOfALayerDecodesToItsProperty() throws {
        let decoded = try cell("""
        {"separatorInset": 60, "layers": [{
          "frame": {"x": 16, "y": 4, "width": 36, "height": 36}, "hidden": false, "backgroundColor": "#FF0000",
          "contents": {"image": {"width": 30, "height": 20, "color": "#00FF00", "cornerRadius": 4}},
          "isOpaque": true, "opacity": 0.5, "allowsGroupOpacity": false, "cornerRadius": 18, "masksToBounds": true,
          "mask": {"shape": "roundedRects", "rects": [{"x": 0, "y": 0, "width": 10, "height": 10, "radius": 2}]},
          "shouldRasterize": true, "rasterizationScale": 2,
          "shadow": {"opacity": 0.3, "radius": 4, "offset": {"x": 1, "y": 2}, "color": "#000080", "path": true},
          "border": {"width": 1.5, "color": "#0000FF"},
          "sublayers": [{"frame": {"width": 8, "height": 8}, "contents": {"text": {"detail": 4, "size": 13, "background": "#FFFFFF"}}}]
        }]}
        """)
        XCTAssertEqual(decoded.separatorInset, 60)
        let layer = try XCTUnwrap(decoded.layers.first)
        XCTAssertEqual(layer.frame, Rect(x: 16, y: 4, width: 36, height: 36))
        XCTAssertEqual(layer.backgroundColor, Color(hex: "#FF0000"))
        XCTAssertEqual(layer.contents, .image(.picture(size: Size(width: 30, height: 20), color: Color(hex: "#00FF00"), cornerRadius: 4)))
        XCTAssertTrue(layer.isOpaque)
        XCTAssertEqual(layer.opacity, 0.5)
        XCTAssertFalse(layer.allowsGroupOpacity)
        XCTAssertEqual(layer.cornerRadius, 18)
        XCTAssertTrue(layer.masksToBounds)
        XCTAssertEqual(layer.mask, .roundedRects([RoundedRectShape(frame: Rect(x: 0, y: 0, width: 10, height: 10), radius: 2)]))
        XCTAssertTrue(layer.shouldRasterize)
        XCTAssertEqual(layer.rasterizationScale, 2)
        XCTAssertEqual(layer.shadow, ShadowDescription(opacity: 0.3, radius: 4, offset: Point(x: 1, y: 2), color: Color(hex: "#000080")!, hasPath: true))
        XCTAssertEqual(layer.border, BorderDescription(width: 1.5, color: Color(hex: "#0000FF")!))
        XCTAssertEqual(layer.sublayers.first?.frame, Rect(x: 0, y: 0, width: 8, height: 8))
        XCTAssertEqual(layer.sublayers.first?.contents,
                       .text(TextContent(source: .rowDetail(length: 4), pointSize: 13, background: Color(hex: "#FFFFFF"))))
    }

    func testAnImageWithoutASizeIsTheLayersAndATransparentOneHasCutCorners() throws {
        let decoded = try cell("""
        {"layers": [{"frame": {"width": 40, "height": 20}, "contents": {"image": {}}},
                    {"frame": {"width": 40, "height": 20}, "contents": {"image": {"opaque": false}}}]}
        """)
        XCTAssertEqual(decoded.layers[0].contents, .image(.picture(size: nil, color: nil, cornerRadius: 0)))
        XCTAssertEqual(decoded.layers[1].contents, .image(.picture(size: nil, color: nil, cornerRadius: 5)), "a quarter of the short side")
        XCTAssertEqual(decoded.separatorInset, 16, "UIKit's default inset")
    }

    func testBadDescriptionsNameTheKeyThatIsWrong() {
        let cases: [(String, String)] = [
            (#"{"layers": [{"frame": {"width": -4, "height": 10}}]}"#,
             "cell.json: layers[0].frame.width: expected a non-negative number of points up to 2,048, got -4."),
            (#"{"layers": [{"frame": {"width": 4, "height": 10}, "mask": {"shape": "oval", "mask": {"shape": "oval"}}}]}"#,
             "cell.json: layers[0].mask.mask: a mask cannot have a mask of its own"),
            (#"{"layers": [{"frame": {"width": 4, "height": 10}, "mask": {"shape": "star"}}]}"#,
             "cell.json: layers[0].mask.shape: unknown mask shape 'star'"),
            (#"{"layers": [{"frame": {"width": 4, "height": 10}, "cornerRadus": 3}]}"#,
             "cell.json: layers[0].cornerRadus: unknown key; did you mean 'cornerRadius'?"),
            (#"{"layers": [{"frame": {"width": 4, "height": 10}, "contents": {"text": {"title": 3, "string": "x"}}}]}"#,
             "cell.json: layers[0].contents.text: give exactly one of 'title'"),
            (#"{"layers": [{"frame": {"width": 4, "height": 10}, "opacity": 2}]}"#,
             "cell.json: layers[0].opacity: expected a number from 0 to 1, got 2."),
            (#"{"layers": []}"#, "cell.json: layers: expected a non-empty array, got an empty one."),
            (#"{"layers": [{"frame": {"width": 4, "height": 1e9}}]}"#, "layers[0].frame.height: expected a non-negative number of points up to 2,048"),
        ]
        for (text, expected) in cases {
            XCTAssertTrue(message(text).contains(expected), "\(text)\n  gave: \(message(text))\n  wanted: \(expected)")
        }
    }

    /// Ten times the most layers a cell may have: the message names the first one too many, not the
    /// last. (It was a million, 37 MB of text, whose parse took 3 s; a file is at most 16 MB.)
    func testTenThousandLayersAreRefusedAtTheFirstOneTooMany() {
        let layer = #"{"frame": {"width": 1, "height": 1}}"#
        let flat = #"{"layers": ["# + Array(repeating: layer, count: 10 * CellDescription.maxLayers).joined(separator: ",") + "]}"
        XCTAssertTrue(message(flat).contains("layers[1000]: more than 1,000 layers in one cell"), message(flat))
        var nested = layer
        for _ in 0..<20 { nested = #"{"frame": {"width": 1, "height": 1}, "sublayers": ["# + nested + "]}" }
        XCTAssertTrue(message(#"{"layers": ["# + nested + "]}").contains("nested 17 deep; a cell may nest at most 16"))
    }

    func testTheCellsInBenchmarksDecode() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.cells.path).filter { $0.hasSuffix(".json") }
        XCTAssertFalse(files.isEmpty)
        for file in files {
            XCTAssertNoThrow(try ScenarioFile.loadCell(path: Self.cells.appendingPathComponent(file).path), file)
        }
    }

    func testARowsPatternMixesSettingsRowsAndCells() throws {
        let scenario = try ScenarioFile.scenario(from: Array("""
        {"name": "mixed", "device": "iphone-se",
         "scroll": {"kind": "constant", "pointsPerStep": 10, "steps": 10},
         "table": {"sections": 2, "rowsPerSection": 4, "content": {"rows": [
           {"icon": true, "title": 8},
           {"layers": [{"frame": {"width": 30, "height": 30}, "contents": {"image": {}}, "cornerRadius": 15, "masksToBounds": true}]}
         ]}}}
        """.utf8), file: "mixed.json")
        XCTAssertEqual(scenario.content.cells.count, 2)
        XCTAssertEqual(scenario.content.kindCount, 2)
        guard case .layers(let cell) = scenario.content.cells[1] else { return XCTFail("the second row is a cell") }
        XCTAssertEqual(cell.layers.first?.cornerRadius, 15)
    }
}
