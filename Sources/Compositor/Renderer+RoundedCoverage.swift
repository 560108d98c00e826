import Raster

extension Renderer {
    /// The most the rounded-coverage cache may hold, in bytes: four screens of 8-bit coverage
    /// (`4 × screen pixels`). Rounded backgrounds are kept as their corner tiles (O(r²) bytes
    /// however large the layer), the rounded clips of off-screen buffers as whole masks; past the
    /// cap the least recently used shapes are evicted and computed again when next drawn, and a
    /// shape too large for the cap on its own is never kept (a background whose corners alone
    /// would not fit is then given the coverage of its visible part only, each frame).
    public var roundedCoverageCapacity: Int { roundedCoverage.capacity }

    /// What the rounded-coverage cache charges an entry besides its coverage (its bookkeeping),
    /// within `roundedCoverageCapacity`.
    public static let coverageEntryOverhead = 256

    /// The bytes the rounded-coverage cache holds now (coverage plus an estimate of each entry's
    /// bookkeeping); never more than `roundedCoverageCapacity`.
    public var roundedCoverageBytes: Int { roundedCoverage.bytes }

    /// The bytes of the largest rounded-rectangle coverage made at once since the renderer was
    /// created: a shape's corner tiles, the whole clip of an off-screen buffer (as large as the
    /// buffer), or the visible part of a background whose corners do not fit the cache. It never
    /// grows with a layer's size beyond what is drawn: a rounded background ten million rows tall
    /// costs its corners.
    public var largestRoundedCoverageBytes: Int { max(roundedCoverage.largestComputed, largestVisiblePart) }

    /// The corner tiles of the rounded rectangle filling `size`, from the rounded-coverage cache
    /// (nil when they do not fit it): how a path's coverage gets its corners.
    func cornerTiles(_ size: PixelSize, _ radius: Double, _ corners: Corners) -> RoundedRectCoverage? {
        roundedCoverage.corners(size, radius: radius, corners: corners)
    }

    /// The paint of a background of `color` filling `px` with `corners` rounded by `radius`
    /// pixels, of which `visible` is drawn: the shape's cached corner tiles, so no coverage as
    /// large as the layer is ever made (a section's background can be millions of pixels tall).
    /// Only when the corners themselves are too large for the cache is the coverage of the
    /// visible part computed, for this frame; and so are corners larger than the screen (a
    /// radius of a thousand points on a layer mostly off screen), whose coverage would cost
    /// seconds to make for a few pixels that show (docs/cost-model.md §7, "What can reach the
    /// screen"). Nil when `px` is empty.
    func roundedBackground(_ color: PremultipliedColor, px: PixelRect, visible: PixelRect,
                           radius: Double, corners: Corners) -> Paint? {
        // Four squares of the radius (and a pixel) at most: arithmetic only, on the walk's path.
        let side = min(radius, Double(min(px.width, px.height)) / 2) + 1
        if 4 * side * side <= Double(screenSize.area), let shape = roundedCoverage.corners(px.size, radius: radius, corners: corners) {
            return .rounded(color, shape, offset: px.origin)
        }
        let window = visible.offsetBy(dx: -px.x, dy: -px.y)
        guard let part = CoverageMask(window: window, roundedRect: (0, 0, Double(px.width), Double(px.height)),
                                      radius: radius, corners: corners) else { return nil }
        largestVisiblePart = max(largestVisiblePart, part.width * part.height)
        return .shape(color, part, offset: visible.origin)
    }
}
