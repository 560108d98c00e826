@testable import Compositor
import Raster
import RasterTestSupport
import XCTest

/// Shadows: drawn beneath the layer, blended over their extent; without a `shadowPath` an
/// off-screen pass every frame to learn the layer's shape (WWDC 2014 session 419, WWDC 2010
/// session 425) and four to blur it (five in all, Tech Talk 10857), with one none.
///
/// Geometry used throughout: a screen of 200 × 160 pixels at 2×, a 40 × 40 pt white layer at
/// (30, 30) pt, so pixels 60 ..< 140 on both axes. The default shadow radius of 3 pt is a blur of
/// σ = 3 × 2 / 2 = 3 pixels reaching ⌈3σ⌉ = 9 pixels, and the default offset (0, −3) pt moves it
/// 6 pixels up: the shadow's extent is x 51 ..< 149, y 45 ..< 143, 98 × 98 pixels.
final class ShadowTests: XCTestCase {
    let ledger = Ledger()
    private let screen = PixelSize(width: 200, height: 160)
    private let background = Color(hex: "#F2F2F7")!
    private let extent = 98 * 98
    private let layerPixels = 80 * 80
    /// The blur's passes, each over the shape's attachment: the layer's pixels with the blur's
    /// reach of 9 pixels around them, 98 × 98.
    private let blurPasses = Renderer.shadowBlurPasses
    private let blurPixels = Renderer.shadowBlurPasses * 98 * 98

    private func scene(_ configure: (Layer) -> Void) -> (Renderer, Layer) {
        let renderer = Renderer(screenSize: screen, scale: 2)!
        let root = Layer(frame: Rect(x: 0, y: 0, width: 100, height: 80), ledger: ledger)
        root.backgroundColor = background
        let layer = Layer(frame: Rect(x: 30, y: 30, width: 40, height: 40), ledger: ledger)
        layer.backgroundColor = .white
        layer.shadowOpacity = 0.5
        configure(layer)
        root.addSublayer(layer)
        return (renderer, root)
    }

    private func render(_ configure: (Layer) -> Void = { _ in }) -> (RenderStats, Pixmap) {
        let (renderer, root) = scene(configure)
        let stats = renderer.render(root, time: 0)
        return (stats, renderer.framebuffer)
    }

    func testTheDefaultsAreCoreAnimations() {
        let layer = Layer(ledger: ledger)
        XCTAssertEqual(layer.shadowOpacity, 0)
        XCTAssertEqual(layer.shadowRadius, 3)
        XCTAssertEqual(layer.shadowOffset, Point(x: 0, y: -3))
        XCTAssertEqual(layer.shadowColor, .black)
        XCTAssertNil(layer.shadowPath)
        XCTAssertFalse(layer.shadowNeedsOffscreenPass)
        XCTAssertFalse(layer.drawsShadowOrBorder)
        layer.shadowRadius = 3
        XCTAssertNil(layer.decoration, "setting a default adds nothing")
        layer.shadowOpacity = 0.3
        XCTAssertTrue(layer.shadowNeedsOffscreenPass)
        layer.shadowPath = Path(.rect(Rect(x: 0, y: 0, width: 1, height: 1)), ledger: ledger)
        XCTAssertFalse(layer.shadowNeedsOffscreenPass)
    }

    func testAShadowWithoutAPathCostsAnOffscreenPassOfTheLayersSizeEveryFrame() {
        let (renderer, root) = scene { _ in }
        for frame in 0..<3 {
            let stats = renderer.render(root, time: Double(frame) / 60)
            XCTAssertEqual(stats.offscreenPasses, 1 + blurPasses, "frame \(frame)")
            XCTAssertEqual(stats.offscreenPixels, layerPixels + blurPixels)
            XCTAssertEqual(stats.renderPasses, 2 + blurPasses)
            // The screen stored; the layer's colour attachment stored and read back to take its
            // alpha; each blur pass's 8-bit attachment stored and read by the next.
            XCTAssertEqual(stats.tileTrafficBytes, screen.area * 4 + 2 * layerPixels * 4 + 2 * blurPixels)
            // The shadow blends over its extent; the layer is opaque.
            XCTAssertEqual(stats.blendedPixels, extent)
        }
    }

    func testAShadowPathCostsNoPassAndItsBlurredCoverageIsKept() {
        let (renderer, root) = scene { $0.shadowPath = Path(.rect(Rect(x: 0, y: 0, width: 40, height: 40)), ledger: ledger) }
        let first = renderer.render(root, time: 0)
        let second = renderer.render(root, time: 1.0 / 60)
        for stats in [first, second] {
            XCTAssertEqual(stats.offscreenPasses, 0)
            XCTAssertEqual(stats.renderPasses, 1)
            XCTAssertEqual(stats.tileTrafficBytes, screen.area * 4)
            XCTAssertEqual(stats.blendedPixels, extent)
        }
        XCTAssertEqual(first.keptBytesRead, 0, "blurred in the first frame")
        // Then read from memory: one byte for each shadow pixel shaded, those the opaque layer
        // does not hide.
        XCTAssertEqual(second.keptBytesRead, extent - layerPixels)
        XCTAssertLessThan(second.bytesWritten, first.bytesWritten, "no blur after the first frame")
    }

    func testAShadowPathOfTheLayersShapeDrawsTheSameShadowAsTheLayersAlpha() {
        let (_, rendered) = render()
        let (_, pathed) = render { $0.shadowPath = Path(.rect(Rect(x: 0, y: 0, width: 40, height: 40)), ledger: ledger) }
        XCTAssertEqual(rendered, pathed)
    }

    func testTheShadowIsDrawnBeneathTheLayerOnTheOffsetSide() {
        let (_, pixels) = render { $0.shadowOffset = Point(x: 0, y: 4) }
        // Moved 8 pixels down, the extent is y 59 ..< 157: just below the layer (row 141) the
        // shadow is dense; just above it (row 59) the blur reaches with next to nothing.
        XCTAssertLessThan(pixels[100, 141].red, pixels[100, 59].red, "darker on the offset side")
        XCTAssertLessThan(pixels[100, 141].red, background.premultiplied.red - 40)
        XCTAssertEqual(pixels[100, 100], Color.white.premultiplied, "beneath the opaque layer: hidden")
        XCTAssertEqual(pixels[100, 158], background.premultiplied, "beyond the extent: untouched")
    }

    func testAShadowFollowsTheLayersShapeNotItsBounds() {
        // A rounded layer's shadow, learnt from its alpha, is rounded too.
        let (_, square) = render { $0.shadowOffset = Point(x: 0, y: 0) }
        let (_, rounded) = render {
            $0.shadowOffset = Point(x: 0, y: 0)
            $0.cornerRadius = 15
        }
        XCTAssertGreaterThan(rounded[58, 58].red, square[58, 58].red, "lighter off a rounded corner")
        XCTAssertEqual(rounded[100, 58], square[100, 58], "the same along a straight side")
    }

    func testMasksToBoundsHidesTheShadowButNotItsPass() {
        let (stats, pixels) = render {
            $0.shadowOffset = Point(x: 0, y: 4)
            $0.masksToBounds = true
        }
        XCTAssertEqual(pixels[100, 141], background.premultiplied, "clipped to the bounds, as on a device")
        XCTAssertEqual(stats.offscreenPasses, 1 + blurPasses, "still rendered to learn its shape, and blurred")
        XCTAssertEqual(stats.blendedPixels, layerPixels, "what is left of it lies beneath the layer")
    }

    func testARoundedClipDrawsTheShadowInsideItsOwnPass() {
        let (stats, pixels) = render {
            $0.cornerRadius = 10
            $0.masksToBounds = true
            $0.addSublayer(Layer(frame: Rect(x: 5, y: 5, width: 5, height: 5), ledger: ledger))
        }
        XCTAssertEqual(stats.offscreenPasses, 2 + blurPasses, "the clip's pass and the shadow's")
        XCTAssertEqual(stats.offscreenPixels, 2 * layerPixels + blurPixels)
        XCTAssertEqual(pixels[100, 50], background.premultiplied, "nothing outside the bounds")
    }

    func testGroupOpacityFadesTheShadowWithTheGroupInABufferGrownToHoldIt() {
        let (stats, _) = render {
            $0.opacity = 0.5
            $0.addSublayer(Layer(frame: Rect(x: 5, y: 5, width: 5, height: 5), ledger: ledger))
            $0.shadowPath = Path(.rect(Rect(x: 0, y: 0, width: 40, height: 40)), ledger: ledger)
        }
        // One pass for the group, over the layer and its shadow: the extent holds the layer's
        // pixels, so the buffer is the extent's 98 × 98.
        XCTAssertEqual(stats.offscreenPasses, 1)
        XCTAssertEqual(stats.offscreenPixels, extent)
        XCTAssertEqual(stats.blendedPixels, extent, "the group's composite")
    }

    func testARasterizedLayerKeepsItsShadowInItsBitmap() {
        let (renderer, root) = scene {
            $0.shouldRasterize = true
            $0.rasterizationScale = 2
        }
        let miss = renderer.render(root, time: 0)
        let missPicture = renderer.framebuffer
        let hit = renderer.render(root, time: 1.0 / 60)
        // The miss renders the bitmap (the layer and its shadow's extent, 98 × 98) and, in it, the
        // shadow's shape pass; a hit draws the bitmap alone (Apple's shouldRasterize documentation:
        // shadows are rasterized with the layer).
        XCTAssertEqual(miss.rasterMisses, 1)
        XCTAssertEqual(miss.offscreenPasses, 2 + blurPasses)
        XCTAssertEqual(miss.offscreenPixels, extent + layerPixels + blurPixels)
        XCTAssertEqual(hit.rasterHits, 1)
        XCTAssertEqual(hit.offscreenPasses, 0)
        XCTAssertEqual(hit.blendedPixels, extent, "the bitmap, blended over the extent")
        XCTAssertEqual(renderer.framebuffer, missPicture)
        let (_, direct) = render()
        XCTAssertEqual(PictureDifference(direct, missPicture, threshold: 1).pixelsOverThreshold.count, 0,
                       "the same shadow as drawn directly, within a step of rounding")
    }

    func testAShadowThatCostAPassShowsAsOffscreenInTheOverlay() {
        func offscreenOverlay(_ configure: @escaping (Layer) -> Void) -> (Pixmap, Pixmap) {
            let (renderer, root) = scene(configure)
            renderer.recordsOverlay = true
            _ = renderer.render(root, time: 0)
            return (renderer.overlay(.offscreen), renderer.framebuffer)
        }
        let (tinted, plain) = offscreenOverlay { _ in }
        XCTAssertNotEqual(tinted[55, 100], plain[55, 100], "the shadow's composite beside the layer is yellow")
        let (pathTinted, pathPlain) = offscreenOverlay {
            $0.shadowPath = Path(.rect(Rect(x: 0, y: 0, width: 40, height: 40)), ledger: self.ledger)
        }
        XCTAssertEqual(pathTinted[55, 100], pathPlain[55, 100], "with a path: no pass, no tint")
    }

    func testAShadowOffScreenCostsNothing() {
        let (stats, _) = render { $0.frame = Rect(x: 200, y: 30, width: 40, height: 40) }
        XCTAssertEqual(stats.offscreenPasses, 0, "neither the layer nor its shadow reaches the screen")
        XCTAssertEqual(stats.blendedPixels, 0)
    }

    func testAPathsShadowIsBlurredOncePerScaleAndRadius() {
        let path = Path(.oval(Rect(x: 0, y: 0, width: 20, height: 10)), ledger: ledger)
        var scratch = BlurScratch()
        let first = path.shadowCoverage(scale: 2, sigma: 3, scratch: &scratch)!
        XCTAssertFalse(first.kept)
        XCTAssertGreaterThan(first.traffic.read, 0)
        // The oval's 40 × 20 pixels grown by the reach of 9 on every side.
        XCTAssertEqual(first.bounds, PixelRect(x: -9, y: -9, width: 58, height: 38))
        let again = path.shadowCoverage(scale: 2, sigma: 3, scratch: &scratch)!
        XCTAssertTrue(again.kept)
        XCTAssertEqual(again.mask, first.mask)
        XCTAssertFalse(path.shadowCoverage(scale: 3, sigma: 4.5, scratch: &scratch)!.kept, "another scale: made again")
    }
}
