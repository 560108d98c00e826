/// The device model's estimate of a row's GPU time per frame on the scenario's device: a model's
/// estimate from the row's counted work and published chip figures (docs/device-model.md), never
/// a measurement. It is a range because the chips' figures are: `lowNanos` takes every
/// parameter's fast end, `highNanos` every slow end. The truth need not lie inside it: the model's
/// error against published measurements is stated apart (docs/device-model.md). Deterministic,
/// like the counters it is computed from, so the gate compares it exactly.
///
/// `lowNanos` and `highNanos` price the row's mean step. With the estimate of every step
/// (`stepLowNanos`, `stepHighNanos`) it also gives the frames that hitch: the 95th percentile,
/// the worst step and the steps over the frame budget.
public struct DeviceTime: Encodable, Equatable, Sendable {
    /// The GPU priced (`GPUCatalog` id: `a13`, `m1`, …).
    public var gpu: String
    /// The iOS major version whose rules decided the off-screen passes priced; nil in files
    /// written before rules followed the iOS version (iOS 6's rules held for every row then).
    public var ios: Int?
    /// How the GPU's profile was calibrated to a frame measured on a device, in words; nil for the
    /// catalogue's sourced figures (and in older files).
    public var calibration: String?
    /// The device's refresh rate, whose interval is the frame budget; within `refreshRange`.
    public var refreshHz: Double

    /// The refresh rates a device may have, in Hz, in a scenario file and a results file alike:
    /// no screen refreshes more slowly than once a second or faster than 240 times (120 Hz is the
    /// fastest Apple ships; 240 leaves room for experiments). Below 1 Hz a frame budget would be
    /// longer than any run, and near 0 it is infinite (docs/scenario-files.md).
    public static let refreshRange: ClosedRange<Double> = 1...240

    /// What a value outside `refreshRange` is told it should be.
    public static let refreshExpected = "a refresh rate from 1 to 240 Hz"
    /// The fast end of the estimate of the mean step, in nanoseconds per frame.
    public var lowNanos: Int
    /// The slow end, in nanoseconds per frame.
    public var highNanos: Int
    /// The fast end of every measured step's estimate, in step order; nil in files written
    /// before steps were priced.
    public var stepLowNanos: [Int]?
    /// The slow end of every measured step's estimate, as long as `stepLowNanos`.
    public var stepHighNanos: [Int]?
    /// The part of each step's fast end that is the GPU's idle at its switches of render target
    /// (one per off-screen pass), in step order; nil in files written before it was kept.
    /// Instruments' GPU utilisation leaves this idle out (WWDC 2014 session 419: a GPU-bound
    /// frame with off-screen passes is "not at 100 percent" because of it), so a published
    /// utilisation compares with the rest, `scrolledBusyNanos`.
    public var stepIdleLowNanos: [Int]?
    /// The idle part of each step's slow end, as long as `stepIdleLowNanos`.
    public var stepIdleHighNanos: [Int]?

    public init(gpu: String, ios: Int? = nil, refreshHz: Double, lowNanos: Int, highNanos: Int,
                stepLowNanos: [Int]? = nil, stepHighNanos: [Int]? = nil) {
        self.gpu = gpu
        self.ios = ios
        self.refreshHz = refreshHz
        self.lowNanos = lowNanos
        self.highNanos = highNanos
        self.stepLowNanos = stepLowNanos
        self.stepHighNanos = stepHighNanos
    }

    /// The frame budget: the interval between two refreshes (16.7 ms at 60 Hz, 8.3 ms at 120 Hz).
    public var budgetNanos: Double { 1e9 / refreshHz }

    /// The shares of the frame budget the two ends take (1 = the whole interval).
    public var budgetShare: (low: Double, high: Double) {
        (Double(lowNanos) / budgetNanos, Double(highNanos) / budgetNanos)
    }

    /// Whether even the fast end takes more than the whole frame budget.
    public var overBudget: Bool { Double(lowNanos) > budgetNanos }

    /// Whether the slow end takes more than the whole frame budget.
    public var possiblyOverBudget: Bool { Double(highNanos) > budgetNanos }

    /// The mean of the scrolled steps' estimates (every step but the first, the table's first
    /// appearance; the one step of a one-step run), in nanoseconds, both ends: what a scroll's
    /// frame rate measures. Nil without the steps.
    public var scrolledMeanNanos: (low: Double, high: Double)? {
        guard let low = stepLowNanos, let high = stepHighNanos else { return nil }
        return (Self.scrolledMean(low), Self.scrolledMean(high))
    }

    /// The mean of the scrolled steps' estimates less their switch idle, in nanoseconds, both
    /// ends: the GPU's busy time, what Instruments' utilisation × the frame measures. Nil
    /// without the steps' idle.
    public var scrolledBusyNanos: (low: Double, high: Double)? {
        guard let mean = scrolledMeanNanos, let low = stepIdleLowNanos, let high = stepIdleHighNanos else { return nil }
        return (mean.low - Self.scrolledMean(low), mean.high - Self.scrolledMean(high))
    }

    /// The mean of `values` but the first (of the one value, when there is one).
    private static func scrolledMean(_ values: [Int]) -> Double {
        let scrolled = values.count > 1 ? values.dropFirst() : values[...]
        return scrolled.isEmpty ? 0 : Double(scrolled.reduce(0, +)) / Double(scrolled.count)
    }

    /// Whether `other` priced the same GPU at the same refresh rate under the same iOS, so the two
    /// compare.
    public func prices(sameAs other: DeviceTime) -> Bool { gpu == other.gpu && refreshHz == other.refreshHz && ios == other.ios }

    /// The frames of the steps, when every step was priced: nil for files written before.
    public var frames: Frames? {
        guard let low = stepLowNanos, let high = stepHighNanos, !low.isEmpty, low.count == high.count else { return nil }
        return Frames(low: low, high: high, budgetNanos: budgetNanos)
    }

    /// What the estimates of the single steps say about hitches, end by end: each figure is a
    /// pair of the fast ends' value and the slow ends'.
    ///
    /// A run's first step is the table's first appearance (every visible cell created, every
    /// cache empty): it is reported on its own (`firstNanos`), and the other figures describe
    /// the scroll, the steps after it. A run of one step has no scroll: its one step is both.
    public struct Frames: Equatable, Sendable {
        /// The first step's estimate, in nanoseconds: the table's first appearance.
        public var firstNanos: (low: Int, high: Int)
        /// The steps the other figures describe: every step but the first (all, when there is one).
        public var scrolledSteps: Int
        /// The 95th percentile (nearest rank) of the scrolled steps' estimates, in nanoseconds.
        public var p95Nanos: (low: Int, high: Int)
        /// The dearest scrolled step's estimate, in nanoseconds.
        public var worstNanos: (low: Int, high: Int)
        /// Scrolled steps whose estimate exceeds the frame budget.
        public var overBudget: (low: Int, high: Int)
        /// Apple's hitch-time ratio over the scrolled steps, in ms of hitch per s of scrolling
        /// (MetricKit's `hitchTimeRatio`: the time spent hitching over the time spent animating).
        /// A frame that takes k refreshes (⌈time / budget⌉, at least 1) is k − 1 intervals late
        /// and keeps the screen for k intervals, so the ratio is 1000 × Σ(k − 1) / Σ k: frames
        /// that each take two refreshes give 500, and it never reaches 1000. WWDC 2020 session
        /// 10077's scale: good under 5 ms/s, warning 5–10, critical from 10.
        public var hitchRatio: (low: Double, high: Double)

        /// The figures of steps whose estimates are `low` and `high` (as long as each other, not
        /// empty) against a budget of `budgetNanos`.
        public init(low: [Int], high: [Int], budgetNanos: Double) {
            precondition(!low.isEmpty && low.count == high.count, "every step has both ends")
            func p95(_ values: ArraySlice<Int>) -> Int { Summary.percentile(values.sorted(), 95) }
            func over(_ values: ArraySlice<Int>) -> Int { values.filter { Double($0) > budgetNanos }.count }
            func hitch(_ values: ArraySlice<Int>) -> Double {
                let refreshes = values.map { max(1, (Double($0) / budgetNanos).rounded(.up)) }
                let shown = refreshes.reduce(0, +)
                return 1000 * (shown - Double(values.count)) / shown
            }
            let scrolledLow = low.count > 1 ? low.dropFirst() : low[...]
            let scrolledHigh = high.count > 1 ? high.dropFirst() : high[...]
            firstNanos = (low[0], high[0])
            scrolledSteps = scrolledLow.count
            p95Nanos = (p95(scrolledLow), p95(scrolledHigh))
            worstNanos = (scrolledLow.max() ?? 0, scrolledHigh.max() ?? 0)
            overBudget = (over(scrolledLow), over(scrolledHigh))
            hitchRatio = (hitch(scrolledLow), hitch(scrolledHigh))
        }

        public static func == (a: Frames, b: Frames) -> Bool {
            a.firstNanos == b.firstNanos && a.scrolledSteps == b.scrolledSteps && a.p95Nanos == b.p95Nanos
                && a.worstNanos == b.worstNanos && a.overBudget == b.overBudget && a.hitchRatio == b.hitchRatio
        }
    }

    /// The keys a results file writes, and the only ones its reader (`DeviceTime+Reading.swift`) allows.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case gpu, ios, calibration, refreshHz, lowNanos, highNanos, stepLowNanos, stepHighNanos, stepIdleLowNanos, stepIdleHighNanos, frames
    }

    /// The frames' figures as written in results files, derived from the steps (readers
    /// recompute them).
    private struct EncodedFrames: Encodable {
        var firstLowNanos, firstHighNanos, scrolledSteps: Int
        var p95LowNanos, p95HighNanos, worstLowNanos, worstHighNanos, overBudgetLow, overBudgetHigh: Int
        var hitchMsPerSecondLow, hitchMsPerSecondHigh: Double
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(gpu, forKey: .gpu)
        try c.encodeIfPresent(ios, forKey: .ios)
        try c.encodeIfPresent(calibration, forKey: .calibration)
        try c.encode(refreshHz, forKey: .refreshHz)
        try c.encode(lowNanos, forKey: .lowNanos)
        try c.encode(highNanos, forKey: .highNanos)
        try c.encodeIfPresent(stepLowNanos, forKey: .stepLowNanos)
        try c.encodeIfPresent(stepHighNanos, forKey: .stepHighNanos)
        try c.encodeIfPresent(stepIdleLowNanos, forKey: .stepIdleLowNanos)
        try c.encodeIfPresent(stepIdleHighNanos, forKey: .stepIdleHighNanos)
        if let f = frames {
            try c.encode(EncodedFrames(firstLowNanos: f.firstNanos.low, firstHighNanos: f.firstNanos.high, scrolledSteps: f.scrolledSteps,
                                       p95LowNanos: f.p95Nanos.low, p95HighNanos: f.p95Nanos.high,
                                       worstLowNanos: f.worstNanos.low, worstHighNanos: f.worstNanos.high,
                                       overBudgetLow: f.overBudget.low, overBudgetHigh: f.overBudget.high,
                                       hitchMsPerSecondLow: f.hitchRatio.low, hitchMsPerSecondHigh: f.hitchRatio.high),
                         forKey: .frames)
        }
    }
}
