// Design note — drawing kernels.
//
// Every kernel clips its destination rectangle to the pixmap (and an optional clip rectangle)
// once, then runs a tight loop per row over raw buffer pointers. Opaque fills and copies are bulk
// memory operations (`update(repeating:)` / `update(from:)`), which is what makes hidden or opaque
// work cheap and blended work measurably dearer — the difference CornerBench exists to show.
// Each kernel returns the number of destination pixels it wrote, so the renderer's counters come
// from the code that did the work.

extension Pixmap {
    /// `rect` clipped to this pixmap and to `clip`.
    @inline(__always)
    func clipped(_ rect: PixelRect, _ clip: PixelRect?) -> PixelRect {
        var r = rect.intersection(bounds)
        if let clip { r = r.intersection(clip) }
        return r
    }

    /// Replaces every pixel of `rect` with `color` (a bulk fill). Returns the pixels written.
    @discardableResult
    public mutating func fill(_ rect: PixelRect, with color: PremultipliedColor, clip: PixelRect? = nil) -> Int {
        let r = clipped(rect, clip)
        guard !r.isEmpty else { return 0 }
        let w = width, value = color.packed
        pixels.withUnsafeMutableBufferPointer { buf in
            let base = buf.baseAddress!
            for y in r.y..<r.maxY {
                (base + y * w + r.x).update(repeating: value, count: r.width)
            }
        }
        return r.area
    }

    /// Source-over of the constant `color` across `rect`. Returns the pixels written.
    @discardableResult
    public mutating func blend(_ rect: PixelRect, with color: PremultipliedColor, clip: PixelRect? = nil) -> Int {
        if color.isOpaque { return fill(rect, with: color, clip: clip) }
        let r = clipped(rect, clip)
        guard !r.isEmpty else { return 0 }
        let w = width, src = color.packed
        let inv = 255 &- color.alpha
        pixels.withUnsafeMutableBufferPointer { buf in
            let base = buf.baseAddress!
            for y in r.y..<r.maxY {
                let row = base + y * w
                for x in r.x..<r.maxX { row[x] = src &+ Blend.scale(row[x], inv) }
            }
        }
        return r.area
    }

    /// Source-over of `color` through `mask` placed with its top-left at `origin` (a shape fill:
    /// a rounded background or a shape layer). Returns the pixels written.
    @discardableResult
    public mutating func blend(_ color: PremultipliedColor, mask: CoverageMask, at origin: PixelPoint,
                               clip: PixelRect? = nil) -> Int {
        let r = clipped(PixelRect(origin: origin, size: mask.size), clip)
        guard !r.isEmpty else { return 0 }
        let w = width, mw = mask.width, src = color.packed
        pixels.withUnsafeMutableBufferPointer { buf in
            mask.values.withUnsafeBufferPointer { m in
                let base = buf.baseAddress!, mbase = m.baseAddress!
                for y in r.y..<r.maxY {
                    let row = base + y * w
                    let mrow = mbase + (y - origin.y) * mw - origin.x
                    for x in r.x..<r.maxX {
                        let c = mrow[x]
                        if c == 255 && color.isOpaque { row[x] = src }
                        else if c != 0 { row[x] = Blend.over(src, row[x], coverage: c) }
                    }
                }
            }
        }
        return r.area
    }

    /// Copies `sourceRect` of `source` to `origin`, replacing what is there (opaque contents).
    /// Returns the pixels written.
    @discardableResult
    public mutating func copy(_ source: Pixmap, from sourceRect: PixelRect, to origin: PixelPoint,
                              clip: PixelRect? = nil) -> Int {
        let (r, sx, sy) = placement(source, sourceRect, origin, clip)
        guard !r.isEmpty else { return 0 }
        let w = width, sw = source.width
        pixels.withUnsafeMutableBufferPointer { buf in
            source.pixels.withUnsafeBufferPointer { s in
                let base = buf.baseAddress!, sbase = s.baseAddress!
                for row in 0..<r.height {
                    (base + (r.y + row) * w + r.x).update(from: sbase + (sy + row) * sw + sx, count: r.width)
                }
            }
        }
        return r.area
    }

    /// Source-over of `sourceRect` of `source` at `origin`, scaled by `opacity`.
    /// Returns the pixels written.
    @discardableResult
    public mutating func draw(_ source: Pixmap, from sourceRect: PixelRect, to origin: PixelPoint,
                              opacity: UInt8 = 255, clip: PixelRect? = nil) -> Int {
        let (r, sx, sy) = placement(source, sourceRect, origin, clip)
        guard !r.isEmpty else { return 0 }
        let w = width, sw = source.width
        pixels.withUnsafeMutableBufferPointer { buf in
            source.pixels.withUnsafeBufferPointer { s in
                let base = buf.baseAddress!, sbase = s.baseAddress!
                for row in 0..<r.height {
                    let d = base + (r.y + row) * w + r.x
                    let p = sbase + (sy + row) * sw + sx
                    if opacity == 255 {
                        for i in 0..<r.width { d[i] = Blend.over(p[i], d[i]) }
                    } else {
                        for i in 0..<r.width { d[i] = Blend.over(p[i], d[i], coverage: opacity) }
                    }
                }
            }
        }
        return r.area
    }

    /// The masked composite: source-over of `source × mask × opacity` at `origin`, where `source`
    /// and `mask` have the same size (an off-screen buffer and its layer's mask).
    /// Returns the pixels written.
    @discardableResult
    public mutating func draw(_ source: Pixmap, mask: CoverageMask, at origin: PixelPoint,
                              opacity: UInt8 = 255, clip: PixelRect? = nil) -> Int {
        precondition(source.size == mask.size, "a masked composite needs a mask of the source's size")
        let (r, sx, sy) = placement(source, source.bounds, origin, clip)
        guard !r.isEmpty else { return 0 }
        let w = width, sw = source.width
        pixels.withUnsafeMutableBufferPointer { buf in
            source.pixels.withUnsafeBufferPointer { s in
                mask.values.withUnsafeBufferPointer { m in
                    let base = buf.baseAddress!, sbase = s.baseAddress!, mbase = m.baseAddress!
                    for row in 0..<r.height {
                        let d = base + (r.y + row) * w + r.x
                        let p = sbase + (sy + row) * sw + sx
                        let c = mbase + (sy + row) * sw + sx
                        for i in 0..<r.width {
                            let cov = opacity == 255 ? c[i] : UInt8(div255(UInt32(c[i]) * UInt32(opacity)))
                            d[i] = Blend.over(p[i], d[i], coverage: cov)
                        }
                    }
                }
            }
        }
        return r.area
    }

    /// Multiplies every pixel by `mask` in place (destination-in), baking a mask into a bitmap.
    public mutating func multiply(by mask: CoverageMask) {
        precondition(size == mask.size, "destination-in needs a mask of the pixmap's size")
        pixels.withUnsafeMutableBufferPointer { buf in
            mask.values.withUnsafeBufferPointer { m in
                for i in 0..<buf.count where m[i] != 255 { buf[i] = Blend.scale(buf[i], m[i]) }
            }
        }
    }

    /// Source-over of `sourceRect` of `source` stretched to `destination` with nearest-neighbour
    /// sampling (contents whose pixel size differs from the layer's). Returns the pixels written.
    @discardableResult
    public mutating func drawScaled(_ source: Pixmap, from sourceRect: PixelRect, to destination: PixelRect,
                                    opacity: UInt8 = 255, clip: PixelRect? = nil) -> Int {
        let r = clipped(destination, clip)
        guard !r.isEmpty, !sourceRect.isEmpty else { return 0 }
        for y in r.y..<r.maxY {
            let sy = sourceRect.y + min(sourceRect.height - 1, (y - destination.y) * sourceRect.height / destination.height)
            for x in r.x..<r.maxX {
                let sx = sourceRect.x + min(sourceRect.width - 1, (x - destination.x) * sourceRect.width / destination.width)
                let i = y * width + x
                pixels[i] = Blend.over(source.pixels[sy * source.width + sx], pixels[i], coverage: opacity)
            }
        }
        return r.area
    }

    /// Where `sourceRect` of `source` lands at `origin` after clipping: the destination rectangle
    /// and the matching source top-left.
    @inline(__always)
    private func placement(_ source: Pixmap, _ sourceRect: PixelRect, _ origin: PixelPoint,
                           _ clip: PixelRect?) -> (PixelRect, Int, Int) {
        let src = sourceRect.intersection(source.bounds)
        let dx = origin.x - sourceRect.x, dy = origin.y - sourceRect.y
        let r = clipped(src.offsetBy(dx: dx, dy: dy), clip)
        return (r, r.x - dx, r.y - dy)
    }
}
