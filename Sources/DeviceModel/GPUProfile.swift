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
    /// The share of the peak a streaming access pattern sustains (STREAM-type efficiency).
    public let sustainedFraction: SourcedRange
    /// Pixel fill rate, in fragments per second: the pixels its back end writes per second.
    public let fillRate: SourcedRange
    /// The fixed time of one render pass besides its tile traffic (the pipeline's drain and
    /// restart at a render-target switch), in seconds.
    public let passCost: SourcedRange

    /// A profile; every parameter must be positive with `low ≤ high`.
    public init(id: String, chip: String, architecture: String, gpuCores: ClosedRange<Int>,
                memoryBandwidth: SourcedRange, sustainedFraction: SourcedRange = GPUProfile.lpddrSustainedFraction,
                fillRate: SourcedRange, passCost: SourcedRange) {
        self.id = id
        self.chip = chip
        self.architecture = architecture
        self.gpuCores = gpuCores
        self.memoryBandwidth = memoryBandwidth
        self.sustainedFraction = sustainedFraction
        self.fillRate = fillRate
        self.passCost = passCost
    }

    /// The parameters with their names, for checks and reports.
    public var parameters: [(name: String, value: SourcedRange)] {
        [("memoryBandwidth", memoryBandwidth), ("sustainedFraction", sustainedFraction), ("fillRate", fillRate),
         ("passCost", passCost)]
    }

    /// The bandwidth the model charges, in bytes per second: each end of the peak times the
    /// matching end of the sustained fraction (slowest × least ... fastest × most).
    public var sustainedBandwidth: ClosedRange<Double> {
        memoryBandwidth.low * sustainedFraction.low ... memoryBandwidth.high * sustainedFraction.high
    }

    /// What LPDDR sustains of its peak under a streaming load: TI's STREAM measurements of LPDDR4,
    /// 67–71 % (application report SPRACV1B). No sustained figure of an A-series GPU is
    /// published, so every chip takes it, the LPDDR2 and LPDDR3 ones included (an assumption).
    public static let lpddrSustainedFraction = SourcedRange(
        0.67...0.71, .published("Texas Instruments SPRACV1B: STREAM copy/scale/add/triad on LPDDR4 at 67–71 % of peak"))
}
