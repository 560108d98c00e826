/// A GPU profile fitted to one frame time measured on the user's own device (an Instruments
/// frame time while the table scrolls): the one parameter behind the estimate's largest term is
/// moved until the centre of the estimate of the measured scenario's work is the measured time.
///
/// The other parameters keep their sourced ranges, so the calibrated profile still has a range;
/// only its centre is pinned. What was moved, from what to what, is kept with the profile
/// (`Note`) and shown wherever it prices a frame.
public enum GPUCalibration {
    /// A parameter calibration can move.
    public enum Parameter: String, Sendable, Hashable, CaseIterable {
        /// `GPUProfile.passCost`, when the off-screen passes' switches are the largest term.
        case passCost
        /// `GPUProfile.memoryBandwidth`, when tile traffic, texture reads and splits are.
        case memoryBandwidth
        /// `GPUProfile.fillRate`, when the shaded fragments are.
        case fillRate
    }

    /// What a calibration did, kept with the profile it made.
    public struct Note: Sendable, Hashable {
        /// The frame time measured on the device, in seconds.
        public var measuredSeconds: Double
        /// The parameter moved.
        public var parameter: Parameter
        /// Its range before, in its own unit (bytes or fragments per second, seconds per pass).
        public var before: ClosedRange<Double>
        /// Its value after (a single value).
        public var after: Double

        /// A calibration's note.
        public init(measuredSeconds: Double, parameter: Parameter, before: ClosedRange<Double>, after: Double) {
            self.measuredSeconds = measuredSeconds
            self.parameter = parameter
            self.before = before
            self.after = after
        }
    }

    /// Why a frame time cannot be reproduced.
    public enum Problem: Error, Equatable, Sendable {
        /// The measured time is not a positive, finite number of seconds.
        case invalidTime(seconds: Double)
        /// The other terms of the estimate's centre already take `otherSeconds`, at least the
        /// measured time: no value of the moved parameter reproduces it.
        case shorterThanTheRest(measuredSeconds: Double, otherSeconds: Double, parameter: Parameter)
        /// The frame does no work the model prices.
        case noWork
    }

    /// `gpu` calibrated so that the centre of the estimate of `work` is `measuredSeconds`, with
    /// `id` as the new profile's id.
    /// - Throws: `Problem` when the time cannot be reproduced by moving the parameter of the
    ///   estimate's largest term.
    public static func calibrate(_ gpu: GPUProfile, work: FrameWork, measuredSeconds: Double,
                                 id: String) throws(Problem) -> GPUProfile {
        guard measuredSeconds > 0, measuredSeconds.isFinite else { throw .invalidTime(seconds: measuredSeconds) }
        let terms = GPUFrameTime.terms(work, on: gpu)
        func mid(_ r: ClosedRange<Double>) -> Double { (r.lowerBound + r.upperBound) / 2 }
        // The three parameters' shares of the centre: the passes' switches, all traffic (tile
        // traffic, texture reads and the splits all go at the bandwidth), the fragments.
        let shares: [(Parameter, Double)] = [(.passCost, mid(terms.passes)),
                                             (.memoryBandwidth, mid(terms.memory) + mid(terms.splits)),
                                             (.fillRate, mid(terms.fragments))]
        guard let (parameter, largest) = shares.max(by: { $0.1 < $1.1 }), largest > 0 else { throw .noWork }
        let rest = shares.filter { $0.0 != parameter }.map(\.1).reduce(0, +)
        let remainder = measuredSeconds - rest
        guard remainder > 0 else { throw .shorterThanTheRest(measuredSeconds: measuredSeconds, otherSeconds: rest, parameter: parameter) }
        var profile = gpu
        let after: Double
        let before: ClosedRange<Double>
        switch parameter {
        case .passCost:
            after = remainder / work.offscreenPasses
            before = gpu.passCost.range
        case .memoryBandwidth:
            // With the bandwidth a single value v, the traffic's range is bytes / (v × sustained
            // fraction) at each end of the fraction; its centre is bytes × mean(1 / fraction) / v.
            let bytes = work.memoryBytes + work.splitBytes
            let meanInverse = (1 / gpu.sustainedFraction.high + 1 / gpu.sustainedFraction.low) / 2
            after = bytes * meanInverse / remainder
            before = gpu.memoryBandwidth.range
        case .fillRate:
            after = work.shadedFragments / remainder
            before = gpu.fillRate.range
        }
        let evidence = Evidence.derived("calibrated to a frame of \(measuredSeconds * 1e3) ms measured on the device")
        switch parameter {
        case .passCost: profile.passCost = SourcedRange(after...after, evidence: [evidence])
        case .memoryBandwidth: profile.memoryBandwidth = SourcedRange(after...after, evidence: [evidence])
        case .fillRate: profile.fillRate = SourcedRange(after...after, evidence: [evidence])
        }
        profile.id = id
        profile.calibration = Note(measuredSeconds: measuredSeconds, parameter: parameter, before: before, after: after)
        return profile
    }
}
