/// What to put in a span of pixels: the one description every drawing operation reduces to.
///
/// The compositor turns each layer into paints over rectangles, decides per pixel which of them
/// are hidden, and asks `Pixmap.paint` to shade only the visible spans. Source coordinates are
/// given as an offset: destination pixel (x, y) reads source pixel (x − offset.x, y − offset.y).
public enum Paint {
    /// Replace every pixel with the colour (opaque fills and clears).
    case fill(PremultipliedColor)
    /// Source-over of a constant colour.
    case blend(PremultipliedColor)
    /// Replace pixels with an opaque image's pixels (a bulk copy).
    case copy(Pixmap, offset: PixelPoint)
    /// Source-over of an image scaled by `opacity`.
    case draw(Pixmap, offset: PixelPoint, opacity: UInt8)
    /// Source-over of a colour through a coverage mask (a shape, an anti-aliased rounded rect).
    case shape(PremultipliedColor, CoverageMask, offset: PixelPoint)
    /// Source-over of a colour through a rounded rectangle's coverage: `.shape` with the mask
    /// `coverage.mask()`, value for value, shaded the same way (full coverage between the corners
    /// goes through the same kernel), without a mask as large as the shape.
    case rounded(PremultipliedColor, RoundedRectCoverage, offset: PixelPoint)
    /// Source-over of an image times a same-sized coverage mask times `opacity`: the masked
    /// composite of an off-screen buffer.
    case masked(Pixmap, CoverageMask, offset: PixelPoint, opacity: UInt8)
    /// Source-over of the `source` rectangle of an image stretched over `destination`, with
    /// nearest-neighbour sampling (contents or raster bitmaps whose size differs from the layer's).
    case scaled(Pixmap, source: PixelRect, destination: PixelRect, opacity: UInt8)

    /// True when the paint replaces what lies beneath (so it hides it): fills and copies.
    /// (Inlinable, like the traffic below: the renderer asks it of every operation it builds.)
    @inlinable public var replaces: Bool {
        switch self {
        case .fill, .copy: return true
        default: return false
        }
    }
}

/// A horizontal run of pixels `x0 ..< x1`.
public struct Span: Equatable, Sendable {
    public var x0: Int
    public var x1: Int
    // Inlinable: the shader calls these per span from another module, and the package builds
    // without implicit cross-module optimization (Package.swift says why).
    @inlinable public init(_ x0: Int, _ x1: Int) { self.x0 = x0; self.x1 = x1 }
    /// Its length in pixels.
    @inlinable public var length: Int { x1 - x0 }
}
