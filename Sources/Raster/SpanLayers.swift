#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Paints over the same rows, back to front, each with its own spans: what `Pixmap.paint(_:rows:)`
/// shades row by row.
///
/// Why row by row, and each row's replacing spans left to right: the memory system streams a
/// row written in address order and does not stream one written in several visits. Writing a
/// 2048 × 2732 frame out of the cache, three spans a row (margin, cell, margin), took 1.0–1.2 × a
/// `memset` of the frame row by row left to right, 2.7 × when each row's two margins came before
/// the cell between them (the order of their paints), and 2.4 × paint by paint over bands of 88
/// rows (docs/cost-model.md §6).
///
/// The order changes no pixel. The spans of paints that replace (fills and copies) are visible
/// spans, so no two overlap, and a blending paint's spans are visible only where no replacing
/// paint in front of it is: at every pixel, the one replacing paint seen there is behind every
/// blend seen there. So a row's replacing spans go first, in address order, then its blends,
/// back to front — each pixel gets the same paints in the same order as back to front.
///
/// A value the caller keeps and refills (`removeAll`, `append`), so that steady use allocates
/// nothing.
public struct SpanLayers {
    /// The paints, back to front.
    var paints: [Paint] = []
    /// Each paint's spans, a range of `spans`.
    var ranges: [Range<Int>] = []
    /// Every paint's spans, one after another.
    var spans: [Span] = []
    /// The coverage of each `.rounded` paint, in order, read in place by the row loop.
    var shapes: [RoundedRectCoverage] = []
    /// Scratch of `Pixmap.paint(_:rows:)`: each paint with its sources' addresses.
    var kernels: [SpanKernel] = []
    /// Scratch of `Pixmap.paint(_:rows:)`: the spans of replacing paints in address order, each
    /// with its paint; then the spans of blending paints, back to front.
    var order: [SpanOfLayer] = []

    public init() {}

    /// No paints; the storage is kept.
    public mutating func removeAll() {
        paints.removeAll(keepingCapacity: true)
        ranges.removeAll(keepingCapacity: true)
        spans.removeAll(keepingCapacity: true)
        shapes.removeAll(keepingCapacity: true)
    }

    /// Adds `paint` in front of the paints so far, over `spans` of each row.
    public mutating func append(_ paint: Paint, spans newSpans: some Collection<Span>) {
        let start = spans.count
        spans.append(contentsOf: newSpans)
        paints.append(paint)
        ranges.append(start..<spans.count)
        if case let .rounded(_, coverage, _) = paint { shapes.append(coverage) }
    }

    /// The number of paints.
    public var count: Int { paints.count }

    /// Fills `order`: the replacing paints' spans by their first column, then the blending
    /// paints' spans, back to front (the type's note says why that shades the same pixels).
    mutating func arrangeOrder() {
        order.removeAll(keepingCapacity: true)
        for (k, paint) in paints.enumerated() where paint.replaces {
            for i in ranges[k] { order.append(SpanOfLayer(layer: k, span: i)) }
        }
        let spans = self.spans
        order.sort { spans[$0.span].x0 < spans[$1.span].x0 }
        for (k, paint) in paints.enumerated() where !paint.replaces {
            for i in ranges[k] { order.append(SpanOfLayer(layer: k, span: i)) }
        }
    }
}

/// Span `span` of `SpanLayers.spans`, painted by paint `layer`.
struct SpanOfLayer {
    var layer: Int
    var span: Int
}

/// A paint with the addresses of its sources, valid while `Pixmap.paint(_:rows:)` holds them.
enum SpanKernel {
    case fill(UInt32)
    case blend(UInt32)
    case copy(UnsafePointer<UInt32>, width: Int, offset: PixelPoint)
    case draw(UnsafePointer<UInt32>, width: Int, offset: PixelPoint, opacity: UInt8)
    case shape(UInt32, UnsafePointer<UInt8>, width: Int, offset: PixelPoint)
    /// The coverage is `SpanLayers.shapes[shape]`, its values at the address.
    case rounded(UInt32, UnsafePointer<UInt8>, shape: Int, offset: PixelPoint)
    case masked(UnsafePointer<UInt32>, width: Int, UnsafePointer<UInt8>, maskWidth: Int, offset: PixelPoint, opacity: UInt8)
    case scaled(UnsafePointer<UInt32>, width: Int, source: PixelRect, destination: PixelRect, opacity: UInt8)
}

extension Pixmap {
    /// Shades every paint of `layers` over its spans of each row in `rows`, row by row: all the
    /// paints of a row, back to front, before the next row. The spans must lie inside the pixmap
    /// and inside their paint's source. Returns the number of pixels shaded.
    /// - Complexity: O(rows × (paints + total span length)).
    @discardableResult
    public mutating func paint(_ layers: inout SpanLayers, rows: Range<Int>) -> Int {
        guard !rows.isEmpty, !layers.paints.isEmpty else { return 0 }
        precondition(rows.lowerBound >= 0 && rows.upperBound <= height, "rows outside the pixmap")
        var shaded = 0
        for span in layers.spans {
            precondition(span.x0 >= 0 && span.x1 <= width && span.x0 <= span.x1, "span outside the pixmap")
            shaded += span.length
        }
        layers.arrangeOrder()
        layers.kernels.removeAll(keepingCapacity: true)
        var kernels = layers.kernels
        layers.kernels = []
        let fill = StorePath.current
        Kernels.fullCoverage.withUnsafeBufferPointer { full in
            Pixmap.withKernels(layers.paints[...], shape: 0, full: full.baseAddress!, &kernels) { kernels in
                shade(kernels, layers, rows: rows, fill: fill, full: full)
            }
        }
        layers.kernels = kernels
        return shaded * rows.count
    }

    /// Appends the kernel of each of `paints` to `kernels`, holding each source's storage while
    /// `body` runs (one nested access per source), then calls `body`.
    private static func withKernels(_ paints: ArraySlice<Paint>, shape: Int, full: UnsafePointer<UInt8>,
                                    _ kernels: inout [SpanKernel], _ body: ([SpanKernel]) -> Void) {
        guard let paint = paints.first else { return body(kernels) }
        let rest = paints.dropFirst()
        func withKernels(_ rest: ArraySlice<Paint>, _ kernels: inout [SpanKernel], _ body: ([SpanKernel]) -> Void) {
            Pixmap.withKernels(rest, shape: shape, full: full, &kernels, body)
        }
        switch paint {
        case .fill(let color):
            kernels.append(.fill(color.packed))
            withKernels(rest, &kernels, body)
        case .blend(let color):
            kernels.append(.blend(color.packed))
            withKernels(rest, &kernels, body)
        case let .copy(image, offset):
            image.pixels.withUnsafeBufferPointer { src in
                kernels.append(.copy(src.baseAddress!, width: image.width, offset: offset))
                withKernels(rest, &kernels, body)
            }
        case let .draw(image, offset, opacity):
            image.pixels.withUnsafeBufferPointer { src in
                kernels.append(.draw(src.baseAddress!, width: image.width, offset: offset, opacity: opacity))
                withKernels(rest, &kernels, body)
            }
        case let .shape(color, mask, offset):
            mask.values.withUnsafeBufferPointer { m in
                kernels.append(.shape(color.packed, m.baseAddress!, width: mask.width, offset: offset))
                withKernels(rest, &kernels, body)
            }
        case let .rounded(color, coverage, offset):
            coverage.values.withUnsafeBufferPointer { m in
                // A shape without corners has no values; its runs never read them.
                kernels.append(.rounded(color.packed, m.baseAddress ?? full, shape: shape, offset: offset))
                Pixmap.withKernels(rest, shape: shape + 1, full: full, &kernels, body)
            }
        case let .masked(image, mask, offset, opacity):
            image.pixels.withUnsafeBufferPointer { src in
                mask.values.withUnsafeBufferPointer { m in
                    kernels.append(.masked(src.baseAddress!, width: image.width, m.baseAddress!, maskWidth: mask.width,
                                           offset: offset, opacity: opacity))
                    withKernels(rest, &kernels, body)
                }
            }
        case let .scaled(image, source, destination, opacity):
            image.pixels.withUnsafeBufferPointer { src in
                kernels.append(.scaled(src.baseAddress!, width: image.width, source: source, destination: destination,
                                       opacity: opacity))
                withKernels(rest, &kernels, body)
            }
        }
    }

    /// The row loop: row y's spans in `layers.order`, then row y + 1's.
    private mutating func shade(_ kernels: [SpanKernel], _ layers: SpanLayers, rows: Range<Int>, fill: StorePath,
                                full: UnsafeBufferPointer<UInt8>) {
        let w = width
        let spans = layers.spans, order = layers.order
        // Through buffer pointers: the loop runs per span of every row, where bounds checks count.
        spans.withUnsafeBufferPointer { spans in
        order.withUnsafeBufferPointer { order in
        kernels.withUnsafeBufferPointer { kernels in
            pixels.withUnsafeMutableBufferPointer { buf in
                let base = buf.baseAddress!
                for y in rows {
                    let row = base + y * w
                    for entry in order {
                        let span = spans[entry.span]
                        let d = row + span.x0
                        switch kernels[entry.layer] {
                        case .fill(let color):
                            Kernels.fill(d, span.length, color, fill)
                        case .blend(let color):
                            Kernels.blend(d, span.length, color)
                        case let .copy(src, width, offset):
                            Kernels.copy(d, src + (y - offset.y) * width - offset.x + span.x0, span.length, fill)
                        case let .draw(src, width, offset, opacity):
                            Kernels.over(d, src + (y - offset.y) * width - offset.x + span.x0, span.length, opacity)
                        case let .shape(color, m, width, offset):
                            Kernels.shape(d, m + (y - offset.y) * width - offset.x + span.x0, span.length, color)
                        case let .rounded(color, m, shape, offset):
                            layers.shapes[shape].forEachRun(y: y - offset.y, from: span.x0 - offset.x,
                                                            to: span.x1 - offset.x) { x0, x1, start in
                                let d = row + (x0 + offset.x)
                                if let start {
                                    Kernels.shape(d, m + start, x1 - x0, color)
                                } else {
                                    // Between the corners: coverage 255, read from a constant row.
                                    var j = 0
                                    while j < x1 - x0 {
                                        let n = Swift.min(x1 - x0 - j, full.count)
                                        Kernels.shape(d + j, full.baseAddress!, n, color)
                                        j += n
                                    }
                                }
                            }
                        case let .masked(src, width, m, maskWidth, offset, opacity):
                            Kernels.masked(d, src + (y - offset.y) * width - offset.x + span.x0,
                                           m + (y - offset.y) * maskWidth - offset.x + span.x0, span.length, opacity)
                        case let .scaled(src, width, source, destination, opacity):
                            let sy = source.y + Swift.min(source.height - 1, (y - destination.y) * source.height / destination.height)
                            Kernels.scaled(d, src + sy * width + source.x, span.length, first: span.x0 - destination.x,
                                           sourceWidth: source.width, destinationWidth: destination.width, opacity: opacity)
                        }
                    }
                }
            }
        }
        }
        }
    }
}
