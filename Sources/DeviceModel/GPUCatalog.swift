/// The GPU profiles the model knows, looked up by id.
///
/// Figures come from the research notes summarised in docs/device-model.md; the short source
/// names here (S1, S12, …) are that document's source list, which holds the titles and URLs.
/// Derived figures are computed here from the figures they come from, so the arithmetic can be
/// read beside its reasoning.
public struct GPUCatalog: Sendable {
    /// The profiles, oldest chip first.
    public let profiles: [GPUProfile]

    /// A catalogue of the given profiles; ids must be unique.
    public init(profiles: [GPUProfile]) {
        precondition(Set(profiles.map(\.id)).count == profiles.count, "GPU profile ids are unique")
        self.profiles = profiles
    }

    /// The ids, in catalogue order.
    public var ids: [String] { profiles.map(\.id) }

    /// The profile with this id, or an error that lists the known ids.
    public func profile(id: String) throws(UnknownGPU) -> GPUProfile {
        guard let profile = profiles.first(where: { $0.id == id }) else {
            throw UnknownGPU(id: id, knownIDs: ids)
        }
        return profile
    }
}

/// A GPU id the catalogue does not hold.
public struct UnknownGPU: Error, Equatable, CustomStringConvertible {
    /// The id asked for.
    public let id: String
    /// The ids the catalogue holds.
    public let knownIDs: [String]

    public var description: String {
        "unknown GPU '\(id)'; known: \(knownIDs.joined(separator: ", "))"
    }
}

// Units: the catalogue's figures are written as their sources give them.
private let gigabytesPerSecond = 1e9
private let gigapixelsPerSecond = 1e9
private let megahertz = 1e6
private let microseconds = 1e-6

/// LPDDR data rate (MT/s) × bus width (bits) in bytes per second.
private func peakBandwidth(megatransfers: Double, busBits: Double) -> Double {
    megatransfers * megahertz * busBits / 8
}

/// Pixels per clock × cores × clock (MHz), in fragments per second.
private func fill(pixelsPerClock: Double, cores: Double = 1, clockMHz: Double) -> Double {
    pixelsPerClock * cores * clockMHz * megahertz
}

extension GPUCatalog {
    /// The GPU's idle at a switch of render target, on the chips of 2014 and before (PowerVR,
    /// A4 to A8): WWDC 2014 session 419 measured "0.1 to 0.2ms" per switch (docs/device-model.md,
    /// "Pass cost").
    static let measuredPassCost = SourcedRange(
        100 * microseconds ... 200 * microseconds,
        .published("WWDC 2014 session 419: the GPU's idle time between passes is 'at 0.1 to 0.2ms', 'with four passes ... about idle time of 0.4 to 0.8ms' (a 2014 iPad)"))

    /// The same for the chips after 2014 (A9 on), for which nothing is published: the 2014 figure as
    /// the slow end, a tenth of its fast end as the fast end (a newer GPU may switch faster; by how
    /// much no source says).
    static let unmeasuredPassCost = SourcedRange(
        10 * microseconds ... 200 * microseconds,
        .published("WWDC 2014 session 419's 0.1–0.2 ms per switch on 2014 hardware, the slow end"),
        .unsourced("no figure for a chip after 2014: down to a tenth of it, 10 µs"))

    /// Pixels per clock per Apple7/Apple8 GPU core: hmc-tech's 4-core A16 (22.4 Gpix/s at 1398 MHz, S12).
    private static let applePixelsPerCore = 22.4 * gigapixelsPerSecond / (4 * 1398 * megahertz)
    private static let m1ClockMHz = 1278.0, a16ClockMHz = 1398.0
    private static let lpddr4x64 = peakBandwidth(megatransfers: 4266, busBits: 64)

    /// A4 to A17 Pro (with the A5X of the iPad 3rd generation), M1 and M2.
    public static let builtIn = GPUCatalog(profiles: [
        GPUProfile(
            id: "a4", chip: "Apple A4", architecture: "PowerVR SGX535 (Series5)", gpuCores: 1...1,
            memoryBandwidth: SourcedRange(
                peakBandwidth(megatransfers: 400, busBits: 64) ... 3.2 * gigabytesPerSecond,
                .published("elektroniknet S1: DDR-400 on 64 bits, 3.2 GB/s"),
                .published("AnandTech S42: the iPhone 4's DRAM (K4X4G643G8, mobile DDR) is 64 bits wide; Tom's Hardware's 'single-channel' (S7) is left out")),
            fillRate: SourcedRange(
                156_281_856 ... 0.5 * gigapixelsPerSecond,
                .database("hmc-tech S12: 0.5 Gpix/s at 250 MHz"),
                .derived("hmc-tech's 2 px/clk at elektroniknet's 200 MHz (S1)"),
                .published("measured, the slow end: GLBenchmark 2.1's 'Fill Test: texture fetch' on the iPhone 4, '156281856 texel/sec' (PChome S49); the iPad's 179.1 Mtexel/s (AnandTech via wccftech S50)")),
            passCost: measuredPassCost),
        GPUProfile(
            id: "a5", chip: "Apple A5", architecture: "PowerVR SGX543MP2 (Series5XT)", gpuCores: 2...2,
            memoryBandwidth: SourcedRange(
                6.4 * gigabytesPerSecond ... 6.4 * gigabytesPerSecond,
                .published("AnandTech S6, elektroniknet S2: LPDDR2-800 on 2×32 bits, 6.4 GB/s")),
            fillRate: SourcedRange(
                765.5e6 ... fill(pixelsPerClock: 2, cores: 2, clockMHz: 250),
                .derived("2 px/clk per SGX543 core (hmc-tech's A6: 6 px/clk for 3, S12) × 2 cores × 200 MHz (iPhone 4S, S2) to 250 MHz (iPad 2: AnandTech's 16 GFLOPS ÷ 64 FLOP/clk, S4)"),
                .published("measured, the slow end: 'In GLBenchmark 2.5's fill-rate test, ... the 4S scored 765.5' (AnandTech via Techgage S51); the iPhone 4S's '798912704 texel/sec' in GLBenchmark 2.1 (PChome S49), the iPad 2's 890.1 Mtexel/s (S50)")),
            passCost: measuredPassCost),
        GPUProfile(
            id: "a5x", chip: "Apple A5X", architecture: "PowerVR SGX543MP4 (Series5XT)", gpuCores: 4...4,
            memoryBandwidth: SourcedRange(
                peakBandwidth(megatransfers: 800, busBits: 128) ... peakBandwidth(megatransfers: 800, busBits: 128),
                .published("AnandTech via gsmdome S57: the iPhone 5's 8,528 MB/s is 'below the 12,800 MB/sec of the iPad 3 RAM'; 'the A5x (64-bits vs. 128-bits)' against the A6 (AnandTech S58), the A5's LPDDR2-800 (S6)")),
            fillRate: SourcedRange(
                2 * 890.1e6 ... fill(pixelsPerClock: 2, cores: 4, clockMHz: 250),
                .published("AnandTech S59: 'Indeed we see a roughly 2x increase in triangle and fill rates' over the iPad 2, whose GLBenchmark fill was 890.1 Mtexel/s (S50): the slow end"),
                .derived("2 px/clk per SGX543 core × 4 cores ('the PowerVR SGX 543MP4 simply bundles four SGX 543 cores instead of two', S59) × the iPad 2's 250 MHz ('GPU clocks haven't increased', S59; 32 GFLOPS as shipped ÷ 128 FLOP/clk, S4)")),
            passCost: measuredPassCost),
        GPUProfile(
            id: "a6", chip: "Apple A6", architecture: "PowerVR SGX543MP3 (Series5XT)", gpuCores: 3...3,
            memoryBandwidth: SourcedRange(
                8.528 * gigabytesPerSecond ... 8.528 * gigabytesPerSecond,
                .published("AnandTech S6: LPDDR2-1066 on 2×32 bits, 8,528 MB/s")),
            fillRate: SourcedRange(
                1.596 * gigapixelsPerSecond ... fill(pixelsPerClock: 6, clockMHz: 333),
                .database("hmc-tech S12: 1.596 Gpix/s, 6 px/clk at 266 MHz"),
                .derived("6 px/clk at elektroniknet's 333 MHz (S3)")),
            passCost: measuredPassCost),
        GPUProfile(
            id: "a7", chip: "Apple A7", architecture: "PowerVR G6430 (Series6)", gpuCores: 4...4,
            memoryBandwidth: SourcedRange(
                peakBandwidth(megatransfers: 1333, busBits: 64) ... peakBandwidth(megatransfers: 1600, busBits: 64),
                .published("AnandTech S52: 'there’s still only a 64-bit wide memory interface'; iFixit via S33: Elpida LPDDR3, whose LPDDR3 runs at '1600Mbps (Max.)' (Elpida S53)"),
                .derived("1333 MT/s at the slow end: the one lower rate reported (German Wikipedia via memim, low), and above the 9.6 GB/s peak that AnandTech's 'A single CPU core can use up 8GB/s of bandwidth' (S52) needs at the M1's 83 % share")),
            fillRate: SourcedRange(
                3.0 * gigapixelsPerSecond ... fill(pixelsPerClock: 8, clockMHz: 450),
                .published("measured, the slow end: 'about ... 3 gp/s using glBlend' for untextured quads on an iPad mini with Retina display (Volcore/es3-framebufferfetch S54)"),
                .derived("AnandTech's 8 px/clk (S9) at its 'max GPU clock of around 450MHz' (S52: 'GFLOPS as Shipping' 115.2); hmc-tech's 3.6 Gpix/s at 450 MHz agrees (S12)")),
            passCost: measuredPassCost),
        GPUProfile(
            id: "a8", chip: "Apple A8", architecture: "PowerVR GX6450 (Series6XT)", gpuCores: 4...4,
            memoryBandwidth: SourcedRange(
                12.8 * gigabytesPerSecond ... 12.8 * gigabytesPerSecond,
                .database("askgeek S13: LPDDR3-1600 on 64 bits, 12.8 GB/s")),
            fillRate: SourcedRange(
                fill(pixelsPerClock: 8, clockMHz: 450) ... fill(pixelsPerClock: 8, clockMHz: 533),
                .derived("8 px/clk for 4 Rogue clusters (AnandTech S9: G6430 8, GX6650 12 for 6) × 533 MHz (askgeek S13; Tom's Hardware S35: clock unknown), at least A7's 450 MHz (S12)")),
            passCost: measuredPassCost),
        GPUProfile(
            id: "a9", chip: "Apple A9", architecture: "PowerVR GT7600 (Series7XT)", gpuCores: 6...6,
            memoryBandwidth: SourcedRange(
                25.6 * gigabytesPerSecond ... 25.6 * gigabytesPerSecond,
                .database("askgeek S13: LPDDR4-3200 on 64 bits, 25.6 GB/s")),
            fillRate: SourcedRange(
                fill(pixelsPerClock: 2, cores: 6, clockMHz: 300) ... fill(pixelsPerClock: 2, cores: 6, clockMHz: 650),
                .derived("2 px/clk per Rogue cluster (AnandTech S9) × 6 clusters × 300 MHz (S19, suspect) to 650 MHz (askgeek S13); askgeek's '24 ROPs' left out (docs/device-model.md)")),
            passCost: unmeasuredPassCost),
        GPUProfile(
            id: "a10", chip: "Apple A10 Fusion", architecture: "6-core GPU (Apple; AnandTech: a customised PowerVR GT7600 Plus)", gpuCores: 6...6,
            memoryBandwidth: SourcedRange(
                peakBandwidth(megatransfers: 3200, busBits: 64) ... peakBandwidth(megatransfers: 3200, busBits: 64),
                .derived("no figure found: LPDDR4 (S37) at A9's 3200 MT/s on A9's 64 bits (assumed), 25.6 GB/s")),
            fillRate: SourcedRange(
                fill(pixelsPerClock: 2, cores: 6, clockMHz: 300) ... 1.5 * fill(pixelsPerClock: 2, cores: 6, clockMHz: 650),
                .derived("no figure found: A9's range, up to 1.5× at its fast end (AnandTech S17: +50% over A9, mostly from clock speed)")),
            passCost: unmeasuredPassCost),
        GPUProfile(
            id: "a11", chip: "Apple A11 Bionic", architecture: "Apple-designed, first in-house (Apple4 family)", gpuCores: 3...3,
            memoryBandwidth: SourcedRange(
                peakBandwidth(megatransfers: 3200, busBits: 64) ... lpddr4x64,
                .derived("no figure or memory type found: between LPDDR4-3200 (A9, A10) and LPDDR4X-4266 (A12, S21, S23) on 64 bits")),
            fillRate: SourcedRange(
                6.4 * gigapixelsPerSecond ... 6.4 * gigapixelsPerSecond,
                .database("hmc-tech S12: 6.4 Gpix/s at 1066 MHz")),
            passCost: unmeasuredPassCost),
        GPUProfile(
            id: "a12", chip: "Apple A12 Bionic", architecture: "Apple-designed G11P (Apple5 family)", gpuCores: 4...4,
            memoryBandwidth: SourcedRange(
                34.1 * gigabytesPerSecond ... 34.1 * gigabytesPerSecond,
                .database("nanoreview S23: LPDDR4X on 64 bits, 34.1 GB/s")),
            fillRate: SourcedRange(
                9 * gigapixelsPerSecond ... 9 * gigapixelsPerSecond,
                .database("hmc-tech S12: 9 Gpix/s at 1125 MHz")),
            passCost: unmeasuredPassCost),
        GPUProfile(
            id: "a13", chip: "Apple A13 Bionic", architecture: "Apple-designed (Apple6 family)", gpuCores: 4...4,
            memoryBandwidth: SourcedRange(
                34.1 * gigabytesPerSecond ... 34.1 * gigabytesPerSecond,
                .database("topcpu S24: 34.1 GB/s; nanoreview S23: LPDDR4X on 2×32 bits")),
            fillRate: SourcedRange(
                9 * gigapixelsPerSecond ... 9 * gigapixelsPerSecond * 629.8 / 580,
                .derived("no figure found: A12's 9 Gpix/s (S12), up to × 629.8/580, the two chips' database GFLOPS (topcpu S24, hmc-tech S12), on the same 4 cores")),
            passCost: unmeasuredPassCost),
        GPUProfile(
            id: "a14", chip: "Apple A14 Bionic", architecture: "Apple-designed (Apple7 family)", gpuCores: 4...4,
            memoryBandwidth: SourcedRange(
                peakBandwidth(megatransfers: 3200, busBits: 64) ... lpddr4x64,
                .published("iFixit's iPhone 12 teardown via Gadgets 360 (S44): Micron LPDDR4, i.e. at most LPDDR4-3200, 25.6 GB/s on 64 bits (assumed)"),
                .derived("LPDDR4X-4266 on 64 bits, 34.1 GB/s, as the A12, A13 and A15 (S21, S23, S40); nanoreview's LPDDR5 (S23) left out: Apple's first LPDDR5 phone chip is the A16 (S22)")),
            fillRate: SourcedRange(
                fill(pixelsPerClock: 2, cores: 4, clockMHz: m1ClockMHz) ... fill(pixelsPerClock: applePixelsPerCore, cores: 4, clockMHz: m1ClockMHz),
                .derived("no figure found: 4 cores (Apple S38) × 2 px/clk per core (hmc-tech's A11, A12, S12) to 4 (its A16; nanoreview's M1, S14) × M1's 1278 MHz (S13, S14), assumed")),
            passCost: unmeasuredPassCost),
        GPUProfile(
            id: "a15", chip: "Apple A15 Bionic", architecture: "Apple-designed (Apple8 family)", gpuCores: 4...5,
            memoryBandwidth: SourcedRange(
                lpddr4x64 ... lpddr4x64,
                .derived("no figure found: LPDDR4X (S40) at 4266 MT/s on 64 bits (assumed), 34.1 GB/s; also A16's 51.2 GB/s (S24) ÷ Apple's 'up to 50% more' (S22)")),
            fillRate: SourcedRange(
                fill(pixelsPerClock: applePixelsPerCore, cores: 4, clockMHz: m1ClockMHz) ... fill(pixelsPerClock: applePixelsPerCore, cores: 5, clockMHz: a16ClockMHz),
                .derived("no figure found: 4 or 5 cores (Apple S39) × 4 px/clk per core (hmc-tech's A16, S12) × 1278 (M1, S13) to 1398 MHz (A16, M2, S12, S13); A15's own clock is not published")),
            passCost: unmeasuredPassCost),
        GPUProfile(
            id: "a16", chip: "Apple A16 Bionic", architecture: "Apple-designed (Apple8 family)", gpuCores: 4...5,
            memoryBandwidth: SourcedRange(
                51.2 * gigabytesPerSecond ... 51.2 * gigabytesPerSecond,
                .database("topcpu S24: 51.2 GB/s"),
                .published("Apple via TechCrunch S22: LPDDR5, 'up to 50% more memory bandwidth'")),
            fillRate: SourcedRange(
                22.4 * gigapixelsPerSecond ... fill(pixelsPerClock: applePixelsPerCore, cores: 5, clockMHz: a16ClockMHz),
                .database("hmc-tech S12: 22.4 Gpix/s for the 4-core part at 1398 MHz"),
                .derived("the 5-core part (Apple S22) at the same rate per core and clock")),
            passCost: unmeasuredPassCost),
        GPUProfile(
            id: "a17-pro", chip: "Apple A17 Pro", architecture: "Apple-designed (Apple9 family)", gpuCores: 6...6,
            memoryBandwidth: SourcedRange(
                51.2 * gigabytesPerSecond ... 51.2 * gigabytesPerSecond,
                .unsourced("no figure or memory type found: taken as A16's 51.2 GB/s (LPDDR5 on 64 bits)")),
            fillRate: SourcedRange(
                fill(pixelsPerClock: applePixelsPerCore, cores: 5, clockMHz: a16ClockMHz) ... fill(pixelsPerClock: applePixelsPerCore, cores: 6, clockMHz: a16ClockMHz),
                .unsourced("no figure found: at least A16's 5-core rate; at most 6 cores (S41) × A16's 4 px/clk per core and 1398 MHz, if Apple9 keeps them")),
            passCost: unmeasuredPassCost),
        GPUProfile(
            id: "m1", chip: "Apple M1", architecture: "Apple-designed (Apple7 family)", gpuCores: 7...8,
            memoryBandwidth: SourcedRange(
                66.67 * gigabytesPerSecond ... peakBandwidth(megatransfers: 4266, busBits: 128),
                .database("nanoreview S14: 68.2 GB/s; askgeek S13: 66.67 GB/s"),
                .derived("LPDDR4X-4266 on 128 bits (S13, S14): 68.3 GB/s")),
            fillRate: SourcedRange(
                fill(pixelsPerClock: 4, cores: 7, clockMHz: m1ClockMHz) ... 41 * gigapixelsPerSecond,
                .database("nanoreview S14: 41 Gpix/s for the 8-core GPU"),
                .derived("the 7-core GPU (Apple S15) at 4 px/clk per core (S14's 32 ROPs ÷ 8) and 1278 MHz (S13, S14)")),
            passCost: unmeasuredPassCost),
        GPUProfile(
            id: "m2", chip: "Apple M2", architecture: "Apple-designed (Apple8 family)", gpuCores: 8...10,
            memoryBandwidth: SourcedRange(
                100 * gigabytesPerSecond ... peakBandwidth(megatransfers: 6400, busBits: 128),
                .published("Apple via MacRumors S16: 100 GB/s"),
                .database("askgeek S13: LPDDR5-6400, 102.4 GB/s")),
            fillRate: SourcedRange(
                fill(pixelsPerClock: applePixelsPerCore, cores: 8, clockMHz: a16ClockMHz) ... fill(pixelsPerClock: applePixelsPerCore, cores: 10, clockMHz: a16ClockMHz),
                .derived("no figure found: 8 or 10 cores (Apple S16) × 4 px/clk per core (hmc-tech's A16, S12) × 1398 MHz (askgeek S13)")),
            passCost: unmeasuredPassCost),
    ])
}
