import Foundation
@testable import Reports
import Results
import ResultsTestSupport
import XCTest

/// The HTML report's frames are readable and open whole within the page; its chart axes start at
/// zero, step by 1, 2 or 5 × 10ⁿ and do not magnify small counts.
final class HTMLPicturesAndAxesTests: XCTestCase {
    /// The start of a PNG file whose header says `width` × `height` (enough for the page's sizes).
    private func png(_ width: Int, _ height: Int) -> [UInt8] {
        let bigEndian = { (n: Int) in [24, 16, 8, 0].map { UInt8((n >> $0) & 0xFF) } }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
            + bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0]
    }

    private func dataURI(_ bytes: [UInt8]) -> String { "data:image/png;base64," + Data(bytes).base64EncodedString() }

    func testACloseUpIsAReadableThumbnailLinkedToItsWholeFrameWithinThePage() throws {
        let whole = png(1024, 1629), closeUp = png(480, 256)
        let legend = [FramePNG.Legend(colour: "#FCE95F", meaning: "rendered off-screen this frame")]
        let pictures = [FramePNG(title: "long, per-cell-mask, step 111, overlay offscreen", pngBytes: whole, legend: legend,
                                        closeUp: .init(pngBytes: closeUp, caption: "Close-up of a section's top-left corner")),
                        FramePNG(title: "long, none, step 111, overlay blended", pngBytes: png(1024, 1630))]
        let html = Report(ResultsFixtures.run()).rendered(as: .html, pictures: pictures)

        // The thumbnail is the close-up at its own size (at least 400 px: the grid's columns are
        // 480 px wide where the page has room), inside a link to the whole frame.
        XCTAssertTrue(html.contains("<a class=\"thumb\" href=\"#frame-1\"><img src=\"\(dataURI(closeUp))\" width=\"480\" height=\"256\""), html)
        XCTAssertTrue(html.contains("minmax(min(100%, 480px), 1fr)"))
        let target = try XCTUnwrap(html.range(of: "<div class=\"whole\" id=\"frame-1\">"))
        XCTAssertTrue(html[target.upperBound...].hasPrefix("<p><a href=\"#frames\">Close</a>"))
        XCTAssertTrue(html[target.upperBound...].contains("<img src=\"\(dataURI(whole))\" width=\"1024\" height=\"1629\""))
        XCTAssertTrue(html.contains("<a href=\"#frame-1\">The whole frame (1024 × 1629 px)</a>"))
        XCTAssertTrue(html.contains(".whole:target { display: block;"), "shown over the page only when the link names it")
        // A picture without a close-up is shown whole, once, and links nowhere.
        XCTAssertEqual(html.components(separatedBy: dataURI(png(1024, 1630))).count - 1, 1)
        XCTAssertFalse(html.contains("#frame-2"))

        // Every link stays within the page and names an element of it.
        let hrefs = try NSRegularExpression(pattern: #"href="([^"]*)""#)
            .matches(in: html, range: NSRange(html.startIndex..., in: html)).map { String(html[Range($0.range(at: 1), in: html)!]) }
        XCTAssertEqual(Set(hrefs), ["#frame-1", "#frames"])
        for href in hrefs { XCTAssertTrue(html.contains("id=\"\(href.dropFirst())\""), href) }
    }

    func testThePNGHeaderGivesThePicturesSize() {
        XCTAssertEqual(Report.pngSize(png(480, 256))?.width, 480)
        XCTAssertEqual(Report.pngSize(png(70_000, 3))?.width, 70_000)
        XCTAssertNil(Report.pngSize([1, 2, 3]))
        XCTAssertNil(Report.pngSize(Array(repeating: 0, count: 40)))
    }

    func testAxesStartAtZeroStepByOneTwoOrFiveAndReachTheirFloor() {
        // (largest value, ticks wanted, floor) → (step, top)
        let cases: [(Double, Int, Double, Double, Double)] = [
            (0.15, 4, 0, 0.05, 0.15),      // the old off-screen axis
            (0.1, 4, 1, 0.5, 1),           // the same passes on a count's axis: a tenth of it
            (0, 4, 1, 0.5, 1),
            (22.5, 4, 1, 10, 30),
            (3.2, 5, 0, 1, 4),
            (7, 8, 1, 1, 7),
            (1_228_266, 5, 1, 500_000, 1_500_000),
            (0.0037, 4, 0, 0.001, 0.004),
        ]
        for (maximum, count, floor, step, top) in cases {
            let ticks = Report.niceTicks(upTo: maximum, count: count, atLeast: floor)
            let what = "\(maximum), \(count) ticks, at least \(floor)"
            XCTAssertEqual(ticks.step, step, accuracy: step * 1e-9, what)
            XCTAssertEqual(ticks.top, top, accuracy: top * 1e-9, what)
            XCTAssertEqual(ticks.values.first, 0, what)
            XCTAssertEqual(ticks.values.last ?? 0, ticks.top, accuracy: top * 1e-9, what)
            let mantissa = ticks.step / pow(10, (log10(ticks.step)).rounded(.down))
            XCTAssertTrue([1, 2, 5].contains { abs($0 - mantissa) < 1e-6 }, "\(what): step \(ticks.step)")
            // The axis reaches the data and the floor, with no interval to spare.
            XCTAssertGreaterThanOrEqual(ticks.top + 1e-12, max(maximum, floor), what)
            XCTAssertLessThan(ticks.top - ticks.step, max(maximum, floor), what)
        }
        XCTAssertEqual(Report.niceTicks(upTo: .nan, count: 4).values, [0, 1])
        XCTAssertEqual(Report.niceTicks(upTo: .infinity, count: 4, atLeast: 1).top, 1)
    }

    func testTheOffscreenChartDrawsATenthOfAPassAsATenthOfItsAxis() throws {
        let html = Report(ResultsFixtures.run()).rendered(as: .html)
        let chart = try XCTUnwrap(html.components(separatedBy: "<svg").first { $0.contains(">Off-screen passes per step<") })
        let ticks = try NSRegularExpression(pattern: #"<text class="tick"[^>]*>([^<]*)</text>"#)
            .matches(in: chart, range: NSRange(chart.startIndex..., in: chart)).map { String(chart[Range($0.range(at: 1), in: chart)!]) }
        XCTAssertEqual(ticks.first, "0")
        XCTAssertGreaterThanOrEqual(Double(ticks.last ?? "") ?? 0, 1, "a count's axis reaches at least 1: \(ticks)")
        let bars = Report.barChart(title: "t", axis: "passes", bars: [Report.Bar(name: "a", value: 0.1, whisker: nil, colour: "#000", text: "0.1")],
                                    atLeast: 1)
        XCTAssertTrue(bars.contains(">1.0</text>"), "the axis ends at 1, not at 0.1")
    }
}
