import Problems
import Results

/// Every row of a results file held to limits.
public struct LimitCheck: Sendable {
    /// A row over a limit.
    public struct Breach: Equatable, Sendable {
        public var scenario: String, strategy: String
        public var limit: Limit
        /// The row's value.
        public var value: Double
    }

    /// The limits judged.
    public var limits: [Limit]
    /// The rows over a limit, in the file's row order and the limits' order.
    public var breaches: [Breach]
    /// The (row, limit) pairs that could not be judged: the row lacks the value, for `reason`.
    public var unjudged: [(row: String, limit: Limit, reason: UnjudgedLimit.Reason)]
    /// Rows judged.
    public var rows: Int

    /// Holds every row of `results` to `limits`.
    public init(_ results: Results, limits: [Limit]) {
        self.limits = limits
        rows = results.runs.count
        var breaches: [Breach] = [], unjudged: [(row: String, limit: Limit, reason: UnjudgedLimit.Reason)] = []
        for run in results.runs {
            for limit in limits {
                guard let value = limit.measure.value(of: run) else {
                    unjudged.append((run.key.description, limit, Self.reason(run, lacks: limit.measure)))
                    continue
                }
                if value > limit.maximum {
                    breaches.append(Breach(scenario: run.scenario, strategy: run.strategy, limit: limit, value: value))
                }
            }
        }
        self.breaches = breaches
        self.unjudged = unjudged
    }

    /// True when no row is over a limit.
    public var passed: Bool { breaches.isEmpty }

    /// The limits no row could be judged on, each with the first row's reason: a check of them
    /// judged nothing, which must not read as a pass.
    public var judgedNowhere: [UnjudgedLimit] {
        guard rows > 0 else { return limits.map { UnjudgedLimit(limit: $0.measure.rawValue, reason: .noGPU) } }
        return limits.compactMap { limit in
            let lacking = unjudged.filter { $0.limit == limit }
            guard lacking.count == rows, let first = lacking.first else { return nil }
            return UnjudgedLimit(limit: limit.measure.rawValue, reason: first.reason)
        }
    }

    /// Each limit some rows could not be judged on, with those rows (quoted and cut as messages
    /// list names) and why they lack it, in words to follow "which": for the verdict's notes.
    public var notJudged: [(limit: Limit, rowCount: Int, rows: String, why: String)] {
        limits.compactMap { limit in
            let lacking = unjudged.filter { $0.limit == limit }
            guard !lacking.isEmpty else { return nil }
            var reasons: [UnjudgedLimit.Reason] = []
            for item in lacking where !reasons.contains(item.reason) { reasons.append(item.reason) }
            return (limit, lacking.count, NameList.text(lacking.map(\.row)), reasons.map(\.description).joined(separator: " or "))
        }
    }

    /// Why `run` has no value of `measure`: no GPU time at all, none per step, or the counter
    /// missing from the file.
    static func reason(_ run: RunResult, lacks measure: Limit.Measure) -> UnjudgedLimit.Reason {
        switch measure {
        case .worstFrameShare, .meanFrameShare, .framesOverBudget, .hitchTimeRatio:
            run.deviceTime == nil ? .noGPU : .noStepTimes
        case .offscreenPasses: .noCounter(Counter.offscreenPasses.name)
        case .screenSplits: .noCounter(Counter.screenSplits.name)
        case .renderPasses: .noCounter(Counter.renderPasses.name)
        case .blendedPixels: .noCounter(Counter.blendedPixels.name)
        }
    }
}
