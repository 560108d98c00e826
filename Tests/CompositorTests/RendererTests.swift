@testable import Compositor
import Raster
import XCTest

/// Core Animation's rules as the renderer implements them, one test per rule (docs/cost-model.md §7).
final class RendererTests: XCTestCase {
    let ledger = Ledger()
    let scale = 2.0

    /// A 100 × 80 pt screen at 2× with an opaque background root.
    private func scene() -> (Renderer, Layer) {
        let renderer = Renderer(screenSize: PixelSize(width: 200, height: 160), scale: scale)!
        let root = Layer(frame: Rect(x: 0, y: 0, width: 100, height: 80), ledger: ledger)
        root.backgroundColor = Color(hex: "#F2F2F7")
        return (renderer, root)
    }

    private func child(_ frame: Rect, color: Color = .white) -> Layer {
        let layer = Layer(frame: frame, ledger: ledger)
        layer.backgroundColor = color
        return layer
    }

    func testOpaqueLayersBlendNothingAndCountLayersDrawn() {
        let (renderer, root) = scene()
        root.addSublayer(child(Rect(x: 10, y: 10, width: 30, height: 20)))
        let stats = renderer.render(root, time: 0)
        XCTAssertEqual(stats.blendedPixels, 0)
        XCTAssertEqual(stats.layersDrawn, 2)
        // Hidden-surface removal: the clear and the background beneath the opaque child are not
        // shaded, so every pixel is shaded exactly once.
        XCTAssertEqual(stats.shadedPixels, 200 * 160)
        XCTAssertEqual(renderer.framebuffer[25, 25], Color.white.premultiplied)
    }

    func testTranslucentLayerBlendsItsArea() {
        let (renderer, root) = scene()
        root.addSublayer(child(Rect(x: 10, y: 10, width: 30, height: 20), color: Color(red: 0, green: 0, blue: 0, alpha: 128)))
        let stats = renderer.render(root, time: 0)
        XCTAssertEqual(stats.blendedPixels, 60 * 40)
    }

    func testHiddenLayersAreNotDrawn() {
        let (renderer, root) = scene()
        let hidden = child(Rect(x: 0, y: 0, width: 50, height: 50))
        hidden.isHidden = true
        root.addSublayer(hidden)
        XCTAssertEqual(renderer.render(root, time: 0).layersDrawn, 1)
        XCTAssertEqual(renderer.framebuffer[10, 10], Color(hex: "#F2F2F7")!.premultiplied)
    }

    func testMaskRendersOffscreenSizedToTheLayer() {
        let (renderer, root) = scene()
        let layer = child(Rect(x: 10, y: 10, width: 40, height: 20))
        let mask = ShapeLayer(frame: Rect(x: 0, y: 0, width: 40, height: 20), ledger: ledger)
        mask.path = Path(.roundedRect(Rect(x: 0, y: 0, width: 40, height: 20), radius: 5, corners: .all), ledger: ledger)
        layer.mask = mask
        root.addSublayer(layer)
        let stats = renderer.render(root, time: 0)
        XCTAssertEqual(stats.offscreenPasses, 2, "the mask's pass and the content's")
        XCTAssertEqual(stats.offscreenPixels, 2 * 80 * 40)
        XCTAssertEqual(stats.blendedPixels, 80 * 40)
        XCTAssertEqual(renderer.framebuffer[20, 20], Color(hex: "#F2F2F7")!.premultiplied, "the masked-out corner shows the background")
        XCTAssertEqual(renderer.framebuffer[40, 30], Color.white.premultiplied)
    }

    func testCornerRadiusAloneNeedsNoOffscreenPass() {
        let (renderer, root) = scene()
        let layer = child(Rect(x: 10, y: 10, width: 40, height: 20))
        layer.cornerRadius = 5
        layer.masksToBounds = true  // no contents or sublayers: only the background is rounded
        root.addSublayer(layer)
        let stats = renderer.render(root, time: 0)
        XCTAssertEqual(stats.offscreenPasses, 0)
        XCTAssertEqual(renderer.framebuffer[20, 20], Color(hex: "#F2F2F7")!.premultiplied, "the background is still rounded")
    }

    func testCornerRadiusWithMasksToBoundsOverSublayersRendersOffscreen() {
        let (renderer, root) = scene()
        let layer = child(Rect(x: 10, y: 10, width: 40, height: 20))
        layer.cornerRadius = 5
        layer.masksToBounds = true
        layer.addSublayer(child(Rect(x: 0, y: 0, width: 40, height: 20), color: .black))
        root.addSublayer(layer)
        let stats = renderer.render(root, time: 0)
        XCTAssertEqual(stats.offscreenPasses, 1)
        XCTAssertEqual(renderer.framebuffer[20, 20], Color(hex: "#F2F2F7")!.premultiplied, "the sublayer is clipped to the rounded bounds")
    }

    func testCornerRadiusWithMasksToBoundsOverContentsRendersOffscreenUnderTheRulesOfIOS9AndBefore() {
        let (renderer, root) = scene()
        renderer.rules = CoreAnimationRules(ios: 9)!
        let layer = Layer(frame: Rect(x: 10, y: 10, width: 20, height: 20), ledger: ledger)
        layer.contents = Image(Pixmap(width: 40, height: 40, fill: Color.black.premultiplied)!, scale: scale, ledger: ledger)
        layer.cornerRadius = 5
        layer.masksToBounds = true
        root.addSublayer(layer)
        let stats = renderer.render(root, time: 0)
        XCTAssertEqual(stats.offscreenPasses, 1)
        XCTAssertEqual(stats.offscreenPixels, 40 * 40)
        XCTAssertEqual(renderer.framebuffer[20, 20], Color(hex: "#F2F2F7")!.premultiplied, "contents clipped to the rounded bounds")
    }

    /// The rounded clip of an off-screen pass applies the corner's coverage once: the layer's own
    /// rounded background inside the pass is drawn square, or the edge pixels would be the
    /// coverage squared (white on black: 215 where the circle gives 234).
    func testARoundedClipAppliesTheCornersCoverageOnce() {
        func corner(clipped: Bool) -> Pixmap {
            let renderer = Renderer(screenSize: PixelSize(width: 200, height: 160), scale: scale)!
            let root = child(Rect(x: 0, y: 0, width: 100, height: 80), color: .black)
            let layer = child(Rect(x: 10, y: 10, width: 40, height: 20))
            layer.cornerRadius = 8
            if clipped {
                layer.masksToBounds = true
                layer.addSublayer(child(Rect(x: 30, y: 10, width: 5, height: 5), color: .white))
            }
            root.addSublayer(layer)
            let stats = renderer.render(root, time: 0)
            XCTAssertEqual(stats.offscreenPasses, clipped ? 1 : 0)
            return renderer.framebuffer
        }
        let once = corner(clipped: false), clipped = corner(clipped: true)
        var compared = 0
        for y in 20..<36 {
            for x in 20..<36 {
                let a = once[x, y], b = clipped[x, y]
                XCTAssertLessThanOrEqual(abs(Int(a.packed & 0xFF) - Int(b.packed & 0xFF)), 1, "(\(x), \(y)): \(a) vs \(b)")
                if a.packed & 0xFF > 0 && a.packed & 0xFF < 255 { compared += 1 }
            }
        }
        XCTAssertGreaterThan(compared, 10, "the corner has anti-aliased pixels to compare")
    }

    /// `isOpaque` describes the layer's own backing store, not contents set on it: transparent
    /// pixels of the contents still show what is beneath, and they blend.
    func testIsOpaqueDoesNotMakeTranslucentContentsOpaque() {
        let (renderer, root) = scene()
        var pixels = Pixmap(width: 40, height: 40, fill: Color.black.premultiplied)!
        _ = pixels.fill(PixelRect(x: 0, y: 0, width: 10, height: 10), with: .transparent, kernels: .preferred)
        let layer = Layer(frame: Rect(x: 10, y: 10, width: 20, height: 20), ledger: ledger)
        layer.contents = Image(pixels, scale: scale, ledger: ledger)
        layer.isOpaque = true
        root.addSublayer(layer)
        let stats = renderer.render(root, time: 0)
        XCTAssertEqual(renderer.framebuffer[22, 22], Color(hex: "#F2F2F7")!.premultiplied, "the background shows through")
        XCTAssertEqual(stats.blendedPixels, 40 * 40)
    }

    func testRenderPassesAreTheScreensPlusOnePerOffscreenPassAndTrafficFollowsThem() {
        let (renderer, root) = scene()
        let plain = renderer.render(root, time: 0)
        XCTAssertEqual(plain.renderPasses, 1)
        XCTAssertEqual(plain.tileTrafficBytes, 200 * 160 * 4, "the screen's store")
        let masked = child(Rect(x: 10, y: 10, width: 40, height: 20))
        masked.cornerRadius = 5
        masked.masksToBounds = true
        masked.addSublayer(child(Rect(x: 0, y: 0, width: 10, height: 10), color: .black))
        root.addSublayer(masked)
        let stats = renderer.render(root, time: 0)
        XCTAssertEqual(stats.renderPasses, 1 + stats.offscreenPasses)
        XCTAssertEqual(stats.tileTrafficBytes, (200 * 160 + 2 * 80 * 40) * 4, "plus the buffer stored and read back")
    }

    func testGroupOpacityOverSublayersRendersOffscreenButOpacityAloneDoesNot() {
        let (renderer, root) = scene()
        let single = child(Rect(x: 0, y: 0, width: 20, height: 20))
        single.opacity = 0.5
        root.addSublayer(single)
        XCTAssertEqual(renderer.render(root, time: 0).offscreenPasses, 0)
        let group = child(Rect(x: 40, y: 0, width: 20, height: 20))
        group.opacity = 0.5
        group.addSublayer(child(Rect(x: 5, y: 5, width: 5, height: 5), color: .black))
        root.addSublayer(group)
        XCTAssertEqual(renderer.render(root, time: 0).offscreenPasses, 1)
    }

    // MARK: - Rasterization cache

    private func rasterizedScene() -> (Renderer, Layer, Layer) {
        let (renderer, root) = scene()
        let layer = child(Rect(x: 10, y: 10, width: 30, height: 20))
        layer.addSublayer(child(Rect(x: 5, y: 5, width: 10, height: 5), color: .black))
        layer.shouldRasterize = true
        layer.rasterizationScale = scale
        root.addSublayer(layer)
        return (renderer, root, layer)
    }

    func testRasterCacheMissesOnceThenHits() {
        let (renderer, root, _) = rasterizedScene()
        let first = renderer.render(root, time: 0)
        XCTAssertEqual(first.rasterMisses, 1)
        XCTAssertEqual(first.offscreenPasses, 1)
        XCTAssertEqual(first.offscreenPixels, 60 * 40)
        let second = renderer.render(root, time: 1.0 / 120)
        XCTAssertEqual(second.rasterHits, 1)
        XCTAssertEqual(second.rasterMisses, 0)
        XCTAssertEqual(second.offscreenPasses, 0)
        XCTAssertEqual(second.blendedPixels, 60 * 40, "the cached bitmap is drawn blended")
        XCTAssertEqual(second.rasterBytes, 60 * 40 * 4)
    }

    func testRasterCacheIsKeyedByLayerIdentity() {
        // Two layers with identical subtrees each need their own bitmap.
        let (renderer, root, layer) = rasterizedScene()
        let twin = child(layer.frame)
        twin.frame.origin = Point(x: 50, y: 40)
        twin.addSublayer(child(Rect(x: 5, y: 5, width: 10, height: 5), color: .black))
        twin.shouldRasterize = true
        twin.rasterizationScale = scale
        root.addSublayer(twin)
        XCTAssertEqual(renderer.render(root, time: 0).rasterMisses, 2)
        XCTAssertEqual(renderer.render(root, time: 1.0 / 120).rasterHits, 2)
    }

    func testRasterCacheSurvivesMoves() {
        let (renderer, root, layer) = rasterizedScene()
        _ = renderer.render(root, time: 0)
        layer.frame.origin = Point(x: 20, y: 30)
        let moved = renderer.render(root, time: 1.0 / 120)
        XCTAssertEqual(moved.rasterHits, 1)
        XCTAssertEqual(renderer.framebuffer[50, 70], Color.black.premultiplied, "drawn at the new place")
    }

    func testRasterCacheIsInvalidatedByAnyChangeToTheSubtree() {
        let changes: [(String, (Layer) -> Void)] = [
            ("colour", { $0.backgroundColor = .black }),
            ("size", { $0.frame.size = Size(width: 31, height: 20) }),
            ("sublayer colour", { $0.sublayers[0].backgroundColor = .white }),
            ("sublayer added", { [ledger] in $0.addSublayer(Layer(frame: .zero, ledger: ledger)) }),
            ("mask", { [ledger] in $0.mask = ShapeLayer(frame: Rect(x: 0, y: 0, width: 30, height: 20), ledger: ledger) }),
        ]
        for (what, change) in changes {
            let (renderer, root, layer) = rasterizedScene()
            _ = renderer.render(root, time: 0)
            change(layer)
            let stats = renderer.render(root, time: 1.0 / 120)
            XCTAssertEqual(stats.rasterMisses, 1, "a \(what) change must invalidate the cached bitmap")
        }
    }

    func testRasterCacheEvictsEntriesUnusedForMoreThan100ms() {
        let (renderer, root, layer) = rasterizedScene()
        _ = renderer.render(root, time: 0)
        layer.removeFromSuperlayer()  // no longer drawn, so its entry goes unused
        _ = renderer.render(root, time: 0.05)
        XCTAssertEqual(renderer.rasterCache.count, 1, "50 ms idle: kept")
        _ = renderer.render(root, time: 0.11)
        XCTAssertEqual(renderer.rasterCache.count, 0, "110 ms idle: evicted")
    }

    func testRasterCacheHoldsAtMostItsCapacityEvictingLeastRecentlyUsed() {
        var cache = RasterCache(capacityBytes: 3 * 100 * 4)
        let layers = (0..<4).map { _ in Layer(frame: Rect(x: 0, y: 0, width: 10, height: 10), ledger: ledger) }
        for (i, layer) in layers.enumerated() { cache.store(Pixmap(width: 10, height: 10)!, for: layer, time: Double(i) / 1000) }
        XCTAssertEqual(cache.count, 3)
        XCTAssertLessThanOrEqual(cache.bytes, 3 * 100 * 4)
        XCTAssertNil(cache.lookup(layers[0], size: PixelSize(width: 10, height: 10), time: 0.01), "the oldest went first")
        XCTAssertNotNil(cache.lookup(layers[3], size: PixelSize(width: 10, height: 10), time: 0.01))
    }

    func testPixelSnappingKeepsAdjacentRectanglesAdjacent() {
        let a = Rect(x: 0.3, y: 0, width: 10.4, height: 1).pixelRect(scale: 3)
        let b = Rect(x: 10.7, y: 0, width: 5, height: 1).pixelRect(scale: 3)
        XCTAssertEqual(a.maxX, b.x)
    }
}
