@testable import Compositor
import Raster
import XCTest

/// Hidden-surface removal: fragments beneath an opaque layer are not shaded; blended fragments
/// hide nothing. Expected counts come from the rectangles' geometry.
final class HiddenSurfaceRemovalTests: XCTestCase {
    let ledger = Ledger()

    private func scene(_ children: [(Rect, Color)]) -> (Renderer, Layer) { flatScene(children, ledger: ledger) }

    func testFullScreenOpaqueBackgroundUnderOpaqueCellsShadesEachPixelOnce() {
        let cells = (0..<4).map { (Rect(x: 10, y: Double(5 + 20 * $0), width: 100, height: 18), Color.black) }
        let (renderer, root) = scene(cells)
        let stats = renderer.render(root, time: 0)
        XCTAssertEqual(stats.shadedPixels, 128 * 96)
        XCTAssertEqual(stats.blendedFragments, 0)
    }

    func testOpaqueLayersHideWhatIsBeneathThem() {
        // Two overlapping opaque squares over the background: the overlap is shaded once.
        let (renderer, root) = scene([(Rect(x: 0, y: 0, width: 40, height: 40), .black),
                                      (Rect(x: 20, y: 20, width: 40, height: 40), Color(red: 9, green: 9, blue: 9))])
        let stats = renderer.render(root, time: 0)
        XCTAssertEqual(stats.shadedPixels, 128 * 96)
        XCTAssertEqual(renderer.framebuffer[30, 30], Color(red: 9, green: 9, blue: 9).premultiplied, "the front one wins")
    }

    func testBlendedFragmentsHideNothing() {
        let translucent = Color(red: 0, green: 0, blue: 0, alpha: 100)
        let (renderer, root) = scene([(Rect(x: 0, y: 0, width: 40, height: 40), translucent),
                                      (Rect(x: 20, y: 20, width: 40, height: 40), translucent)])
        let stats = renderer.render(root, time: 0)
        // The background is shaded everywhere, then both blended squares in full.
        XCTAssertEqual(stats.shadedPixels, 128 * 96 + 2 * 1600)
        XCTAssertEqual(stats.blendedFragments, 2 * 1600)
        XCTAssertEqual(stats.blendedPixels, 2 * 1600)
    }

    func testBlendedLayerUnderAnOpaqueOneIsNotShadedButStillCountsAsABlendedLayer() {
        let (renderer, root) = scene([(Rect(x: 0, y: 0, width: 40, height: 40), Color(red: 0, green: 0, blue: 0, alpha: 100)),
                                      (Rect(x: 0, y: 0, width: 40, height: 40), .black)])
        let stats = renderer.render(root, time: 0)
        XCTAssertEqual(stats.blendedFragments, 0, "hidden: not shaded")
        XCTAssertEqual(stats.blendedPixels, 1600, "Color Blended Layers still paints the layer")
        XCTAssertEqual(stats.shadedPixels, 128 * 96)
    }

    func testSpanSetSubtractsAndMergesLikeAReferenceBitmap() {
        var set = SpanSet()
        var bitmap = [Bool](repeating: false, count: 64)
        let inserts = [(5, 9), (20, 30), (9, 12), (40, 41), (0, 2), (28, 45), (50, 50)]
        for (a, b) in inserts {
            set.insert(a, b)
            for x in a..<max(a, b) { bitmap[x] = true }
            for (q0, q1) in [(0, 64), (3, 25), (10, 11), (44, 60)] {
                var out: [Span] = []
                set.subtract(q0, q1, into: &out)
                let expected = (q0..<q1).filter { !bitmap[$0] }
                XCTAssertEqual(out.flatMap { Array($0.x0..<$0.x1) }, expected)
            }
        }
        XCTAssertEqual(set.spans, [Span(0, 2), Span(5, 12), Span(20, 45)])
    }
}
