@testable import Compositor
import Raster
import RasterTestSupport
import XCTest

/// `borderWidth` and `borderColor`: a ring inset from the bounds, rounded by `cornerRadius`,
/// composited above the contents and sublayers, blended over the ring's pixels only and with no
/// off-screen pass of its own.
final class BorderTests: XCTestCase {
    let ledger = Ledger()
    private let background = Color(hex: "#F2F2F7")!
    private let red = Color(red: 230, green: 20, blue: 20)

    /// A screen of 200 × 160 pixels at `scale` with an opaque root, and `layer` on it.
    private func render(_ layer: Layer, scale: Double = 1, frames: Int = 1) -> (RenderStats, Pixmap) {
        let renderer = Renderer(screenSize: PixelSize(width: 200, height: 160), scale: scale)!
        let root = Layer(frame: Rect(x: 0, y: 0, width: 200 / scale, height: 160 / scale), ledger: ledger)
        root.backgroundColor = background
        root.addSublayer(layer)
        var stats = RenderStats()
        for frame in 0..<frames { stats = renderer.render(root, time: Double(frame) / 60) }
        return (stats, renderer.framebuffer)
    }

    private func bordered(_ frame: Rect, width: Double, radius: Double = 0) -> Layer {
        let layer = Layer(frame: frame, ledger: ledger)
        layer.borderWidth = width
        layer.borderColor = red
        layer.cornerRadius = radius
        return layer
    }

    func testASquareBorderBlendsOnlyItsRing() {
        // 100 × 50 pt at 1× with a border of 2: the top and bottom rows (2 × 100 × 2 pixels) and
        // the columns between them (2 × 46 × 2), nothing inside.
        let (stats, pixels) = render(bordered(Rect(x: 10, y: 10, width: 100, height: 50), width: 2))
        XCTAssertEqual(stats.blendedPixels, 2 * 100 * 2 + 2 * 46 * 2)
        XCTAssertEqual(stats.offscreenPasses, 0)
        XCTAssertEqual(stats.renderPasses, 1)
        XCTAssertEqual(pixels[10, 10], red.premultiplied)
        XCTAssertEqual(pixels[11, 35], red.premultiplied)
        XCTAssertEqual(pixels[12, 35], background.premultiplied, "inset by exactly the width")
        XCTAssertEqual(pixels[109, 59], red.premultiplied)
    }

    func testARoundedBorderBlendsItsSidesAndTheSquaresOfItsInnerCorners() {
        // As above with a radius of 10: the inner edge curves from 2 to 10 pixels in from each
        // side, so each corner adds the square of pixels 2 ..< 10 on both axes (8 × 8).
        let (stats, pixels) = render(bordered(Rect(x: 10, y: 10, width: 100, height: 50), width: 2, radius: 10))
        XCTAssertEqual(stats.blendedPixels, 2 * 100 * 2 + 2 * 46 * 2 + 4 * 8 * 8)
        XCTAssertEqual(pixels[10, 10], background.premultiplied, "the outer corner is rounded")
        XCTAssertEqual(pixels[13, 13], red.premultiplied, "the inner corner curves inward")
        XCTAssertEqual(pixels[60, 12], background.premultiplied)
    }

    func testTheBorderIsDrawnAboveTheSublayers() {
        let layer = bordered(Rect(x: 10, y: 10, width: 60, height: 40), width: 3)
        let cover = Layer(frame: Rect(x: 0, y: 0, width: 60, height: 40), ledger: ledger)
        cover.backgroundColor = .black
        layer.addSublayer(cover)
        layer.backgroundColor = .white
        let (_, pixels) = render(layer)
        XCTAssertEqual(pixels[11, 30], red.premultiplied, "the border over the opaque sublayer")
        XCTAssertEqual(pixels[40, 30], Color.black.premultiplied)
    }

    func testClippingOffScreenKeepsTheBorderAndChangesOnlyItsOuterEdge() {
        // Rounded by 8 pt at 2× with a 2 pt border (4 pixels) over a sublayer inside the ring:
        // clipping makes an off-screen pass, in which the border's outer edge is rounded by the
        // clip, once, instead of by the ring's own coverage.
        func card(clips: Bool) -> Layer {
            let layer = bordered(Rect(x: 10, y: 10, width: 60, height: 40), width: 2, radius: 8)
            layer.backgroundColor = .white
            let inner = Layer(frame: Rect(x: 10, y: 10, width: 20, height: 10), ledger: ledger)
            inner.backgroundColor = .black
            layer.addSublayer(inner)
            layer.masksToBounds = clips
            return layer
        }
        let (open, openPixels) = render(card(clips: false), scale: 2)
        let (clipped, clippedPixels) = render(card(clips: true), scale: 2)
        XCTAssertEqual(open.offscreenPasses, 0)
        XCTAssertEqual(clipped.offscreenPasses, 1)
        XCTAssertEqual(clippedPixels[21, 60], red.premultiplied)
        // Only the outer edge's partly covered pixels differ: drawn open, the background and the
        // ring each blend there with the edge's coverage c, so (1 − c) · c of the white background
        // shows through the border; clipped, both are drawn whole and the coverage applies once.
        let edge = CoverageMask(size: PixelSize(width: 120, height: 80), roundedRect: (0, 0, 120, 80), radius: 16, corners: .all)!
        for (x, y) in PictureDifference(openPixels, clippedPixels, threshold: 0).pixelsOverThreshold {
            let c = edge[x - 20, y - 20]
            XCTAssertTrue(c > 0 && c < 255, "\(x),\(y) is not on the outer edge")
        }
    }

    func testGroupOpacityFadesTheBorderWithTheGroup() {
        let layer = bordered(Rect(x: 10, y: 10, width: 60, height: 40), width: 4)
        layer.addSublayer(Layer(frame: Rect(x: 10, y: 10, width: 5, height: 5), ledger: ledger))
        layer.opacity = 0.5
        let (stats, pixels) = render(layer)
        XCTAssertEqual(stats.offscreenPasses, 1, "the group's pass, the border in it")
        XCTAssertEqual(stats.blendedPixels, 60 * 40, "the group's composite, over the layer's pixels")
        XCTAssertNotEqual(pixels[11, 11], red.premultiplied, "faded with the group")
        XCTAssertNotEqual(pixels[11, 11], background.premultiplied)
    }

    func testAMaskCutsTheBorderToo() {
        // Core Animation applies the mask after the border (Core Animation Programming Guide,
        // "Layer Style Property Animations"): a mask of the left half keeps the left side only.
        let layer = bordered(Rect(x: 10, y: 10, width: 60, height: 40), width: 4)
        let mask = ShapeLayer(frame: Rect(x: 0, y: 0, width: 60, height: 40), ledger: ledger)
        mask.path = Path(.rect(Rect(x: 0, y: 0, width: 30, height: 40)), ledger: ledger)
        layer.mask = mask
        let (stats, pixels) = render(layer)
        XCTAssertEqual(stats.offscreenPasses, 2, "the mask's two passes, the border drawn in the content's")
        XCTAssertEqual(pixels[11, 30], red.premultiplied)
        XCTAssertEqual(pixels[68, 30], background.premultiplied, "the right side is masked away")
    }

    func testABordersCoverageIsKeptAcrossFrames() {
        let layer = bordered(Rect(x: 10, y: 10, width: 100, height: 50), width: 2, radius: 10)
        let (first, _) = render(layer, frames: 1)
        let (second, _) = render(layer, frames: 2)
        XCTAssertEqual(first.keptBytesRead, 0, "made in the first frame")
        // Every blended pixel of the ring reads one byte of kept coverage.
        XCTAssertEqual(second.keptBytesRead, second.blendedPixels)
    }

    func testTheDefaultsDrawNoBorderAndAddNoStorage() {
        let layer = Layer(frame: Rect(x: 10, y: 10, width: 30, height: 30), ledger: ledger)
        XCTAssertEqual(layer.borderWidth, 0)
        XCTAssertEqual(layer.borderColor, .black)
        XCTAssertFalse(layer.drawsShadowOrBorder)
        XCTAssertNil(layer.decoration, "no box until a border or shadow value is set")
        layer.borderWidth = 0
        XCTAssertNil(layer.decoration, "setting a default changes nothing")
    }

    func testSettingABorderInvalidatesTheLayer() {
        let layer = Layer(ledger: ledger)
        var version = layer.version
        layer.borderWidth = 1
        XCTAssertGreaterThan(layer.version, version)
        version = layer.version
        layer.borderColor = red
        XCTAssertGreaterThan(layer.version, version)
        XCTAssertTrue(layer.drawsShadowOrBorder)
        layer.borderWidth = 0
        XCTAssertFalse(layer.drawsShadowOrBorder)
    }

    func testTheBordersPiecesCoverEveryRingPixelOnce() {
        for (w, h) in [(100, 50), (41, 41), (40, 9), (7, 30)] {
            for (width, radius) in [(2.0, 0.0), (2.5, 10), (1, 20.5), (3, 3), (5, 40)] {
                let size = PixelSize(width: w, height: h)
                let rects = BorderCoverage.rects(size: size, width: width, radius: radius, corners: .all)
                let ring = CoverageMask(window: PixelRect(x: 0, y: 0, width: w, height: h), borderOf: (0, 0, Double(w), Double(h)),
                                        width: width, radius: radius, corners: .all)!
                var hits = [Int](repeating: 0, count: w * h)
                for r in rects {
                    for y in r.y..<r.maxY { for x in r.x..<r.maxX { hits[y * w + x] += 1 } }
                }
                for y in 0..<h {
                    for x in 0..<w {
                        XCTAssertLessThanOrEqual(hits[y * w + x], 1, "\(w)×\(h) width \(width) radius \(radius) at \(x),\(y)")
                        if ring[x, y] > 0 { XCTAssertEqual(hits[y * w + x], 1, "\(w)×\(h) width \(width) radius \(radius) at \(x),\(y)") }
                    }
                }
            }
        }
    }
}
