import RasterTestSupport
@testable import Raster
import XCTest

/// Each kernel against a per-pixel scalar reference on random images, rectangles and clips.
final class PixmapDrawingTests: XCTestCase {
    private func randomPixmap(_ w: Int, _ h: Int, _ rng: inout SeededRandom) -> Pixmap {
        var p = Pixmap(width: w, height: h)!
        for i in 0..<p.pixels.count { p.pixels[i] = randomPremultiplied(&rng) }
        return p
    }

    private func randomRect(_ rng: inout SeededRandom, within w: Int, _ h: Int) -> PixelRect {
        PixelRect(x: Int.random(in: -5...w, using: &rng), y: Int.random(in: -5...h, using: &rng),
                  width: Int.random(in: 0...w + 5, using: &rng), height: Int.random(in: 0...h + 5, using: &rng))
    }

    private func contains(_ r: PixelRect, _ x: Int, _ y: Int) -> Bool { x >= r.x && x < r.maxX && y >= r.y && y < r.maxY }

    func testPixmapRejectsEmptyAndOverflowingSizes() {
        XCTAssertNil(Pixmap(width: 0, height: 5))
        XCTAssertNil(Pixmap(width: 5, height: -1))
        XCTAssertNil(Pixmap(width: Int.max, height: 2))
        XCTAssertNil(Pixmap(width: 1 << 15, height: 1 << 15))
        XCTAssertEqual(Pixmap(width: 3, height: 2)?.pixels.count, 6)
    }

    func testFillAndBlendMatchReferenceWithClipping() {
        var rng = SeededRandom(seed: 11)
        for _ in 0..<200 {
            let w = Int.random(in: 1...20, using: &rng), h = Int.random(in: 1...12, using: &rng)
            let base = randomPixmap(w, h, &rng)
            let rect = randomRect(&rng, within: w, h), clip = randomRect(&rng, within: w, h)
            let color = PremultipliedColor(packed: randomPremultiplied(&rng))
            var filled = base, blended = base
            let nFill = filled.fill(rect, with: color, clip: clip, kernels: .preferred)
            let nBlend = blended.blend(rect, with: color, clip: clip, kernels: .preferred)
            var expected = 0
            for y in 0..<h {
                for x in 0..<w {
                    let inside = contains(rect, x, y) && contains(clip, x, y)
                    if inside { expected += 1 }
                    let old = base.pixels[y * w + x]
                    XCTAssertEqual(filled.pixels[y * w + x], inside ? color.packed : old)
                    XCTAssertEqual(blended.pixels[y * w + x], inside ? Blend.Reference.over(color.packed, old) : old)
                }
            }
            XCTAssertEqual(nFill, expected)
            XCTAssertEqual(nBlend, expected)
        }
    }

    func testDrawCopyAndMaskedCompositeMatchReference() {
        var rng = SeededRandom(seed: 12)
        for _ in 0..<200 {
            let w = Int.random(in: 1...16, using: &rng), h = Int.random(in: 1...10, using: &rng)
            let base = randomPixmap(w, h, &rng)
            let sw = Int.random(in: 1...12, using: &rng), sh = Int.random(in: 1...8, using: &rng)
            let source = randomPixmap(sw, sh, &rng)
            var mask = CoverageMask(size: source.size)!
            for i in 0..<mask.values.count { mask.values[i] = UInt8.random(in: 0...255, using: &rng) }
            let origin = PixelPoint(x: Int.random(in: -6...w, using: &rng), y: Int.random(in: -6...h, using: &rng))
            let opacity = UInt8.random(in: 0...255, using: &rng)
            var drawn = base, copied = base, masked = base
            drawn.draw(source, from: source.bounds, to: origin, opacity: opacity, kernels: .preferred)
            copied.copy(source, from: source.bounds, to: origin, kernels: .preferred)
            masked.draw(source, mask: mask, at: origin, opacity: opacity, kernels: .preferred)
            for y in 0..<h {
                for x in 0..<w {
                    let sx = x - origin.x, sy = y - origin.y
                    let old = base.pixels[y * w + x]
                    guard sx >= 0, sx < sw, sy >= 0, sy < sh else {
                        XCTAssertEqual(drawn.pixels[y * w + x], old)
                        XCTAssertEqual(copied.pixels[y * w + x], old)
                        XCTAssertEqual(masked.pixels[y * w + x], old)
                        continue
                    }
                    let s = source.pixels[sy * sw + sx]
                    let m = UInt8(div255(UInt32(mask.values[sy * sw + sx]) * UInt32(opacity)))
                    XCTAssertEqual(drawn.pixels[y * w + x], Blend.Reference.over(Blend.Reference.scale(s, opacity), old))
                    XCTAssertEqual(copied.pixels[y * w + x], s)
                    XCTAssertEqual(masked.pixels[y * w + x], Blend.Reference.over(Blend.Reference.scale(s, m), old))
                }
            }
        }
    }

    func testMultiplyByMaskScalesEveryPixel() {
        var rng = SeededRandom(seed: 13)
        let source = randomPixmap(9, 7, &rng)
        var mask = CoverageMask(size: source.size)!
        for i in 0..<mask.values.count { mask.values[i] = UInt8.random(in: 0...255, using: &rng) }
        var out = source
        let scaled = out.multiply(by: mask, kernels: .preferred)
        for i in 0..<out.pixels.count { XCTAssertEqual(out.pixels[i], Blend.Reference.scale(source.pixels[i], mask.values[i])) }
        XCTAssertEqual(scaled, mask.values.filter { $0 != 255 }.count, "it counts the pixels it scaled")
    }

    /// The memory floor's copy: every row from the one `rowAlignmentPeriod` rows above (the
    /// nearest with its alignment to a 64-byte line), on both store paths.
    func testCopyRowsFromAboveRepeatsTheFirstRowsWithTheRowsAlignment() {
        XCTAssertEqual(Pixmap(width: 2048, height: 1)!.rowAlignmentPeriod, 1)
        XCTAssertEqual(Pixmap(width: 750, height: 1)!.rowAlignmentPeriod, 8)
        XCTAssertEqual(Pixmap(width: 37, height: 1)!.rowAlignmentPeriod, 16)
        var rng = SeededRandom(seed: 0xC0DE)
        for path in StoreKernel.allCases {
            let before = randomPixmap(750, 20, &rng)
            var p = before
            XCTAssertEqual(p.copyRowsFromAbove(path: path), 12 * 750)
            for y in 0..<20 {
                for x in 0..<750 { XCTAssertEqual(p[x, y], before[x, y % 8], "\(path) (\(x), \(y))") }
            }
        }
    }

    /// The memory floor's streaming fill writes what the fill kernel writes, on every row however
    /// it falls against a 16-byte boundary (odd widths start rows at every 4-byte offset), and
    /// only inside the pixmap.
    func testTheStreamingFillWritesEveryPixelAsTheFillDoes() {
        let colors = [Color.white.premultiplied, Color(red: 242, green: 242, blue: 247).premultiplied]
        for (w, h) in [(1, 1), (2, 3), (3, 5), (4, 4), (5, 7), (7, 3), (8, 2), (9, 9), (17, 4), (257, 3)] {
            for color in colors {
                var streamed = Pixmap(width: w, height: h)!
                var filled = Pixmap(width: w, height: h)!
                XCTAssertEqual(streamed.fillStreaming(with: color), w * h)
                filled.fill(filled.bounds, with: color, kernels: .preferred)
                XCTAssertEqual(streamed, filled, "\(w) × \(h)")
            }
        }
    }

    /// The memory floor's streaming copies leave the pixels the copy kernel leaves: every row
    /// from the first rows with its alignment, and a whole image copied, at any width.
    func testTheStreamingCopiesWriteWhatTheCopyKernelWrites() {
        var rng = SeededRandom(seed: 0x57EA)
        for (w, h) in [(1, 1), (1, 20), (3, 40), (5, 33), (16, 3), (17, 40), (257, 5)] {
            let source = randomPixmap(w, h, &rng)
            var streamed = source, copied = source
            XCTAssertEqual(streamed.copyRowsFromTopStreaming(), copied.copyRowsFromAbove(path: .preferred), "\(w) × \(h)")
            XCTAssertEqual(streamed, copied, "\(w) × \(h)")
            var whole = Pixmap(width: w, height: h)!
            XCTAssertEqual(whole.copyStreaming(from: source), w * h)
            XCTAssertEqual(whole, source, "\(w) × \(h)")
        }
    }

    /// The memory floor drops its kept image from the caches before it copies it: a hint to the
    /// memory system that must leave every pixel, and every coverage value, as it was (odd sizes
    /// too, whose storage ends inside a cache line).
    func testEvictingFromTheCachesChangesNoPixelAndNoCoverage() {
        var rng = SeededRandom(seed: 0xE71C)
        for (w, h) in [(1, 1), (37, 3), (750, 20)] {
            let pixmap = randomPixmap(w, h, &rng)
            let pixels = pixmap.pixels.map { $0 }  // storage of its own
            pixmap.evictFromCaches()
            XCTAssertEqual(pixmap.pixels, pixels, "\(w) × \(h)")
            var mask = CoverageMask(size: PixelSize(width: w, height: h), coverage: 0)!
            for i in mask.values.indices { mask.values[i] = UInt8(truncatingIfNeeded: i &* 37) }
            let values = mask.values.map { $0 }
            mask.evictFromCaches()
            XCTAssertEqual(mask.values, values, "\(w) × \(h)")
        }
    }
}
