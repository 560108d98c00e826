internal import CIntrinsics

/// Paints over the same rows, back to front, each with its own spans: what `Pixmap.paint(_:rows:)`
/// shades row by row, each row's replacing spans first, left to right, then its blends, back to
/// front. Why: the memory system streams a row written in address order, not one written in
/// several visits (in paint order a frame took 2.7 × a row-by-row `memset`, docs/cost-model.md §6).
/// The order changes no pixel: replacing spans are visible spans, so none overlap, and a blend is
/// visible only in front of the one replacing paint seen at each pixel. A value the caller keeps and
/// refills (`removeAll`, `append`), so that steady use allocates nothing.
public struct SpanLayers {
    /// The paints, back to front.
    var paints: [Paint] = []
    /// What the shading asks of each paint, beside it (one array to fill, not one per question).
    var placement: [Placement] = []
    /// Every paint's spans, one after another.
    var spans: [Span] = []

    /// Where a paint of `paints` is painted.
    struct Placement {
        /// Whether it replaces (`Paint.replaces`), asked once: a paint read from `paints` to ask
        /// was copied, its references retained and released.
        var replacing: Bool
        /// Its spans, a range of `spans`.
        var range: Range<Int>
        /// Its rows: all of the call's rows (nil), or those of a blend that starts or ends inside
        /// them.
        var rows: Range<Int>?
    }
    /// Scratch of `Pixmap.paint(_:rows:)`: each paint with its sources' addresses.
    var kernels: [SpanKernel] = []
    /// Scratch of `Pixmap.paint(_:rows:)`: the spans of replacing paints in address order, each
    /// with its paint; then the spans of blending paints, back to front.
    var order: [SpanOfLayer] = []
    /// Scratch of `Pixmap.paint(_:rows:)`: the edges of the stretches of rows in which the same
    /// spans are painted (the rows painted, and where a blend starts or ends inside them).
    var cuts: [Int] = []
    /// Scratch of `Pixmap.paint(_:rows:)`: each stretch's rows, and its spans in the order they
    /// are painted (a range of `stretchOrder`).
    var stretches: [(rows: Range<Int>, entries: Range<Int>)] = []
    /// Scratch of `Pixmap.paint(_:rows:)`: the stretches' spans, one stretch after another.
    var stretchOrder: [SpanOfLayer] = []

    public init() {}

    /// No paints; the storage is kept.
    public mutating func removeAll() {
        paints.removeAll(keepingCapacity: true)
        placement.removeAll(keepingCapacity: true)
        spans.removeAll(keepingCapacity: true)
    }

    /// Adds `paint` in front of the paints so far, over `spans` of each row, or of each of `rows`
    /// only when given (a blend that starts or ends inside the rows painted; a replacing paint
    /// must cover them all). (A slice, not any collection: called from other modules, a generic
    /// would not be specialized.)
    public mutating func append(_ paint: Paint, spans newSpans: ArraySlice<Span>, rows paintRows: Range<Int>? = nil) {
        precondition(paintRows == nil || !paint.replaces, "a replacing paint covers every row painted")
        let start = spans.count
        spans.append(contentsOf: newSpans)
        paints.append(paint)
        placement.append(Placement(replacing: paint.replaces, range: start..<spans.count, rows: paintRows))
    }

    /// The number of paints.
    public var count: Int { paints.count }

    /// Fills `order`: the replacing paints' spans by their first column, then the blending
    /// paints' spans, back to front (the type's note says why that shades the same pixels).
    mutating func arrangeOrder() {
        order.removeAll(keepingCapacity: true)
        for (k, paint) in placement.enumerated() where paint.replacing {
            for i in paint.range { order.append(SpanOfLayer(layer: k, span: i, rows: nil)) }
        }
        let spans = self.spans
        order.sortByInsertion { spans[$0.span].x0 < spans[$1.span].x0 }
        for (k, paint) in placement.enumerated() where !paint.replacing {
            for i in paint.range { order.append(SpanOfLayer(layer: k, span: i, rows: paint.rows)) }
        }
    }

    /// Fills `stretches` and `stretchOrder` from `order`: `rows` cut where a blend starts or
    /// ends, each stretch with the spans painted in every one of its rows, so that the loop over
    /// a row asks no span whether it is painted there.
    mutating func arrangeStretches(_ rows: Range<Int>) {
        cuts.removeAll(keepingCapacity: true)
        cuts.append(rows.lowerBound)
        for entry in order {
            if let r = entry.rows, !r.isEmpty { cuts.append(r.lowerBound); cuts.append(r.upperBound) }
        }
        cuts.append(rows.upperBound)
        cuts.sortByInsertion(by: <)
        stretches.removeAll(keepingCapacity: true)
        stretchOrder.removeAll(keepingCapacity: true)
        var top = cuts[0]
        for bottom in cuts.dropFirst() where bottom > top {
            let start = stretchOrder.count
            for entry in order where entry.rows.map({ $0.lowerBound <= top && $0.upperBound >= bottom }) ?? true {
                stretchOrder.append(entry)
            }
            stretches.append((top..<bottom, start..<stretchOrder.count))
            top = bottom
        }
    }
}

extension Array {
    /// Sorts the elements in place, stably, moving each back past the greater ones before it: a
    /// band's few spans and cuts are mostly in order already, and the library's sort allocated a
    /// buffer for every band. (`HiddenSurfaceShader` has its own, for integers: a generic is not
    /// specialized across files and modules in this package's builds.)
    /// - Complexity: O(n + the pairs out of order).
    fileprivate mutating func sortByInsertion(by areInIncreasingOrder: (Element, Element) -> Bool) {
        for i in indices.dropFirst() {
            let element = self[i]
            var j = i
            while j > 0 && areInIncreasingOrder(element, self[j - 1]) {
                self[j] = self[j - 1]
                j -= 1
            }
            self[j] = element
        }
    }
}

/// Span `span` of `SpanLayers.spans`, painted by paint `layer`.
struct SpanOfLayer {
    var layer: Int
    var span: Int
    /// The rows it is painted in, when not all of them.
    var rows: Range<Int>?
}

/// A paint with the addresses of its sources, valid while `Pixmap.withKernel` holds them.
enum SpanKernel {
    case fill(UInt32)
    case blend(UInt32)
    case copy(UnsafePointer<UInt32>, width: Int, offset: PixelPoint)
    case draw(UnsafePointer<UInt32>, width: Int, offset: PixelPoint, opacity: UInt8)
    case shape(UInt32, UnsafePointer<UInt8>, width: Int, offset: PixelPoint)
    case rounded(UInt32, UnsafePointer<UInt8>, tiles: UnsafeBufferPointer<RoundedRectCoverage.Tile>, offset: PixelPoint)
    case masked(UnsafePointer<UInt32>, width: Int, UnsafePointer<UInt8>, maskWidth: Int, offset: PixelPoint, opacity: UInt8)
    case scaled(UnsafePointer<UInt32>, width: Int, source: PixelRect, destination: PixelRect, opacity: UInt8)
}

extension Pixmap {
    /// Shades `spans` of every row in `rows` with `paint`, by the kernels `kernels` chooses. The
    /// spans must lie inside the pixmap and inside the paint's source. Returns the number of
    /// pixels shaded.
    /// - Complexity: O(rows × total span length).
    @discardableResult
    public mutating func paint(_ paint: Paint, rows: Range<Int>, spans: ArraySlice<Span>, kernels: KernelChoice) -> Int {
        spans.withUnsafeBufferPointer { self.paint(paint, rows: rows, spans: $0, kernels: kernels) }
    }

    /// `paint(_:rows:spans:kernels:)` of one span a row, without an array to hold it.
    @discardableResult
    mutating func paint(_ paint: Paint, rows: Range<Int>, span: Span, kernels: KernelChoice) -> Int {
        withUnsafePointer(to: span) { self.paint(paint, rows: rows, spans: UnsafeBufferPointer(start: $0, count: 1), kernels: kernels) }
    }

    private mutating func paint(_ paint: Paint, rows: Range<Int>, spans: UnsafeBufferPointer<Span>, kernels: KernelChoice) -> Int {
        guard !rows.isEmpty, !spans.isEmpty else { return 0 }
        let shaded = checked(rows, spans)
        let path = kernels.store, wide = kernels.wide
        Kernels.fullCoverage.withUnsafeBufferPointer { full in
            Pixmap.withKernel(paint, full: full) { kernel in
                let w = width
                pixels.withUnsafeMutableBufferPointer { buf in
                    // Once per lane width, so the choice is a constant in each loop (`shade`).
                    @inline(__always) func shadeRows(wide: Bool) {
                        for y in rows {
                            let row = buf.baseAddress! + y * w
                            for span in spans { Pixmap.shade(kernel, row: row, y: y, span: span, path: path, full: full, wide: wide) }
                        }
                    }
                    if wide { shadeRows(wide: true) } else { shadeRows(wide: false) }
                }
            }
        }
        return shaded
    }

    /// Shades every paint of `layers` over its spans of each row in `rows`, row by row, by the
    /// kernels `kernels` chooses: a row's replacing spans in address order, then its blends back
    /// to front (`SpanLayers` says why), before the next row. The spans must be visible spans (no
    /// replacing span under another paint's span in front of it), inside the pixmap and inside
    /// their paint's source. Returns the number of pixels shaded.
    /// - Complexity: O(rows × spans + total span length × rows).
    @discardableResult
    public mutating func paint(_ layers: inout SpanLayers, rows: Range<Int>, kernels choice: KernelChoice) -> Int {
        guard !rows.isEmpty, !layers.paints.isEmpty else { return 0 }
        var shaded = 0
        for paint in layers.placement {
            let paintRows = paint.rows ?? rows
            precondition(paintRows.isEmpty || (paintRows.lowerBound >= rows.lowerBound && paintRows.upperBound <= rows.upperBound),
                         "a paint's rows outside the rows painted")
            shaded += checked(paintRows.isEmpty ? rows.lowerBound..<rows.lowerBound : paintRows, layers.spans[paint.range])
        }
        layers.arrangeOrder()
        layers.arrangeStretches(rows)
        var kernels = layers.kernels
        layers.kernels = []
        kernels.removeAll(keepingCapacity: true)
        let path = choice.store, wide = choice.wide
        Kernels.fullCoverage.withUnsafeBufferPointer { full in
            Pixmap.withKernels(layers.paints[...], full: full, &kernels) { kernels in
                let w = width, spans = layers.spans, order = layers.stretchOrder, stretches = layers.stretches
                // Through buffer pointers: the loop runs per span of every row, where bounds checks count.
                spans.withUnsafeBufferPointer { spans in
                order.withUnsafeBufferPointer { order in
                kernels.withUnsafeBufferPointer { kernels in
                    pixels.withUnsafeMutableBufferPointer { buf in
                        // Once per lane width, so the choice is a constant in each loop (`shade`).
                        @inline(__always) func shadeRows(wide: Bool) {
                            for stretch in stretches {
                                let entries = UnsafeBufferPointer(rebasing: order[stretch.entries])
                                for y in stretch.rows {
                                    let row = buf.baseAddress! + y * w
                                    for entry in entries {
                                        Pixmap.shade(kernels[entry.layer], row: row, y: y, span: spans[entry.span], path: path,
                                                     full: full, wide: wide)
                                    }
                                }
                            }
                        }
                        if wide { shadeRows(wide: true) } else { shadeRows(wide: false) }
                    }
                }
                }
                }
            }
        }
        layers.kernels = kernels
        return shaded
    }

    /// Checks that `rows` and `spans` lie inside the pixmap; returns the pixels they cover.
    private func checked<Spans: Collection<Span>>(_ rows: Range<Int>, _ spans: Spans) -> Int {
        precondition(rows.lowerBound >= 0 && rows.upperBound <= height, "rows outside the pixmap")
        var width = 0
        for span in spans {
            precondition(span.x0 >= 0 && span.x1 <= self.width && span.x0 <= span.x1, "span outside the pixmap")
            width += span.length
        }
        return width * rows.count
    }

    /// Calls `body` with the kernels of `paints` appended to `kernels`, holding every source's
    /// storage meanwhile (one nested `withKernel` per paint).
    private static func withKernels(_ paints: ArraySlice<Paint>, full: UnsafeBufferPointer<UInt8>,
                                    _ kernels: inout [SpanKernel], _ body: ([SpanKernel]) -> Void) {
        guard let paint = paints.first else { return body(kernels) }
        withKernel(paint, full: full) { kernel in
            kernels.append(kernel)
            withKernels(paints.dropFirst(), full: full, &kernels, body)
        }
    }

    /// Calls `body` with `paint`'s kernel, holding its sources' storage meanwhile.
    @inline(__always)
    private static func withKernel(_ paint: Paint, full: UnsafeBufferPointer<UInt8>, _ body: (SpanKernel) -> Void) {
        switch paint {
        case .fill(let color):
            body(.fill(color.packed))
        case .blend(let color):
            body(.blend(color.packed))
        case let .copy(image, offset):
            image.pixels.withUnsafeBufferPointer { body(.copy($0.baseAddress!, width: image.width, offset: offset)) }
        case let .draw(image, offset, opacity):
            image.pixels.withUnsafeBufferPointer { body(.draw($0.baseAddress!, width: image.width, offset: offset, opacity: opacity)) }
        case let .shape(color, mask, offset):
            mask.values.withUnsafeBufferPointer { body(.shape(color.packed, $0.baseAddress!, width: mask.width, offset: offset)) }
        case let .rounded(color, coverage, offset):
            coverage.values.withUnsafeBufferPointer { values in
                coverage.tiles.withUnsafeBufferPointer { tiles in
                    // A shape without corners has no values; its runs never read them.
                    body(.rounded(color.packed, values.baseAddress ?? full.baseAddress!, tiles: tiles, offset: offset))
                }
            }
        case let .masked(image, mask, offset, opacity):
            image.pixels.withUnsafeBufferPointer { src in
                mask.values.withUnsafeBufferPointer { m in
                    body(.masked(src.baseAddress!, width: image.width, m.baseAddress!, maskWidth: mask.width,
                                 offset: offset, opacity: opacity))
                }
            }
        case let .scaled(image, source, destination, opacity):
            image.pixels.withUnsafeBufferPointer {
                body(.scaled($0.baseAddress!, width: image.width, source: source, destination: destination, opacity: opacity))
            }
        }
    }

    /// The span length from which the kernels prefetch ahead within the span
    /// (`Kernels.prefetchDistance`, here as a literal: this file cannot inline that constant).
    static let longSpan = 512

    /// Shades `span` of destination row `y` (whose first pixel is at `row`) with `kernel`.
    @inline(__always)
    private static func shade(_ kernel: SpanKernel, row: UnsafeMutablePointer<UInt32>, y: Int, span: Span,
                              path: StoreKernel, full: UnsafeBufferPointer<UInt8>, wide: Bool) {
        // The length from the fields: `Span.length`, though inlinable, was called here out of line
        // (a call per span and row), as this file is compiled apart from the one defining it.
        let d = row + span.x0, n = span.x1 - span.x0
        switch kernel {
        case .fill(let color):
            Kernels.fill(d, n, color, path)
        case .blend(let color):
            Kernels.blend(d, n, color, path, wide)
        case let .copy(src, width, offset):
            Kernels.copy(d, src + (y - offset.y) * width - offset.x + span.x0, n, path)
        case let .draw(src, width, offset, opacity):
            let s = src + (y - offset.y) * width - offset.x + span.x0
            // A short span (a label's row) is too short for the kernel's own prefetch, and the
            // image it reads is most often kept (a label's bitmap), in memory: ask for the same
            // span two rows down now, so that it is in the cache when the loop gets there (one
            // row ahead won less, four no more; 2-3 % of the composites on the iPhone SE).
            // (As an integer: two rows down may lie past the image, where no pointer may point.)
            if n < Pixmap.longSpan { cprefetch_block(UInt(bitPattern: s) &+ UInt(bitPattern: 2 &* width &* 4), n &* 4) }
            Kernels.over(d, s, n, opacity, wide)
        case let .shape(color, m, width, offset):
            Kernels.shape(d, m + (y - offset.y) * width - offset.x + span.x0, n, color, wide)
        case let .rounded(color, m, tiles, offset):
            RoundedRectCoverage.forEachRun(tiles, y: y - offset.y, from: span.x0 - offset.x, to: span.x1 - offset.x) { x0, x1, start in
                let d = row + (x0 + offset.x)
                if let start {
                    Kernels.shape(d, m + start, x1 - x0, color, wide)
                } else {
                    // Between the corners: coverage 255, read from a constant row.
                    var j = 0
                    while j < x1 - x0 {
                        let chunk = Swift.min(x1 - x0 - j, full.count)
                        Kernels.shape(d + j, full.baseAddress!, chunk, color, wide)
                        j += chunk
                    }
                }
            }
        case let .masked(src, width, m, maskWidth, offset, opacity):
            Kernels.masked(d, src + (y - offset.y) * width - offset.x + span.x0,
                           m + (y - offset.y) * maskWidth - offset.x + span.x0, n, opacity, wide)
        case let .scaled(src, width, source, destination, opacity):
            let sy = source.y + Swift.min(source.height - 1, (y - destination.y) * source.height / destination.height)
            Kernels.scaled(d, src + sy * width + source.x, n, first: span.x0 - destination.x,
                           sourceWidth: source.width, destinationWidth: destination.width, opacity: opacity)
        }
    }
}
