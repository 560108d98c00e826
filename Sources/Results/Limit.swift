import Text

/// A ceiling an app's CI sets on what a row costs the device (docs/ci.md, "Limits for your own
/// cells"): "no frame over half the budget", "at most 10 off-screen passes a frame". Judged on
/// one results file, so it needs no baseline: a cell that grows dearer fails its limit whatever
/// it was before. GPU limits are judged at the slow end of the device model's range, the
/// cautious reading of an estimate.
public struct Limit: Equatable, Sendable, Encodable {
    /// What a limit holds down.
    public enum Measure: String, CaseIterable, Sendable, Encodable {
        /// The worst step's GPU time (slow end) as a share of the frame budget (0.5 = half).
        case worstFrameShare
        /// The mean frame's GPU time (slow end) as a share of the frame budget.
        case meanFrameShare
        /// Steps whose GPU time (slow end) exceeds the frame budget.
        case framesOverBudget
        /// Apple's hitch-time ratio of the steps' GPU times (slow end), ms per s.
        case hitchTimeRatio
        /// Off-screen passes per frame (mean).
        case offscreenPasses
        /// Splits of the screen's pass per frame (mean).
        case screenSplits
        /// Render passes per frame (mean).
        case renderPasses
        /// Blended pixels per frame (mean).
        case blendedPixels

        /// One line: what it measures.
        public var meaning: String {
            switch self {
            case .worstFrameShare: "the worst frame's GPU time (model, slow end) over the frame budget"
            case .meanFrameShare: "the mean frame's GPU time (model, slow end) over the frame budget"
            case .framesOverBudget: "the frames whose GPU time (model, slow end) exceeds the budget"
            case .hitchTimeRatio: "Apple's hitch-time ratio of the GPU times (model, slow end), ms per s"
            case .offscreenPasses: "off-screen passes per frame"
            case .screenSplits: "splits of the screen's pass per frame"
            case .renderPasses: "render passes per frame"
            case .blendedPixels: "blended pixels per frame"
            }
        }

        /// The row's value, or nil when the row lacks it (a device without a GPU has no frame
        /// times; a file from before steps were priced, no worst frame).
        public func value(of run: RunResult) -> Double? {
            switch self {
            case .worstFrameShare: run.deviceTime.flatMap { t in t.frames.map { Double($0.worstNanos.high) / t.budgetNanos } }
            case .meanFrameShare: run.deviceTime.map { $0.budgetShare.high }
            case .framesOverBudget: run.deviceTime?.frames.map { Double($0.overBudget.high) }
            case .hitchTimeRatio: run.deviceTime?.frames?.hitchRatio.high
            case .offscreenPasses: run.perStep[.offscreenPasses]
            case .screenSplits: run.perStep[.screenSplits]
            case .renderPasses: run.perStep[.renderPasses]
            case .blendedPixels: run.perStep[.blendedPixels]
            }
        }
    }

    /// The values a limit may hold: a number from 0 to `Results.maxValue` (2^53), the range the
    /// results reader accepts, so that every reader of a limit (a suite's `limits`, `--limit`, a
    /// results file's `limits`) accepts the same ones and a run never writes a limit it cannot read.
    public static let allowedMaximum: ClosedRange<Double> = 0...Double(Results.maxValue)

    /// `allowedMaximum` as messages say it.
    public static let allowedMaximumText = "a number from 0 to \(Format.grouped(Results.maxValue)) (2^53)"

    /// What is held down.
    public var measure: Measure
    /// The largest value that passes.
    public var maximum: Double

    /// The keys a results file writes, and the only ones its reader (`Limit+Reading.swift`) allows.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case measure, maximum
    }

    public init(_ measure: Measure, maximum: Double) {
        self.measure = measure
        self.maximum = maximum
    }

    /// `worstFrameShare ≤ 0.5`.
    public var description: String { "\(measure.rawValue) ≤ \(Format.number(maximum))" }
}

