internal import CIntrinsics
// Rectangle drawing: each call clips its destination once (to the pixmap and an optional clip)
// and hands one span per row to `Pixmap.paint`, so rectangles and the compositor's visible spans
// share the same kernels, those the caller's `kernels` chooses. Each returns the number of
// destination pixels written.

extension Pixmap {
    /// `rect` clipped to this pixmap and to `clip`.
    @inline(__always)
    func clipped(_ rect: PixelRect, _ clip: PixelRect?) -> PixelRect {
        var r = rect.intersection(bounds)
        if let clip { r = r.intersection(clip) }
        return r
    }

    @inline(__always)
    private mutating func paint(_ paint: Paint, _ r: PixelRect, _ kernels: KernelChoice) -> Int {
        guard !r.isEmpty else { return 0 }
        return self.paint(paint, rows: r.y..<r.maxY, span: Span(r.x, r.maxX), kernels: kernels)
    }

    /// Replaces every pixel of `rect` with `color` (a bulk fill).
    @discardableResult
    public mutating func fill(_ rect: PixelRect, with color: PremultipliedColor, clip: PixelRect? = nil,
                              kernels: KernelChoice) -> Int {
        paint(.fill(color), clipped(rect, clip), kernels)
    }

    /// Source-over of the constant `color` across `rect`.
    @discardableResult
    public mutating func blend(_ rect: PixelRect, with color: PremultipliedColor, clip: PixelRect? = nil,
                               kernels: KernelChoice) -> Int {
        paint(.blend(color), clipped(rect, clip), kernels)
    }

    /// Source-over of `color` through `mask` placed with its top-left at `origin` (a shape fill).
    @discardableResult
    public mutating func blend(_ color: PremultipliedColor, mask: CoverageMask, at origin: PixelPoint,
                               clip: PixelRect? = nil, kernels: KernelChoice) -> Int {
        paint(.shape(color, mask, offset: origin), clipped(PixelRect(origin: origin, size: mask.size), clip), kernels)
    }

    /// Copies `sourceRect` of `source` to `origin`, replacing what is there (opaque contents).
    @discardableResult
    public mutating func copy(_ source: Pixmap, from sourceRect: PixelRect, to origin: PixelPoint,
                              clip: PixelRect? = nil, kernels: KernelChoice) -> Int {
        let (r, offset) = placement(source, sourceRect, origin, clip)
        return paint(.copy(source, offset: offset), r, kernels)
    }

    /// Source-over of `sourceRect` of `source` at `origin`, scaled by `opacity`.
    @discardableResult
    public mutating func draw(_ source: Pixmap, from sourceRect: PixelRect, to origin: PixelPoint,
                              opacity: UInt8 = 255, clip: PixelRect? = nil, kernels: KernelChoice) -> Int {
        let (r, offset) = placement(source, sourceRect, origin, clip)
        return paint(.draw(source, offset: offset, opacity: opacity), r, kernels)
    }

    /// The masked composite: source-over of `source × mask × opacity` at `origin`, where `source`
    /// and `mask` have the same size (an off-screen buffer and its layer's mask).
    @discardableResult
    public mutating func draw(_ source: Pixmap, mask: CoverageMask, at origin: PixelPoint,
                              opacity: UInt8 = 255, clip: PixelRect? = nil, kernels: KernelChoice) -> Int {
        precondition(source.size == mask.size, "a masked composite needs a mask of the source's size")
        let (r, offset) = placement(source, source.bounds, origin, clip)
        return paint(.masked(source, mask, offset: offset, opacity: opacity), r, kernels)
    }

    /// Multiplies every pixel by `mask` in place (destination-in), baking a mask into a bitmap.
    /// Returns the pixels it scaled (those under coverage below 255); it reads every mask value.
    /// On the lanes `kernels` chooses.
    @discardableResult
    public mutating func multiply(by mask: CoverageMask, kernels: KernelChoice) -> Int {
        precondition(size == mask.size, "destination-in needs a mask of the pixmap's size")
        let wide = kernels.wide
        return pixels.withUnsafeMutableBufferPointer { buf in
            mask.values.withUnsafeBufferPointer { m in
                Kernels.multiply(buf.baseAddress!, m.baseAddress!, buf.count, wide)
            }
        }
    }

    /// Where `sourceRect` of `source` lands at `origin` after clipping: the destination rectangle
    /// and the offset from destination to source coordinates.
    @inline(__always)
    private func placement(_ source: Pixmap, _ sourceRect: PixelRect, _ origin: PixelPoint,
                           _ clip: PixelRect?) -> (PixelRect, PixelPoint) {
        let src = sourceRect.intersection(source.bounds)
        let dx = origin.x - sourceRect.x, dy = origin.y - sourceRect.y
        return (clipped(src.offsetBy(dx: dx, dy: dy), clip), PixelPoint(x: dx, y: dy))
    }
}

extension Pixmap {
    /// How many rows apart two rows start at the same offset within a 64-byte cache line: 1 when
    /// a row is a whole number of lines, up to 16 (a row of 4-byte pixels is at worst 4 bytes
    /// past a line boundary).
    public var rowAlignmentPeriod: Int {
        var a = width * 4, b = 64
        while b != 0 { (a, b) = (b, a % b) }
        return 64 / a
    }

    /// Copies into every row the row `rowAlignmentPeriod` rows above it, top to bottom, with the
    /// copy kernel of store path `path`, and returns the pixels written (every row
    /// but the first `rowAlignmentPeriod`). Each source row was written a few rows before, so it
    /// is in the cache, and has its destination's alignment: this is the least time this host
    /// takes to write rows it reads from the cache, the memory floor's copy (`MemoryFloor`).
    /// (Copying between addresses of different alignment took twice as long on this project's
    /// reference host: a cost of that copy, not of the memory.)
    /// - Complexity: O(width × height).
    @discardableResult
    public mutating func copyRowsFromAbove(path: StoreKernel) -> Int {
        let w = width, h = height, k = rowAlignmentPeriod
        guard h > k else { return 0 }
        pixels.withUnsafeMutableBufferPointer { buf in
            let base = buf.baseAddress!
            for y in k..<h { Kernels.copy(base + y * w, UnsafePointer(base + (y - k) * w), w, path) }
        }
        return (h - k) * w
    }

    /// Fills every row with `color` by streaming (non-temporal) stores, one span a row, and waits
    /// for them (`cstream_fill`, `cstream_fence`): lines written whole to memory, never read
    /// first. One of the ways the memory floor writes a frame (`MemoryFloor.fillWays`), not a
    /// store path of the kernels, whose frames are read back soon after they are written.
    /// Returns the pixels written.
    /// - Complexity: O(width × height).
    @discardableResult
    public mutating func fillStreaming(with color: PremultipliedColor) -> Int {
        let w = width, h = height, packed = color.packed
        pixels.withUnsafeMutableBufferPointer { buf in
            let base = buf.baseAddress!
            for y in 0..<h { cstream_fill(base + y * w, w, packed) }
        }
        cstream_fence()
        return w * h
    }

    /// Copies into every row but the first `rowAlignmentPeriod` the one of those whose alignment
    /// it has, by streaming stores (`cstream_copy`), and waits for them; returns the pixels
    /// written. The first rows stay in the cache (they are read over and over; streaming stores
    /// leave what they write out of it): the memory floor's streaming copy from the cache
    /// (`MemoryFloor.copyWays`), as `copyRowsFromAbove` is the kernels'.
    /// - Complexity: O(width × height).
    @discardableResult
    public mutating func copyRowsFromTopStreaming() -> Int {
        let w = width, h = height, k = rowAlignmentPeriod
        guard h > k else { return 0 }
        pixels.withUnsafeMutableBufferPointer { buf in
            let base = buf.baseAddress!
            for y in k..<h { cstream_copy(base + y * w, UnsafePointer(base + (y % k) * w), w) }
        }
        cstream_fence()
        return (h - k) * w
    }

    /// Copies every row of `source` (the same size) into this pixmap by streaming stores
    /// (`cstream_copy`), one span a row, and waits for them: the memory floor's streaming kept
    /// copy. Returns the pixels written.
    /// - Complexity: O(width × height).
    @discardableResult
    public mutating func copyStreaming(from source: Pixmap) -> Int {
        precondition(source.size == size, "a streaming copy needs a source of the pixmap's size")
        let w = width, h = height
        pixels.withUnsafeMutableBufferPointer { buf in
            source.pixels.withUnsafeBufferPointer { src in
                for y in 0..<h { cstream_copy(buf.baseAddress! + y * w, src.baseAddress! + y * w, w) }
            }
        }
        cstream_fence()
        return w * h
    }

    /// Drops the pixmap's lines from every level of the cache (see `cevict_lines`: `clflushopt`
    /// where the processor has it), so that the next read of its pixels comes from memory, as a
    /// layer's contents drawn in an earlier frame do: flushing every layer's contents before each
    /// step left every composite as it was (docs/cost-model.md §6). Changes no pixel; where the
    /// processor has no such instruction it does nothing. `CORNERBENCH_SLOW_EVICTION` makes it
    /// slow on purpose (docs/cli.md).
    /// - Complexity: O(width × height / 16), a line at a time.
    public func evictFromCaches() {
        pixels.withUnsafeBytes { if let base = $0.baseAddress { cevict_lines(base, $0.count) } }
    }
}
