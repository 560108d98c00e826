/// The device model's estimate of a row's GPU time per frame on the scenario's device: a model's
/// estimate from the row's counted work (its mean per step) and published chip figures
/// (docs/device-model.md), never a measurement. It is a range because the chips' figures are:
/// `lowNanos` takes every parameter's fast end, `highNanos` every slow end. Deterministic, like
/// the counters it is computed from, so the gate compares it exactly.
public struct DeviceTime: Codable, Equatable, Sendable {
    /// The GPU priced (`GPUCatalog` id: `a13`, `m1`, …).
    public var gpu: String
    /// The device's refresh rate, whose interval is the frame budget; within `refreshRange`.
    public var refreshHz: Double

    /// The refresh rates a device may have, in Hz, in a scenario file and a results file alike:
    /// no screen refreshes more slowly than once a second or faster than 240 times (120 Hz is the
    /// fastest Apple ships; 240 leaves room for experiments). Below 1 Hz a frame budget would be
    /// longer than any run, and near 0 it is infinite (docs/scenario-files.md).
    public static let refreshRange: ClosedRange<Double> = 1...240

    /// What a value outside `refreshRange` is told it should be.
    public static let refreshExpected = "a refresh rate from 1 to 240 Hz"
    /// The fast end of the estimate, in nanoseconds per frame.
    public var lowNanos: Int
    /// The slow end, in nanoseconds per frame.
    public var highNanos: Int

    public init(gpu: String, refreshHz: Double, lowNanos: Int, highNanos: Int) {
        self.gpu = gpu
        self.refreshHz = refreshHz
        self.lowNanos = lowNanos
        self.highNanos = highNanos
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

    /// Whether `other` priced the same GPU at the same refresh rate, so the two compare.
    public func prices(sameAs other: DeviceTime) -> Bool { gpu == other.gpu && refreshHz == other.refreshHz }
}
