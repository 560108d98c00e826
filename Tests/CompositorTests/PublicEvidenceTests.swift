@testable import Compositor
import Raster
import XCTest

/// What Apple and Texture say publicly about masks, clips and the rasterization cache, each as a
/// test on exact counters, named after its source (docs/cost-model.md §7 quotes them):
/// WWDC 2014 session 419 "Advanced Graphics and Animations for iOS Apps"; the Tech Talk
/// "Demystify and eliminate hitches in the render phase" (10857).
final class PublicEvidenceTests: XCTestCase {
    let ledger = Ledger()
    let scale = 2.0
    private let screen = PixelSize(width: 200, height: 160)

    private func layer(_ frame: Rect, color: Color = .white) -> Layer {
        let layer = Layer(frame: frame, ledger: ledger)
        layer.backgroundColor = color
        return layer
    }

    /// A root with `count` cards of 40 × 20 pt, each holding a black sublayer (content to clip),
    /// rounded by radius 5 either with a shape mask or with `cornerRadius` + `masksToBounds`.
    private func cards(_ count: Int, mask: Bool) -> Layer {
        let root = layer(Rect(x: 0, y: 0, width: 100, height: 80), color: Color(hex: "#F2F2F7")!)
        for i in 0..<count {
            let card = layer(Rect(x: 5 + Double(i % 2) * 50, y: 5 + Double(i / 2) * 25, width: 40, height: 20))
            card.addSublayer(layer(Rect(x: 0, y: 0, width: 12, height: 8), color: .black))
            if mask {
                let shape = ShapeLayer(frame: Rect(x: 0, y: 0, width: 40, height: 20), ledger: ledger)
                shape.path = Path(.roundedRect(Rect(x: 0, y: 0, width: 40, height: 20), radius: 5, corners: .all), ledger: ledger)
                card.mask = shape
            } else {
                card.cornerRadius = 5
                card.masksToBounds = true
            }
            root.addSublayer(card)
        }
        return root
    }

    private func render(_ root: Layer) -> (RenderStats, Pixmap) {
        let renderer = Renderer(screenSize: screen, scale: scale)!
        let stats = renderer.render(root, time: 0)
        return (stats, renderer.framebuffer)
    }

    /// WWDC 2014 session 419, masking: pass 1 renders the mask to a texture, pass 2 the content,
    /// then the compositing pass applies one to the other, every frame the layer is drawn.
    func testWWDC2014Session419AMaskRendersTheMaskAndTheContentEachInAPassOfItsOwn() {
        let renderer = Renderer(screenSize: screen, scale: scale)!
        let root = cards(1, mask: true)
        let card = 80 * 40
        for frame in 0..<3 {
            let stats = renderer.render(root, time: Double(frame) / 120)
            XCTAssertEqual(stats.offscreenPasses, 2, "frame \(frame): the mask's pass and the content's")
            XCTAssertEqual(stats.renderPasses, 3)
            XCTAssertEqual(stats.offscreenPixels, 2 * card)
            // The screen stored; the content's colour attachment stored and read back (4 bytes a
            // pixel); the mask's 8-bit attachment stored and read back (1 byte).
            XCTAssertEqual(stats.tileTrafficBytes, 200 * 160 * 4 + 2 * card * 4 + 2 * card * 1)
        }
    }

    /// Tech Talk 10857: a shape-layer mask that is a rounded rectangle should be replaced by
    /// `cornerRadius` + `masksToBounds`, "much more performant than custom mask layers". Both
    /// draw the same pixels here; the clip costs one pass, the mask two, and less traffic.
    func testTechTalk10857CornerRadiusWithMasksToBoundsCostsFewerPassesAndLessTrafficThanAnEquivalentMask() {
        let (masked, maskedPixels) = render(cards(1, mask: true))
        let (clipped, clippedPixels) = render(cards(1, mask: false))
        XCTAssertEqual(maskedPixels, clippedPixels, "the same picture")
        XCTAssertEqual(clipped.offscreenPasses, 1)
        XCTAssertEqual(masked.offscreenPasses, 2)
        XCTAssertLessThan(clipped.renderPasses, masked.renderPasses)
        XCTAssertLessThan(clipped.tileTrafficBytes, masked.tileTrafficBytes)
        XCTAssertLessThan(clipped.bytesWritten, masked.bytesWritten, "the mask's attachment is written too")
    }

    /// Tech Talk 10857: `masksToBounds` needs an off-screen pass only when there are contents or
    /// sublayers to clip; `cornerRadius` alone rounds the background without one.
    func testTechTalk10857CornerRadiusAloneOrWithNothingToClipMakesNoOffscreenPass() {
        let root = layer(Rect(x: 0, y: 0, width: 100, height: 80), color: Color(hex: "#F2F2F7")!)
        let radiusOnly = layer(Rect(x: 5, y: 5, width: 40, height: 20))
        radiusOnly.cornerRadius = 5
        let nothingToClip = layer(Rect(x: 55, y: 5, width: 40, height: 20))
        nothingToClip.cornerRadius = 5
        nothingToClip.masksToBounds = true
        let radiusOverContent = layer(Rect(x: 5, y: 40, width: 40, height: 20))
        radiusOverContent.cornerRadius = 5
        radiusOverContent.addSublayer(layer(Rect(x: 0, y: 0, width: 12, height: 8), color: .black))
        for card in [radiusOnly, nothingToClip, radiusOverContent] { root.addSublayer(card) }
        let (stats, pixels) = render(root)
        XCTAssertEqual(stats.offscreenPasses, 0)
        XCTAssertEqual(stats.renderPasses, 1)
        XCTAssertEqual(pixels[10, 10], Color(hex: "#F2F2F7")!.premultiplied, "the background is still rounded")
    }

    /// WWDC 2014 session 419: passes add up with the masked layers on screen: two per mask, one
    /// per rounded clip, and their traffic with them.
    func testWWDC2014Session419TheCostOfMasksAndClipsGrowsWithTheMaskedLayersOnScreen() {
        var previous: (mask: RenderStats, clip: RenderStats)?
        for count in 0...4 {
            let (mask, _) = render(cards(count, mask: true))
            let (clip, _) = render(cards(count, mask: false))
            XCTAssertEqual(mask.offscreenPasses, 2 * count)
            XCTAssertEqual(clip.offscreenPasses, count)
            XCTAssertEqual(mask.renderPasses, 1 + 2 * count)
            if let previous {
                XCTAssertGreaterThan(mask.tileTrafficBytes, previous.mask.tileTrafficBytes)
                XCTAssertGreaterThan(clip.tileTrafficBytes, previous.clip.tileTrafficBytes)
            }
            previous = (mask, clip)
        }
    }

    /// WWDC 2014 session 419: the rasterization cache holds at most 2.5 × the screen's pixels, and
    /// an entry unused for more than 100 ms is evicted.
    func testWWDC2014Session419TheRasterCacheHoldsTwoAndAHalfScreensAndEvictsAfter100ms() {
        let renderer = Renderer(screenSize: screen, scale: scale)!
        XCTAssertEqual(renderer.rasterCache.capacityBytes, screen.area * 4 * 5 / 2)
        let root = layer(Rect(x: 0, y: 0, width: 100, height: 80), color: Color(hex: "#F2F2F7")!)
        let cached = layer(Rect(x: 10, y: 10, width: 30, height: 20))
        cached.addSublayer(layer(Rect(x: 2, y: 2, width: 5, height: 5), color: .black))
        cached.shouldRasterize = true
        cached.rasterizationScale = scale
        root.addSublayer(cached)
        XCTAssertEqual(renderer.render(root, time: 0).rasterMisses, 1)
        cached.removeFromSuperlayer()  // no longer drawn: its entry goes unused
        _ = renderer.render(root, time: 0.1)
        XCTAssertEqual(renderer.rasterCache.count, 1, "100 ms unused: kept")
        _ = renderer.render(root, time: 0.1005)
        XCTAssertEqual(renderer.rasterCache.count, 0, "more than 100 ms unused: evicted")
    }
}
