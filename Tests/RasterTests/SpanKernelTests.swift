import RasterTestSupport
@testable import Raster
import XCTest

/// The vectorised span kernels against the scalar reference, for every span length 0 ... 257 at
/// every alignment 0 ... 7 of the destination and the source, on random premultiplied data.
final class SpanKernelTests: XCTestCase {
    private let width = 280

    private func random(_ rng: inout SeededRandom) -> Pixmap {
        var p = Pixmap(width: width, height: 1)!
        for i in 0..<width { p.pixels[i] = randomPremultiplied(&rng) }
        // Some opaque and some empty runs, so the kernels' shortcuts are exercised too.
        for i in stride(from: 0, to: width, by: 37) { for j in i..<min(width, i + 9) { p.pixels[j] |= 0xFF00_0000 } }
        for i in stride(from: 20, to: width, by: 53) { for j in i..<min(width, i + 8) { p.pixels[j] = 0 } }
        return p
    }

    private func coverage(_ rng: inout SeededRandom) -> CoverageMask {
        var m = CoverageMask(size: PixelSize(width: width, height: 1))!
        for i in 0..<width { m.values[i] = [0, 255, UInt8.random(in: 0...255, using: &rng)][Int.random(in: 0...2, using: &rng)] }
        return m
    }

    func testBlendKernelsMatchScalarReferenceForAllLengthsAndAlignments() {
        var rng = SeededRandom(seed: 2026)
        for length in 0...257 {
            for alignment in 0..<8 where alignment + length <= width {
                let dst = random(&rng), src = random(&rng), mask = coverage(&rng)
                let color = PremultipliedColor(packed: randomPremultiplied(&rng))
                let opacity: UInt8 = [255, 128, UInt8.random(in: 0...255, using: &rng)][length % 3]
                let srcShift = (alignment * 3) % 8
                let span = [Span(alignment, alignment + length)][...]
                let sourceOffset = PixelPoint(x: -srcShift, y: 0)  // destination x reads source x + srcShift
                var blended = dst, drawn = dst, shaped = dst, masked = dst
                blended.paint(.blend(color), rows: 0..<1, spans: span)
                drawn.paint(.draw(src, offset: sourceOffset, opacity: opacity), rows: 0..<1, spans: span)
                shaped.paint(.shape(color, mask, offset: sourceOffset), rows: 0..<1, spans: span)
                masked.paint(.masked(src, mask, offset: sourceOffset, opacity: opacity), rows: 0..<1, spans: span)
                for x in 0..<width {
                    let d = dst.pixels[x]
                    guard x >= alignment && x < alignment + length else {
                        XCTAssertEqual(blended.pixels[x], d); XCTAssertEqual(masked.pixels[x], d)
                        continue
                    }
                    let s = src.pixels[x + srcShift], m = mask.values[x + srcShift]
                    let ms = UInt8(div255(UInt32(m) * UInt32(opacity)))
                    XCTAssertEqual(blended.pixels[x], Blend.Reference.over(color.packed, d), "blend len \(length) align \(alignment)")
                    XCTAssertEqual(drawn.pixels[x], Blend.Reference.over(Blend.Reference.scale(s, opacity), d), "draw len \(length)")
                    XCTAssertEqual(shaped.pixels[x], Blend.Reference.over(Blend.Reference.scale(color.packed, m), d), "shape len \(length)")
                    XCTAssertEqual(masked.pixels[x], Blend.Reference.over(Blend.Reference.scale(s, ms), d), "masked len \(length)")
                }
            }
        }
    }
}
