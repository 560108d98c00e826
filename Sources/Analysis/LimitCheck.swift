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
    /// The (row, limit) pairs that could not be judged: the row lacks the value.
    public var unjudged: [(row: String, limit: Limit)]
    /// Rows judged.
    public var rows: Int

    /// Holds every row of `results` to `limits`.
    public init(_ results: Results, limits: [Limit]) {
        self.limits = limits
        rows = results.runs.count
        var breaches: [Breach] = [], unjudged: [(row: String, limit: Limit)] = []
        for run in results.runs {
            for limit in limits {
                guard let value = limit.measure.value(of: run) else {
                    unjudged.append((run.key.description, limit))
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
}
