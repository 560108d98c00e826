/// Which kernels a caller's drawing runs: the store path of its fills and copies (`StoreKernel`) and
/// the lanes of its blends (`BlendLanes`). Both give the same pixels; their instructions and speed
/// follow the host. Not a setting of the process: each caller holds one and passes it to the
/// drawing it asks for (`Pixmap.paint`, `fill`, `multiply`, …), which reads it once per call, never
/// per span or pixel. A timing run holds `preferred` unless told otherwise, a count under valgrind
/// `counted`, a memory floor the store path of each of its ways.
public struct KernelChoice: Sendable, Hashable {
    /// How fills and copies store (`--store-path`).
    public var store: StoreKernel
    public var blendLanes: BlendLanes

    /// `blendLanes` `.wide` only where `BlendLanes.wideIsAvailable`.
    public init(store: StoreKernel = .preferred, blendLanes: BlendLanes = .preferred) {
        self.store = store
        self.blendLanes = blendLanes
    }

    /// What a timing run uses unless told otherwise (`StoreKernel.preferred`, `BlendLanes.preferred`).
    public static var preferred: KernelChoice { KernelChoice() }

    /// What a count under valgrind uses (`CountedPairs`): the vector path and the portable
    /// lanes, whose instructions are the same on every x86-64 host and follow the bytes.
    public static let counted = KernelChoice(store: .vector, blendLanes: .portable)

    /// Whether the blends run on AVX2 lanes.
    @inline(__always)
    var wide: Bool { blendLanes == .wide }
}
