import Raster

/// An immutable shape, as a `CGPath`/`UIBezierPath` object: allocating one is a cost the
/// strategies pay (`pathsCreated`), so it is a class created against a ledger.
///
/// A path is drawn by its coverage (exact areas, as `CoverageMask` computes them), which is kept
/// once made: as a shape layer's fill or mask, and blurred as a layer's `shadowPath`.
public final class Path {
    /// The shapes a path can hold.
    public enum Shape: Equatable {
        /// A plain rectangle.
        case rect(Rect)
        /// A rectangle whose `corners` are rounded with `radius` (points).
        case roundedRect(Rect, radius: Double, corners: Corners)
        /// The ellipse inscribed in the rectangle (`UIBezierPath(ovalIn:)`). When its sides are
        /// equal it is a circle, drawn exactly as `.roundedRect(rect, radius: side / 2, corners:
        /// .all)`, so a circular mask covers the pixels a `cornerRadius` of half the side clips to.
        case oval(Rect)
        /// Several shapes filled as one path. A pixel's coverage is the largest of theirs: exact
        /// wherever at most one shape partly covers the pixel (shapes apart, or overlapping
        /// where one covers the pixel fully); where two edges cross one pixel it is the larger
        /// part, not their union (two shapes abutting along a fractional pixel edge leave a
        /// faint seam).
        case union([Shape])

        /// The smallest rectangle holding the shape (points); `.zero` for an empty union.
        public var bounds: Rect {
            switch self {
            case .rect(let r), .roundedRect(let r, _, _), .oval(let r): return r
            case .union(let shapes):
                guard let first = shapes.first?.bounds else { return .zero }
                return shapes.dropFirst().reduce(first) { box, shape in
                    let b = shape.bounds
                    let x0 = min(box.minX, b.minX), y0 = min(box.minY, b.minY)
                    return Rect(x: x0, y: y0, width: max(box.maxX, b.maxX) - x0, height: max(box.maxY, b.maxY) - y0)
                }
            }
        }

        /// The same shape with a circle written as the rounded rectangle it is drawn as.
        var normalized: Shape {
            if case .oval(let r) = self, r.width == r.height {
                return .roundedRect(r, radius: r.width / 2, corners: .all)
            }
            return self
        }

        /// The shape's coverage at `scale` over `window`, in the path's pixels (window pixel
        /// (0, 0) is the path's pixel (window.x, window.y)); nil for an empty window.
        /// - Complexity: O(window area) for one shape; a union's rounded rectangles take
        ///   O(their bounds' area within the window) each, plus the edges' area evaluations.
        func coverage(in window: PixelRect, scale: Double) -> CoverageMask? {
            let dx = Double(window.x), dy = Double(window.y)
            func pixels(_ r: Rect) -> (Double, Double, Double, Double) {
                (r.minX * scale - dx, r.minY * scale - dy, r.maxX * scale - dx, r.maxY * scale - dy)
            }
            switch normalized {
            case .rect(let r):
                return CoverageMask(size: window.size, roundedRect: pixels(r), radius: 0, corners: [])
            case .roundedRect(let r, let radius, let corners):
                return CoverageMask(size: window.size, roundedRect: pixels(r), radius: radius * scale, corners: corners)
            case .oval(let r):
                return CoverageMask(size: window.size, ellipseIn: pixels(r))
            case .union(let shapes):
                guard var mask = CoverageMask(size: window.size) else { return nil }
                for shape in shapes {
                    // A rectangle covers nothing outside its bounds out to whole pixels, so its
                    // coverage is made for that part of the window only, value for value the
                    // window's (`CoverageMask(window:roundedRect:…)`): a mask of a thousand
                    // small rectangles costs their areas, not a thousand windows.
                    switch shape.normalized {
                    case .rect(let r), .roundedRect(let r, _, _):
                        let edges = pixels(r)
                        let x0 = max(0, Int(edges.0.rounded(.down))), x1 = min(window.width, Int(edges.2.rounded(.up)))
                        let y0 = max(0, Int(edges.1.rounded(.down))), y1 = min(window.height, Int(edges.3.rounded(.up)))
                        guard x0 < x1, y0 < y1 else { continue }
                        var radius = 0.0, corners: Corners = []
                        if case .roundedRect(_, let r, let c) = shape.normalized { radius = r * scale; corners = c }
                        let part = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
                        if let coverage = CoverageMask(window: part, roundedRect: edges, radius: radius, corners: corners) {
                            mask.formMaximum(with: coverage, at: part.origin)
                        }
                    default:
                        if let part = shape.coverage(in: window, scale: scale) { mask.formMaximum(with: part) }
                    }
                }
                return mask
            }
        }
    }

    /// The shape.
    public let shape: Shape
    /// The last rasterization of the path: its key (pixel size, scale) and coverage. A path is
    /// immutable, so its coverage at one size and scale never changes.
    private var coverageCache: (PixelSize, Double, CoverageMask)?
    /// The last blurred coverage made of the path for a shadow, boxed: few paths are shadows, and
    /// a strategy that makes new mask paths in every layout pass initializes every field.
    private var shadowCache: KeptShadow?

    /// A shadow's blurred coverage: its key (scale, σ in pixels), the pixels it covers (in the
    /// path's pixels) and the mask.
    private final class KeptShadow {
        let scale: Double, sigma: Double, bounds: PixelRect, mask: CoverageMask
        init(scale: Double, sigma: Double, bounds: PixelRect, mask: CoverageMask) {
            self.scale = scale; self.sigma = sigma; self.bounds = bounds; self.mask = mask
        }
    }

    /// Creates a path; counts `pathsCreated` in `ledger`.
    public init(_ shape: Shape, ledger: Ledger) {
        self.shape = shape
        ledger.counts.pathsCreated += 1
    }

    /// The path's coverage in a buffer of `size` pixels at `scale`, with the buffer's origin at
    /// the path's coordinate origin. A rounded rectangle (or circle) that fills the buffer
    /// exactly is built from the corner tiles `cornerTiles` returns (size, radius in pixels,
    /// corners) when it returns some — value for value the mask computed directly, and still
    /// written whole, but the corners' areas are integrated once per shape rather than once per
    /// path (a strategy that makes new mask paths in every layout pass asks for the same corners
    /// every frame). `kept` is true when the coverage was made before, for an earlier frame, so
    /// reading it reads a mask kept in memory.
    func coverage(size: PixelSize, scale: Double,
                  cornerTiles: ((PixelSize, Double, Corners) -> RoundedRectCoverage?)? = nil) -> (mask: CoverageMask, kept: Bool)? {
        if let (s, sc, mask) = coverageCache, s == size, sc == scale { return (mask, true) }
        var mask: CoverageMask?
        if let cornerTiles, case .roundedRect(let r, let radius, let corners) = shape.normalized, r.minX == 0, r.minY == 0,
           r.maxX * scale == Double(size.width), r.maxY * scale == Double(size.height) {
            mask = cornerTiles(size, radius * scale, corners)?.mask()
        }
        if mask == nil { mask = shape.coverage(in: PixelRect(origin: .zero, size: size), scale: scale) }
        guard let mask else { return nil }
        coverageCache = (size, scale, mask)
        return (mask, false)
    }

    /// The pixels a shadow of the path covers at `scale` when blurred by σ = `sigma` pixels, in
    /// the path's pixels: its bounds, out to whole pixels, grown by the blur's reach
    /// (`CoverageMask.blurReach`) on every side.
    func shadowBounds(scale: Double, sigma: Double) -> PixelRect {
        let b = shape.bounds, reach = CoverageMask.blurReach(sigma: sigma)
        let x0 = Int((b.minX * scale).rounded(.down)), y0 = Int((b.minY * scale).rounded(.down))
        let x1 = Int((b.maxX * scale).rounded(.up)), y1 = Int((b.maxY * scale).rounded(.up))
        return PixelRect(x: x0 - reach, y: y0 - reach, width: x1 - x0 + 2 * reach, height: y1 - y0 + 2 * reach)
    }

    /// The path's coverage over `shadowBounds(scale:sigma:)`, blurred by σ = `sigma` pixels: a
    /// layer's shadow when the path is its `shadowPath`. Made once per scale and σ and kept, as
    /// Core Animation need not render the layer to learn the shadow's shape; `kept` is true when
    /// it was made for an earlier frame. `traffic` is what blurring it read and wrote now (0
    /// when kept). Nil when the path covers no area.
    func shadowCoverage(scale: Double, sigma: Double, scratch: inout BlurScratch)
        -> (bounds: PixelRect, mask: CoverageMask, kept: Bool, traffic: (read: Int, written: Int))? {
        if let c = shadowCache, c.scale == scale, c.sigma == sigma { return (c.bounds, c.mask, true, (0, 0)) }
        let bounds = shadowBounds(scale: scale, sigma: sigma)
        guard shape.bounds.width > 0, shape.bounds.height > 0, var mask = shape.coverage(in: bounds, scale: scale) else {
            return nil
        }
        let traffic = mask.blur(sigma: sigma, scratch: &scratch)
        shadowCache = KeptShadow(scale: scale, sigma: sigma, bounds: bounds, mask: mask)
        return (bounds, mask, false, traffic)
    }
}
