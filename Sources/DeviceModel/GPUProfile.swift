/// One chip's GPU as the device model sees it: who it is, and the three parameters that turn a
/// frame's counted work into time, each a range with its evidence.
///
/// Apple publishes none of these parameters for any A-series chip except M2's bandwidth, so most
/// ranges come from reviewers, spec databases or arithmetic on their figures; docs/device-model.md
/// gives every figure's source and reasoning.
public struct GPUProfile: Sendable, Equatable, Identifiable {
    /// The catalogue key: `a4` … `a16`, `a17-pro`, `m1`, `m2`.
    public let id: String
    /// The chip's name, e.g. "Apple A9".
    public let chip: String
    /// The GPU's vendor and architecture, e.g. "PowerVR GT7600 (Series7XT)".
    public let architecture: String
    /// GPU cores (Rogue clusters on A7–A10); a range where one chip ships with several counts
    /// (A15, A16, M1, M2), and the parameters span those variants.
    public let gpuCores: ClosedRange<Int>
    /// Peak main-memory bandwidth the GPU shares, in bytes per second.
    public let memoryBandwidth: SourcedRange
    /// Pixel fill rate, in fragments per second: the pixels its back end writes per second.
    public let fillRate: SourcedRange
    /// The fixed time of one render pass besides its tile traffic (the pipeline's drain and
    /// restart at a render-target switch), in seconds.
    public let passCost: SourcedRange

    /// A profile; every parameter must be positive with `low ≤ high`.
    public init(id: String, chip: String, architecture: String, gpuCores: ClosedRange<Int>,
                memoryBandwidth: SourcedRange, fillRate: SourcedRange, passCost: SourcedRange) {
        self.id = id
        self.chip = chip
        self.architecture = architecture
        self.gpuCores = gpuCores
        self.memoryBandwidth = memoryBandwidth
        self.fillRate = fillRate
        self.passCost = passCost
    }

    /// The three parameters with their names, for checks and reports.
    public var parameters: [(name: String, value: SourcedRange)] {
        [("memoryBandwidth", memoryBandwidth), ("fillRate", fillRate), ("passCost", passCost)]
    }
}
