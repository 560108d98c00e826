/// The work of one frame that the device model prices: counts, not times.
///
/// These are the compositor's per-frame counters under the names the model uses (docs/device-model.md
/// maps them): `offscreenPasses` ← `offscreenPasses`, `tileTrafficBytes` ← `tileTrafficBytes`,
/// `textureBytesRead` ← `keptBytesRead`, `shadedFragments` ← `shadedPixels`, `blendedFragments` ←
/// `blendedFragments`, `screenSplits` ← `screenSplits`; `screenBytes` is the screen's attachment.
/// Values are `Double` so that a mean over many frames is a `FrameWork` too.
public struct FrameWork: Sendable, Equatable {
    /// Off-screen passes: each begins with a switch of render target, at which the GPU idles
    /// (`GPUProfile.passCost`).
    public var offscreenPasses: Double
    /// Bytes stored from tile memory to main memory and read back into it: each pass's attachment
    /// stored, each off-screen result read where it is composited.
    public var tileTrafficBytes: Double
    /// Bytes read from layer contents kept in memory: cached bitmaps, precomposited images, label
    /// bitmaps, cached coverage. Read from main memory, like tile traffic.
    public var textureBytesRead: Double
    /// Fragments shaded in all passes after hidden-surface removal, opaque and blended alike.
    public var shadedFragments: Double
    /// Of `shadedFragments`, those shaded with a blend. The model charges them nothing extra
    /// (docs/device-model.md, "Blending"), but keeps them so a later model can.
    public var blendedFragments: Double
    /// Times an off-screen pass interrupted the screen's pass (nested and back-to-back passes once).
    public var screenSplits: Double
    /// The bytes of the screen's attachment (width × height × 4): what each split stores and
    /// loads again.
    public var screenBytes: Double

    /// A frame's work; every count must be non-negative and blended fragments at most the shaded ones.
    public init(offscreenPasses: Double = 0, tileTrafficBytes: Double = 0, textureBytesRead: Double = 0,
                shadedFragments: Double = 0, blendedFragments: Double = 0, screenSplits: Double = 0,
                screenBytes: Double = 0) {
        precondition(offscreenPasses >= 0 && tileTrafficBytes >= 0 && textureBytesRead >= 0
                     && shadedFragments >= 0 && blendedFragments >= 0 && screenSplits >= 0 && screenBytes >= 0,
                     "work is never negative")
        precondition(blendedFragments <= shadedFragments, "blended fragments are a part of the shaded ones")
        self.offscreenPasses = offscreenPasses
        self.tileTrafficBytes = tileTrafficBytes
        self.textureBytesRead = textureBytesRead
        self.shadedFragments = shadedFragments
        self.blendedFragments = blendedFragments
        self.screenSplits = screenSplits
        self.screenBytes = screenBytes
    }

    /// A frame that does nothing.
    public static let zero = FrameWork()

    /// Bytes the frame moves to or from main memory as it counted them: tile traffic plus texture
    /// reads (the splits' traffic apart, `splitBytes`).
    public var memoryBytes: Double { tileTrafficBytes + textureBytesRead }

    /// Bytes the splits move: per split, the screen's attachment stored and loaded again.
    public var splitBytes: Double { 2 * screenSplits * screenBytes }
}
