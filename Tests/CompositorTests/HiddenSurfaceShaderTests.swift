@testable import Compositor
import Raster
import RasterTestSupport
import XCTest

/// The hidden-surface shader on its own: a display list in, the visible fragments shaded and
/// counted and returned; the scratch space it keeps between lists never shows in a later one.
final class HiddenSurfaceShaderTests: XCTestCase {
    private let red = Color(red: 200, green: 0, blue: 0).premultiplied
    private let blue = Color(red: 0, green: 0, blue: 200).premultiplied
    private let veil = Color(red: 0, green: 0, blue: 0, alpha: 100).premultiplied

    /// A background filling 40 × 30 pixels, an opaque square in front and a blended band over both.
    private func list() -> [DrawOp] {
        [DrawOp(rect: PixelRect(x: 0, y: 0, width: 40, height: 30), paint: .fill(red), mark: .opaque),
         DrawOp(rect: PixelRect(x: 10, y: 10, width: 10, height: 10), paint: .fill(blue), mark: .opaque),
         DrawOp(rect: PixelRect(x: 0, y: 25, width: 40, height: 5), paint: .blend(veil), mark: .blended)]
    }

    func testOpaqueOperationsHideWhatIsBehindThemAndBlendedOnesHideNothing() throws {
        var shader = HiddenSurfaceShader()
        var target = try XCTUnwrap(Pixmap(width: 40, height: 30))
        let stats = shader.shade(list(), into: &target, onScreen: true, kernels: .preferred)
        XCTAssertEqual(stats.shadedPixels, 40 * 30 + 40 * 5, "each pixel once, and the blended band over it")
        XCTAssertEqual(stats.blendedFragments, 40 * 5)
        XCTAssertEqual(stats.blendedPixels, 40 * 5, "on screen, blended layers are counted whole")
        XCTAssertEqual(target[15, 15], blue)
        XCTAssertEqual(target[5, 5], red)
    }

    func testAShaderKeptAcrossListsShadesEachAsAFreshOneWould() throws {
        var kept = HiddenSurfaceShader()
        var first = try XCTUnwrap(Pixmap(width: 40, height: 30))
        XCTAssertEqual(kept.shade(list(), into: &first, onScreen: true, kernels: .preferred).shadedPixels, 40 * 30 + 40 * 5)
        // A smaller list after a larger one: nothing of the first may be shaded again.
        let small = [DrawOp(rect: PixelRect(x: 2, y: 2, width: 4, height: 3), paint: .blend(veil), mark: .blended)]
        var again = try XCTUnwrap(Pixmap(width: 40, height: 30))
        let keptStats = kept.shade(small, into: &again, onScreen: false, kernels: .preferred)
        var fresh = HiddenSurfaceShader()
        var once = try XCTUnwrap(Pixmap(width: 40, height: 30))
        let freshStats = fresh.shade(small, into: &once, onScreen: false, kernels: .preferred)
        XCTAssertEqual(keptStats, freshStats)
        XCTAssertEqual(keptStats.shadedPixels, 12)
        XCTAssertEqual(keptStats.blendedPixels, 0, "off screen, no Color Blended Layers pixels")
        XCTAssertEqual(again, once)
    }

    /// Random lists, many of them with stacked fills of one colour and columns (a table's cells)
    /// and content between them in the list, some of it reaching into the fill below, and blends
    /// that start and end inside bands: the shader's pixels and counts equal painting every
    /// operation back to front and counting, at every pixel, the fragments in front of its
    /// front-most opaque one.
    func testShadingEqualsPaintingBackToFrontAndCountingEachPixelsFragments() throws {
        var rng = SeededRandom(seed: 0x4853_5200)
        func random(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
        let width = 48, height = 40
        let colours = [red, blue]
        var image = try XCTUnwrap(Pixmap(width: width, height: height))
        for py in 0..<height {
            for px in 0..<width {
                image[px, py] = PremultipliedColor(packed: UInt32(truncatingIfNeeded: (py * width + px) &* 2_654_435_761) | 0xFF00_0000)
            }
        }
        var shader = HiddenSurfaceShader()
        for _ in 0..<400 {
            var ops = [DrawOp(rect: PixelRect(x: 0, y: 0, width: width, height: height), paint: .fill(.transparent), mark: .opaque)]
            func rect() -> PixelRect {
                let x = random(0...width - 1), y = random(0...height - 1)
                return PixelRect(x: x, y: y, width: random(1...width - x), height: random(1...height - y))
            }
            // A column of stacked cells, each followed by content.
            let x0 = random(0...10), x1 = random(30...width), colour = colours[random(0...1)]
            var y = random(0...5)
            while y < height - 2 {
                let h = random(1...8)
                ops.append(DrawOp(rect: PixelRect(x: x0, y: y, width: x1 - x0, height: min(h, height - y)),
                                  paint: .fill(random(0...5) == 0 ? colours[random(0...1)] : colour), mark: .opaque))
                for _ in 0..<random(0...2) {
                    // Inside the cell, or reaching into the next one.
                    let r = PixelRect(x: random(x0...x1 - 1), y: y + random(0...h), width: random(1...8), height: random(1...4))
                        .intersection(PixelRect(x: 0, y: 0, width: width, height: height))
                    guard !r.isEmpty else { continue }
                    switch random(0...2) {
                    case 0: ops.append(DrawOp(rect: r, paint: .blend(veil), mark: .blended))
                    case 1: ops.append(DrawOp(rect: r, paint: .copy(image, offset: .zero), mark: .opaque))
                    default: ops.append(DrawOp(rect: r, paint: .fill(colours[random(0...1)]), mark: .opaque))
                    }
                }
                y += h + (random(0...4) == 0 ? 1 : 0)
            }
            for _ in 0..<random(0...4) {
                switch random(0...2) {
                case 0: ops.append(DrawOp(rect: rect(), paint: .blend(veil), mark: .blended))
                case 1: ops.append(DrawOp(rect: rect(), paint: .copy(image, offset: .zero), mark: .opaque))
                default: ops.append(DrawOp(rect: rect(), paint: .fill(colours[random(0...1)]), mark: .opaque))
                }
            }
            var shaded = try XCTUnwrap(Pixmap(width: width, height: height))
            let stats = shader.shade(ops, into: &shaded, onScreen: true, kernels: .preferred)
            // The reference: every operation in turn, and each pixel's fragments counted.
            var painted = try XCTUnwrap(Pixmap(width: width, height: height))
            for op in ops { painted.paint(op.paint, rows: op.rect.y..<op.rect.y + op.rect.height, spans: [Span(op.rect.x, op.rect.x + op.rect.width)][...],
                                           kernels: .preferred) }
            var fragments = 0, blended = 0, written = 0, read = 0
            for py in 0..<height {
                for px in 0..<width {
                    for op in ops.reversed() where op.rect.contains(PixelRect(x: px, y: py, width: 1, height: 1)) {
                        fragments += 1
                        written += op.bytesPerPixel.written
                        read += op.bytesPerPixel.read
                        if !op.blends { break }
                        blended += 1
                    }
                }
            }
            XCTAssertTrue(shaded == painted, "the shaded pixels differ from painting back to front")
            XCTAssertEqual(stats.shadedPixels, fragments)
            XCTAssertEqual(stats.blendedFragments, blended)
            XCTAssertEqual(stats.bytesWritten, written)
            XCTAssertEqual(stats.bytesRead, read)
            XCTAssertEqual(stats.blendedPixels, ops.filter(\.blends).reduce(0) { $0 + $1.rect.area })
        }
    }
}
