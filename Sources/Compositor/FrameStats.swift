/// The exact, deterministic counters of one frame (or a sum of frames).
///
/// One value that the renderer, the table and the strategies all add to, so a step's cost is a
/// single sum. Every field is incremented by the code path that does the work it counts; the doc
/// of each field names that path. All counters are "smaller is better".
public struct FrameStats: Equatable, Sendable {
    /// Pixels of blended draws into the framebuffer (`Renderer`): a non-opaque layer or an
    /// off-screen result drawn over something — what "Color Blended Layers" paints red.
    public var blendedPixels = 0
    /// Fragments shaded with a blend anywhere, off-screen buffers included (`Renderer` kernels).
    public var blendedFragments = 0
    /// All fragments shaded, opaque and blended, on and off screen (`Renderer` kernels).
    public var shadedPixels = 0
    /// Off-screen passes: a subtree drawn into a separate buffer first (`Renderer.drawOffscreen`).
    public var offscreenPasses = 0
    /// The pixel area of those off-screen buffers.
    public var offscreenPixels = 0
    /// Rasterized layers drawn from a valid cached bitmap (`RasterCache.lookup`).
    public var rasterHits = 0
    /// Rasterized layers that had to be re-rendered (`RasterCache.lookup`).
    public var rasterMisses = 0
    /// Bytes held by the rasterization cache at the end of the frame (a gauge, summed per frame).
    public var rasterBytes = 0
    /// Layers visited by the renderer (hidden layers excluded).
    public var layersDrawn = 0
    /// Layers allocated (`Layer.init`).
    public var layersCreated = 0
    /// Shape paths allocated (`Path.init`).
    public var pathsCreated = 0
    /// Bitmaps allocated for layer contents (`Image.init`).
    public var imagesCreated = 0
    /// Cells allocated because a reuse pool was empty (`ReusePool.dequeue`).
    public var cellsCreated = 0
    /// Cells handed out by the reuse pools, new or reused (`ReusePool.dequeue`).
    public var cellsDequeued = 0
    /// Cells handed out from a pool rather than allocated (`ReusePool.dequeue`).
    public var cellsReused = 0
    /// Rows the table or a strategy touched in layout (`TableView`, strategies' layout passes).
    public var rowsVisited = 0

    public init() {}

    /// Every counter with its JSON name, in the order reports print them.
    // Immutable after initialization; key paths are not Sendable, hence nonisolated(unsafe).
    nonisolated(unsafe) public static let fields: [(name: String, keyPath: WritableKeyPath<FrameStats, Int>)] = [
        ("blendedPixels", \.blendedPixels), ("blendedFragments", \.blendedFragments),
        ("shadedPixels", \.shadedPixels), ("offscreenPasses", \.offscreenPasses),
        ("offscreenPixels", \.offscreenPixels), ("rasterHits", \.rasterHits),
        ("rasterMisses", \.rasterMisses), ("rasterBytes", \.rasterBytes),
        ("layersDrawn", \.layersDrawn), ("layersCreated", \.layersCreated),
        ("pathsCreated", \.pathsCreated), ("imagesCreated", \.imagesCreated),
        ("cellsCreated", \.cellsCreated), ("cellsDequeued", \.cellsDequeued),
        ("cellsReused", \.cellsReused), ("rowsVisited", \.rowsVisited),
    ]

    /// Adds every counter of `rhs` to `lhs`.
    public static func += (lhs: inout FrameStats, rhs: FrameStats) {
        for field in fields { lhs[keyPath: field.keyPath] += rhs[keyPath: field.keyPath] }
    }

    /// The field-wise sum.
    public static func + (lhs: FrameStats, rhs: FrameStats) -> FrameStats {
        var sum = lhs
        sum += rhs
        return sum
    }
}

/// Where allocations and layout work are counted as they happen.
///
/// A table owns one; every `Layer`, `Path` and `Image` is created against it, so the count of
/// objects created is made by the initializers themselves. `take()` hands the counts of a step to
/// the runner and starts afresh.
public final class Ledger {
    /// The counts since the last `take()`.
    public var stats = FrameStats()

    public init() {}

    /// Returns the counts so far and resets them.
    public func take() -> FrameStats {
        defer { stats = FrameStats() }
        return stats
    }
}
