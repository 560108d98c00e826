import Foundation
import JSON
import Problems
import Results
import Scenarios
import Text

/// The CI performance gate: a run compared with a baseline, row by row (docs/cli.md, `bench check`).
/// Counters are exact, so any increase fails; a changed frame checksum fails (a "speed-up" that
/// draws something else is a bug) until the baseline is updated on purpose. Times are gated only as
/// ratios measured within each round (`roundRatios`, by default `stepToNone`), one value per
/// process, failing only when significantly different (Mann–Whitney U, α = 0.05) *and* beyond the
/// tolerance; never an absolute time. With too few processes, or across kinds of host
/// (`HostFingerprint`), times are reported, not gated; instructions and estimated cycles, host-free,
/// are gated on any host. A moved time ratio lists the row's counters that moved with it.
public enum Gate {
    /// What the gate compares and how strictly.
    public struct Options: Sendable {
        /// The relative change of a time ratio that fails the gate (0.25 = 25 % slower).
        public var timeTolerance: Double
        /// The spread of an A/A run (the same suite twice), when measured.
        public var noiseSpread: Double?
        /// The tolerance is at least `noiseMultiplier ×` the A/A spread.
        public var noiseMultiplier: Double
        /// The time ratios gated (all of `Gate.timeRatios` by default).
        public var timeRatios: [Ratio]
        /// The relative change of a phase's instruction count that fails the gate.
        public var instructionTolerance: Double
        /// The relative change of a phase's estimated cycles that fails the gate.
        public var cycleTolerance: Double
        /// Whether a row whose cell changed (its scenario's definition differs only inside its
        /// cell, `isCellChange`) fails when the new cell costs the device more (`isDeviceCost`):
        /// by default, so a dearer cell fails a check with no flag; when false the change is only
        /// reported (`bench check --report-cell-changes`).
        public var gateCellChanges = true

        public init(timeTolerance: Double = 0.05, noiseSpread: Double? = nil, noiseMultiplier: Double = 3,
                    timeRatios: [Ratio] = Gate.defaultTimeRatios, instructionTolerance: Double = Gate.defaultInstructionTolerance,
                    cycleTolerance: Double = Gate.defaultCycleTolerance) {
            self.timeTolerance = timeTolerance
            self.instructionTolerance = instructionTolerance
            self.cycleTolerance = cycleTolerance
            self.noiseSpread = noiseSpread
            self.noiseMultiplier = noiseMultiplier
            self.timeRatios = timeRatios
        }

        /// max(tolerance, k × A/A spread): the smallest change the gate can detect.
        public var effectiveTolerance: Double {
            max(timeTolerance, noiseMultiplier * (noiseSpread ?? 0))
        }
    }

    /// The time ratios gated, with their names in results.
    public static let timeRatios: [Ratio] = [.stepToFloor, .stepToNone]

    /// The time ratios gated unless chosen: `stepToNone` only. The memory floor moved ×1.7
    /// between processes on one machine (a small framebuffer can stay in the last-level cache),
    /// so `stepToFloor` moves without any code changing; `none` runs in the same rounds and
    /// shares their luck.
    public static let defaultTimeRatios: [Ratio] = [.stepToNone]

    /// The relative change of an instruction count that fails the gate: 2 %. Counts of the same
    /// code repeat to within 0.24 % on small phases (reuse, ~15,000 instructions a step) and
    /// 0.014 % on the composite; a build that differs elsewhere moved `rasterized-mask`'s layout
    /// (which allocates new masks every pass) by 1.02 %. The residue is the allocator, whose state
    /// depends on what ran before in the process (docs/cli.md, "Instruction counts").
    public static let defaultInstructionTolerance = 0.02

    /// The relative change of a phase's estimated cycles that fails the gate: 5 %. The simulated
    /// cache sees addresses, which depend on what the process allocated before, so the same code
    /// counted with other groupings of pairs per child moved a phase's estimated cycles by up to
    /// 2.04 % (the layout of `none`, a phase of ~5,000 cycles a step whose few RAM accesses weigh
    /// 35 each), the step, reuse and composite by at most 0.08 %; 5 % is 2.5 × the largest
    /// (docs/cli.md, "Estimated cycles").
    public static let defaultCycleTolerance = 0.05

    /// Compares `current` with `baseline`. Throws `BenchError.input` when they cannot be compared:
    /// another schema, other counters, or a scenario/strategy of the baseline missing from the run.
    public static func check(baseline: Results, current: Results, options: Options = Options()) throws -> Report {
        guard baseline.schema == current.schema else {
            throw BenchError.input(.incomparable(.otherSchema(baseline: baseline.schema, current: current.schema)))
        }
        try checkComparable(baseline: baseline, current: current)
        let cellChanged = cellChanges(baseline, current), changedCells = Set(cellChanged)
        let changesOf = Dictionary(definitionChanges(baseline, current).map { ($0.scenario, $0.changes) }) { a, _ in a }
        var findings: [Finding] = []
        var rows: [RowCheck] = []
        var compared = 0
        var notGated = 0
        var lacking: [String] = []
        let host = (old: baseline.provenance?.host, new: current.provenance?.host)
        // Another build runs other code: its host times, instructions and estimated cycles measure
        // the build as well as the change, while counters, pictures and GPU times (model) do not
        // depend on it, so a release build's results check against a debug baseline on those.
        let sameBuild = Self.sameBuild(baseline.tool, current.tool)
        let timesGated = sameBuild && host.old != nil && host.old == host.new
        let cyclesGated = sameBuild && baseline.cacheModel != nil && baseline.cacheModel == current.cacheModel
        let currentRows = current.runsByKey
        let baselineKeys = Set(baseline.runs.map(\.key))
        let missing = baseline.runs.filter { currentRows[$0.key] == nil }
        if !missing.isEmpty {
            // A merged file lacks rows when a shard was left out: the message says where to look.
            let merged = current.provenance?.commandLine.dropFirst().first == "merge"
            throw BenchError.input(.incomparable(.missingRows(missing.map(\.key.description), merged: merged)))
        }
        try checkCounted(baseline: baseline, current: current, "instructions", \.instructions, both: sameBuild)
        try checkCounted(baseline: baseline, current: current, "estimated cycles", \.estimatedCycles, both: cyclesGated)
        for old in baseline.runs {
            let new = currentRows[old.key]!
            compared += 1
            let oldCounters = Set(old.totals.keys), newCounters = Set(new.totals.keys)
            guard oldCounters == newCounters else {
                let only = oldCounters.symmetricDifference(newCounters).map(\.name).sorted()
                throw BenchError.input(.incomparable(.otherCounters(baselineTool: baseline.tool.version, currentTool: current.tool.version, only: only)))
            }
            guard old.steps == new.steps else {
                throw BenchError.input(.incomparable(.otherSteps(row: old.key.description, baseline: old.steps, current: new.steps)))
            }
            var found = counterFindings(old, new) + deviceTimeFindings(old, new) + pictureFindings(old, new)
            var times: [TimeCheck] = []
            let timeRows = timeFindings(old, in: baseline, new, in: current, ratios: options.timeRatios,
                                        tolerance: options.effectiveTolerance, notGated: &notGated, lacking: &lacking, checks: &times)
            if timesGated {
                found += timeRows
            } else {
                times = times.map { TimeCheck(ratio: $0.ratio, old: $0.old, new: $0.new) }
            }
            if sameBuild {
                found += phaseFindings(old, new, .instructions, \.instructions, tolerance: options.instructionTolerance,
                                       kinds: (.instructionRegression, .instructionImprovement))
            }
            if cyclesGated {
                found += phaseFindings(old, new, .estimatedCycles, \.estimatedCycles, tolerance: options.cycleTolerance,
                                       kinds: (.cycleRegression, .cycleImprovement))
            }
            let cellChange = changedCells.contains(old.scenario)
            if cellChange {
                // The app's cell changed: what it costs the device is the question, gated unless
                // only reported. A new cell draws new pictures, runs new instructions and makes
                // other objects, never a failure; its GPU time, passes and splits are its cost.
                let priced = old.deviceTime.flatMap { a in new.deviceTime.map { a.prices(sameAs: $0) } } ?? false
                for i in found.indices {
                    found[i].gated = options.gateCellChanges && isDeviceCost(found[i], priced: priced)
                }
            }
            findings += found
            var check = rowCheck(old, new, times: times, cycles: cyclesGated)
            check.cellChanged = cellChange
            check.layers = layerChanges(old, new, changes: changesOf[old.scenario] ?? [],
                                        definitions: (baseline.scenarioDefinitions?[old.scenario], current.scenarioDefinitions?[old.scenario]))
            if !sameBuild { check.instructions = [] }
            rows.append(check)
        }
        for run in current.runs where !baselineKeys.contains(run.key) {
            findings.append(Finding(kind: .notInBaseline, scenario: run.scenario, strategy: run.strategy, change: .notInBaseline))
        }
        var warnings = warnings(baseline: baseline, current: current)
        if !sameBuild {
            warnings.append(.otherBuild(baseline: baseline.tool, current: current.tool))
        } else if !timesGated {
            warnings.append(.otherHost(baseline: host.old, current: host.new))
        } else {
            if notGated > 0 { warnings.append(.fewProcesses(rows: notGated, baseline: baseline.processes ?? 1, current: current.processes ?? 1)) }
            if !lacking.isEmpty { warnings.append(.lackingRatios(rows: lacking)) }
        }
        if !changedCells.isEmpty {
            warnings.append(.cellChanged(scenarios: cellChanged, gated: options.gateCellChanges))
        }
        warnings += deviceTimeWarnings(baseline: baseline, current: current)
        if sameBuild {
            warnings += instructionWarnings(baseline: baseline, current: current)
            warnings += cycleWarnings(baseline: baseline, current: current)
        }
        var report = Report(findings: findings, rows: rows, warnings: warnings, options: options, rowsCompared: compared)
        report.otherBuild = !sameBuild
        report.instructionsGated = sameBuild && baseline.runs.contains { old in old.instructions != nil && currentRows[old.key]?.instructions != nil }
        report.cyclesGated = cyclesGated && baseline.runs.contains { old in old.cost != nil && currentRows[old.key]?.cost != nil }
        report.timesGated = timesGated
        func counted(_ has: (RunResult) -> Bool) -> Bool { baseline.runs.contains(where: has) || current.runs.contains(where: has) }
        if counted({ $0.instructions != nil }) && !report.instructionsGated { report.notGated.append("instruction counts") }
        if counted({ $0.cost != nil }) && !report.cyclesGated { report.notGated.append("estimated cycles") }
        let deviceTimesGated = baseline.runs.contains { old in
            guard let a = old.deviceTime, let b = currentRows[old.key]?.deviceTime else { return false }
            return a.prices(sameAs: b)
        }
        if counted({ $0.deviceTime != nil }) && !deviceTimesGated { report.notGated.append("GPU times") }
        return report
    }

    /// The counters a row's cost to the device is read from when its cell changed: the passes and
    /// splits always (a pass stores and loads the screen), and without a GPU time also the pixels
    /// and traffic the model would price.
    public static let deviceCostCounters: (always: [Counter], unpriced: [Counter]) =
        ([.renderPasses, .offscreenPasses, .screenSplits], [.offscreenPixels, .blendedPixels, .tileTrafficBytes])

    /// Whether `finding` is about what the row costs the device, the part of a changed cell the
    /// gate holds: its GPU time (model: mean, worst frame and frames over budget), and its passes
    /// and splits (`deviceCostCounters`); `priced` when both sides have a GPU time on one GPU.
    static func isDeviceCost(_ finding: Finding, priced: Bool) -> Bool {
        switch finding.change {
        case .deviceTime: return true
        case .counter(let counter, _, _):
            return deviceCostCounters.always.contains(counter) || (!priced && deviceCostCounters.unpriced.contains(counter))
        default: return false
        }
    }

    /// Throws `BenchError.input` ("cannot gate …") when both sides have a host-free count
    /// (`what`, read by `values`) but some row or phase has it on one side only: gating the rest
    /// would pass that row or phase unchecked. When only one side has the count at all, the
    /// report warns that it was not gated instead (`instructionWarnings`, `cycleWarnings`), since a
    /// run without valgrind is a choice the warning names; `both` is false when the two sides'
    /// counts cannot be compared anyway (estimated cycles under other cache models).
    static func checkCounted(baseline: Results, current: Results, _ what: String, _ values: (RunResult) -> [Phase: Int]?,
                             both: Bool) throws {
        guard both, baseline.runs.contains(where: { values($0) != nil }), current.runs.contains(where: { values($0) != nil }) else { return }
        let currentRows = current.runsByKey
        for old in baseline.runs {
            guard let new = currentRows[old.key] else { continue }
            let a = values(old) ?? [:], b = values(new) ?? [:]
            let row = old.key.description
            guard !a.isEmpty == !b.isEmpty else {
                throw BenchError.input(.incomparable(.countedOnOneSide(what: what, row: row, baselineHas: !a.isEmpty, phase: nil)))
            }
            if let phase = Phase.allCases.first(where: { (a[$0] == nil) != (b[$0] == nil) }) {
                throw BenchError.input(.incomparable(.countedOnOneSide(what: what, row: row, baselineHas: a[phase] != nil, phase: phase.name)))
            }
        }
    }

    /// What a reader should know when the device model's GPU times could not be compared: one
    /// side has none (a baseline from before the model), or the rows priced another GPU.
    static func deviceTimeWarnings(baseline: Results, current: Results) -> [GateWarning] {
        let old = baseline.runs.contains { $0.deviceTime != nil }, new = current.runs.contains { $0.deviceTime != nil }
        if new && !old { return [.baselineLacks(.gpuTimes)] }
        if old && !new { return [.runLacks(.gpuTimes)] }
        let currentRows = current.runsByKey
        var warnings: [GateWarning] = []
        // Rows whose one side is priced and the other not, while both files price others: each
        // such row goes ungated, and a reader must hear which (a file edited, or mixed devices).
        let pairs = baseline.runs.compactMap { row in currentRows[row.key].map { (old: row, new: $0) } }
        for baselineHas in [true, false] {
            let rows = pairs.filter { ($0.old.deviceTime != nil) == baselineHas && ($0.new.deviceTime != nil) != baselineHas }
            if !rows.isEmpty { warnings.append(.gpuTimeOnOneSide(rows: rows.map(\.old.key.description), baselineHas: baselineHas)) }
        }
        let other = baseline.runs.filter { row in
            guard let a = row.deviceTime, let b = currentRows[row.key]?.deviceTime else { return false }
            return !a.prices(sameAs: b)
        }
        guard let first = other.first, let a = first.deviceTime, let b = currentRows[first.key]?.deviceTime else { return warnings }
        return [.otherGPU(rows: other.count, row: first.key.description, old: a, new: b)] + warnings
    }

    /// What a reader should know when only one side has estimated cycles, or they were
    /// simulated with other caches.
    static func cycleWarnings(baseline: Results, current: Results) -> [GateWarning] {
        let old = baseline.runs.contains { $0.cost != nil }, new = current.runs.contains { $0.cost != nil }
        if old && !new { return [.runLacks(.estimatedCycles)] }
        if new && !old { return [.baselineLacks(.estimatedCycles)] }
        if old, baseline.cacheModel != current.cacheModel { return [.otherCaches] }
        return []
    }

    /// What a reader should know when only one side counted instructions, or another tool did.
    static func instructionWarnings(baseline: Results, current: Results) -> [GateWarning] {
        let old = baseline.runs.contains { $0.instructions != nil }, new = current.runs.contains { $0.instructions != nil }
        if old && !new { return [.runLacks(.instructions)] }
        if new && !old { return [.baselineLacks(.instructions)] }
        if old, let a = baseline.instructionCounter, let b = current.instructionCounter, a != b { return [.otherCounter(baseline: a, current: b)] }
        return []
    }

    /// Throws `BenchError.input` (exit 2) when the two runs must not be compared at all: a
    /// scenario whose definition differs (its counters would change for a reason that is not the
    /// code). Another build configuration is compared on what does not depend on it (`check`).
    static func checkComparable(baseline: Results, current: Results) throws {
        // A changed cell is the app's change, which the comparison is for; anything else is not.
        if let (scenario, changes) = definitionChanges(baseline, current).first(where: { !isCellChange($0.changes) }) {
            throw BenchError.input(.incomparable(.otherDefinition(scenario: scenario, changes: changes)))
        }
    }

    /// Whether a scenario's changed fields all lie inside a cell described as layers
    /// (`content.cell`, or `content.rows[i].cell` of a pattern of rows): the app's cell changed,
    /// nothing of the table. Decided by the changes' paths alone; a definition in the older
    /// format (prose) has no such paths, so a change of it is never a cell change.
    static func isCellChange(_ changes: [DefinitionChange]) -> Bool {
        !changes.isEmpty && changes.allSatisfy { isInsideCell($0.path) }
    }

    /// Whether `path` is `content.cell…` or `content.rows[i].cell…`.
    private static func isInsideCell(_ path: [JSONValue.PathComponent]) -> Bool {
        guard path.count >= 2, path[0] == .key("content") else { return false }
        if path[1] == .key("cell") { return true }
        guard path.count >= 4, path[1] == .key("rows"), case .index = path[2] else { return false }
        return path[3] == .key("cell")
    }

    /// The scenarios of `a` whose cell changed in `b` (`isCellChange`), in `a`'s order.
    static func cellChanges(_ a: Results, _ b: Results) -> [String] {
        definitionChanges(a, b).filter { isCellChange($0.changes) }.map(\.scenario)
    }

    /// Whether two builds have the same configuration, the condition for comparing their host
    /// times, instructions and estimated cycles.
    static func sameBuild(_ a: ToolBuild, _ b: ToolBuild) -> Bool {
        a.configuration == b.configuration && a.optimized == b.optimized
    }

    /// The scenarios of `a`'s rows that `b` defines differently, in `a`'s order, each with its
    /// changed fields (`definitionChanges(_:_:)`); none when either file records no definitions.
    /// A scenario whose two definitions are in different formats (`RecordedDefinition.isOlderFormat`)
    /// is left out: it cannot be compared, which `otherFormatDefinitions` reports.
    static func definitionChanges(_ a: Results, _ b: Results) -> [(scenario: String, changes: [DefinitionChange])] {
        guard let old = a.scenarioDefinitions, let new = b.scenarioDefinitions else { return [] }
        var seen = Set<String>()
        return a.runs.compactMap { run in
            guard seen.insert(run.scenario).inserted, let x = old[run.scenario], let y = new[run.scenario], x != y,
                  x.isOlderFormat == y.isOlderFormat else { return nil }
            return (run.scenario, definitionChanges(x, y))
        }
    }

    /// The fields of two definitions of a scenario that differ, each with both values, field by
    /// field (`RecordedDefinition.differences(to:)`): `device.refreshHz: 60 → 120`.
    static func definitionChanges(_ a: RecordedDefinition, _ b: RecordedDefinition) -> [DefinitionChange] {
        a.differences(to: b).map { DefinitionChange(path: $0.path, old: $0.old, new: $0.new) }
    }

    /// The scenarios of `a`'s rows, in `a`'s order, whose definitions `a` and `b` record in
    /// different formats: those `a` records in the older one, and those `b` does.
    static func otherFormatDefinitions(_ a: Results, _ b: Results) -> (olderInFirst: [String], olderInSecond: [String]) {
        guard let old = a.scenarioDefinitions, let new = b.scenarioDefinitions else { return ([], []) }
        var seen = Set<String>()
        var out: (olderInFirst: [String], olderInSecond: [String]) = ([], [])
        for run in a.runs where seen.insert(run.scenario).inserted {
            guard let x = old[run.scenario], let y = new[run.scenario] else { continue }
            switch (x.isOlderFormat, y.isOlderFormat) {
            case (true, false): out.olderInFirst.append(run.scenario)
            case (false, true): out.olderInSecond.append(run.scenario)
            default: break
            }
        }
        return out
    }

    /// What a reader of the verdict should know about the two runs' provenance. Values from the
    /// files are shortened here and escaped where Reports prints them (`GateReport+Rendering.swift`).
    static func warnings(baseline: Results, current: Results) -> [GateWarning] {
        var out: [GateWarning] = []
        if baseline.tool.version != current.tool.version { out.append(.otherTool(baseline: baseline.tool.version, current: current.tool.version)) }
        if baseline.scenarioDefinitions == nil { out.append(.noDefinitions) }
        let formats = otherFormatDefinitions(baseline, current)
        if !formats.olderInFirst.isEmpty { out.append(.olderDefinitions(scenarios: formats.olderInFirst, inBaseline: true)) }
        if !formats.olderInSecond.isEmpty { out.append(.olderDefinitions(scenarios: formats.olderInSecond, inBaseline: false)) }
        return out
    }

    /// A time ratio must move by more than this many times the spread between the processes of
    /// either side (max − min over the median) to fail. Runs of the same code minutes apart differ
    /// by more than the spread within one run suggests, because the machine drifts between them
    /// (another load, another memory placement), and the test cannot see drift. On this project's 2-core VM, 10 checks of identical code
    /// at the plain 5 % tolerance gave a false alarm in 1 (`stepToNone +12.8 %, p = 0.016`, with
    /// process spreads of 5–22 %); twice the spread keeps drift out and still fails a change that
    /// moves every process well beyond the others.
    public static let processSpreadMultiplier = 2.0

    /// The spread of an A/A pair: the largest relative difference of any gated time ratio between
    /// two runs of the same suite on this machine.
    public static func noiseSpread(_ a: Results, _ b: Results, ratios: [Ratio] = Gate.timeRatios) -> Double {
        var spread = 0.0
        let rows = b.runsByKey
        for run in a.runs {
            guard let twin = rows[run.key] else { continue }
            for ratio in ratios {
                guard let x = run.ratios[ratio], let y = twin.ratios[ratio], x > 0 else { continue }
                spread = max(spread, abs(y / x - 1))
            }
        }
        return spread
    }
}
