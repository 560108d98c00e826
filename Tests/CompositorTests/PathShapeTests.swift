@testable import Compositor
import Raster
import RasterTestSupport
import XCTest

/// Path shapes beyond rectangles: ovals and unions, as fills and as masks through the plain-fill
/// path of `Renderer.clipCoverage`.
final class PathShapeTests: XCTestCase {
    let ledger = Ledger()
    let scale = 2.0
    private let background = Color(hex: "#F2F2F7")!

    /// A 100 × 80 pt screen at 2× with an opaque root and `card` on it.
    private func render(_ card: Layer) -> (RenderStats, Pixmap) {
        let renderer = Renderer(screenSize: PixelSize(width: 200, height: 160), scale: scale)!
        let root = Layer(frame: Rect(x: 0, y: 0, width: 100, height: 80), ledger: ledger)
        root.backgroundColor = background
        root.addSublayer(card)
        let stats = renderer.render(root, time: 0)
        return (stats, renderer.framebuffer)
    }

    /// A 30 × 30 pt white layer at (10, 10) holding a black 12 × 30 pt sublayer on its left.
    private func card(width: Double = 30, height: Double = 30) -> Layer {
        let card = Layer(frame: Rect(x: 10, y: 10, width: width, height: height), ledger: ledger)
        card.backgroundColor = .white
        let stripe = Layer(frame: Rect(x: 0, y: 0, width: 12, height: height), ledger: ledger)
        stripe.backgroundColor = .black
        card.addSublayer(stripe)
        return card
    }

    private func mask(_ shape: Path.Shape, size: Size) -> ShapeLayer {
        let mask = ShapeLayer(frame: Rect(origin: .zero, size: size), ledger: ledger)
        mask.path = Path(shape, ledger: ledger)
        return mask
    }

    func testACircleMaskDrawsTheSamePixelsAsACornerRadiusOfHalfTheSide() {
        let masked = card()
        masked.mask = mask(.oval(Rect(x: 0, y: 0, width: 30, height: 30)), size: Size(width: 30, height: 30))
        let clipped = card()
        clipped.cornerRadius = 15
        clipped.masksToBounds = true
        let (maskStats, maskPixels) = render(masked)
        let (clipStats, clipPixels) = render(clipped)
        XCTAssertEqual(maskPixels, clipPixels, "the same picture")
        // Core Animation: a mask is two passes (the mask's and the content's); a rounded clip one.
        XCTAssertEqual(maskStats.offscreenPasses, 2)
        XCTAssertEqual(clipStats.offscreenPasses, 1)
        // Each pass is the card's 60 × 60 pixels.
        XCTAssertEqual(maskStats.offscreenPixels, 2 * 60 * 60)
    }

    func testAnOvalMaskCutsTheCardToTheInscribedEllipse() {
        let layer = card(width: 40, height: 20)
        layer.mask = mask(.oval(Rect(x: 0, y: 0, width: 40, height: 20)), size: Size(width: 40, height: 20))
        let (stats, pixels) = render(layer)
        XCTAssertEqual(stats.offscreenPasses, 2, "a mask costs its two passes, whatever its shape")
        // The card spans pixels 20 ..< 100 by 20 ..< 60; the ellipse's centre is (60, 40).
        XCTAssertEqual(pixels[21, 21], background.premultiplied, "the corner is outside the ellipse")
        XCTAssertEqual(pixels[60, 40], Color.white.premultiplied)
        XCTAssertEqual(pixels[21, 40], Color.black.premultiplied, "the ellipse's left end shows the stripe")
        XCTAssertEqual(pixels[60, 21], Color.white.premultiplied, "its top middle is inside")
    }

    func testAPathsOvalIsCoveredByItsExactArea() {
        let path = Path(.oval(Rect(x: 1, y: 2, width: 30, height: 12)), ledger: ledger)
        let (mask, kept) = path.coverage(size: PixelSize(width: 70, height: 40), scale: 2)!
        XCTAssertFalse(kept)
        let area = mask.values.reduce(0.0) { $0 + Double($1) / 255 }
        XCTAssertEqual(area, Double.pi * 30 * 12, accuracy: 1.5, "π · a · b with a = 30, b = 12 pixels")
        XCTAssertTrue(path.coverage(size: PixelSize(width: 70, height: 40), scale: 2)!.kept, "kept once made")
    }

    func testAUnionCoversEachOfItsShapes() {
        let left = Path.Shape.rect(Rect(x: 0, y: 0, width: 10, height: 10))
        let right = Path.Shape.oval(Rect(x: 20, y: 0, width: 10, height: 10))
        let union = Path(.union([left, right]), ledger: ledger)
        XCTAssertEqual(ledger.counts.pathsCreated, 1, "one path holding two shapes")
        let size = PixelSize(width: 30, height: 10)
        let both = union.coverage(size: size, scale: 1)!.mask
        let a = Path(left, ledger: ledger).coverage(size: size, scale: 1)!.mask
        let b = Path(right, ledger: ledger).coverage(size: size, scale: 1)!.mask
        for i in both.values.indices { XCTAssertEqual(both.values[i], max(a.values[i], b.values[i])) }
        XCTAssertEqual(both[5, 5], 255)
        XCTAssertEqual(both[15, 5], 0, "nothing between them")
        XCTAssertEqual(both[25, 5], 255)
        XCTAssertEqual(Path.Shape.union([left, right]).bounds, Rect(x: 0, y: 0, width: 30, height: 10))
    }

    /// A union's rounded rectangles are each made over their bounds only: value for value what
    /// the largest of their whole-window coverages gives, for rectangles inside, across and
    /// outside the window, at fractional positions, with radii up to past half a side.
    func testAUnionOfRoundedRectanglesIsTheMaximumOfTheirWholeWindowCoverages() {
        var random = SeededRandom(seed: 59)
        for _ in 0..<40 {
            let rects = (0..<Int.random(in: 1...12, using: &random)).map { _ -> Path.Shape in
                let rect = Rect(x: Double.random(in: -20...50, using: &random), y: Double.random(in: -20...40, using: &random),
                                width: Double.random(in: 0...40, using: &random), height: Double.random(in: 0...30, using: &random))
                return Bool.random(using: &random) ? .rect(rect)
                    : .roundedRect(rect, radius: Double.random(in: 0...25, using: &random), corners: Corners(rawValue: UInt8.random(in: 0...15, using: &random)))
            }
            let window = PixelRect(x: Int.random(in: -10...10, using: &random), y: Int.random(in: -10...10, using: &random),
                                   width: Int.random(in: 1...90, using: &random), height: Int.random(in: 1...70, using: &random))
            let scale = [1.0, 2, 3].randomElement(using: &random)!
            let union = Path.Shape.union(rects).coverage(in: window, scale: scale)!
            var expected = CoverageMask(size: window.size)!
            for shape in rects { expected.formMaximum(with: shape.coverage(in: window, scale: scale)!) }
            XCTAssertEqual(union, expected, "\(rects) in \(window) at \(scale)×")
        }
    }

    func testAUnionMaskGoesThroughThePlainFillPath() {
        let layer = card(width: 40, height: 20)
        let holes = Path.Shape.union([.rect(Rect(x: 0, y: 0, width: 20, height: 20)), .oval(Rect(x: 20, y: 0, width: 20, height: 20))])
        layer.mask = mask(holes, size: Size(width: 40, height: 20))
        let (stats, pixels) = render(layer)
        // The shape's own pass writes an 8-bit attachment of the card's 80 × 40 pixels: the
        // screen's 200 × 160 and the content's 80 × 40 at 4 bytes, stored and read back, plus
        // the mask's at 1 byte, stored and read back.
        XCTAssertEqual(stats.tileTrafficBytes, 200 * 160 * 4 + 2 * 80 * 40 * 4 + 2 * 80 * 40)
        XCTAssertEqual(pixels[21, 21], Color.black.premultiplied, "the square half keeps its corner")
        XCTAssertEqual(pixels[98, 21], background.premultiplied, "the round half does not")
    }

    func testAFilledOvalShapeLayerBlendsItsBoundingBox() {
        let shape = ShapeLayer(frame: Rect(x: 10, y: 10, width: 20, height: 10), ledger: ledger)
        shape.path = Path(.oval(Rect(x: 0, y: 0, width: 20, height: 10)), ledger: ledger)
        shape.fillColor = .black
        let (stats, pixels) = render(shape)
        XCTAssertEqual(stats.blendedPixels, 40 * 20, "the layer's 40 × 20 pixels")
        XCTAssertEqual(pixels[40, 30], Color.black.premultiplied)
        XCTAssertEqual(pixels[20, 20], background.premultiplied)
    }
}
