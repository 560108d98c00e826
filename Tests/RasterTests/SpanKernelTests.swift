import RasterTestSupport
@testable import Raster
import XCTest

/// The vectorised span kernels against the scalar reference (`Blend.Reference`), for every span
/// length 0 ... 257 and some long enough to prefetch, at every alignment 0 ... 7 of the
/// destination and random ones of the source.
///
/// The data is random but laid out in runs, so that every path of every kernel is taken: groups
/// of eight source pixels that are all opaque, all zero or mixed; coverage all 255, all 0 or
/// partial; opacity 255, 0 or between; colours opaque, zero or translucent; every tail length;
/// spans with and without prefetching. `Paths` replays the kernels' grouping on the same data and
/// the test fails if a path was never reached, so a change to the data or to the kernels cannot
/// silently leave a path untested.
final class SpanKernelTests: XCTestCase {
    /// Fills write the colour into exactly the span, by every route: a byte fill for colours
    /// whose four bytes are equal, a string store for other colours on long spans, a loop on
    /// short ones.
    func testFillWritesExactlyTheSpanForEveryColourKindAndLength() {
        for path in StoreKernel.allCases { checkFill(path) }
    }

    /// Opaque image copies write the source's pixels into exactly the span, on both store paths.
    func testCopyWritesExactlyTheSpanOnBothStorePaths() {
        var rng = SeededRandom(seed: 0xC0B1)
        for path in StoreKernel.allCases {
            let kernels = KernelChoice(store: path)
            for length in Array(0...257) + [600, 1037, 4099] {
                let offset = Int.random(in: 0...7, using: &rng), shift = Int.random(in: 0...7, using: &rng)
                var p = randomPixels(&rng, width: length + 16)
                let source = randomPixels(&rng, width: length + 16)
                let before = p.pixels
                p.paint(.copy(source, offset: PixelPoint(x: offset - shift, y: 0)), rows: 0..<1,
                        spans: [Span(offset, offset + length)][...], kernels: kernels)
                for x in 0..<p.width {
                    let expected = (offset..<offset + length).contains(x) ? source.pixels[x - offset + shift] : before[x]
                    if p.pixels[x] != expected {
                        XCTFail("\(path) length \(length) offset \(offset): pixel \(x) is \(String(p.pixels[x], radix: 16))")
                        return
                    }
                }
            }
        }
    }

    private func checkFill(_ path: StoreKernel) {
        let kernels = KernelChoice(store: path)
        var rng = SeededRandom(seed: 0xF111)
        let colours: [UInt32] = [0xFFFF_FFFF, 0, 0xFF00_0000, 0xFFF7_F2F2, 0x8040_2010]
        for colour in colours {
            for length in Array(0...257) + [600, 1037, 4099] {
                let offset = Int.random(in: 0...7, using: &rng)
                var p = randomPixels(&rng, width: length + 16)
                let before = p.pixels
                p.paint(.fill(PremultipliedColor(packed: colour)), rows: 0..<1, spans: [Span(offset, offset + length)][...],
                        kernels: kernels)
                for x in 0..<p.width {
                    let expected = (offset..<offset + length).contains(x) ? colour : before[x]
                    if p.pixels[x] != expected {
                        XCTFail("\(path): colour \(String(colour, radix: 16)) length \(length) offset \(offset): pixel \(x) is \(String(p.pixels[x], radix: 16))")
                        return
                    }
                }
            }
        }
    }

    /// Runs of opaque, all-zero and random premultiplied pixels, each 1 ... 24 long.
    private func randomPixels(_ rng: inout SeededRandom, width: Int, height: Int = 1) -> Pixmap {
        var p = Pixmap(width: width, height: height)!
        var x = 0
        while x < width * height {
            let kind = Int.random(in: 0...2, using: &rng), run = Int.random(in: 1...24, using: &rng)
            for i in x..<min(width * height, x + run) {
                switch kind {
                case 0: p.pixels[i] = randomPremultiplied(&rng) | 0xFF00_0000
                case 1: p.pixels[i] = 0
                default: p.pixels[i] = randomPremultiplied(&rng)
                }
            }
            x += run
        }
        return p
    }

    /// Runs of coverage 255, coverage 0 and random coverage, each 1 ... 24 long.
    private func randomCoverage(_ rng: inout SeededRandom, width: Int) -> CoverageMask {
        var m = CoverageMask(size: PixelSize(width: width, height: 1))!
        var x = 0
        while x < width {
            let kind = Int.random(in: 0...2, using: &rng), run = Int.random(in: 1...24, using: &rng)
            for i in x..<min(width, x + run) {
                m.values[i] = kind == 0 ? 255 : kind == 1 ? 0 : UInt8.random(in: 0...255, using: &rng)
            }
            x += run
        }
        return m
    }

    /// Runs `body` with the kernels of every lane width this processor has (`BlendLanes`).
    private func onEveryLaneWidth(_ body: (KernelChoice) -> Void) {
        for lanes in BlendLanes.wideIsAvailable ? [BlendLanes.wide, .portable] : [.portable] {
            body(KernelChoice(blendLanes: lanes))
        }
    }

    /// The row loop prefetches the rows below a source span exactly where the kernels do not
    /// prefetch within it; it holds the limit as a literal of its own, which must not drift.
    func testRowLoopShortSpanLimitIsTheKernelsPrefetchDistance() {
        XCTAssertEqual(Pixmap.longSpan, Kernels.prefetchDistance)
    }

    func testBlendKernelsMatchScalarReferenceForAllLengthsAndAlignmentsOnEveryLaneWidth() {
        onEveryLaneWidth(checkBlendKernels)
    }

    private func checkBlendKernels(_ kernels: KernelChoice) {
        var rng = SeededRandom(seed: 2026)
        var paths = Paths()
        let long = Kernels.prefetchDistance
        for length in Array(0...257) + Array(long - 1...long + 9) + [2 * long + 13] {
            for alignment in 0..<8 {
                checkSpan(length: length, alignment: alignment, &rng, &paths, kernels)
            }
        }
        XCTAssertEqual(paths.missing, [], "kernel paths the random data never reached")
    }

    /// Destination-in (`Kernels.multiply`, which bakes a clip into a rasterized bitmap) scales
    /// exactly the pixels under coverage below 255, as the scalar reference does, and counts them,
    /// for every length and alignment; groups at full, zero and partial coverage are all reached.
    func testMultiplyMatchesScalarReferenceAndCountsThePixelsItScalesOnEveryLaneWidth() {
        onEveryLaneWidth(checkMultiply)
    }

    private func checkMultiply(_ kernels: KernelChoice) {
        var rng = SeededRandom(seed: 0xD1)
        var groups = (full: 0, zero: 0, partial: 0)
        let long = Kernels.prefetchDistance
        for length in Array(0...257) + Array(long - 1...long + 9) + [2 * long + 13] {
            for alignment in 0..<8 {
                let width = alignment + length + 8
                let before = randomPixels(&rng, width: width), mask = randomCoverage(&rng, width: width)
                var after = before
                let scaled = after.pixels.withUnsafeMutableBufferPointer { d in
                    mask.values.withUnsafeBufferPointer { m in
                        Kernels.multiply(d.baseAddress! + alignment, m.baseAddress! + alignment, length, kernels.wide)
                    }
                }
                var expectedCount = 0
                for x in 0..<width {
                    let inside = x >= alignment && x < alignment + length, m = mask.values[x]
                    let expected = inside && m != 255 ? Blend.Reference.scale(before.pixels[x], m) : before.pixels[x]
                    if inside && m != 255 { expectedCount += 1 }
                    if after.pixels[x] != expected {
                        return XCTFail("length \(length) alignment \(alignment): pixel \(x) is \(String(after.pixels[x], radix: 16)), expected \(String(expected, radix: 16))")
                    }
                }
                XCTAssertEqual(scaled, expectedCount, "length \(length) alignment \(alignment)")
                for g in stride(from: 0, to: length - length % Kernels.lanes, by: Kernels.lanes) {
                    let values = mask.values[(alignment + g)..<(alignment + g + Kernels.lanes)]
                    if values.allSatisfy({ $0 == 255 }) { groups.full += 1 }
                    else if values.allSatisfy({ $0 == 0 }) { groups.zero += 1 }
                    else { groups.partial += 1 }
                }
            }
        }
        XCTAssertTrue(groups.full > 0 && groups.zero > 0 && groups.partial > 0, "groups reached: \(groups)")
    }

    /// Paints one span of `length` at `alignment` with every blend paint and compares each pixel
    /// with the reference, and those outside the span with the destination as it was.
    private func checkSpan(length: Int, alignment: Int, _ rng: inout SeededRandom, _ paths: inout Paths,
                           _ kernels: KernelChoice) {
        let width = alignment + length + 8
        let dst = randomPixels(&rng, width: width), src = randomPixels(&rng, width: width)
        let mask = randomCoverage(&rng, width: width)
        let color = PremultipliedColor(packed: [randomPremultiplied(&rng), randomPremultiplied(&rng) | 0xFF00_0000, 0,
                                                randomPremultiplied(&rng)][Int.random(in: 0...3, using: &rng)])
        let opacity: UInt8 = [255, 255, 0, 128, UInt8.random(in: 1...254, using: &rng)][Int.random(in: 0...4, using: &rng)]
        let srcShift = Int.random(in: 0...7, using: &rng)
        let span = [Span(alignment, alignment + length)][...]
        let sourceOffset = PixelPoint(x: -srcShift, y: 0)  // destination x reads source x + srcShift
        var blended = dst, drawn = dst, shaped = dst, masked = dst
        blended.paint(.blend(color), rows: 0..<1, spans: span, kernels: kernels)
        drawn.paint(.draw(src, offset: sourceOffset, opacity: opacity), rows: 0..<1, spans: span, kernels: kernels)
        shaped.paint(.shape(color, mask, offset: sourceOffset), rows: 0..<1, spans: span, kernels: kernels)
        masked.paint(.masked(src, mask, offset: sourceOffset, opacity: opacity), rows: 0..<1, spans: span, kernels: kernels)
        paths.record(length: length, color: color.packed, opacity: opacity,
                     source: Array(src.pixels[srcShift..<srcShift + length]),
                     coverage: Array(mask.values[srcShift..<srcShift + length]))
        for x in 0..<width {
            let d = dst.pixels[x]
            guard x >= alignment && x < alignment + length else {
                XCTAssertEqual(blended.pixels[x], d); XCTAssertEqual(drawn.pixels[x], d)
                XCTAssertEqual(shaped.pixels[x], d); XCTAssertEqual(masked.pixels[x], d)
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

extension SpanKernelTests {
    /// `.scaled` (nearest-neighbour source-over) against the scalar formula it replaced, for
    /// downscaling, upscaling and equal widths, every opacity case, spans of every length and
    /// spans that start left of the destination rectangle.
    func testScaledMatchesScalarReferenceWhenShrinkingGrowingAndAtEveryOpacity() {
        var rng = SeededRandom(seed: 4242)
        var reached: Set<String> = []
        for _ in 0..<1500 {
            let iw = Int.random(in: 1...48, using: &rng)
            let image = randomPixels(&rng, width: iw, height: 3)
            let sx0 = Int.random(in: 0..<iw, using: &rng)
            let source = PixelRect(x: sx0, y: Int.random(in: 0...1, using: &rng), width: Int.random(in: 1...(iw - sx0), using: &rng),
                                   height: Int.random(in: 1...2, using: &rng))
            let dw = [source.width, Int.random(in: 1...source.width, using: &rng), Int.random(in: 1...300, using: &rng),
                      Int.random(in: Kernels.prefetchDistance...2 * Kernels.prefetchDistance, using: &rng)][Int.random(in: 0...3, using: &rng)]
            let destination = PixelRect(x: Int.random(in: 0...12, using: &rng), y: 0, width: dw, height: 2)
            let dst = randomPixels(&rng, width: destination.maxX + 9, height: 2)
            let opacity: UInt8 = [255, 255, 0, 128, UInt8.random(in: 1...254, using: &rng)][Int.random(in: 0...4, using: &rng)]
            // The source column of destination column x, exactly as the kernel's contract states it.
            func column(_ x: Int) -> Int { source.x + min(source.width - 1, (x - destination.x) * source.width / destination.width) }
            var x0 = Int.random(in: destination.x...destination.maxX, using: &rng)
            if Bool.random(using: &rng) {
                // Left of the destination, where the quotient truncates toward zero, as long as
                // the column stays inside the image.
                let left = Int.random(in: 0...destination.x, using: &rng)
                if column(left) >= 0 { x0 = left }
            }
            let x1 = Int.random(in: x0...destination.maxX, using: &rng)
            var out = dst
            out.paint(.scaled(image, source: source, destination: destination, opacity: opacity), rows: 0..<2,
                      spans: [Span(x0, x1)][...], kernels: .preferred)
            for y in 0..<2 {
                let sy = source.y + min(source.height - 1, (y - destination.y) * source.height / destination.height)
                var sources: [UInt32] = []
                for x in 0..<dst.width {
                    let d = dst.pixels[y * dst.width + x], got = out.pixels[y * dst.width + x]
                    guard x >= x0 && x < x1 else { XCTAssertEqual(got, d); continue }
                    let p = image.pixels[sy * iw + column(x)]
                    sources.append(p)
                    XCTAssertEqual(got, Blend.Reference.over(Blend.Reference.scale(p, opacity), d),
                                   "x \(x) of \(x0)..<\(x1), \(source) onto \(destination), opacity \(opacity)")
                }
                reached.formUnion(Self.scaledPaths(sources: sources, opacity: opacity, leftOfDestination: x0 < destination.x))
                if sources.count >= Kernels.prefetchDistance && opacity != 0 && x0 >= destination.x {
                    reached.insert(opacity == 255 ? "long" : "long opacity")
                }
            }
            if x1 > x0 {
                reached.insert(source.width > dw ? "shrinking" : source.width < dw ? "growing" : "same width")
            }
        }
        let all: Set<String> = ["shrinking", "growing", "same width", "left of destination",
                                "group opaque", "group zero", "group mixed", "tail", "opacity 0",
                                "opacity group zero", "opacity group", "opacity tail", "long", "long opacity"]
        XCTAssertEqual(all.subtracting(reached).sorted(), [], "paths of Kernels.scaled the random data never reached")
    }

    /// The paths of `Kernels.scaled` a span with these source pixels takes.
    private static func scaledPaths(sources: [UInt32], opacity: UInt8, leftOfDestination: Bool) -> Set<String> {
        guard !sources.isEmpty else { return [] }
        if opacity == 0 { return ["opacity 0"] }
        if leftOfDestination { return ["left of destination"] }
        let lanes = Kernels.lanes
        var paths: Set<String> = []
        for g in 0..<sources.count / lanes {
            let s = sources[g * lanes..<(g + 1) * lanes]
            if opacity == 255 {
                paths.insert(s.allSatisfy { $0 >> 24 == 255 } ? "group opaque" : s.allSatisfy { $0 == 0 } ? "group zero" : "group mixed")
            } else {
                paths.insert(s.allSatisfy { $0 == 0 } ? "opacity group zero" : "opacity group")
            }
        }
        if sources.count % lanes > 0 { paths.insert(opacity == 255 ? "tail" : "opacity tail") }
        return paths
    }
}

/// Which of the kernels' paths a test's data reaches, found by grouping each span as the kernels
/// do (groups of `Kernels.lanes` from the span's start, then a tail) and testing each group as
/// they do.
private struct Paths {
    private(set) var reached: Set<String> = []

    /// Every path of `Kernels.blend`, `over`, `shape` and `masked`.
    static let all: Set<String> = [
        "blend opaque colour (fill)", "blend zero colour", "blend group", "blend tail",
        "draw group opaque", "draw group zero", "draw group mixed", "draw tail",
        "draw opacity 0", "draw opacity group zero", "draw opacity group", "draw opacity tail",
        "shape zero colour", "shape full opaque", "shape full translucent", "shape coverage 0", "shape partial", "shape tail",
        "masked full opaque", "masked full zero", "masked full mixed", "masked coverage 0", "masked partial", "masked tail",
        "masked opacity 0", "masked opacity group zero", "masked opacity group", "masked opacity tail",
        "long blend", "long draw", "long draw opacity", "long shape", "long masked", "long masked opacity",
    ]

    var missing: [String] { Paths.all.subtracting(reached).sorted() }

    mutating func record(length: Int, color: UInt32, opacity: UInt8, source: [UInt32], coverage: [UInt8]) {
        let lanes = Kernels.lanes
        let groups = (0..<length / lanes).map { $0 * lanes..<($0 + 1) * lanes }
        let tail = length % lanes > 0
        // Spans this long prefetch: each loop must run so at least once.
        let long = length >= Kernels.prefetchDistance
        func loop(_ name: String) { if long { reached.insert("long " + name) } }
        if color >> 24 != 255 && color != 0 { loop("blend") }
        if color != 0 { loop("shape") }
        if opacity == 255 { loop("draw"); loop("masked") } else if opacity != 0 { loop("draw opacity"); loop("masked opacity") }
        // blend
        if color >> 24 == 255 { reached.insert("blend opaque colour (fill)") }
        else if color == 0 { reached.insert("blend zero colour") }
        else {
            if !groups.isEmpty { reached.insert("blend group") }
            if tail { reached.insert("blend tail") }
        }
        // draw
        if opacity == 255 {
            for g in groups {
                let s = source[g]
                reached.insert(s.allSatisfy { $0 >> 24 == 255 } ? "draw group opaque" : s.allSatisfy { $0 == 0 } ? "draw group zero" : "draw group mixed")
            }
            if tail { reached.insert("draw tail") }
        } else if opacity == 0 {
            reached.insert("draw opacity 0")
        } else {
            for g in groups { reached.insert(source[g].allSatisfy { $0 == 0 } ? "draw opacity group zero" : "draw opacity group") }
            if tail { reached.insert("draw opacity tail") }
        }
        // shape
        if color == 0 { reached.insert("shape zero colour") }
        else {
            for g in groups {
                let m = coverage[g]
                if m.allSatisfy({ $0 == 255 }) { reached.insert(color >> 24 == 255 ? "shape full opaque" : "shape full translucent") }
                else if m.allSatisfy({ $0 == 0 }) { reached.insert("shape coverage 0") }
                else { reached.insert("shape partial") }
            }
            if tail { reached.insert("shape tail") }
        }
        // masked
        if opacity == 255 {
            for g in groups {
                let m = coverage[g], s = source[g]
                if m.allSatisfy({ $0 == 255 }) {
                    reached.insert(s.allSatisfy { $0 >> 24 == 255 } ? "masked full opaque" : s.allSatisfy { $0 == 0 } ? "masked full zero" : "masked full mixed")
                } else if m.allSatisfy({ $0 == 0 }) { reached.insert("masked coverage 0") }
                else { reached.insert("masked partial") }
            }
            if tail { reached.insert("masked tail") }
        } else if opacity == 0 {
            reached.insert("masked opacity 0")
        } else {
            for g in groups {
                let zero = coverage[g].allSatisfy { div255(UInt32($0) * UInt32(opacity)) == 0 }
                reached.insert(zero ? "masked opacity group zero" : "masked opacity group")
            }
            if tail { reached.insert("masked opacity tail") }
        }
    }
}

extension SpanKernelTests {
    /// A long span drawn at full opacity stores whole blocks of opaque pixels as they are and
    /// blends the rest group by group (`cwide_over_span`): against the reference for bitmaps
    /// like a cached cell's, opaque for hundreds of pixels with a translucent pixel or a
    /// transparent stretch here and there, at every alignment and on every lane width.
    func testDrawOfALongMostlyOpaqueSpanMatchesTheReferenceOnEveryLaneWidth() {
        onEveryLaneWidth { kernels in
            var rng = SeededRandom(seed: 0xB10C)
            let long = Kernels.prefetchDistance
            for length in [long, long + 7, long + 31, long + 32, 2 * long + 13] {
                for alignment in 0..<8 {
                    let width = alignment + length + 8
                    let dst = randomPixels(&rng, width: width)
                    var src = Pixmap(width: width, height: 1)!
                    for x in 0..<width { src.pixels[x] = randomPremultiplied(&rng) | 0xFF00_0000 }
                    // A translucent pixel inside an otherwise opaque block, a transparent stretch,
                    // and a stretch of mixed pixels.
                    var translucent = randomPremultiplied(&rng)
                    while translucent >> 24 == 255 { translucent = randomPremultiplied(&rng) }
                    src.pixels[Int.random(in: 0..<width, using: &rng)] = translucent
                    let clear = Int.random(in: 0..<width - 40, using: &rng)
                    for x in clear..<clear + 40 { src.pixels[x] = 0 }
                    let mixed = Int.random(in: 0..<width - 24, using: &rng)
                    for x in mixed..<mixed + 24 { src.pixels[x] = randomPremultiplied(&rng) }
                    var drawn = dst
                    drawn.paint(.draw(src, offset: .zero, opacity: 255), rows: 0..<1, spans: [Span(alignment, alignment + length)][...],
                                kernels: kernels)
                    for x in 0..<width {
                        let inside = x >= alignment && x < alignment + length
                        let expected = inside ? Blend.Reference.over(src.pixels[x], dst.pixels[x]) : dst.pixels[x]
                        if drawn.pixels[x] != expected {
                            return XCTFail("\(kernels.blendLanes) length \(length) alignment \(alignment): pixel \(x) is \(String(drawn.pixels[x], radix: 16)), expected \(String(expected, radix: 16))")
                        }
                    }
                }
            }
        }
    }
}
