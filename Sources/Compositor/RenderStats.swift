/// The exact counters of one rendered frame, made by the renderer as it does the work.
///
/// Every field is incremented by the code path that does what it counts (named in its doc), so a
/// counter cannot disagree with the pixels. All are smaller-is-better; the harness adds them to
/// the table's and the ledger's counts to make a step's `FrameStats`.
public struct RenderStats: Equatable, Sendable {
    /// Pixels of blended draws into the framebuffer (`Renderer.execute`): a non-opaque layer or an
    /// off-screen result drawn over something — what "Color Blended Layers" paints red.
    public var blendedPixels = 0
    /// Fragments shaded with a blend anywhere, off-screen buffers included (`Renderer.execute`).
    public var blendedFragments = 0
    /// All fragments shaded, opaque and blended, on and off screen (`Renderer.execute`).
    public var shadedPixels = 0
    /// Off-screen passes: a subtree drawn into a separate buffer first (`Renderer.buildOffscreen`;
    /// a mask's own pass, `Renderer.clipCoverage`; a shadow without a `shadowPath`, rendered to
    /// learn its shape, `Renderer.shadowShape`; and a rasterization-cache miss).
    public var offscreenPasses = 0
    /// The pixel area of those off-screen buffers.
    public var offscreenPixels = 0
    /// Rasterized layers drawn from a valid cached bitmap (`Renderer.buildRasterized`).
    public var rasterHits = 0
    /// Rasterized layers that had to be rendered again (`Renderer.buildRasterized`).
    public var rasterMisses = 0
    /// Bytes held by the rasterization cache at the end of the frame (a gauge, summed per frame).
    public var rasterBytes = 0
    /// Layers visited by the renderer (`Renderer.build`; hidden layers excluded).
    public var layersDrawn = 0
    /// Render passes a tile-based GPU would run: the screen's, plus one per off-screen pass
    /// (rasterization misses included), counted where each pass is executed.
    public var renderPasses = 0
    /// Times the screen's pass is interrupted: each off-screen pass, or group of nested and
    /// back-to-back passes (a mask's two, a rasterization miss with the passes inside it), begun
    /// while drawing into the screen (`Renderer.countSplit`). On a tile-based GPU each split stores
    /// the screen's attachment and loads it again, which `tileTrafficBytes` does not include: the
    /// device model prices it (docs/device-model.md).
    public var screenSplits = 0
    /// Bytes a tile-based GPU moves between tile memory and main memory for the frame: each
    /// pass's attachment stored once (its whole buffer), and each off-screen result (a buffer or
    /// a cached rasterized bitmap) read back where it is composited (its visible area), at 4 bytes
    /// a pixel (docs/cost-model.md §5).
    public var tileTrafficBytes = 0
    /// Bytes the CPU kernels wrote into the framebuffer and off-screen buffers: 4 per shaded
    /// pixel (`Renderer.execute`, from `Paint.bytesPerPixel`); and into coverage masks: mask
    /// attachments (`Renderer.clipCoverage`), shadow shapes and their blur (`Renderer.buildShadow`).
    public var bytesWritten = 0
    /// Bytes the CPU kernels read: destinations blended over, source images and coverage masks
    /// (`Renderer.execute`, from `Paint.bytesPerPixel`); and what making masks read: mask layers'
    /// alpha (`Renderer.clipCoverage`), shadow shapes and their blur (`Renderer.buildShadow`).
    public var bytesRead = 0
    /// Of `bytesRead`, the bytes of source images and coverage masks kept from earlier frames
    /// (layer contents, rasterization cache hits, cached rounded clips, mask paths drawn before,
    /// border rings, shadow paths blurred before),
    /// which come from memory where a buffer drawn this frame comes from the cache
    /// (`Renderer.execute`, from `DrawOp.keptBytesPerPixel`; `Renderer.clipCoverage`).
    public var keptBytesRead = 0

    /// What the layers of a described cell caused (`Layer.costTag`), by tag: each pass, split and
    /// byte of tile traffic to the innermost tagged layer whose drawing ran it, each blended
    /// on-screen draw to the tagged layer it draws (`Renderer.build`).
    public var layerCosts: [Int: LayerCost] = [:]

    public init() {}
}

/// What one layer of a described cell caused in a frame (or a sum of frames).
public struct LayerCost: Equatable, Sendable {
    /// Off-screen passes its drawing ran (its own, a mask's, a shadow's shape, a cache miss).
    public var offscreenPasses = 0
    /// Splits of the screen's pass those passes made.
    public var screenSplits = 0
    /// Bytes of tile traffic those passes moved (their stores and the reads of their results).
    public var tileTrafficBytes = 0
    /// Pixels of its blended draws on screen (its own, or its off-screen result composited).
    public var blendedPixels = 0

    public init() {}

    /// The pass counters only.
    init(passes: Int, splits: Int, traffic: Int) {
        offscreenPasses = passes
        screenSplits = splits
        tileTrafficBytes = traffic
    }

    /// Adds every field of `rhs`.
    public static func += (lhs: inout LayerCost, rhs: LayerCost) {
        lhs.offscreenPasses += rhs.offscreenPasses
        lhs.screenSplits += rhs.screenSplits
        lhs.tileTrafficBytes += rhs.tileTrafficBytes
        lhs.blendedPixels += rhs.blendedPixels
    }

    /// `lhs` less `rhs`, field by field.
    static func - (lhs: LayerCost, rhs: LayerCost) -> LayerCost {
        var out = LayerCost()
        out.offscreenPasses = lhs.offscreenPasses - rhs.offscreenPasses
        out.screenSplits = lhs.screenSplits - rhs.screenSplits
        out.tileTrafficBytes = lhs.tileTrafficBytes - rhs.tileTrafficBytes
        out.blendedPixels = lhs.blendedPixels - rhs.blendedPixels
        return out
    }
}
