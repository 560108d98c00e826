@testable import Reports
import Results
import ResultsTestSupport
import Text
import XCTest

/// The fixes of a described cell in the console, Markdown and HTML: each saving the row's figure
/// less the fixed cell's run, in the order priced.
final class FixReportTests: XCTestCase {
    /// `none` with 25 passes and 10–16 ms a frame, and three fixes: one that saves 12.5 passes and
    /// 5–8 ms, one of two layers that saves all, and one that costs more at the fast end.
    private func sample() -> Results {
        var results = ResultsFixtures.run(strategies: ["none"])
        results.runs[0].perStep[.offscreenPasses] = 25
        results.runs[0].perStep[.screenSplits] = 24
        results.runs[0].deviceTime = DeviceTime(gpu: "a9", ios: 9, refreshHz: 60, lowNanos: 10_000_000, highNanos: 16_000_000)
        results.runs[0].layerCosts = [CellLayerCost(layer: "layers[0]", offscreenPasses: 12.5, screenSplits: 12, tileTrafficBytes: 0, blendedPixels: 0),
                                      CellLayerCost(layer: "layers[1]", offscreenPasses: 12.5, screenSplits: 12, tileTrafficBytes: 0, blendedPixels: 0)]
        results.runs[0].fixes = [
            CellFixCost(layers: ["layers[0]"], fix: .preRoundedImage, change: "16 pt corners drawn in, no clip", offscreenPasses: 12.5,
                        screenSplits: 12, tileTrafficBytes: 0, blendedPixels: 0, gpuLowNanos: 5_000_000, gpuHighNanos: 8_000_000),
            CellFixCost(layers: ["layers[0]", "layers[1]"], fix: .rasterize, change: "shouldRasterize at 2×", offscreenPasses: 0,
                        screenSplits: 0, tileTrafficBytes: 0, blendedPixels: 0, gpuLowNanos: 500_000, gpuHighNanos: 600_000),
            CellFixCost(layers: ["layers[1]"], fix: .plainBackground, change: "cornerRadius 16 pt for the mask", offscreenPasses: 25,
                        screenSplits: 24, tileTrafficBytes: 0, blendedPixels: 0, gpuLowNanos: 10_120_000, gpuHighNanos: 15_600_000),
        ]
        return results
    }

    /// The lines of a text as one line, however they wrapped.
    private func words(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }

    /// The words of the fix table's line whose first column is `prefix`.
    private func line(_ text: String, _ prefix: String) -> [String] {
        let fixes = text.components(separatedBy: "What each fix saves").last ?? ""
        return (fixes.split(separator: "\n").first { $0.components(separatedBy: "  ")[0] == prefix }).map { $0.split(separator: " ").map(String.init) } ?? []
    }

    func testTheConsoleSavesTheRowsFiguresLessEachFixsRun() {
        let table = Report(sample()).comparisonTable()
        XCTAssertTrue(words(table).contains("What each fix saves under none, per frame"), table)
        XCTAssertEqual(line(table, "layers[0]").suffix(2), ["12.5", "5.00–8.00"])
        XCTAssertEqual(line(table, "layers[0] + layers[1]").suffix(2), ["25.0", "9.50–15.40"])
        XCTAssertEqual(line(table, "layers[1]").suffix(4), ["0.0", "-0.12", "to", "0.40"], "dearer at the fast end, and said so")
        XCTAssertTrue(table.contains("pre-rounded image: 16 pt corners drawn in, no clip"), table)
    }

    func testNothingPayingOrNothingApplyingIsSaidAndOldRowsPrintNothing() {
        var results = sample()
        results.runs[0].fixes = []
        XCTAssertTrue(words(Report(results).comparisonTable()).contains("No fix applies to the layers that pay"))
        results.runs[0].layerCosts = results.runs[0].layerCosts?.map { var cost = $0; cost.offscreenPasses = 0; cost.screenSplits = 0; return cost }
        XCTAssertTrue(words(Report(results).comparisonTable()).contains("No layer of the cell pays an off-screen pass or a split under none"))
        results.runs[0].fixes = nil
        XCTAssertFalse(Report(results).comparisonTable().contains("fix"))
        XCTAssertFalse(Report(results).markdown().contains("What fixes save"))
    }

    func testLayersLeftOutAreNamed() {
        var results = sample()
        results.runs[0].fixesLeftOut = ["layers[9]", "layers[10]"]
        XCTAssertTrue(words(Report(results).comparisonTable()).contains("Not priced, beyond the dearest layers that pay: layers[9], layers[10]."))
    }

    func testMarkdownAndHTMLSummariesGiveOneSentence() {
        let results = sample()
        let sentence = "What fixes save under none, per frame (each a run of the fixed cell; ms modelled): layers[0] pre-rounded image: "
            + "16 pt corners drawn in, no clip: 12.5 passes, 5.00–8.00 ms; layers[0] + layers[1] rasterize: shouldRasterize at 2×: 25.0 passes, "
            + "9.50–15.40 ms; layers[1] plain background: cornerRadius 16 pt for the mask: 0.0 passes, -0.12 to 0.40 ms."
        XCTAssertEqual(Report(results).fixSentence(scenario: "long-table"), sentence)
        XCTAssertTrue(Report(results).markdown().contains(Escape.forMarkdown(sentence)))
        XCTAssertTrue(Report(results).html().contains("<p class=\"fixes\">" + Escape.html(sentence) + "</p>"))
    }
}
