import Compositor
import Harness
import HarnessTestSupport
@testable import Pictures
import Raster
import XCTest

/// Every picture carries a legend: what drew it and what each tint means.
final class PictureLegendTests: XCTestCase {
    /// How many pixels of `picture` at or below row `top` are exactly `colour`.
    private func count(_ colour: PremultipliedColor, in picture: Pixmap, from top: Int) -> Int {
        var n = 0
        for y in top..<picture.height { for x in 0..<picture.width where picture[x, y] == colour { n += 1 } }
        return n
    }

    func testAPictureIsTallerByItsLegendWhichHasASwatchOfEveryTint() throws {
        let scenario = Fixtures.singleSection()
        for overlay in Overlay.allCases {
            let frame = try FramePicture.render(scenario: scenario, strategy: "per-cell-mask", step: 2, overlay: overlay)
            let picture = try FramePicture.captioned(scenario: scenario, strategy: "per-cell-mask", step: 2, overlay: overlay)
            XCTAssertEqual(picture.width, frame.width)
            XCTAssertGreaterThan(picture.height, frame.height, "\(overlay)")
            XCTAssertEqual(picture.cropped(to: frame.bounds), frame, "the frame itself is unchanged above the legend")
            // Each swatch is a square of the tint over white, inside a one-pixel border.
            let em = PictureLegend.pixelsPerEm(forWidth: frame.width)
            let inner = (em * 4 / 5 - 2 * max(1, em / 16))
            for (tint, _) in overlay.legend {
                XCTAssertGreaterThanOrEqual(count(Overlay.tinted(Color.white.premultiplied, by: tint), in: picture, from: frame.height),
                                            inner * inner, "\(overlay): a swatch of \(tint)")
            }
            XCTAssertGreaterThan(count(Color(red: 26, green: 26, blue: 26).premultiplied, in: picture, from: frame.height), 0, "text")
        }
        let plain = try FramePicture.captioned(scenario: scenario, strategy: "none", step: 0)
        let withTints = try FramePicture.captioned(scenario: scenario, strategy: "none", step: 0, overlay: .blended)
        XCTAssertLessThan(plain.height, withTints.height, "a plain frame's legend is its caption alone")
    }

    func testTheCaptionNamesTheStrategyOverlayScenarioDeviceAndStep() {
        let legend = PictureLegend(scenario: .ipadSettings, strategy: "per-cell-mask", step: 12, overlay: .offscreen)
        XCTAssertEqual(legend.caption, ["per-cell-mask, overlay offscreen", "ipad-settings on ipad-pro-12.9, step 12"])
        XCTAssertEqual(legend.entries.map(\.meaning), Overlay.offscreen.legend.map(\.meaning)
                       + ["no tint: drawn by layers this overlay does not mark"])
    }

    func testALongMeaningLosesItsExplanationThenItsEndToFitTwoLines() {
        let font = BuiltinFont.standard, em = 12
        let meaning = "blended: drawn over what is beneath (every strategy's text, icons, chevrons and separators)"
        // Room for all of it in two lines: it stays whole.
        let wide = PictureLegend.lines(meaning, width: font.width(of: meaning, pixelsPerEm: em) / 2 + 60, pixelsPerEm: em)
        XCTAssertEqual(wide.joined(separator: " "), meaning)
        XCTAssertLessThanOrEqual(wide.count, 2)
        // Room for the part before the parenthesis only.
        let short = "blended: drawn over what is beneath"
        let narrow = PictureLegend.lines(meaning, width: font.width(of: short, pixelsPerEm: em), pixelsPerEm: em)
        XCTAssertEqual(narrow, [short])
        // Room for a few letters a line: cut short, marked, and within the width.
        let tiny = PictureLegend.lines(meaning, width: 40, pixelsPerEm: em)
        XCTAssertLessThanOrEqual(tiny.count, 2)
        XCTAssertTrue(tiny.last!.hasSuffix("..."), "\(tiny)")
        XCTAssertLessThanOrEqual(font.width(of: tiny.last!, pixelsPerEm: em), 40)
        XCTAssertEqual(PictureLegend.withoutParentheses("a (b (c)) d (e)"), "a d")
        // A megabyte name without a space is cut to what two lines can show, quickly.
        let huge = PictureLegend.lines(String(repeating: "n", count: 1 << 20), width: 300, pixelsPerEm: em)
        XCTAssertEqual(huge.count, 1)
        XCTAssertLessThanOrEqual(font.width(of: huge[0], pixelsPerEm: em), 300)
    }
}
