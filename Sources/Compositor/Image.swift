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
