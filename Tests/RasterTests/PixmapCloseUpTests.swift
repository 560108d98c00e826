import Raster
import XCTest

/// What a picture that explains itself is made with: a part cropped, enlarged pixel for pixel, and
/// text drawn in the built-in font.
final class PixmapCloseUpTests: XCTestCase {
    /// A pixmap whose every pixel is distinct: red is x, green is y.
    private func gradient(width: Int, height: Int) -> Pixmap {
        var pixmap = Pixmap(width: width, height: height)!
        for y in 0..<height {
            for x in 0..<width { pixmap[x, y] = PremultipliedColor(red: UInt8(x), green: UInt8(y), blue: 0, alpha: 255)! }
        }
        return pixmap
    }

    func testCroppingKeepsThePixelsOfThePartInsideTheImage() throws {
        let image = gradient(width: 20, height: 10)
        let part = try XCTUnwrap(image.cropped(to: PixelRect(x: 5, y: 2, width: 4, height: 3)))
        XCTAssertEqual(part.size, PixelSize(width: 4, height: 3))
        for y in 0..<3 { for x in 0..<4 { XCTAssertEqual(part[x, y], image[x + 5, y + 2]) } }
        // A part that overhangs is clipped; one wholly outside is nothing.
        XCTAssertEqual(image.cropped(to: PixelRect(x: 18, y: -3, width: 10, height: 5))?.size, PixelSize(width: 2, height: 2))
        XCTAssertNil(image.cropped(to: PixelRect(x: 20, y: 0, width: 5, height: 5)))
    }

    func testEnlargingDrawsEveryPixelAsASquare() throws {
        let image = gradient(width: 3, height: 2)
        for factor in [1, 2, 3, 5] {
            let big = try XCTUnwrap(image.enlarged(by: factor))
            XCTAssertEqual(big.size, PixelSize(width: 3 * factor, height: 2 * factor))
            for y in 0..<big.height { for x in 0..<big.width { XCTAssertEqual(big[x, y], image[x / factor, y / factor]) } }
        }
        XCTAssertNil(image.enlarged(by: Int.max / 2), "a size that overflows is refused")
    }

    func testTextIsDrawnInkedWithinItsWidthAndNothingOutsideIt() {
        let white = Color.white.premultiplied, ink = Color.black.premultiplied
        var glyphs = GlyphCache()
        var canvas = Pixmap(width: 200, height: 40, fill: white)!
        let drawn = canvas.drawText("legend", at: PixelPoint(x: 10, y: 5), pixelsPerEm: 20, color: ink, maxWidth: 60, glyphs: &glyphs,
                                     kernels: .preferred)
        XCTAssertEqual(drawn, min(60, BuiltinFont.standard.width(of: "legend", pixelsPerEm: 20)))
        let lineHeight = BuiltinFont.standard.lineHeight(pixelsPerEm: 20)
        var inked = 0
        for y in 0..<canvas.height {
            for x in 0..<canvas.width where canvas[x, y] != white {
                inked += 1
                XCTAssertTrue((10..<(10 + drawn)).contains(x) && (5..<(5 + lineHeight)).contains(y), "ink at \(x), \(y)")
            }
        }
        XCTAssertGreaterThan(inked, 100)
        XCTAssertEqual(canvas.drawText("", at: .zero, pixelsPerEm: 20, color: ink, glyphs: &glyphs, kernels: .preferred), 0)
    }
}
