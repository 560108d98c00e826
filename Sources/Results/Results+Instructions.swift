/// Instruction counts and simulated cache costs joined to the timed rows.
extension Results {
    /// Sets each row's `instructions` from `counts` (rows not counted get none) and records what
    /// counted them.
    public mutating func attach(instructions counts: [RunKey: [Phase: Int]], counter: String) {
        for i in runs.indices { runs[i].instructions = counts[runs[i].key] }
        instructionCounter = counter
    }

    /// Sets each row's `cost` from `events` (rows not counted get none) and records the cache
    /// model they were simulated with.
    public mutating func attach(cost events: [RunKey: [Phase: CacheEvents]], model: CacheModel) {
        for i in runs.indices { runs[i].cost = events[runs[i].key]?.mapValues(\.metrics) }
        cacheModel = model
    }
}

extension RunResult {
    /// Each phase's estimated cycles over the measured steps; nil when not counted.
    public var estimatedCycles: [Phase: Int]? {
        cost?.compactMapValues { $0[.estimatedCycles] }
    }
}
