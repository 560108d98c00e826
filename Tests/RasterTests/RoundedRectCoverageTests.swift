import RasterTestSupport
@testable import Raster
import XCTest

/// A rounded rectangle's coverage kept as corner tiles gives exactly the values of the whole
/// mask, and painting through it shades exactly what painting through the whole mask shades.
final class RoundedRectCoverageTests: XCTestCase {
    private let radii: [Double] = [0.3, 0.5, 1, 1.7, 2.5, 3, 3.5, 4, 5.5, 6, 13.25, 100]

    private func allCorners() -> [Corners] { (0..<16).map { Corners(rawValue: UInt8($0)) } }

    private func wholeMask(_ size: PixelSize, _ radius: Double, _ corners: Corners) -> CoverageMask {
        CoverageMask(size: size, roundedRect: (0, 0, Double(size.width), Double(size.height)), radius: radius, corners: corners)!
    }

    func testCornerTilesHoldExactlyTheWholeMasksValuesForEverySizeRadiusAndCornerSet() {
        var sizes: [PixelSize] = []
        for w in 1...12 { for h in 1...12 { sizes.append(PixelSize(width: w, height: h)) } }
        sizes += [PixelSize(width: 31, height: 7), PixelSize(width: 9, height: 200), PixelSize(width: 27, height: 27)]
        for size in sizes {
            for radius in radii {
                for corners in allCorners() {
                    let shape = RoundedRectCoverage(size: size, radius: radius, corners: corners)!
                    let expected = wholeMask(size, radius, corners)
                    let label = "\(size.width)×\(size.height) r \(radius) corners \(corners.rawValue)"
                    XCTAssertEqual(shape.mask(), expected, label)
                    XCTAssertEqual(shape.byteCount, RoundedRectCoverage.byteCount(size: size, radius: radius, corners: corners), label)
                    for y in 0..<size.height {
                        for x in 0..<size.width where shape[x, y] != expected[x, y] {
                            XCTFail("\(label): (\(x), \(y)) is \(shape[x, y]), the whole mask has \(expected[x, y])")
                        }
                    }
                }
            }
        }
    }

    func testCornerTilesOfAShapeTwentyMillionPixelsTallTakeOnlyTheCornersBytes() {
        let size = PixelSize(width: 1350, height: 20_000_000)
        let shape = RoundedRectCoverage(size: size, radius: 14, corners: .all)!
        XCTAssertEqual(shape.byteCount, 4 * 14 * 14)
        let corner = wholeMask(PixelSize(width: 40, height: 40), 14, .all)
        XCTAssertEqual(shape[3, 2], corner[3, 2])
        XCTAssertEqual(shape[1349 - 3, 19_999_999 - 2], corner[39 - 3, 39 - 2])
        XCTAssertEqual(shape[0, 10_000_000], 255)
        XCTAssertEqual(shape[700, 0], 255)
    }

    func testAWindowOfTheMaskHoldsTheWholeMasksValuesThere() {
        var rng = SeededRandom(seed: 11)
        for _ in 0..<300 {
            let size = PixelSize(width: Int.random(in: 1...40, using: &rng), height: Int.random(in: 1...40, using: &rng))
            let rect = (x0: Double.random(in: -2...5, using: &rng), y0: Double.random(in: -2...5, using: &rng),
                        x1: Double.random(in: 10...45, using: &rng), y1: Double.random(in: 10...45, using: &rng))
            let radius = Double.random(in: 0...20, using: &rng)
            let corners = Corners(rawValue: UInt8.random(in: 0...15, using: &rng))
            let whole = CoverageMask(size: size, roundedRect: rect, radius: radius, corners: corners)!
            let x = Int.random(in: 0..<size.width, using: &rng), y = Int.random(in: 0..<size.height, using: &rng)
            let window = PixelRect(x: x, y: y, width: Int.random(in: 1...(size.width - x), using: &rng),
                                   height: Int.random(in: 1...(size.height - y), using: &rng))
            let part = CoverageMask(window: window, roundedRect: rect, radius: radius, corners: corners)!
            XCTAssertEqual(part.size, window.size)
            for py in 0..<window.height {
                for px in 0..<window.width where part[px, py] != whole[window.x + px, window.y + py] {
                    XCTFail("window \(window) of \(size): (\(px), \(py)) differs")
                }
            }
        }
    }

    func testRoundedPaintShadesExactlyWhatTheShapePaintOfTheWholeMaskShades() {
        var rng = SeededRandom(seed: 7)
        let target = PixelSize(width: 90, height: 60)
        for trial in 0..<120 {
            let size = PixelSize(width: Int.random(in: 1...2200, using: &rng), height: Int.random(in: 1...70, using: &rng))
            let radius = [Double.random(in: 0.2...40, using: &rng), Double(size.width) / 2, Double(size.height) / 2][trial % 3]
            let corners = Corners(rawValue: UInt8.random(in: 0...15, using: &rng))
            let shape = RoundedRectCoverage(size: size, radius: radius, corners: corners)!
            let mask = wholeMask(size, radius, corners)
            // The shape's box somewhere over the target, often partly outside it.
            let offset = PixelPoint(x: Int.random(in: -size.width...80, using: &rng), y: Int.random(in: -size.height...50, using: &rng))
            let box = PixelRect(origin: offset, size: size).intersection(PixelRect(x: 0, y: 0, width: target.width, height: target.height))
            guard !box.isEmpty else { continue }
            var base = Pixmap(size: target)!
            for i in base.pixels.indices { base.pixels[i] = randomPremultiplied(&rng) }
            // A few visible spans inside the box, as hidden-surface removal leaves them.
            var spans: [Span] = []
            var x = box.x
            while x < box.maxX {
                let end = min(box.maxX, x + Int.random(in: 1...30, using: &rng))
                if Bool.random(using: &rng) { spans.append(Span(x, end)) }
                x = end
            }
            let color = PremultipliedColor(packed: randomPremultiplied(&rng))
            let rows = box.y..<box.maxY
            var viaTiles = base, viaMask = base
            let shadedTiles = viaTiles.paint(.rounded(color, shape, offset: offset), rows: rows, spans: spans[...], kernels: .preferred)
            let shadedMask = viaMask.paint(.shape(color, mask, offset: offset), rows: rows, spans: spans[...], kernels: .preferred)
            XCTAssertEqual(shadedTiles, shadedMask)
            XCTAssertEqual(viaTiles, viaMask, "trial \(trial): \(size) r \(radius) corners \(corners.rawValue) at \(offset)")
        }
    }
}
