internal import CIntrinsics

extension Paint {
    /// The image a copy or a draw reads, and where its top-left pixel lies in the destination;
    /// nil for any other paint.
    private var placedImage: (image: Pixmap, offset: PixelPoint)? {
        switch self {
        case let .copy(image, offset), let .draw(image, offset, _): return (image, offset)
        case .fill, .blend, .shape, .rounded, .masked, .scaled: return nil
        }
    }

    /// The pixels of its source image this paint reads in destination `rows` and `columns`, in
    /// the image's coordinates and clipped to it: for a copy or a draw (whose image is placed at
    /// its offset); nil for any other paint, or when they miss the image.
    public func sourceRegion(rows: Range<Int>, columns: Range<Int>) -> (rows: Range<Int>, columns: Range<Int>)? {
        guard let (image, offset) = placedImage else { return nil }
        let y0 = max(rows.lowerBound - offset.y, 0), y1 = min(rows.upperBound - offset.y, image.height)
        let x0 = max(columns.lowerBound - offset.x, 0), x1 = min(columns.upperBound - offset.x, image.width)
        return y0 < y1 && x0 < x1 ? (y0..<y1, x0..<x1) : nil
    }

    /// Asks the cache for `sourceRegion(rows:columns:)`, one hint per 64-byte line: a hint that
    /// never faults and changes no pixel or count.
    ///
    /// Why: the row loop asks for a short span's source two rows ahead (`Pixmap.shade`), so an
    /// image's first two rows were met cold, and cost a label's blend 1.2-2.5 × a later row's;
    /// the shader asks for them a band ahead (`HiddenSurfaceShader`).
    public func prefetchSource(rows: Range<Int>, columns: Range<Int>) {
        guard let image = placedImage?.image, let region = sourceRegion(rows: rows, columns: columns) else { return }
        image.pixels.withUnsafeBufferPointer { pixels in
            let base = UInt(bitPattern: pixels.baseAddress)
            for y in region.rows {
                cprefetch_block(base &+ UInt((y &* image.width &+ region.columns.lowerBound) &* 4), region.columns.count &* 4)
            }
        }
    }
}
