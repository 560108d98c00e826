/// Counted work in, estimated GPU time out: the device model (docs/device-model.md).
///
/// time = offscreenPasses × passCost + (tileTrafficBytes + textureBytesRead) / bandwidth
///      + splits × 2 × screenBytes / bandwidth + shadedFragments / fillRate
///
/// The bandwidth is the sustained one (`GPUProfile.sustainedBandwidth`). In seconds, so a frame's time divides by a refresh interval. The result is a range, every
/// parameter's fast end to every slow end; the terms add as if the GPU did them in turn, which
/// leans high (a GPU overlaps traffic with shading). A blended fragment costs only its place in
/// `shadedFragments`: its destination stays in tile memory. An estimate, never a measurement.
public enum GPUFrameTime {
    /// The estimate split by term, each a range in seconds.
    public struct Terms: Sendable, Equatable {
        /// off-screen passes × passCost: the GPU's idle at each switch of render target.
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
        return Terms(passes: work.offscreenPasses * gpu.passCost.low ... work.offscreenPasses * gpu.passCost.high,
              memory: work.memoryBytes / bandwidth.upperBound ... work.memoryBytes / bandwidth.lowerBound,
              splits: work.splitBytes / bandwidth.upperBound ... work.splitBytes / bandwidth.lowerBound,
              fragments: work.shadedFragments / gpu.fillRate.high ... work.shadedFragments / gpu.fillRate.low)
    }

    /// The GPU time of one frame of `work` on `gpu`, in seconds: fastest...slowest.
    public static func estimate(_ work: FrameWork, on gpu: GPUProfile) -> ClosedRange<Double> {
        terms(work, on: gpu).total
    }
}

