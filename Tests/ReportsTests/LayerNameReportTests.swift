import Analysis
@testable import Reports
import Results
import ResultsTestSupport
import Text
import XCTest

/// A layer's name is shown beside its path wherever a layer's cost is: the console's per-layer
/// table, the Markdown and HTML reports' table, the CSV's layer rows and the gate's layer lines;
/// a hostile name is escaped as each format escapes names.
final class LayerNameReportTests: XCTestCase {
    static let hostile = "=x\u{1b}[31m|<b>"

    /// The fixture with a three-layer cell: `avatar`, an unnamed layer, and a hostile name;
    /// `masked` gives `avatar` two passes a frame.
    static func results(masked: Bool = true) -> Results {
        var results = ResultsFixtures.run()
        let passes = masked ? 2.0 : 0
        for i in results.runs.indices {
            results.runs[i].layerCosts = [
                CellLayerCost(layer: "layers[0]", name: "avatar", offscreenPasses: passes, screenSplits: passes, tileTrafficBytes: 1_000,
                              blendedPixels: 12, gpuLowNanos: 1_000_000, gpuHighNanos: 2_000_000),
                CellLayerCost(layer: "layers[1]", offscreenPasses: 0, screenSplits: 0, tileTrafficBytes: 0, blendedPixels: 300,
                              gpuLowNanos: 0, gpuHighNanos: 0),
                CellLayerCost(layer: "layers[1].sublayers[0]", name: hostile, offscreenPasses: 0, screenSplits: 0, tileTrafficBytes: 0,
                              blendedPixels: 4, gpuLowNanos: 0, gpuHighNanos: 0),
            ]
            if masked { results.runs[i].totals[.offscreenPasses]! += 24 }
        }
        return results
    }

    func testTheConsolesPerLayerTableNamesEachNamedLayerBesideItsPath() {
        let text = Report(Self.results()).comparisonTable()
        XCTAssertTrue(text.contains("Cost per layer of the cell under none"), text)
        let rows = text.split(separator: "\n").map(String.init).drop { !$0.hasPrefix("layer ") }
        XCTAssertTrue(rows.dropFirst().first?.hasPrefix("avatar (layers[0]) ") == true, text)
        XCTAssertTrue(rows.dropFirst(2).first?.hasPrefix("layers[1] ") == true, "an unnamed layer by its path: \(text)")
        XCTAssertFalse(text.contains("\u{1b}"), "a name's escape sequence is shown, not sent")
        XCTAssertTrue(text.contains(Escape.terminal(Self.hostile) + " (layers[1].sublayers[0])"), text)
    }

    func testTheMarkdownAndHTMLReportsHaveAPerLayerTableWithTheNames() {
        let results = Self.results()
        let markdown = Report(results).markdown(), html = Report(results).html()
        XCTAssertTrue(markdown.contains("**Cost per layer of the cell under none (means per frame)**"), markdown)
        XCTAssertTrue(markdown.contains(#"| avatar (layers\[0\]) | 2.0 | 2.0 | 12 | 1.00–2.00 |"#), markdown)
        XCTAssertTrue(markdown.contains(#"| layers\[1\] | 0.0 | 0.0 | 300 | 0.00–0.00 |"#), markdown)
        XCTAssertTrue(markdown.contains(Escape.forMarkdown(Self.hostile + " (layers[1].sublayers[0])")), markdown)
        XCTAssertTrue(html.contains("<th scope=\"row\">avatar (layers[0])</th><td>2.0</td>"), html)
        XCTAssertFalse(html.contains("<b>") || html.contains("\u{1b}"), "the hostile name is escaped")
        XCTAssertFalse(Report(ResultsFixtures.run()).markdown().contains("Cost per layer"), "no cell, no table")
    }

    func testTheCSVHasARowPerLayerOfEveryStrategyWithItsNameAndPath() throws {
        let csv = Report(Self.results()).csv()
        let lines = csv.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        let header = lines[0].components(separatedBy: ",")
        XCTAssertEqual(Array(header.suffix(8)), ["layer", "layerName", "layerOffscreenPasses", "layerScreenSplits", "layerTileTrafficBytes",
                                                 "layerBlendedPixels", "layerGpuLowNanos", "layerGpuHighNanos"])
        XCTAssertEqual(lines.count, 1 + 2 + 2 * 3, "a row per run, then a row per layer of each")
        let avatar = try XCTUnwrap(lines.first { $0.hasPrefix("long-table,none,") && $0.contains(",layers[0],") })
        XCTAssertTrue(avatar.hasSuffix(",layers[0],avatar,2.0,2.0,1000.0,12.0,1000000,2000000"), avatar)
        XCTAssertEqual(avatar.components(separatedBy: ",").count, header.count)
        XCTAssertTrue(csv.contains(#","'=x\#u{1b}[31m|<b>","#), "a name a spreadsheet would run as a formula starts with a quote")
        XCTAssertTrue(lines[1].hasSuffix(String(repeating: ",", count: 8)), "a run's row leaves the layer's columns empty")
    }

    func testTheGatesLayerLineNamesTheLayerFromItsCostWithoutADefinition() throws {
        let text = try Gate.check(baseline: Self.results(masked: false), current: Self.results(masked: true)).text()
        XCTAssertTrue(text.contains("\n  avatar (layers[0]): +2.0 off-screen passes, +2.0 splits a frame\n"), text)
    }
}
