import Raster

/// One operation of a render target's display list: a paint over a rectangle of the target.
struct DrawOp {
    /// The pixels it covers, already clipped, in the target's pixels.
    var rect: PixelRect
    /// What it puts there.
    var paint: Paint
    /// What the debug overlays show for it.
    var mark: OverlayMark
    /// True when it blends (and so hides nothing beneath it).
    var blends: Bool { !paint.replaces }
}

/// How a drawn layer shows in Instruments-style debug overlays (docs/cost-model.md §1: "Color Blended Layers",
/// "Color Offscreen-Rendered Yellow", "Color Hits Green and Misses Red").
public enum OverlayMark: Sendable {
    /// Drawn opaquely: replaces what is beneath.
    case opaque
    /// Drawn with a blend.
    case blended
    /// The composite of an off-screen pass (drawn blended).
    case offscreen
    /// A rasterized layer drawn from the cache.
    case rasterHit
    /// A rasterized layer that was re-rendered off-screen this frame.
    case rasterMiss
}

/// The debug overlays `bench render --overlay` draws.
public enum Overlay: String, CaseIterable, Sendable {
    /// Blended layers red, opaque ones green.
    case blended
    /// Layers rendered off-screen this frame yellow.
    case offscreen
    /// Rasterization cache hits green, misses red.
    case raster
}
