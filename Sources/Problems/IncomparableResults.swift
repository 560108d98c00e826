import JSON
import Text

/// Results files that must not be gated, compared or merged, with the values that say why;
/// `description` is each reason's one sentence. File names are shown as given (the command line
/// makes them safe for the terminal); names read from a file are quoted with `Escape.message`.
public enum IncomparableResults: Equatable, Sendable, CustomStringConvertible {
    // The gate: a baseline and this run.
    /// The two files have other schemas.
    case otherSchema(baseline: String, current: String)
    /// The baseline has rows this run lacks; `merged` when this run was joined by `bench merge`.
    case missingRows([String], merged: Bool)
    /// The two files count other counters (those in one only are `only`), made by these tools.
    case otherCounters(baselineTool: String, currentTool: String, only: [String])
    /// The row `row` was measured over other numbers of steps.
    case otherSteps(row: String, baseline: Int, current: Int)
    /// Both sides have `what` ("instructions") for some rows, but `row` has them on one side only
    /// (for `phase` only, when given); `baselineHas` says which side.
    case countedOnOneSide(what: String, row: String, baselineHas: Bool, phase: String?)
    /// The scenario `scenario` is defined differently from the baseline's.
    case otherDefinition(scenario: String, changes: [DefinitionChange])

    // Processes of one run (`bench run --processes`).
    /// No process gave results.
    case noProcesses
    /// Process `process` (1-based) measured other rows than process 1.
    case otherProcessRows(process: Int)
    /// Process `process` counted or drew `row` differently from process 1.
    case nondeterministicProcess(process: Int, row: String)

    // Shards of one run (`bench merge`).
    /// No file was given.
    case nothingToMerge
    /// `file` measured `scenario` with `steps` steps, `earlier` with `earlierSteps`.
    case shardSteps(scenario: String, earlier: String, earlierSteps: Int, file: String, steps: Int)
    /// The row `row`, not of the reference strategy `reference`, is in two files.
    case rowInTwoShards(row: String, earlier: String, file: String, reference: String)
    /// Two files counted or drew the reference row `row` differently.
    case referenceRowDiffers(row: String, earlier: String, file: String)
    /// Two files were made by other builds.
    case shardBuilds(first: String, firstBuild: BuildIdentity, shard: String, shardBuild: BuildIdentity)
    /// Two files were measured at other commits.
    case shardCommits(first: String, firstCommit: String, shard: String, shardCommit: String)
    /// Two files were made with other `--processes`.
    case shardProcesses(first: String, firstCount: Int, shard: String, shardCount: Int)
    /// Two files counted instructions with other counters (nil: none).
    case shardInstructions(first: String, firstCounter: String?, shard: String, shardCounter: String?)
    /// Two files simulated other caches for their estimated cycles.
    case shardCaches(first: String, shard: String)
    /// Two files are shards (`i/n`, Results' `Shard`) of divisions into other numbers of parts.
    case shardDivisions(first: String, firstShard: String, other: String, otherShard: String)
    /// Two files are the same shard (`i/n`).
    case sameShard(earlier: String, file: String, shard: String)
    /// Two files define the scenario `scenario` differently.
    case shardDefinitions(scenario: String, earlier: String, file: String, changes: [DefinitionChange])

    public var description: String {
        switch self {
        case let .otherSchema(baseline, current):
            return "the baseline has schema '\(Escape.message(baseline))' but this run has '\(Escape.message(current))'; update the baseline (bench check --update-baseline; this project: scripts/update-baseline.sh)."
        case let .missingRows(rows, merged):
            let names = rows.map(Escape.message).joined(separator: ", ")
            let hint = merged ? " This run was joined by bench merge, whose note names the shards it lacked." : ""
            return "the baseline has \(rows.count) row(s) this run lacks: \(names).\(hint) Run the same suite, or update the baseline."
        case let .otherCounters(baselineTool, currentTool, only):
            return "the baseline (tool \(Escape.message(baselineTool))) and this run (tool \(Escape.message(currentTool))) count different things (\(only.joined(separator: ", "))); update the baseline."
        case let .otherSteps(row, baseline, current):
            return "\(Escape.message(row)): the baseline measured \(baseline) steps, this run \(current); run with the baseline's --steps."
        case let .countedOnOneSide(what, row, baselineHas, phase):
            let (has, lacks) = baselineHas ? ("the baseline", "this run") : ("this run", "the baseline")
            let advice = "Count every row (bench run --instructions), or update the baseline."
            if let phase {
                return "cannot gate the \(what) of \(Escape.message(row)): \(has) has them for the \(phase) phase and \(lacks) has none; a phase counted on one side only would pass unchecked. \(advice)"
            }
            return "cannot gate the \(what) of \(Escape.message(row)): \(has) has them and \(lacks) has none for this row, though both have them for others; a row counted on one side only would pass unchecked. \(advice)"
        case let .otherDefinition(scenario, changes):
            return "the scenario '\(Escape.message(scenario))' is defined differently from the baseline's (\(DefinitionChange.list(changes))); its results would differ for a reason that is not the code. Run the baseline's scenario, or update the baseline."
        case .noProcesses:
            return "no process produced results."
        case .otherProcessRows(let process):
            return "process \(process) measured other rows than process 1."
        case let .nondeterministicProcess(process, row):
            return "process \(process) counted or drew \(row) differently from process 1: the counters are not deterministic, which is a bug."
        case .nothingToMerge:
            return "there are no results files to merge."
        case let .shardSteps(scenario, earlier, earlierSteps, file, steps):
            return "\(earlier) measured the scenario '\(Escape.message(scenario))' with \(earlierSteps) steps and \(file) with \(steps); make every shard with the same --steps."
        case let .rowInTwoShards(row, earlier, file, reference):
            return "the row \(Escape.message(row)) is in both \(earlier) and \(file), but shards of one run share only their '\(Escape.message(reference))' rows; merge the shards of one run, each once."
        case let .referenceRowDiffers(row, earlier, file):
            return "\(earlier) and \(file) counted or drew the reference row \(Escape.message(row)) differently, so they did not run the same code on the same scenario; make every shard from one build and one suite."
        case let .shardBuilds(first, firstBuild, shard, shardBuild):
            return "\(first) and \(shard) were made by different builds of bench (\(BuildIdentity.pair(firstBuild, shardBuild))); make every shard with one build."
        case let .shardCommits(first, firstCommit, shard, shardCommit):
            return "\(first) was measured at commit \(Escape.message(firstCommit)) and \(shard) at \(Escape.message(shardCommit)); make every shard from one commit."
        case let .shardProcesses(first, firstCount, shard, shardCount):
            return "\(first) was made with --processes \(firstCount) and \(shard) with --processes \(shardCount); make every shard with the same --processes."
        case let .shardInstructions(first, firstCounter, shard, shardCounter):
            func counter(_ text: String?) -> String { text.map { "instructions counted by \(Escape.message($0))" } ?? "no instruction counts" }
            return "\(first) has \(counter(firstCounter)) and \(shard) \(counter(shardCounter)); make every shard with the same --instructions."
        case let .shardCaches(first, shard):
            return "\(first) and \(shard) simulated different caches for their estimated cycles (made by different versions of bench); make every shard with one build."
        case let .shardDivisions(first, firstShard, other, otherShard):
            return "\(first) is shard \(firstShard) and \(other) shard \(otherShard): shards of one run divide it into the same number of parts; merge the shards of one run, made with the same n in --shard i/n."
        case let .sameShard(earlier, file, shard):
            return "\(earlier) and \(file) are both shard \(shard); merge the shards of one run, each once."
        case let .shardDefinitions(scenario, earlier, file, changes):
            return "the scenario '\(Escape.message(scenario))' is defined differently in \(earlier) and \(file) (\(DefinitionChange.list(changes))); make every shard from one suite."
        }
    }
}

/// One field of a scenario's definition that two files give other values: its path in the
/// definition (`content.cell.layers[1].cornerRadius`) and each side's value there (nil: absent).
public struct DefinitionChange: Equatable, Sendable {
    public var path: [JSONValue.PathComponent]
    public var old: JSONValue?
    public var new: JSONValue?

    public init(path: [JSONValue.PathComponent], old: JSONValue?, new: JSONValue?) {
        self.path = path
        self.old = old
        self.new = new
    }

    /// The most changes a message lists; the rest are counted.
    public static let listed = 5

    /// `path: old → new; …` for the first `listed` changes, then `and N more`: each path as a
    /// JSON key path (`JSONKeyPath`, which quotes an odd key), each value as compact JSON
    /// (`absent` where a side has none), escaped and shortened as messages quote values.
    public static func list(_ changes: [DefinitionChange]) -> String {
        func value(_ v: JSONValue?) -> String { v.map { Escape.message($0.compactDescription) } ?? "absent" }
        let shown = changes.prefix(listed).map { change in
            let path = JSONValue.PathComponent.description(of: change.path)
            return "\(path.isEmpty ? "the definition" : path): \(value(change.old)) → \(value(change.new))"
        }.joined(separator: "; ")
        return changes.count > listed ? "\(shown); and \(changes.count - listed) more" : shown
    }
}

/// What tells two builds of bench apart, as `bench merge` names it.
public enum BuildIdentity: Equatable, Sendable, CustomStringConvertible {
    /// The tool's version, configuration, optimization and Swift, in words (Results'
    /// `ToolBuild.identity`: `1.0.0, release, optimized, Swift 6.3`).
    case tool(String)
    /// The compiler and target, for two files whose tools are alike.
    case compiler(String, target: String)

    public var description: String {
        switch self {
        case .tool(let identity):
            Escape.message(identity)
        case let .compiler(compiler, target):
            "compiler \(Escape.message(compiler)) for \(Escape.message(target))"
        }
    }

    /// "a and b", or for two compilers "compiler a for t and b for u" as the sentence reads.
    static func pair(_ a: BuildIdentity, _ b: BuildIdentity) -> String {
        if case .compiler = a, case let .compiler(compiler, target) = b {
            return "\(a) and \(Escape.message(compiler)) for \(Escape.message(target))"
        }
        return "\(a) and \(b)"
    }
}
