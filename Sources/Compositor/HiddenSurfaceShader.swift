import Raster

// Design note — shading with hidden-surface removal (docs/cost-model.md §1). The target is cut into
// bands of rows in which no opaque operation starts or ends; each band is walked front to back to
// find the columns each operation can still be seen in (an opaque one hides what it covers, a
// blended one nothing), and only those spans are shaded, back to front: the per-pixel visibility a
// TBDR GPU computes in its tiles, with spans long enough to keep bulk fills bulk. Rejected:
// drawing the tree back to front (the first version), which shaded every hidden pixel, so `none`
// cost two full framebuffer writes and the times stopped following a device.

/// Shades display lists into pixmaps, skipping every fragment hidden beneath an opaque operation
/// in front of it (see the design note), and counts the fragments and bytes it shaded.
///
/// A value the `Renderer` keeps across frames: it owns the scratch arrays of its loops, so a
/// steady frame allocates nothing. It is a structure, not a class, so that its loops use those
/// arrays in place without a check for exclusive access at every use, as a class's stored
/// properties would have.
struct HiddenSurfaceShader {
    /// The operations' extents, in display-list order (empty rectangles left out).
    private var extents: [Extent] = []
    /// Every operation's top and bottom row, sorted: the bands' edges.
    private var edges: [Int] = []
    /// The extents (indices into `extents`) by their top row: the order in which bands reach them.
    private var byTop: [Int] = []
    /// The extents (indices into `extents`) covering the current band, back to front.
    private var active: [Int] = []
    /// The visible spans of the band's active operations, front to back.
    private var visible: [Span] = []
    /// Each active operation's range in `visible`, front to back.
    private var visibleRanges: [Range<Int>] = []
    /// The band's columns hidden so far by opaque operations in front.
    private var covered = SpanSet()
    /// The band's visible paints, back to front, shaded row by row.
    private var layers = SpanLayers()

    /// Shades `ops` into `target` by the kernels `kernels` chooses and returns what it shaded:
    /// shaded pixels, blended fragments,
    /// the kernels' bytes (and of those read, the kept bitmaps') and, for the screen (`onScreen`),
    /// the blended pixels of Color Blended Layers (every blended operation's area, hidden or not);
    /// the other counters are 0.
    /// - Complexity: O(bands × operations + fragments shaded).
    mutating func shade(_ ops: [DrawOp], into target: inout Pixmap, onScreen: Bool, kernels: KernelChoice) -> RenderStats {
        var stats = RenderStats()
        extents.removeAll(keepingCapacity: true)
        edges.removeAll(keepingCapacity: true)
        var first = Int.max, last = Int.min
        // By index, reading each operation's fields in place: a copy of an operation retains
        // its paint's references.
        for i in ops.indices where !ops[i].rect.isEmpty {
            let r = ops[i].rect, blends = ops[i].blends
            extents.append(Extent(op: i, x0: r.x, x1: r.x + r.width, y0: r.y, y1: r.y + r.height, blends: blends,
                                  keptPerPixel: ops[i].keptBytesPerPixel, traffic: ops[i].bytesPerPixel))
            // Bands are cut where what hides changes, at opaque operations' edges; a blend hides
            // nothing, so it is shaded over its own rows inside the bands it crosses.
            if !blends {
                edges.append(r.y)
                edges.append(r.y + r.height)
            }
            first = min(first, r.y)
            last = max(last, r.y + r.height)
            // Layer-level blending, as "Color Blended Layers" paints it, hidden or not.
            if onScreen && blends { stats.blendedPixels += r.area }
        }
        if first < last {
            edges.append(first)
            edges.append(last)
        }
        HiddenSurfaceShader.sortByInsertion(&edges) { $0 < $1 }
        // Built; from here on the bands only read them, through constants the optimizer knows
        // no call in the loops can change (no copy is made: an array is shared until written).
        let extents = self.extents, edges = self.edges
        byTop.removeAll(keepingCapacity: true)
        byTop.append(contentsOf: extents.indices)
        HiddenSurfaceShader.sortByInsertion(&byTop) { (extents[$0].y0, $0) < (extents[$1].y0, $1) }
        let byTop = self.byTop
        active.removeAll(keepingCapacity: true)
        var entering = 0, prefetched = 0
        var band = 0
        while band + 1 < edges.count {
            let top = edges[band], bottom = edges[band + 1]
            band += 1
            guard bottom > top else { continue }
            // The first rows of the kept images that operations starting in this band or just
            // below it read (4 kept bytes a pixel or more: an image's, and perhaps a coverage
            // byte), asked for now, a band ahead of the rows that read them
            // (`Paint.prefetchSource` says why).
            while prefetched < byTop.count && extents[byTop[prefetched]].y0 < bottom + HiddenSurfaceShader.leadRows {
                let e = extents[byTop[prefetched]]
                prefetched += 1
                if e.keptPerPixel >= 4 { ops[e.op].paint.prefetchSource(rows: e.y0..<min(e.y1, e.y0 + 2), columns: e.x0..<e.x1) }
            }
            // The band's operations are those with y0 < bottom and y1 > top (an opaque one covers
            // the whole band, since its edges are band edges): a sweep down the rows drops the
            // ones that ended and adds the ones that start, each in display-list order, instead
            // of testing every extent.
            active.removeAll { extents[$0].y1 <= top }
            while entering < byTop.count && extents[byTop[entering]].y0 < bottom {
                let k = byTop[entering]
                entering += 1
                guard extents[k].y1 > top else { continue }
                var i = active.count
                while i > 0 && active[i - 1] > k { i -= 1 }
                active.insert(k, at: i)
            }
            // Front to back: what each operation can still be seen in.
            covered.removeAll()
            visible.removeAll(keepingCapacity: true)
            visibleRanges.removeAll(keepingCapacity: true)
            for k in active.reversed() {
                let e = extents[k]
                let start = visible.count
                covered.subtract(e.x0, e.x1, into: &visible)
                visibleRanges.append(start..<visible.count)
                if !e.blends { covered.insert(e.x0, e.x1) }
            }
            // Back to front: shade the visible spans, row by row (`SpanLayers` says why).
            layers.removeAll()
            for (n, k) in active.enumerated() {
                let range = visibleRanges[active.count - 1 - n]
                guard !range.isEmpty else { continue }
                let e = extents[k]
                let rows = max(top, e.y0)..<min(bottom, e.y1)
                var width = 0
                for span in visible[range] { width += span.length }
                let shaded = width * rows.count
                stats.shadedPixels += shaded
                if e.blends { stats.blendedFragments += shaded }
                stats.bytesWritten += shaded * e.traffic.written
                stats.bytesRead += shaded * e.traffic.read
                stats.keptBytesRead += e.keptPerPixel * shaded
                layers.append(ops[e.op].paint, spans: visible[range], rows: rows.count == bottom - top ? nil : rows)
            }
            target.paint(&layers, rows: top..<bottom, kernels: kernels)
        }
        return stats
    }

    /// Sorts `a` by moving each element back past the greater ones before it: the edges and tops
    /// of a display list in display order are nearly sorted already (a table's layers run top to
    /// bottom), and the library's sort allocated a buffer every frame, where a steady frame should
    /// allocate nothing. Beyond `insertionLimit` elements, where a list far from sorted could make
    /// this quadratic, the library's sort. (SpanLayers has its own: one generic helper for both,
    /// in Raster, was not specialized across files and modules in this package's builds and cost
    /// 3 % more composite instructions.)
    /// - Complexity: O(n + the pairs out of order), at most O(n × insertionLimit).
    @inline(__always)
    private static func sortByInsertion(_ a: inout [Int], by less: (Int, Int) -> Bool) {
        guard a.count <= insertionLimit else { return a.sort(by: less) }
        a.withUnsafeMutableBufferPointer { a in
            for i in a.indices.dropFirst() {
                let element = a[i]
                var j = i
                while j > 0 && less(element, a[j - 1]) {
                    a[j] = a[j - 1]
                    j -= 1
                }
                a[j] = element
            }
        }
    }

    /// How many rows below a band an operation may start and still have its kept image's first
    /// rows asked for before the band is shaded: the row loop asks two rows ahead from there on.
    static let leadRows = 2

    /// The longest list `sortByInsertion` sorts by insertion.
    static let insertionLimit = 1024

    /// A display-list operation's rows, columns and whether it blends, read once per `shade`.
    struct Extent {
        var op: Int
        var x0: Int, x1: Int, y0: Int, y1: Int
        var blends: Bool
        /// The bytes it reads per pixel from bitmaps kept from earlier frames (`DrawOp.keptBytesPerPixel`).
        var keptPerPixel: Int
        /// The bytes its kernel writes and reads per pixel (`DrawOp.bytesPerPixel`).
        var traffic: (written: Int, read: Int)
    }
}
