/// Counted work in, estimated GPU time out: the device model (docs/device-model.md).
///
/// time = passes × passCost + (tileTrafficBytes + textureBytesRead) / bandwidth
///      + splits × 2 × screenBytes / bandwidth + shadedFragments / fillRate
///
/// The bandwidth is the sustained one (`GPUProfile.sustainedBandwidth`). In seconds, so a frame's time divides by a refresh interval. The result is a range, every
/// parameter's fast end to every slow end; the terms add as if the GPU did them in turn, which
/// leans high (a GPU overlaps traffic with shading). A blended fragment costs only its place in
/// `shadedFragments`: its destination stays in tile memory. An estimate, never a measurement.
public enum GPUFrameTime {
    /// The estimate split by term, each a range in seconds.
    public struct Terms: Sendable, Equatable {
        /// passes × passCost.
        public let passes: ClosedRange<Double>
        /// (tile traffic + texture reads) / bandwidth.
        public let memory: ClosedRange<Double>
        /// splits × the screen's attachment stored and loaded again / bandwidth.
        public let splits: ClosedRange<Double>
        /// shaded fragments / fill rate.
        public let fragments: ClosedRange<Double>

        /// The three terms added, end by end.
        public var total: ClosedRange<Double> {
            (passes.lowerBound + memory.lowerBound + splits.lowerBound + fragments.lowerBound)
                ... (passes.upperBound + memory.upperBound + splits.upperBound + fragments.upperBound)
        }
    }

    /// Each term of the estimate for `work` on `gpu`, in seconds.
    public static func terms(_ work: FrameWork, on gpu: GPUProfile) -> Terms {
        let bandwidth = gpu.sustainedBandwidth
        return Terms(passes: work.renderPasses * gpu.passCost.low ... work.renderPasses * gpu.passCost.high,
              memory: work.memoryBytes / bandwidth.upperBound ... work.memoryBytes / bandwidth.lowerBound,
              splits: work.splitBytes / bandwidth.upperBound ... work.splitBytes / bandwidth.lowerBound,
              fragments: work.shadedFragments / gpu.fillRate.high ... work.shadedFragments / gpu.fillRate.low)
    }

    /// The GPU time of one frame of `work` on `gpu`, in seconds: fastest...slowest.
    public static func estimate(_ work: FrameWork, on gpu: GPUProfile) -> ClosedRange<Double> {
        terms(work, on: gpu).total
    }

    /// The time between two refreshes, in seconds: 1/60 s ≈ 16.7 ms, 1/120 s ≈ 8.3 ms.
    public static func frameBudget(refreshHz: Double) -> Double {
        precondition(refreshHz > 0, "a refresh rate is positive")
        return 1 / refreshHz
    }

    /// The share of the refresh interval a frame time takes (1 = the whole interval), end by end.
    /// The GPU never has the whole interval (the app and the render server work before it), so a
    /// share near 1 is already a risk; the model does not say how much of the interval is the GPU's.
    public static func budgetShare(frameTime: ClosedRange<Double>, refreshHz: Double) -> ClosedRange<Double> {
        let budget = frameBudget(refreshHz: refreshHz)
        return frameTime.lowerBound / budget ... frameTime.upperBound / budget
    }

    /// Whether a frame time exceeds the refresh interval: at both ends, at neither, or only at the slow end.
    public static func overBudget(frameTime: ClosedRange<Double>, refreshHz: Double) -> OverBudget {
        let share = budgetShare(frameTime: frameTime, refreshHz: refreshHz)
        if share.lowerBound > 1 { return .yes }
        if share.upperBound > 1 { return .possibly }
        return .no
    }
}

/// Whether an estimated frame time, a range, exceeds the refresh interval.
public enum OverBudget: Sendable, Equatable {
    /// Even the slow end fits (a time exactly equal to the interval fits).
    case no
    /// The fast end fits, the slow end does not: the evidence cannot tell.
    case possibly
    /// Even the fast end exceeds the interval.
    case yes
}
