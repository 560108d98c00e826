@testable import Compositor
import Raster
import XCTest

/// The bytes the kernels move, counted where they shade: 4 written per shaded pixel, and read
/// back where a paint blends over its destination. Expected counts come from the geometry.
final class KernelTrafficTests: XCTestCase {
    let ledger = Ledger()

    private func render(_ children: [(Rect, Color)]) -> RenderStats {
        let (renderer, root) = flatScene(children, ledger: ledger)
        return renderer.render(root, time: 0)
    }

    func testOpaqueFillsWriteEachVisiblePixelOnceAndReadNothing() {
        let stats = render([(Rect(x: 10, y: 10, width: 40, height: 40), .black)])
        XCTAssertEqual(stats.bytesWritten, 4 * 128 * 96)
        XCTAssertEqual(stats.bytesRead, 0)
    }

    func testABlendedLayerReadsAndWritesItsDestinationOnce() {
        let stats = render([(Rect(x: 10, y: 10, width: 40, height: 40), Color(red: 0, green: 0, blue: 0, alpha: 100))])
        XCTAssertEqual(stats.bytesWritten, 4 * (128 * 96 + 1600))
        XCTAssertEqual(stats.bytesRead, 4 * 1600)
    }

    func testBakingARoundedClipIntoARasterizedBitmapReadsItsMaskAndRewritesTheCorners() {
        func rasterized(clipped: Bool) -> RenderStats {
            let (renderer, root) = flatScene([], ledger: ledger)
            let layer = Layer(frame: Rect(x: 10, y: 10, width: 40, height: 30), ledger: ledger)
            layer.backgroundColor = .black
            layer.cornerRadius = 8
            layer.masksToBounds = clipped
            layer.shouldRasterize = true
            let child = Layer(frame: Rect(x: 0, y: 0, width: 40, height: 10), ledger: ledger)
            child.backgroundColor = Color(red: 200, green: 0, blue: 0)
            layer.addSublayer(child)
            root.addSublayer(layer)
            return renderer.render(root, time: 0)
        }
        let plain = rasterized(clipped: false), clipped = rasterized(clipped: true)
        XCTAssertEqual(clipped.rasterMisses, 1)
        // Shading writes 4 bytes a fragment; baking the clip in rewrites the corners' pixels.
        XCTAssertEqual(plain.bytesWritten, 4 * plain.shadedPixels, "no clip, nothing rewritten")
        let rewritten = clipped.bytesWritten - 4 * clipped.shadedPixels
        XCTAssertGreaterThan(rewritten, 0, "the corners are scaled by the clip")
        XCTAssertLessThan(rewritten, 4 * 40 * 30, "only the corners, not the whole bitmap")
        XCTAssertEqual(rewritten % 4, 0)
    }

    /// A layer of `size` points at (10, 10) whose contents are a half-transparent bitmap drawn in
    /// an earlier frame (as a label's), under `root` of the flat scene.
    private func contentsLayer(_ size: Size) -> Layer {
        let bitmap = Pixmap(size: PixelSize(width: Int(size.width), height: Int(size.height)),
                            fill: Color(red: 0, green: 0, blue: 0, alpha: 128).premultiplied)!
        let layer = Layer(frame: Rect(origin: Point(x: 10, y: 10), size: size), ledger: ledger)
        layer.contents = Image(bitmap, scale: 1, ledger: ledger)
        return layer
    }

    func testContentsDrawnFromAKeptBitmapAreKeptBytesRead() {
        let (renderer, root) = flatScene([], ledger: ledger)
        root.addSublayer(contentsLayer(Size(width: 30, height: 20)))
        let stats = renderer.render(root, time: 0)
        XCTAssertEqual(stats.keptBytesRead, 4 * 600, "the bitmap's 600 pixels, 4 bytes each")
        XCTAssertEqual(stats.bytesRead, 8 * 600, "and the destination beneath them")
    }

    func testAnOffScreenResultIsReadFromTheCacheAndItsContentsFromKeptBitmaps() {
        let (renderer, root) = flatScene([], ledger: ledger)
        let group = Layer(frame: Rect(x: 0, y: 0, width: 60, height: 50), ledger: ledger)
        group.opacity = 0.5  // group opacity: an off-screen pass
        group.addSublayer(contentsLayer(Size(width: 30, height: 20)))
        root.addSublayer(group)
        let stats = renderer.render(root, time: 0)
        XCTAssertEqual(stats.offscreenPasses, 1)
        XCTAssertEqual(stats.keptBytesRead, 4 * 600, "the contents drawn into the pass; not the pass composited")
        XCTAssertGreaterThan(stats.bytesRead, 4 * 600 + 4 * 60 * 50, "the composite reads its buffer too")
    }

    func testARasterizedBitmapIsKeptWhenItIsAHitAndNotWhenItWasDrawnThisFrame() {
        let (renderer, root) = flatScene([], ledger: ledger)
        let layer = Layer(frame: Rect(x: 10, y: 10, width: 40, height: 30), ledger: ledger)
        layer.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 100)
        layer.shouldRasterize = true
        root.addSublayer(layer)
        let miss = renderer.render(root, time: 0), hit = renderer.render(root, time: 1.0 / 60)
        XCTAssertEqual(miss.rasterMisses, 1)
        XCTAssertEqual(miss.keptBytesRead, 0, "a bitmap drawn this frame is in the cache")
        XCTAssertEqual(hit.rasterHits, 1)
        XCTAssertEqual(hit.keptBytesRead, 4 * 40 * 30, "a cached bitmap was drawn in an earlier frame")
    }

    func testARoundedClipsCoverageIsKeptOnceTheCacheHoldsIt() {
        let (renderer, root) = flatScene([], ledger: ledger)
        let clipped = Layer(frame: Rect(x: 10, y: 10, width: 40, height: 30), ledger: ledger)
        clipped.cornerRadius = 8
        clipped.masksToBounds = true
        let child = Layer(frame: Rect(x: 0, y: 0, width: 40, height: 30), ledger: ledger)
        child.backgroundColor = .black
        clipped.addSublayer(child)
        root.addSublayer(clipped)
        let first = renderer.render(root, time: 0), second = renderer.render(root, time: 1.0 / 60)
        XCTAssertEqual(first.offscreenPasses, 1)
        XCTAssertEqual(first.keptBytesRead, 0, "the clip's coverage was made this frame")
        XCTAssertEqual(second.keptBytesRead, 40 * 30, "a coverage byte a composited pixel, from the cache of shapes")
    }

    func testAMaskPathsCoverageIsKeptOnceThePathWasDrawn() {
        let (renderer, root) = flatScene([], ledger: ledger)
        let masked = Layer(frame: Rect(x: 10, y: 10, width: 40, height: 30), ledger: ledger)
        masked.backgroundColor = .black
        let child = Layer(frame: Rect(x: 0, y: 0, width: 40, height: 30), ledger: ledger)
        child.backgroundColor = .white
        masked.addSublayer(child)
        let shape = ShapeLayer(frame: Rect(x: 0, y: 0, width: 40, height: 30), ledger: ledger)
        shape.path = Path(.roundedRect(Rect(x: 0, y: 0, width: 40, height: 30), radius: 8, corners: .all), ledger: ledger)
        masked.mask = shape
        root.addSublayer(masked)
        let first = renderer.render(root, time: 0), second = renderer.render(root, time: 1.0 / 60)
        XCTAssertEqual(first.offscreenPasses, 2, "the mask's pass and the content's")
        XCTAssertEqual(first.keptBytesRead, 0, "the path's coverage was made this frame")
        XCTAssertEqual(second.keptBytesRead, 40 * 30, "the path's coverage, read into the mask's attachment; not the attachment")
    }

    func testEveryPaintWritesFourBytesAPixelAndReadsWhatItBlendsAndSamples() {
        let image = Pixmap(size: PixelSize(width: 2, height: 2))!
        let mask = CoverageMask(size: PixelSize(width: 2, height: 2), coverage: 255)!
        let color = Color.white.premultiplied
        let rounded = RoundedRectCoverage(size: PixelSize(width: 2, height: 2), radius: 1, corners: .all)!
        let paints: [(Paint, read: Int, image: Bool)] = [
            (.fill(color), 0, false), (.blend(color), 4, false), (.copy(image, offset: .zero), 4, true),
            (.draw(image, offset: .zero, opacity: 255), 8, true), (.shape(color, mask, offset: .zero), 5, false),
            (.rounded(color, rounded, offset: .zero), 5, false),
            (.masked(image, mask, offset: .zero, opacity: 255), 9, true),
            (.scaled(image, source: PixelRect(x: 0, y: 0, width: 1, height: 1), destination: PixelRect(x: 0, y: 0, width: 2, height: 2), opacity: 255), 8, true),
        ]
        for (paint, read, readsImage) in paints {
            XCTAssertEqual(paint.bytesPerPixel.written, 4, "\(paint)")
            XCTAssertEqual(paint.bytesPerPixel.read, read, "\(paint)")
            XCTAssertEqual(paint.readsImage, readsImage, "\(paint)")
        }
    }
}
