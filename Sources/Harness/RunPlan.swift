import Results

/// What a run measures: scenarios in order, each with the strategies to run on it.
///
/// A plain run is every strategy on every scenario; a filtered or sharded run (`PairSelection`)
/// can run different strategies on different scenarios, and `Runner` measures each scenario's
/// own list in lockstep.
public struct RunPlan: Equatable, Sendable {
    /// One scenario and its strategies.
    public struct Item: Equatable, Sendable {
        public var scenario: Scenario
        /// In the order they run, each once.
        public var strategies: [String]

        public init(scenario: Scenario, strategies: [String]) {
            self.scenario = scenario
            self.strategies = strategies
        }
    }

    /// The scenarios in the order they run; none without strategies.
    public var items: [Item]
    /// The suite's limits, which the results record for `bench check`.
    public var limits: [Limit] = []

    public init(items: [Item]) {
        self.items = items.filter { !$0.strategies.isEmpty }
    }

    /// Every strategy on every scenario.
    public init(scenarios: [Scenario], strategies: [String]) {
        self.init(items: scenarios.map { Item(scenario: $0, strategies: strategies) })
    }

    /// The (scenario, strategy) pairs in the order they run: scenario by scenario.
    public var keys: [RunKey] {
        items.flatMap { item in item.strategies.map { RunKey(scenario: item.scenario.name, strategy: $0) } }
    }

    /// The scenarios that run.
    public var scenarios: [Scenario] { items.map(\.scenario) }

    /// The plan narrowed to the pairs `selection` selects (filters and shard).
    /// - Throws: `BenchError.usage` from `PairSelection.apply(to:)` for an empty selection.
    public func selecting(_ selection: PairSelection) throws -> RunPlan {
        let kept = Set(try selection.apply(to: keys))
        var plan = RunPlan(items: items.map { item in
            Item(scenario: item.scenario,
                 strategies: item.strategies.filter { kept.contains(RunKey(scenario: item.scenario.name, strategy: $0)) })
        })
        plan.limits = limits
        return plan
    }
}
