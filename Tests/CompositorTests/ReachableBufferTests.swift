@testable import Compositor
import Raster
import RasterTestSupport
import XCTest

/// A layer larger than the screen costs what can reach the screen, not its whole size
/// (docs/cost-model.md §7, "What can reach the screen"): its off-screen buffer, its mask, its
/// shadow's shape and a rasterized bitmap too large for the cache are bounded by the screen, and
/// the pixels on screen are those of the same scene on a screen large enough to hold the layer
/// whole (drawn with whole buffers, as before), cropped.
///
/// Geometry: a 120 × 90 pixel screen at 1×; an 800 × 600 pt layer at (−500, −400), rounded by
/// 300 pt, so only its lower right corner region (pixels 0 ..< 120 × 0 ..< 90 of the screen, which
/// are the layer's pixels 500 ..< 620 × 400 ..< 490) shows. The large screen is 1,400 × 1,100 with
/// everything moved by (500, 400), so the layer fits it whole.
final class ReachableBufferTests: XCTestCase {
    let ledger = Ledger()
    private let small = PixelSize(width: 120, height: 90)
    private let large = PixelSize(width: 1400, height: 1100)
    private let shift = Point(x: 500, y: 400)

    /// The scene with everything moved by `offset`; `configure` dresses the large layer.
    private func scene(_ offset: Point, _ configure: (Layer, Ledger) -> Void) -> Layer {
        let root = Layer(frame: Rect(x: 0, y: 0, width: 1400, height: 1100), ledger: ledger)
        root.backgroundColor = Color(hex: "#F2F2F7")!
        let layer = Layer(frame: Rect(x: -500 + offset.x, y: -400 + offset.y, width: 800, height: 600), ledger: ledger)
        layer.backgroundColor = Color(hex: "#34C759")!
        layer.cornerRadius = 300
        let badge = Layer(frame: Rect(x: 470, y: 370, width: 80, height: 60), ledger: ledger)
        badge.backgroundColor = Color(hex: "#FF3B30")!
        layer.addSublayer(badge)
        configure(layer, ledger)
        root.addSublayer(layer)
        return root
    }

    /// Renders the scene on the small screen and on the large one; returns the small frame's
    /// counters and whether its pixels equal the large frame's at the small screen's place.
    private func compare(_ configure: (Layer, Ledger) -> Void, file: StaticString = #filePath, line: UInt = #line) -> RenderStats {
        let near = Renderer(screenSize: small, scale: 1)!, far = Renderer(screenSize: large, scale: 1)!
        let stats = near.render(scene(.zero, configure), time: 0)
        _ = far.render(scene(shift, configure), time: 0)
        var differing = 0
        for y in 0..<small.height {
            for x in 0..<small.width where near.framebuffer[x, y] != far.framebuffer[x + 500, y + 400] { differing += 1 }
        }
        XCTAssertEqual(differing, 0, "pixels differ from the whole buffer's", file: file, line: line)
        XCTAssertNil(near.refusedBuffer, file: file, line: line)
        return stats
    }

    func testARoundedClipOfALayerLargerThanTheScreenTakesABufferOfTheScreenAtMost() {
        let stats = compare { layer, _ in layer.masksToBounds = true }
        XCTAssertEqual(stats.offscreenPasses, 1)
        XCTAssertLessThanOrEqual(stats.offscreenPixels, small.area, "a buffer of what reaches the screen, not 800 × 600")
    }

    func testAMaskOfALayerLargerThanTheScreenIsRenderedForWhatReachesIt() {
        let stats = compare { layer, ledger in
            let mask = Layer(frame: Rect(x: 0, y: 0, width: 800, height: 600), ledger: ledger)
            mask.backgroundColor = Color(hex: "#000000C0")!
            mask.cornerRadius = 250
            layer.mask = mask
        }
        XCTAssertEqual(stats.offscreenPasses, 2, "the content's pass and the mask's")
        XCTAssertLessThanOrEqual(stats.offscreenPixels, 2 * small.area)
    }

    func testAShadowOfALayerLargerThanTheScreenRendersOnlyTheShapeItsBlurNeeds() {
        let stats = compare { layer, _ in
            layer.shadowOpacity = 0.5
            layer.shadowRadius = 10
            layer.shadowOffset = Point(x: 4, y: 6)
        }
        XCTAssertEqual(stats.offscreenPasses, 1 + Renderer.shadowBlurPasses, "the shadow's shape and its blur")
        // The visible shadow, moved back by its offset and grown by the blur's reach (3σ = 15),
        // in the shape's pass; the blur's over it with the reach around it again.
        XCTAssertLessThanOrEqual(stats.offscreenPixels, (120 + 30) * (90 + 30) + Renderer.shadowBlurPasses * (120 + 60) * (90 + 60))
    }

    func testARasterizedBitmapTooLargeForTheCacheIsDrawnUnrasterizedEveryFrame() {
        let plain = Renderer(screenSize: small, scale: 1)!
        let reference = scene(.zero) { layer, _ in layer.masksToBounds = true }
        _ = plain.render(reference, time: 0)
        let renderer = Renderer(screenSize: small, scale: 1)!
        let root = scene(.zero) { layer, _ in
            layer.masksToBounds = true
            layer.shouldRasterize = true
            layer.rasterizationScale = 4
        }
        for frame in 0..<2 {
            let stats = renderer.render(root, time: Double(frame) / 60)
            XCTAssertEqual(stats.rasterMisses, 1, "frame \(frame): a bitmap of 3,200 × 2,400 cannot be kept")
            XCTAssertEqual(stats.rasterHits, 0)
            XCTAssertLessThanOrEqual(stats.offscreenPixels, small.area)
            XCTAssertEqual(stats.rasterBytes, 0, "nothing is kept")
        }
        XCTAssertEqual(renderer.framebuffer.checksum, plain.framebuffer.checksum, "drawn as the unrasterized layer is")
    }

    func testALayerThatFitsTheScreenKeepsItsWholeBufferWhilePartlyOffScreen() {
        // A cell-sized layer half off the top: its buffer is its whole bounds, as it always was.
        let renderer = Renderer(screenSize: small, scale: 1)!
        let root = Layer(frame: Rect(x: 0, y: 0, width: 120, height: 90), ledger: ledger)
        let cell = Layer(frame: Rect(x: 10, y: -20, width: 100, height: 40), ledger: ledger)
        cell.backgroundColor = .white
        cell.cornerRadius = 10
        cell.masksToBounds = true
        cell.addSublayer(Layer(frame: Rect(x: 0, y: 0, width: 20, height: 20), ledger: ledger))
        root.addSublayer(cell)
        let stats = renderer.render(root, time: 0)
        XCTAssertEqual(stats.offscreenPixels, 100 * 40)
    }
}
