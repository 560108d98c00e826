import RasterTestSupport
@testable import Raster
import XCTest

/// The built-in font and its glyph cache: metrics, anti-aliased glyphs, line composition.
final class BuiltinFontTests: XCTestCase {
    private let font = BuiltinFont.standard
    private let printable = (0x21...0x7E).map { Unicode.Scalar(UInt8($0)) }

    /// `text` composed by hand from `glyph(_:pixelsPerEm:)` at the pen positions: the oracle
    /// for the cache's line.
    private func placedOneByOne(_ text: String, pixelsPerEm: Int, maxWidth: Int = .max) -> CoverageMask? {
        let width = min(font.width(of: text, pixelsPerEm: pixelsPerEm), maxWidth)
        guard var line = CoverageMask(size: PixelSize(width: width, height: font.lineHeight(pixelsPerEm: pixelsPerEm))) else {
            return nil
        }
        var pen = 0
        for scalar in text.unicodeScalars {
            if let glyph = font.glyph(scalar, pixelsPerEm: pixelsPerEm) {
                for y in 0..<glyph.height {
                    for x in 0..<glyph.width where pen + x < width {
                        line[pen + x, y] = UInt8(min(255, Int(line[pen + x, y]) + Int(glyph[x, y])))
                    }
                }
            }
            pen += font.advance(of: scalar, pixelsPerEm: pixelsPerEm)
        }
        return line
    }

    func testEveryPrintableGlyphExceptSpaceHasAntiAliasedCoverage() {
        for ppem in [9, 17, 51] {
            for scalar in printable {
                guard let mask = font.glyph(scalar, pixelsPerEm: ppem) else {
                    XCTFail("'\(scalar)' at \(ppem) ppem draws nothing"); continue
                }
                XCTAssertTrue(mask.values.contains { $0 > 0 }, "'\(scalar)' at \(ppem) ppem")
                XCTAssertTrue(mask.values.contains { $0 > 0 && $0 < 255 }, "'\(scalar)' at \(ppem) ppem has no edge coverage")
            }
        }
    }

    func testGlyphMaskIsAdvanceByLineHeight() {
        for ppem in [5, 9, 17, 51] {
            for scalar in printable + ["é"] {
                let mask = font.glyph(scalar, pixelsPerEm: ppem)
                XCTAssertEqual(mask?.width, font.advance(of: scalar, pixelsPerEm: ppem), "'\(scalar)' at \(ppem)")
                XCTAssertEqual(mask?.height, font.lineHeight(pixelsPerEm: ppem), "'\(scalar)' at \(ppem)")
            }
        }
    }

    func testLineMetricsAreTheDocumentedRoundedMultiplesOfTheEm() {
        for ppem in 1...100 {
            XCTAssertEqual(font.lineHeight(pixelsPerEm: ppem), Int((1.2 * Double(ppem)).rounded()))
            XCTAssertEqual(font.baseline(pixelsPerEm: ppem), Int((0.9 * Double(ppem)).rounded()))
        }
        XCTAssertEqual(font.lineHeight(pixelsPerEm: 51), 61)
        XCTAssertEqual(font.baseline(pixelsPerEm: 51), 46)
    }

    func testSpaceDrawsNothingButAdvances() {
        for ppem in [1, 17, 51] {
            XCTAssertNil(font.glyph(" ", pixelsPerEm: ppem))
            XCTAssertGreaterThan(font.advance(of: " ", pixelsPerEm: ppem), 0)
        }
        var cache = GlyphCache()
        let line = cache.coverage(of: "   ", pixelsPerEm: 17)
        XCTAssertEqual(line?.width, 3 * font.advance(of: " ", pixelsPerEm: 17))
        XCTAssertEqual(line?.values.allSatisfy { $0 == 0 }, true)
    }

    func testWidthIsTheSumOfAdvancesAndGrowsWithSize() {
        let text = "Wi-Fi 5G, Bluetooth & Cellular: ü"
        var previous = 0
        for ppem in 1...80 {
            let sum = text.unicodeScalars.reduce(0) { $0 + font.advance(of: $1, pixelsPerEm: ppem) }
            let width = font.width(of: text, pixelsPerEm: ppem)
            XCTAssertEqual(width, sum)
            XCTAssertGreaterThanOrEqual(width, previous, "at \(ppem) ppem")
            previous = width
        }
        XCTAssertLessThan(font.width(of: text, pixelsPerEm: 17), font.width(of: text, pixelsPerEm: 51))
        XCTAssertEqual(font.width(of: "", pixelsPerEm: 17), 0)
        // Narrow and wide letters differ: the advance table is proportional, not monospaced.
        XCTAssertLessThan(font.advance(of: "i", pixelsPerEm: 51), font.advance(of: "m", pixelsPerEm: 51))
    }

    func testZeroOrNegativeSizeDrawsNothing() {
        for ppem in [0, -3] {
            XCTAssertEqual(font.advance(of: "A", pixelsPerEm: ppem), 0)
            XCTAssertEqual(font.lineHeight(pixelsPerEm: ppem), 0)
            XCTAssertNil(font.glyph("A", pixelsPerEm: ppem))
            var cache = GlyphCache()
            XCTAssertNil(cache.coverage(of: "A", pixelsPerEm: ppem))
        }
    }

    func testCachedLineIsBitIdenticalToGlyphsPlacedOneByOne() {
        var cache = GlyphCache()
        for ppem in [7, 12, 17, 34, 51] {
            for text in ["Wi-Fi 5G", "Hello, World!", "{[(<@#$%&*>)]}", "naïve café ☕︎", "jÿ|_gq,"] {
                let cached = cache.coverage(of: text, pixelsPerEm: ppem)
                XCTAssertEqual(cached, placedOneByOne(text, pixelsPerEm: ppem), "'\(text)' at \(ppem)")
                // Drawn again from a warm cache: still the same bits.
                XCTAssertEqual(cache.coverage(of: text, pixelsPerEm: ppem), cached, "'\(text)' at \(ppem), cached")
            }
        }
    }

    func testSecondCoverageOfTheSameTextCountsOnlyHits() {
        var cache = GlyphCache()
        let text = "Settings"  // 't' repeats: its second lookup is already a hit
        _ = cache.coverage(of: text, pixelsPerEm: 17)
        XCTAssertEqual(cache.misses, 7)
        XCTAssertEqual(cache.hits, 1)
        _ = cache.coverage(of: text, pixelsPerEm: 17)
        XCTAssertEqual(cache.misses, 7)
        XCTAssertEqual(cache.hits, 1 + 8)
        // Another size is another glyph.
        _ = cache.coverage(of: "S", pixelsPerEm: 18)
        XCTAssertEqual(cache.misses, 8)
    }

    func testTofuScalarsShareOneCacheEntry() {
        var cache = GlyphCache()
        _ = cache.coverage(of: "é", pixelsPerEm: 17)
        _ = cache.coverage(of: "ü☕", pixelsPerEm: 17)
        XCTAssertEqual(cache.misses, 1)
        XCTAssertEqual(cache.hits, 2)
    }

    func testMaxWidthClipsTheLine() {
        var cache = GlyphCache()
        let text = "Wi-Fi 5G"
        let full = cache.coverage(of: text, pixelsPerEm: 17)!
        XCTAssertEqual(full.width, font.width(of: text, pixelsPerEm: 17))
        for maxWidth in [1, 9, 10, 31, full.width - 1, full.width, full.width + 50] {
            let clipped = cache.coverage(of: text, pixelsPerEm: 17, maxWidth: maxWidth)!
            XCTAssertEqual(clipped.width, min(maxWidth, full.width))
            XCTAssertEqual(clipped.height, full.height)
            for y in 0..<clipped.height {
                for x in 0..<clipped.width { XCTAssertEqual(clipped[x, y], full[x, y], "maxWidth \(maxWidth) at \(x),\(y)") }
            }
            XCTAssertEqual(clipped, placedOneByOne(text, pixelsPerEm: 17, maxWidth: maxWidth))
        }
        XCTAssertNil(cache.coverage(of: text, pixelsPerEm: 17, maxWidth: 0))
        XCTAssertNil(cache.coverage(of: "", pixelsPerEm: 17))
    }

    func testClippedGlyphsAreNotLookedUp() {
        var cache = GlyphCache()
        _ = cache.coverage(of: "ABCDEFGH", pixelsPerEm: 17, maxWidth: font.advance(of: "A", pixelsPerEm: 17))
        XCTAssertEqual(cache.misses, 1)
        XCTAssertEqual(cache.hits, 0)
    }

    func testNonASCIIDrawsATofuBoxOfTheAverageWidth() throws {
        let ppem = 51
        let tofu = try XCTUnwrap(font.glyph("é", pixelsPerEm: ppem))
        for scalar: Unicode.Scalar in ["\u{7F}", "\u{A0}", "€", "☕", "\u{1F600}", "\u{301}"] {
            XCTAssertEqual(font.glyph(scalar, pixelsPerEm: ppem), tofu, "U+\(String(scalar.value, radix: 16))")
        }
        // The average of the printable ASCII advances, rounded like every advance.
        let designs = font.designs[0..<95]
        let average = designs.reduce(0) { $0 + $1.advance } / 95
        XCTAssertEqual(tofu.width, Int((average * Double(ppem)).rounded()))
        // A box: ink along the top and bottom edges and both sides, nothing inside.
        // Rows holding the centre lines of the box's top (cap height) and bottom (baseline) strokes.
        let baseline = Double(font.baseline(pixelsPerEm: ppem)), half = BuiltinFont.strokeWidthEm / 2
        let top = Int(baseline - (0.70 - half) * Double(ppem)), bottom = Int(baseline - half * Double(ppem))
        let midX = tofu.width / 2, midY = (top + bottom) / 2
        XCTAssertEqual(tofu[midX, top], 255)
        XCTAssertEqual(tofu[midX, bottom], 255)
        XCTAssertEqual(tofu[midX, midY], 0)
        XCTAssertEqual((0..<midX).map { tofu[$0, midY] }.max(), 255)
        XCTAssertEqual((midX..<tofu.width).map { tofu[$0, midY] }.max(), 255)
        XCTAssertEqual(tofu[midX, 0], 0)
    }

    func testRasterizingIsDeterministic() {
        for scalar in printable {
            XCTAssertEqual(font.glyph(scalar, pixelsPerEm: 23), font.glyph(scalar, pixelsPerEm: 23))
        }
        var a = GlyphCache(), b = GlyphCache()
        XCTAssertEqual(a.coverage(of: "Deterministic?", pixelsPerEm: 29), b.coverage(of: "Deterministic?", pixelsPerEm: 29))
    }

    func testDistinctCharactersHaveDistinctMasks() {
        for ppem in [12, 17] {
            var seen: [[UInt8]: Unicode.Scalar] = [:]
            for scalar in printable + ["é"] {
                let mask = font.glyph(scalar, pixelsPerEm: ppem)!
                // The width is part of the identity: equal bytes at different widths are different glyphs.
                let key = [UInt8(truncatingIfNeeded: mask.width)] + mask.values
                if let other = seen[key] { XCTFail("'\(scalar)' and '\(other)' draw the same at \(ppem) ppem") }
                seen[key] = scalar
            }
            XCTAssertEqual(seen.count, 95)
        }
    }

    /// Glyph masks are clipped to the advance box and the line, so a stroke reaching outside
    /// them would lose its edge.
    func testEveryStrokeStaysInsideItsAdvanceAndLine() {
        let half = BuiltinFont.strokeWidthEm / 2
        let top = BuiltinFont.baselineEm, bottom = BuiltinFont.baselineEm - BuiltinFont.lineHeightEm
        for (index, design) in font.designs.enumerated() {
            let name = index == BuiltinFont.tofuIndex ? "tofu" : String(Unicode.Scalar(UInt8(index + 0x20)))
            for point in design.strokes.flatMap(\.samplePoints) {
                XCTAssertGreaterThanOrEqual(point.x - half, 0, "'\(name)' leaves its left side")
                XCTAssertLessThanOrEqual(point.x + half, design.advance, "'\(name)' leaves its right side")
                XCTAssertLessThanOrEqual(point.y + half, top, "'\(name)' leaves the line's top")
                XCTAssertGreaterThanOrEqual(point.y - half, bottom, "'\(name)' leaves the line's bottom")
            }
        }
    }

    func testStrokeCoverageMatchesSupersampledReference() {
        var rng = SeededRandom(seed: 5)
        let width = 24, height = 20, n = 32
        for _ in 0..<6 {
            let r = Double.random(in: 0.4...3, using: &rng)
            let segments = (0..<3).map { _ in
                StrokeSegment(x0: .random(in: 2...22, using: &rng), y0: .random(in: 2...18, using: &rng),
                              x1: .random(in: 2...22, using: &rng), y1: .random(in: 2...18, using: &rng))
            }
            // Axis-aligned and zero-length segments take their own branches.
            let all = segments + [StrokeSegment(x0: 5, y0: 3.3, x1: 19.6, y1: 3.3),
                                  StrokeSegment(x0: 4.2, y0: 4, x1: 4.2, y1: 15),
                                  StrokeSegment(x0: 12.5, y0: 16.7, x1: 12.5, y1: 16.7)]
            let values = StrokeRasterizer.coverage(of: all, radius: r, width: width, height: height, subrows: 16)
            for py in 0..<height {
                for px in 0..<width {
                    var inside = 0
                    for j in 0..<n {
                        for i in 0..<n {
                            let x = Double(px) + (Double(i) + 0.5) / Double(n), y = Double(py) + (Double(j) + 0.5) / Double(n)
                            if all.contains(where: { distance(x, y, $0) <= r }) { inside += 1 }
                        }
                    }
                    let expected = Double(inside) / Double(n * n) * 255
                    // 16 sample rows per pixel: within 1/32 of a pixel per edge crossing the pixel,
                    // plus the reference's own 32 × 32 sampling error (worst seen: 8.3).
                    XCTAssertEqual(Double(values[py * width + px]), expected, accuracy: 12, "r \(r) at \(px),\(py)")
                }
            }
        }
    }

    private func distance(_ x: Double, _ y: Double, _ s: StrokeSegment) -> Double {
        let dx = s.x1 - s.x0, dy = s.y1 - s.y0
        let len2 = dx * dx + dy * dy
        let t = len2 == 0 ? 0 : max(0, min(1, ((x - s.x0) * dx + (y - s.y0) * dy) / len2))
        let ex = x - (s.x0 + t * dx), ey = y - (s.y0 + t * dy)
        return (ex * ex + ey * ey).squareRoot()
    }
}
