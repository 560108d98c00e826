/// One chip's GPU as the device model sees it: who it is, and the three parameters that turn a
/// frame's counted work into time, each a range with its evidence.
///
/// Apple publishes none of these parameters for any A-series chip except M2's bandwidth, so most
/// ranges come from reviewers, spec databases or arithmetic on their figures; docs/device-model.md
/// gives every figure's source and reasoning.
public struct GPUProfile: Sendable, Hashable, Identifiable {
    /// The catalogue key: `a4` … `a16`, `a17-pro`, `m1`, `m2`.
    public var id: String
    /// The chip's name, e.g. "Apple A9".
    public let chip: String
    /// The GPU's vendor and architecture, e.g. "PowerVR GT7600 (Series7XT)".
    public let architecture: String
    /// GPU cores (Rogue clusters on A7–A10); a range where one chip ships with several counts
    /// (A15, A16, M1, M2), and the parameters span those variants.
    public let gpuCores: ClosedRange<Int>
    /// Peak main-memory bandwidth the GPU shares, in bytes per second.
    public var memoryBandwidth: SourcedRange
    /// The share of the peak a streaming access pattern sustains (STREAM-type efficiency).
    public let sustainedFraction: SourcedRange
    /// Pixel fill rate, in fragments per second: the pixels its back end writes per second.
    public var fillRate: SourcedRange
    /// The time the GPU idles at the switch of render target that begins an off-screen pass,
    /// besides the pass's own tile traffic (WWDC 2014 session 419 measured 0.1–0.2 ms per
    /// switch), in seconds.
    public var passCost: SourcedRange

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

    /// How this profile was calibrated to a frame time measured on a device (`GPUCalibration`);
    /// nil for a profile of sourced figures.
    public var calibration: GPUCalibration.Note?

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

    /// What an Apple GPU sustains of its memory's peak when it streams: the M1's GPU measured at
    /// 50.4 GB/s from DRAM (chipsandcheese, via StarBeat's notes) and at 56.9 GB/s in a Metal
    /// vector add (the M1GPU Benchmark), 74–83 % of LPDDR4X-4266 on 128 bits (68.3 GB/s). No
    /// A-series GPU has a published figure, so every chip takes the M1's (an assumption, the
    /// PowerVR chips included).
    public static let lpddrSustainedFraction = SourcedRange(
        50.4 / 68.256 ... 56.93 / 68.256,
        .published("the M1's GPU: 50.4 GB/s from DRAM (chipsandcheese, 'iGPU Cache Setups Compared, Including M1', via StarBeat/cpu-gpu-arch) and 56.93 GB/s in a Metal vector add (M1GPU Benchmark) of LPDDR4X-4266 on 128 bits, 68.3 GB/s"),
        .unsourced("taken for every chip: no A-series GPU's sustained bandwidth is published"))
}
