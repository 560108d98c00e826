import Raster

/// A bitmap used as layer contents, shared by reference: a hundred layers showing one corner
/// image hold one bitmap, as `CALayer.contents` shares a `CGImage`.
public final class Image {
    /// The pixels, premultiplied.
    public let pixmap: Pixmap
    /// Pixels per point the bitmap was drawn at.
    public let scale: Double
    /// True when every pixel is opaque, so drawing it needs no blend. Computed once.
    public let isOpaque: Bool

    /// Wraps `pixmap`; counts `imagesCreated` in `ledger`.
    /// - Complexity: O(pixels), to find whether it is opaque.
    public init(_ pixmap: Pixmap, scale: Double, ledger: Ledger) {
        self.pixmap = pixmap
        self.scale = scale
        self.isOpaque = pixmap.isFullyOpaque
        ledger.counts.imagesCreated += 1
    }
}

/// An immutable shape, as a `CGPath`/`UIBezierPath` object: allocating one is a cost the
/// strategies pay (`pathsCreated`), so it is a class created against a ledger.
public final class Path {
    /// The shapes a path can hold.
    public enum Shape: Equatable {
        /// A plain rectangle.
        case rect(Rect)
        /// A rectangle whose `corners` are rounded with `radius` (points).
        case roundedRect(Rect, radius: Double, corners: Corners)
    }

    /// The shape.
    public let shape: Shape
    /// The last rasterization of the path: its key (pixel size, scale) and coverage. A path is
    /// immutable, so its coverage at one size and scale never changes.
    private var coverageCache: (PixelSize, Double, CoverageMask)?

    /// Creates a path; counts `pathsCreated` in `ledger`.
    public init(_ shape: Shape, ledger: Ledger) {
        self.shape = shape
        ledger.counts.pathsCreated += 1
    }

    /// The path's coverage in a buffer of `size` pixels at `scale`, with the buffer's origin at
    /// the path's coordinate origin. A rounded rectangle that fills the buffer exactly is built
    /// from the corner tiles `cornerTiles` returns (size, radius in pixels, corners) when it
    /// returns some — value for value the mask computed directly, and still written whole, but
    /// the corners' areas are integrated once per shape rather than once per path (a strategy
    /// that makes new mask paths in every layout pass asks for the same corners every frame).
    /// `kept` is true when the coverage was made before, for an earlier frame, so reading it
    /// reads a mask kept in memory.
    func coverage(size: PixelSize, scale: Double,
                  cornerTiles: ((PixelSize, Double, Corners) -> RoundedRectCoverage?)? = nil) -> (mask: CoverageMask, kept: Bool)? {
        if let (s, sc, mask) = coverageCache, s == size, sc == scale { return (mask, true) }
        var mask: CoverageMask?
        switch shape {
        case .rect(let r):
            mask = CoverageMask(size: size, roundedRect: (r.minX * scale, r.minY * scale, r.maxX * scale, r.maxY * scale),
                                radius: 0, corners: [])
        case .roundedRect(let r, let radius, let corners):
            if let cornerTiles, r.minX == 0, r.minY == 0,
               r.maxX * scale == Double(size.width), r.maxY * scale == Double(size.height) {
                mask = cornerTiles(size, radius * scale, corners)?.mask()
            }
            if mask == nil {
                mask = CoverageMask(size: size, roundedRect: (r.minX * scale, r.minY * scale, r.maxX * scale, r.maxY * scale),
                                    radius: radius * scale, corners: corners)
            }
        }
        guard let mask else { return nil }
        coverageCache = (size, scale, mask)
        return (mask, false)
    }
}
