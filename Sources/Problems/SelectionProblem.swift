import Text

/// A `--filter` or `--shard` that selects nothing or cannot be read, with the values it is about;
/// `description` is its one sentence.
public enum SelectionProblem: Equatable, Sendable, CustomStringConvertible {
    /// What is wrong with a name pattern.
    public enum PatternDefect: Equatable, Sendable {
        case empty
        case trailingBackslash
        case reversedRange(low: Unicode.Scalar, high: Unicode.Scalar)
        case unclosedSet
    }

    /// The pattern `pattern` cannot be compiled.
    case badPattern(String, PatternDefect)
    /// `--shard` was given `text`, which is not i/n within 1 ≤ i ≤ n ≤ `maxCount`.
    case badShard(text: String, maxCount: Int)
    /// `--shard shard` (`i/n`, Results' `Shard`) gets no pair: the selection divides into only
    /// `pairs` of them (the reference strategy `reference` of a scenario with other pairs is not
    /// divided).
    case emptyShard(shard: String, pairs: Int, reference: String)
    /// No scenario or no strategy was given.
    case nothingToRun
    /// The `patterns` select none of the pairs of `scenarios` and `strategies`; `slashHint`, when
    /// a pattern probably meant a scenario whose name has a '/'.
    case noPairSelected(patterns: [String], scenarios: [String], strategies: [String], slashHint: SlashHint?)

    public var description: String {
        switch self {
        case let .badPattern(text, defect):
            let why = switch defect {
            case .empty: "is empty; give a name or a pattern such as 'ci-*/none'"
            case .trailingBackslash: "ends with '\\', which escapes nothing; write '\\\\' for a backslash"
            case let .reversedRange(low, high):
                "has the reversed range '\(Escape.message(String(low)))-\(Escape.message(String(high)))'; write the lower end first"
            case .unclosedSet: "opens a '[' set that is never closed with ']'; write '\\[' for a bracket"
            }
            return "the pattern '\(Escape.message(text))' \(why)"
        case let .badShard(text, maxCount):
            return "--shard must be i/n with 1 ≤ i ≤ n ≤ \(Format.grouped(maxCount)), such as 2/4, not '\(Escape.message(text))'."
        case let .emptyShard(shard, pairs, reference):
            return "--shard \(shard) selects nothing: the selection divides into only \(pairs) pair(s) (the reference '\(Escape.message(reference))' of a scenario with other pairs is not divided), so give at most \(pairs) shard(s)."
        case .nothingToRun:
            return "there is nothing to run: no scenario or no strategy was given."
        case let .noPairSelected(patterns, scenarios, strategies, slashHint):
            let given = patterns.map { "'\(Escape.message($0))'" }.joined(separator: ", ")
            let hint = slashHint.map {
                " A '/' separates the scenario from the strategy: to select the scenario '\(Escape.message($0.scenario))', whose name has a '/', write that slash as '\\/': '\(Escape.message($0.pattern))'."
            } ?? ""
            return "--filter \(given) selects no (scenario, strategy) pair. The scenarios are: \(NameList.text(scenarios)); the strategies are: \(NameList.text(strategies)).\(hint)"
        }
    }

    /// A scenario whose name has a '/' that a pattern took as the separator, and the pattern with
    /// that slash escaped.
    public struct SlashHint: Equatable, Sendable {
        public var scenario: String
        public var pattern: String

        public init(scenario: String, pattern: String) {
            self.scenario = scenario
            self.pattern = pattern
        }
    }
}
