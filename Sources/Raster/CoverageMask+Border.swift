extension CoverageMask {
    /// The part inside `window` of the coverage of a border: the ring between the rounded
    /// rectangle `rect` and the same rectangle inset by `width` (all in the mask's pixels), whose
    /// inner corners are rounded by `max(0, r − width)` where r is `radius` clamped to half the
    /// shorter side, as Core Animation insets a layer's border. Each value is the outer shape's
    /// coverage minus the inner one's (the inner lies inside the outer, so that is the ring's
    /// area, up to rounding); a width of 0 or less covers nothing. With `squareOuter` the outer edge is the plain rectangle: inside an
    /// off-screen pass clipped to the rounded bounds, which rounds the outer edge once, as it does
    /// the background. Nil when the window is empty or starts at a negative coordinate.
    /// - Complexity: O(window area), plus disk-area evaluations for corner pixels inside it.
    public init?(window: PixelRect, borderOf rect: (x0: Double, y0: Double, x1: Double, y1: Double),
                 width: Double, radius: Double, corners: Corners, squareOuter: Bool = false) {
        guard width > 0 else {
            self.init(window: window, roundedRect: (0, 0, 0, 0), radius: 0, corners: [])
            return
        }
        let (x0, y0, x1, y1) = rect
        let r = max(0, min(radius, (x1 - x0) / 2, (y1 - y0) / 2))
        guard var outer = CoverageMask(window: window, roundedRect: rect, radius: squareOuter ? 0 : r,
                                       corners: squareOuter ? [] : corners) else { return nil }
        let inner = (x0 + width, y0 + width, x1 - width, y1 - width)
        if inner.2 > inner.0, inner.3 > inner.1,
           let hole = CoverageMask(window: window, roundedRect: inner, radius: max(0, r - width), corners: corners) {
            for i in outer.values.indices { outer.values[i] = outer.values[i] &- min(outer.values[i], hole.values[i]) }
        }
        self = outer
    }
}
