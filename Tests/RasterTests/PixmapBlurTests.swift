@testable import Raster
import XCTest

/// A picture's blur, channel by channel with its edges repeated, and its nearest-neighbour upscale:
/// the kernels of a backdrop blur.
final class PixmapBlurTests: XCTestCase {
    /// 20 × 4 pixels, black left of x = 10 and white from it.
    private func edge() -> Pixmap {
        var p = Pixmap(width: 20, height: 4, fill: Color.white.premultiplied)!
        p.fill(PixelRect(x: 0, y: 0, width: 10, height: 4), with: Color.black.premultiplied, kernels: .preferred)
        return p
    }

    func testAnOpaquePictureStaysOpaqueToItsEdges() {
        var scratch = BlurScratch()
        let (blurred, read, written) = edge().blurred(sigma: 2, scratch: &scratch)
        XCTAssertTrue(blurred.isFullyOpaque)
        XCTAssertEqual(blurred[0, 0], Color.black.premultiplied, "black repeats beyond the left edge")
        XCTAssertEqual(blurred[19, 3], Color.white.premultiplied, "white beyond the right")
        XCTAssertGreaterThan(read, 0)
        XCTAssertEqual(read, written)
    }

    func testTheBlurSpreadsAnEdgeSymmetricallyAndKeepsGreysGrey() {
        var scratch = BlurScratch()
        let (blurred, _, _) = edge().blurred(sigma: 2, scratch: &scratch)
        for x in 0..<19 { XCTAssertLessThanOrEqual(blurred[x, 1].packed & 0xFF, blurred[x + 1, 1].packed & 0xFF) }
        let below = Int(blurred[9, 1].packed & 0xFF), above = Int(blurred[10, 1].packed & 0xFF)
        XCTAssertEqual(below + above, 255, accuracy: 2, "the two sides of the edge mirror each other")
        for x in 0..<20 {
            let p = blurred[x, 2].packed
            XCTAssertEqual(p & 0xFF, (p >> 8) & 0xFF)
            XCTAssertEqual(p & 0xFF, (p >> 16) & 0xFF)
        }
    }

    func testNoBlurLeavesThePictureAsItWas() {
        var scratch = BlurScratch()
        let (same, read, _) = edge().blurred(sigma: 0, scratch: &scratch)
        XCTAssertEqual(same, edge())
        XCTAssertEqual(read, 0)
    }

    func testUpscalingRepeatsEachPixelAndTheLastRowAndColumn() {
        var small = Pixmap(width: 2, height: 1)!
        small[0, 0] = Color.black.premultiplied
        small[1, 0] = Color.white.premultiplied
        let big = small.upscaled(to: PixelSize(width: 9, height: 3), factor: 4)!
        XCTAssertEqual((0..<4).map { big[$0, 2] }, Array(repeating: Color.black.premultiplied, count: 4))
        XCTAssertEqual((4..<9).map { big[$0, 0] }, Array(repeating: Color.white.premultiplied, count: 5))
        XCTAssertNil(small.upscaled(to: PixelSize(width: 0, height: 3), factor: 4))
    }

    func testDownsamplingAPartIsDownsamplingItsCopy() {
        var p = Pixmap(width: 17, height: 9)!
        for y in 0..<9 { for x in 0..<17 { p[x, y] = PremultipliedColor(packed: UInt32(x * 13 + y * 7) | 0xFF00_0000) } }
        let part = PixelRect(x: 3, y: 2, width: 12, height: 6)
        XCTAssertEqual(p.downsampled(by: 4, in: part), p.cropped(to: part)!.downsampled(by: 4))
        XCTAssertEqual(p.downsampled(by: 2, in: PixelRect(x: 10, y: 5, width: 20, height: 20)),
                       p.cropped(to: PixelRect(x: 10, y: 5, width: 7, height: 4))!.downsampled(by: 2), "cut to the image")
        XCTAssertNil(p.downsampled(by: 4, in: PixelRect(x: 40, y: 0, width: 4, height: 4)))
    }
}
