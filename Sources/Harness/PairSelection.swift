import Problems
import Results

/// Which of a run's (scenario, strategy) pairs it measures: `bench run --filter` and `--shard`, by
/// the rules of docs/cli.md, "Filters and shards": (1) a pair is selected when any pattern matches
/// it (one with a bare `/` against `scenario/strategy`, one without against either name; `\/` is a
/// slash within a name); (2) shard i of n takes the selected pairs k, less a reference that runs
/// anyway, with k mod n + 1 = i, spreading each scenario's cost evenly; (3) every scenario with a
/// pair left runs the reference strategy (`none`), which the `…ToNone` ratios divide by within one
/// run; shards repeat it, and `Results.merging(shards:reference:strategyOrder:commandLine:)` keeps one.
public struct PairSelection: Equatable, Sendable {
    /// The patterns; a pair is selected when any of them matches (none: every pair).
    public var patterns: [NamePattern]
    /// The part of the selection to run, or nil for all of it.
    public var shard: Shard?
    /// The strategy that the `…ToNone` ratios divide by (`none`), kept by rule 3.
    public var reference: String

    public init(patterns: [NamePattern] = [], shard: Shard? = nil, reference: String) {
        self.patterns = patterns
        self.shard = shard
        self.reference = reference
    }

    /// Whether `pattern` matches `key` (rule 1).
    public static func matches(_ pattern: NamePattern, _ key: RunKey) -> Bool {
        if pattern.separatesPair { return pattern.matches(key.description) }
        return pattern.matches(key.scenario) || pattern.matches(key.strategy)
    }

    /// The pairs of `candidates` (every pair the run could measure, in its order) that it
    /// measures, in the same order.
    /// - Throws: `BenchError.usage` when the filter selects nothing, naming the scenarios and
    ///   strategies there are, or when the shard gets nothing, saying how many shards would.
    public func apply(to candidates: [RunKey]) throws -> [RunKey] {
        let selected = patterns.isEmpty ? candidates
            : candidates.filter { key in patterns.contains { Self.matches($0, key) } }
        guard !selected.isEmpty else { throw nothingSelected(candidates) }
        let withOthers = Set(selected.filter { $0.strategy != reference }.map(\.scenario))
        var divided = selected.filter { $0.strategy != reference || !withOthers.contains($0.scenario) }
        if let shard {
            guard divided.count >= shard.index else {
                throw BenchError.usage(.selection(.emptyShard(shard: shard.description, pairs: divided.count, reference: reference)))
            }
            divided = divided.indices.filter { $0 % shard.count == shard.index - 1 }.map { divided[$0] }
        }
        let chosen = Set(divided)
        let touched = Set(divided.map(\.scenario))
        return candidates.filter { chosen.contains($0) || ($0.strategy == reference && touched.contains($0.scenario)) }
    }

    /// The error for patterns that match none of `candidates`.
    private func nothingSelected(_ candidates: [RunKey]) -> BenchError {
        guard !patterns.isEmpty else { return BenchError.usage(.selection(.nothingToRun)) }
        // A slash typed as it is separates the pair; say so when it was meant as part of a name.
        var hint: SelectionProblem.SlashHint?
        if let pattern = patterns.first(where: \.separatesPair),
           let scenario = candidates.map(\.scenario).first(where: { $0.contains("/") && pattern.matches($0) }) {
            var escaped = "", afterBackslash = false
            for scalar in pattern.text.unicodeScalars {
                if scalar == "/" && !afterBackslash { escaped += "\\" }
                afterBackslash = scalar == "\\" && !afterBackslash
                escaped.unicodeScalars.append(scalar)
            }
            hint = .init(scenario: scenario, pattern: escaped)
        }
        return BenchError.usage(.selection(.noPairSelected(patterns: patterns.map(\.text), scenarios: candidates.map(\.scenario),
                                                           strategies: candidates.map(\.strategy), slashHint: hint)))
    }
}
