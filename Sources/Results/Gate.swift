import Foundation

/// The CI performance gate: a run compared with a baseline, scenario by scenario and strategy by
/// strategy (docs/cli.md, `bench check`).
///
/// Counters are exact, so any increase is a regression and any decrease an improvement to record.
/// Pictures are part of the result: a different frame checksum fails the gate (a "speed-up" that
/// draws something else is a bug) until the baseline is updated on purpose. Times are compared
/// only as ratios measured within each round (`RunResult.roundRatios`, by default `stepToNone`),
/// one value per process: a time ratio fails only when the processes of the baseline and of the
/// run differ significantly
/// (Mann–Whitney U, α = 0.05) *and* by more than the tolerance, so noise alone cannot fail the
/// gate; with too few processes to tell, times are reported and not gated. An absolute time never
/// fails a gate. When a time ratio moves, the counters of the same row that moved with it are
/// listed as its likely explanation.
///
/// Times are gated only between runs on the same kind of host (`HostFingerprint`): another
/// processor, other cache sizes or another huge-page mode change times for reasons that are not
/// the code, so across hosts the time rows are reported and not gated. What is gated on any host
/// is host-free: counters and pictures exactly, and each phase's instructions and estimated cycles
/// under the simulated cache (`CacheModel`) within their tolerances.
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

    /// One thing the gate found.
    public struct Finding: Equatable, Sendable {
        /// What kind of finding.
        public enum Kind: String, Sendable {
            case counterRegression, counterImprovement, pictureChanged, timeRegression, timeImprovement
            case instructionRegression, instructionImprovement, cycleRegression, cycleImprovement, notInBaseline
        }
        public var kind: Kind
        public var scenario: String
        public var strategy: String
        /// A line for people: what changed, from what to what.
        public var message: String

        /// True for the kinds that fail the gate.
        public var fails: Bool {
            kind == .counterRegression || kind == .pictureChanged || kind == .timeRegression || kind == .instructionRegression
                || kind == .cycleRegression
        }

        /// True for the kinds that record a change for the better.
        public var improves: Bool {
            kind == .counterImprovement || kind == .timeImprovement || kind == .instructionImprovement
                || kind == .cycleImprovement
        }
    }

    /// What the gate compared in one row: how many counters and pictures matched, the instruction
    /// counts and the time ratios, so that a check that passes says what it passed on.
    public struct RowCheck: Sendable {
        public var scenario: String
        public var strategy: String
        /// Counters compared, and how many of them differ.
        public var counters: Int, countersChanged: Int
        /// Frame checksums compared, and how many of them differ.
        public var pictures: Int, picturesChanged: Int
        /// Instructions per step (unrounded means), baseline and current, of each phase both sides
        /// counted.
        public var instructions: [(phase: Phase, old: Double, new: Double)] = []
        /// Estimated cycles per step (unrounded means), baseline and current, of each phase both
        /// sides counted under the same cache model.
        public var cycles: [(phase: Phase, old: Double, new: Double)] = []
        /// Each time ratio compared.
        public var times: [TimeCheck] = []
    }

    /// One time ratio of a row, baseline against current.
    public struct TimeCheck: Sendable {
        public var ratio: Ratio
        /// The medians of the baseline's and the current values.
        public var old: Double, new: Double
        /// The test's p-value and the row's tolerance; nil when the ratio was not gated (too few
        /// processes, or another kind of host).
        public var p: Double?, tolerance: Double?
    }

    /// The verdict and everything behind it.
    public struct Report: Sendable {
        public var findings: [Finding]
        /// What was compared, row by row, in the baseline's order.
        public var rows: [RowCheck] = []
        /// Differences between the two runs that do not stop the comparison but a reader should
        /// know of (another machine, another tool version, a baseline without provenance).
        public var warnings: [String] = []
        public var options: Options
        /// Rows compared.
        public var rowsCompared: Int
        /// Whether both sides had instruction counts to gate.
        public var instructionsGated = false
        /// Whether both sides had estimated cycles, under the same cache model, to gate.
        public var cyclesGated = false
        /// Whether times were gated: both runs on the same kind of host.
        public var timesGated = true
        /// The host-free counts one side has that were not gated ("instruction counts",
        /// "estimated cycles"), which the verdict names so that a pass never hides them.
        public var notGated: [String] = []
        /// True when nothing failed.
        public var passed: Bool { !findings.contains { $0.fails } }
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
            throw BenchError.input("the baseline has schema '\(Escape.message(baseline.schema))' but this run has '\(Escape.message(current.schema))'; update the baseline with scripts/update-baseline.sh.")
        }
        try checkComparable(baseline: baseline, current: current)
        var findings: [Finding] = []
        var rows: [RowCheck] = []
        var compared = 0
        var notGated = 0
        let host = (old: baseline.provenance?.host, new: current.provenance?.host)
        let timesGated = host.old != nil && host.old == host.new
        let cyclesGated = baseline.cacheModel != nil && baseline.cacheModel == current.cacheModel
        let currentRows = current.runsByKey
        let baselineKeys = Set(baseline.runs.map(\.key))
        let missing = baseline.runs.filter { currentRows[$0.key] == nil }
        if !missing.isEmpty {
            let names = missing.map { Escape.message($0.key.description) }.joined(separator: ", ")
            // A merged file lacks rows when a shard was left out: say where to look.
            let merged = current.provenance?.commandLine.dropFirst().first == "merge"
                ? " This run was joined by bench merge, whose note names the shards it lacked." : ""
            throw BenchError.input("the baseline has \(missing.count) row(s) this run lacks: \(names).\(merged) Run the same suite, or update the baseline.")
        }
        try checkCounted(baseline: baseline, current: current, "instructions", \.instructions, both: true)
        try checkCounted(baseline: baseline, current: current, "estimated cycles", \.estimatedCycles, both: cyclesGated)
        for old in baseline.runs {
            let new = currentRows[old.key]!
            compared += 1
            let oldCounters = Set(old.totals.keys), newCounters = Set(new.totals.keys)
            guard oldCounters == newCounters else {
                let only = oldCounters.symmetricDifference(newCounters).map(\.name).sorted().joined(separator: ", ")
                throw BenchError.input("the baseline (tool \(Escape.message(baseline.tool.version))) and this run (tool \(Escape.message(current.tool.version))) count different things (\(only)); update the baseline.")
            }
            guard old.steps == new.steps else {
                throw BenchError.input("\(Escape.message(old.key.description)): the baseline measured \(old.steps) steps, this run \(new.steps); run with the baseline's --steps.")
            }
            findings += counterFindings(old, new)
            findings += pictureFindings(old, new)
            var times: [TimeCheck] = []
            let timeRows = timeFindings(old, in: baseline, new, in: current, ratios: options.timeRatios,
                                        tolerance: options.effectiveTolerance, notGated: &notGated, checks: &times)
            if timesGated {
                findings += timeRows
            } else {
                times = times.map { TimeCheck(ratio: $0.ratio, old: $0.old, new: $0.new) }
            }
            findings += phaseFindings(old, new, "instructions", \.instructions, tolerance: options.instructionTolerance,
                                      kinds: (.instructionRegression, .instructionImprovement))
            if cyclesGated {
                findings += phaseFindings(old, new, "estimated cycles", \.estimatedCycles, tolerance: options.cycleTolerance,
                                          kinds: (.cycleRegression, .cycleImprovement))
            }
            rows.append(rowCheck(old, new, times: times, cycles: cyclesGated))
        }
        for run in current.runs where !baselineKeys.contains(run.key) {
            findings.append(Finding(kind: .notInBaseline, scenario: run.scenario, strategy: run.strategy,
                                    message: "not in the baseline: not gated"))
        }
        var warnings = warnings(baseline: baseline, current: current)
        if !timesGated {
            let why = host.old == nil
                ? "the baseline records no host fingerprint, so it cannot be shown to come from this kind of host"
                : "the baseline was measured on \(Escape.shortened(host.old!.summary, limit: 3 * Escape.messageLimit)) and this run on \(Escape.shortened(host.new?.summary ?? "an unrecorded host", limit: 3 * Escape.messageLimit))"
            warnings.append("times were reported, not gated: \(why); host times follow a host's processor, caches and memory, so across hosts only counters, pictures, instructions and estimated cycles are gated")
        } else if notGated > 0 {
            warnings.append("times were not gated in \(notGated) row(s): the baseline comes from \(baseline.processes ?? 1) process(es) and this run from \(current.processes ?? 1), too few to tell a change from noise (each needs 4 or more: make both with bench run --processes 5 and check with --results)")
        }
        warnings += instructionWarnings(baseline: baseline, current: current)
        warnings += cycleWarnings(baseline: baseline, current: current)
        var report = Report(findings: findings, rows: rows, warnings: warnings, options: options, rowsCompared: compared)
        report.instructionsGated = baseline.runs.contains { old in old.instructions != nil && currentRows[old.key]?.instructions != nil }
        report.cyclesGated = cyclesGated && baseline.runs.contains { old in old.cost != nil && currentRows[old.key]?.cost != nil }
        report.timesGated = timesGated
        func counted(_ has: (RunResult) -> Bool) -> Bool { baseline.runs.contains(where: has) || current.runs.contains(where: has) }
        if counted({ $0.instructions != nil }) && !report.instructionsGated { report.notGated.append("instruction counts") }
        if counted({ $0.cost != nil }) && !report.cyclesGated { report.notGated.append("estimated cycles") }
        return report
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
            let row = Escape.message(old.key.description)
            guard !a.isEmpty == !b.isEmpty else {
                let (has, lacks) = a.isEmpty ? ("this run", "the baseline") : ("the baseline", "this run")
                throw BenchError.input("cannot gate the \(what) of \(row): \(has) has them and \(lacks) has none for this row, though both have them for others; a row counted on one side only would pass unchecked. Count every row (bench run --instructions), or update the baseline.")
            }
            if let phase = Phase.allCases.first(where: { (a[$0] == nil) != (b[$0] == nil) }) {
                let (has, lacks) = a[phase] == nil ? ("this run", "the baseline") : ("the baseline", "this run")
                throw BenchError.input("cannot gate the \(what) of \(row): \(has) has them for the \(phase.name) phase and \(lacks) has none; a phase counted on one side only would pass unchecked. Count every row (bench run --instructions), or update the baseline.")
            }
        }
    }

    /// A phase's host-free count (`what`, read by `values`) that moved by more than `tolerance`,
    /// per step, named by phase.
    private static func phaseFindings(_ old: RunResult, _ new: RunResult, _ what: String, _ values: (RunResult) -> [Phase: Int]?,
                                      tolerance: Double, kinds: (worse: Finding.Kind, better: Finding.Kind)) -> [Finding] {
        guard let a = values(old), let b = values(new), old.steps > 0 else { return [] }
        return Phase.allCases.compactMap { phase -> Finding? in
            guard let x = a[phase], let y = b[phase], x > 0 else { return nil }
            let change = Double(y) / Double(x) - 1
            guard abs(change) > tolerance else { return nil }
            let moved = movedCounters(old, new)
            let why = moved.isEmpty ? "no counter moved: look at the code path" : moved
            return Finding(kind: change > 0 ? kinds.worse : kinds.better, scenario: old.scenario, strategy: old.strategy,
                           message: "\(phase.name) \(what) per step \(Format.grouped(x / old.steps)) → \(Format.grouped(y / old.steps)) (\(Format.percent(change, digits: 2)), tolerance ±\(Format.magnitude(tolerance))) ← \(why)")
        }
    }

    /// What a reader should know when only one side has estimated cycles, or they were
    /// simulated with other caches.
    static func cycleWarnings(baseline: Results, current: Results) -> [String] {
        let old = baseline.runs.contains { $0.cost != nil }, new = current.runs.contains { $0.cost != nil }
        if old && !new {
            return ["estimated cycles were not gated: the baseline has them and this run has none (bench run --instructions, which needs valgrind)"]
        }
        if new && !old {
            return ["estimated cycles were not gated: the baseline has none; update it with scripts/update-baseline.sh to gate them"]
        }
        if old, baseline.cacheModel != current.cacheModel {
            return ["estimated cycles were not gated: the baseline simulated other caches than this run (another version of bench); update the baseline"]
        }
        return []
    }

    /// What a reader should know when only one side counted instructions, or another tool did.
    static func instructionWarnings(baseline: Results, current: Results) -> [String] {
        let old = baseline.runs.contains { $0.instructions != nil }, new = current.runs.contains { $0.instructions != nil }
        if old && !new {
            return ["instruction counts were not gated: the baseline has them and this run has none (bench run --instructions, which needs valgrind)"]
        }
        if new && !old {
            return ["instruction counts were not gated: the baseline has none; update it with scripts/update-baseline.sh to gate them"]
        }
        if old, let a = baseline.instructionCounter, let b = current.instructionCounter, a != b {
            let (a, b) = (Escape.shortened(a, limit: Escape.messageLimit), Escape.shortened(b, limit: Escape.messageLimit))
            return ["the baseline's instructions were counted by \(a), this run's by \(b): a new valgrind can count differently"]
        }
        return []
    }

    /// Throws `BenchError.input` (exit 2) when the two runs must not be compared at all: another
    /// build configuration (times of a debug and a release build say nothing about a change), or
    /// a scenario whose definition differs (its counters would change for a reason that is not
    /// the code).
    static func checkComparable(baseline: Results, current: Results) throws {
        if !sameBuild(baseline.tool, current.tool) {
            throw BenchError.input("the baseline was measured with a \(build(baseline.tool)) and this run with a \(build(current.tool)); their times do not compare. Run the same build configuration, or update the baseline.")
        }
        if let (scenario, changes) = definitionChanges(baseline, current).first {
            throw BenchError.input("the scenario '\(Escape.message(scenario))' is defined differently from the baseline's (\(changes)); its results would differ for a reason that is not the code. Run the baseline's scenario, or update the baseline.")
        }
    }

    /// Whether two builds have the same configuration, the condition for comparing their times.
    static func sameBuild(_ a: ToolInfo, _ b: ToolInfo) -> Bool {
        a.configuration == b.configuration && a.optimized == b.optimized
    }

    /// A build as messages name it: `release build (optimized)`.
    static func build(_ tool: ToolInfo) -> String {
        "\(Escape.message(tool.configuration)) build (\(tool.optimized ? "optimized" : "NOT optimized"))"
    }

    /// The scenarios of `a`'s rows that `b` defines differently, in `a`'s order, each with its
    /// changed keys (`key 'old' → 'new'; …`); none when either file records no definitions.
    static func definitionChanges(_ a: Results, _ b: Results) -> [(scenario: String, changes: String)] {
        guard let old = a.scenarioDefinitions, let new = b.scenarioDefinitions else { return [] }
        var seen = Set<String>()
        return a.runs.compactMap { run in
            guard seen.insert(run.scenario).inserted, let x = old[run.scenario], let y = new[run.scenario], x != y else { return nil }
            return (run.scenario, definitionChanges(x, y))
        }
    }

    /// The keys of two definitions of a scenario that differ: `key 'old' → 'new'; …`, quoted
    /// through `Escape.message`.
    static func definitionChanges(_ a: [String: String], _ b: [String: String]) -> String {
        Set(a.keys).union(b.keys).sorted().filter { a[$0] != b[$0] }
            .map { "\(Escape.message($0)) '\(Escape.message(a[$0] ?? "absent"))' → '\(Escape.message(b[$0] ?? "absent"))'" }
            .joined(separator: "; ")
    }

    /// What a reader of the verdict should know about the two runs' provenance. Values from the
    /// files are shortened here and escaped by `text()` and `markdown()`.
    static func warnings(baseline: Results, current: Results) -> [String] {
        func short(_ text: String) -> String { Escape.shortened(text, limit: Escape.messageLimit) }
        var out: [String] = []
        if baseline.tool.version != current.tool.version {
            out.append("the baseline was written by bench \(short(baseline.tool.version)), this run by \(short(current.tool.version))")
        }
        if baseline.scenarioDefinitions == nil {
            out.append("the baseline records no scenario definitions (an older file): a changed scenario cannot be told from a changed result; update the baseline to record them")
        }
        return out
    }

    private static func counterFindings(_ old: RunResult, _ new: RunResult) -> [Finding] {
        var out: [Finding] = []
        for counter in Counter.allCases {
            guard let a = old.totals[counter], let b = new.totals[counter], a != b else { continue }
            let worse = counter.info.polarity == .smallerIsBetter ? b > a : b < a
            let kind: Finding.Kind = worse ? .counterRegression : .counterImprovement
            out.append(Finding(kind: kind, scenario: old.scenario, strategy: old.strategy,
                               message: "\(counter.name) \(a) → \(b) (\(Format.percent(Double(b) / Double(max(a, 1)) - 1)))"))
        }
        return out
    }

    private static func pictureFindings(_ old: RunResult, _ new: RunResult) -> [Finding] {
        old.pictures.keys.sorted { Int($0) ?? 0 < Int($1) ?? 0 }.compactMap { step in
            guard let was = old.pictures[step], let now = new.pictures[step], was != now else { return nil }
            // The step and the checksums come from the files: shortened here, escaped where printed.
            func short(_ text: String) -> String { Escape.shortened(text, limit: Escape.messageLimit) }
            return Finding(kind: .pictureChanged, scenario: old.scenario, strategy: old.strategy,
                           message: "the frame at step \(short(step)) changed (checksum \(short(was)) → \(short(now))); if intended, update the baseline")
        }
    }

    /// What was compared in one row; `times` from `timeFindings`.
    private static func rowCheck(_ old: RunResult, _ new: RunResult, times: [TimeCheck], cycles: Bool) -> RowCheck {
        let counters = Counter.allCases.filter { old.totals[$0] != nil && new.totals[$0] != nil }
        let pictures = old.pictures.keys.filter { new.pictures[$0] != nil }
        var check = RowCheck(scenario: old.scenario, strategy: old.strategy,
                             counters: counters.count, countersChanged: counters.filter { old.totals[$0] != new.totals[$0] }.count,
                             pictures: pictures.count, picturesChanged: pictures.filter { old.pictures[$0] != new.pictures[$0] }.count,
                             times: times)
        if let a = old.instructions, let b = new.instructions, old.steps > 0 {
            check.instructions = Phase.allCases.compactMap { phase in
                guard let x = a[phase], let y = b[phase] else { return nil }
                return (phase, Double(x) / Double(old.steps), Double(y) / Double(new.steps))
            }
        }
        if cycles, let a = old.estimatedCycles, let b = new.estimatedCycles, old.steps > 0 {
            check.cycles = Phase.allCases.compactMap { phase in
                guard let x = a[phase], let y = b[phase] else { return nil }
                return (phase, Double(x) / Double(old.steps), Double(y) / Double(new.steps))
            }
        }
        return check
    }

    private static func timeFindings(_ old: RunResult, in baseline: Results, _ new: RunResult, in current: Results,
                                     ratios: [Ratio], tolerance: Double, notGated: inout Int,
                                     checks: inout [TimeCheck]) -> [Finding] {
        var out: [Finding] = []
        for ratio in ratios {
            let xs = baseline.independentSamples(old, ratio), ys = current.independentSamples(new, ratio)
            guard !xs.isEmpty, !ys.isEmpty, xs.allSatisfy({ $0 > 0 }), ys.allSatisfy({ $0 > 0 }) else { continue }
            let a = Summary.median(sorted: xs.sorted()), b = Summary.median(sorted: ys.sorted())
            let test = MannWhitney.test(xs, ys)
            guard test.smallestPossibleP < Comparison.alpha else {
                notGated += 1
                checks.append(TimeCheck(ratio: ratio, old: a, new: b))
                continue
            }
            let change = b / a - 1
            let spread = max(relativeRange(xs), relativeRange(ys))
            let rowTolerance = max(tolerance, processSpreadMultiplier * spread)
            checks.append(TimeCheck(ratio: ratio, old: a, new: b, p: test.p, tolerance: rowTolerance))
            guard test.p < Comparison.alpha, abs(change) > rowTolerance else { continue }
            let kind: Finding.Kind = change > 0 ? .timeRegression : .timeImprovement
            let moved = movedCounters(old, new)
            let why = moved.isEmpty ? "no counter moved: look at the code path" : moved
            out.append(Finding(kind: kind, scenario: old.scenario, strategy: old.strategy,
                               message: "\(ratio.name) \(Format.fixed(a, 3)) → \(Format.fixed(b, 3)) (\(Format.percent(change)), p = \(Format.fixed(test.p, 3)) over \(xs.count)/\(ys.count) processes, tolerance ±\(Format.magnitude(rowTolerance))\(rowTolerance > tolerance ? " = \(Format.fixed(processSpreadMultiplier, 0)) × the processes' spread" : "")) ← \(why)"))
        }
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

    /// (max − min) / median of `values`; 0 for fewer than two.
    static func relativeRange(_ values: [Double]) -> Double {
        guard values.count > 1, let low = values.min(), let high = values.max() else { return 0 }
        let median = Summary.median(sorted: values.sorted())
        return median > 0 ? (high - low) / median : 0
    }

    /// The per-step counters of a row that changed, as `name old → new`.
    static func movedCounters(_ old: RunResult, _ new: RunResult) -> String {
        Counter.allCases.compactMap { counter -> String? in
            guard let a = old.perStep[counter], let b = new.perStep[counter], a != b else { return nil }
            return "\(counter.name) \(Format.fixed(a, 1)) → \(Format.fixed(b, 1))"
        }.joined(separator: ", ")
    }

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

extension Gate.Report {
    /// The report for a terminal: failures first, then improvements to record, then the verdict.
    /// Names are shortened to `Escape.nameLimit`, and every line from the files is written as
    /// `Escape.terminal` writes it.
    public func text() -> String {
        func row(_ f: Gate.Finding) -> String {
            Escape.terminal("\(Escape.shortened(f.scenario))/\(Escape.shortened(f.strategy)): \(f.message)")
        }
        var out = ""
        if !rows.isEmpty {
            out += "Compared with the baseline (\(comparedColumns)):\n"
            out += Format.align(comparedTable { Escape.terminal($0) })
        }
        let failing = findings.filter(\.fails), better = findings.filter(\.improves)
        let noted = findings.filter { $0.kind == .notInBaseline }
        if !failing.isEmpty {
            out += "Regressions:\n"
            for f in failing { out += "  ✗ \(row(f))\n" }
        }
        if !better.isEmpty {
            out += "Improvements (update the baseline to keep them):\n"
            for f in better { out += "  ✓ \(row(f))\n" }
        }
        for f in noted { out += "  · \(row(f))\n" }
        for warning in warnings { out += "Warning: \(Escape.terminal(warning)).\n" }
        out += timeToleranceLine + "\n"
        if instructionsGated { out += "Instruction tolerance ±\(Format.magnitude(options.instructionTolerance)) per phase.\n" }
        if cyclesGated { out += "Estimated-cycle tolerance ±\(Format.magnitude(options.cycleTolerance)) per phase.\n" }
        out += passed ? "PASS: \(rowsCompared) rows match the baseline\(notGatedClause).\n" : "FAIL: \(failing.count) regression(s) in \(rowsCompared) rows\(notGatedClause).\n"
        return out
    }

    /// The same as Markdown, for a pull-request comment or `GITHUB_STEP_SUMMARY`: every cell and
    /// warning is written as `Escape.markdown` writes it, names shortened to `Escape.nameLimit`.
    public func markdown() -> String {
        var out = "### CornerBench gate: \(passed ? "✅ pass" : "❌ fail")\(notGated.isEmpty ? "" : " (\(notGated.joined(separator: " and ")) not gated)")\n\n"
        if findings.isEmpty { out += "All \(rowsCompared) rows match the baseline\(notGatedClause).\n\n" }
        if !rows.isEmpty {
            let table = comparedTable(Escape.markdown)
            out += "| " + table[0].joined(separator: " | ") + " |\n|" + table[0].indices.map { $0 == 0 ? " :--- |" : " ---: |" }.joined() + "\n"
            for line in table.dropFirst() { out += "| " + line.joined(separator: " | ") + " |\n" }
            out += "\n"
        }
        if !findings.isEmpty {
            out += "| | scenario | strategy | finding |\n|---|---|---|---|\n"
            for f in findings {
                let mark = f.fails ? "❌" : (f.kind == .notInBaseline ? "·" : "✅")
                let cells = [Escape.shortened(f.scenario), Escape.shortened(f.strategy), f.message].map(Escape.markdown)
                out += "| \(mark) | " + cells.joined(separator: " | ") + " |\n"
            }
            out += "\n"
        }
        for warning in warnings { out += "> **Warning:** \(Escape.markdown(warning)).\n\n" }
        out += timeToleranceLine + "\n"
        if instructionsGated { out += "Instruction tolerance ±\(Format.magnitude(options.instructionTolerance)) per phase.\n" }
        if cyclesGated { out += "Estimated-cycle tolerance ±\(Format.magnitude(options.cycleTolerance)) per phase.\n" }
        return out
    }

    /// How time was gated, in the words of docs/cli.md ("Samples, significance and tolerances"): a
    /// row's tolerance is the larger of the option (raised by an A/A run) and twice the spread of
    /// either side's processes, so the line says both, and each row shows its own.
    var timeToleranceLine: String {
        guard timesGated else { return "Times were reported, not gated (another kind of host; see the warning)." }
        let noise = options.noiseSpread.map { ", raised by the A/A spread \(Format.magnitude($0)) × \(Format.fixed(options.noiseMultiplier, 0))" } ?? ""
        return "Time tolerance: ±\(Format.magnitude(options.effectiveTolerance))\(noise), or twice the spread of either side's processes "
            + "where that is larger (each row shows its own); a significant change within its row's tolerance passes."
    }

    /// What the verdict adds when a host-free count was not gated (`notGated`): it names them, so
    /// a PASS read alone, without the warnings above it, cannot be taken to cover them.
    var notGatedClause: String {
        notGated.isEmpty ? "" : ", but \(notGated.joined(separator: " and ")) were NOT gated (see the warnings)"
    }

    /// What the compared table's columns hold, for its title.
    var comparedColumns: String {
        var parts: [String] = []
        if rows.contains(where: { !$0.instructions.isEmpty }) { parts.append("instructions") }
        if rows.contains(where: { !$0.cycles.isEmpty }) { parts.append("estimated cycles") }
        let perStep = parts.isEmpty ? [] : [parts.joined(separator: " and ") + " per step"]
        return (perStep + ["time ratios as medians baseline → current"]).joined(separator: "; ")
    }

    /// What was compared, a row per (scenario, strategy), as text cells (names through
    /// `escape`): how many counters and frames matched, each phase's instructions per step with
    /// its change, and each time ratio baseline → current (medians) with its change, p-value and
    /// tolerance, or "not gated".
    func comparedTable(_ escape: (String) -> String) -> [[String]] {
        let phases = Phase.allCases.filter { phase in rows.contains { $0.instructions.contains { $0.phase == phase } } }
        let cyclePhases = Phase.allCases.filter { phase in rows.contains { $0.cycles.contains { $0.phase == phase } } }
        let ratios = options.timeRatios.filter { ratio in rows.contains { $0.times.contains { $0.ratio == ratio } } }
        func matched(_ count: Int, _ changed: Int) -> String {
            count == 0 ? "–" : changed == 0 ? "\(count) same" : "\(changed) of \(count) changed"
        }
        // Instruction counts to three or four figures: the change says the rest.
        func short(_ count: Double) -> String {
            count >= 1_000_000 ? Format.fixed(count / 1e6, 2) + "M" : count >= 10_000 ? Format.fixed(count / 1e3, 1) + "k" : Format.fixed(count, 0)
        }
        var table = [["row", "counters", "frames"] + phases.map { "\($0.name) instr." } + cyclePhases.map { "\($0.name) cycles" }
                     + ratios.map(\.name)]
        for row in rows {
            var cells = [escape("\(Escape.shortened(row.scenario))/\(Escape.shortened(row.strategy))"),
                         matched(row.counters, row.countersChanged), matched(row.pictures, row.picturesChanged)]
            for phase in phases {
                guard let count = row.instructions.first(where: { $0.phase == phase }) else { cells.append("–"); continue }
                let change = count.old > 0 ? " " + Format.percent(count.new / count.old - 1, digits: 2) : ""
                cells.append(short(count.new) + change)
            }
            for phase in cyclePhases {
                guard let count = row.cycles.first(where: { $0.phase == phase }) else { cells.append("–"); continue }
                let change = count.old > 0 ? " " + Format.percent(count.new / count.old - 1, digits: 2) : ""
                cells.append(short(count.new) + change)
            }
            for ratio in ratios {
                guard let time = row.times.first(where: { $0.ratio == ratio }) else { cells.append("–"); continue }
                let values = "\(Format.fixed(time.old, 3)) → \(Format.fixed(time.new, 3))"
                if let p = time.p, let tolerance = time.tolerance {
                    cells.append(values + " (\(Format.percent(time.new / time.old - 1)), p \(Format.fixed(p, 2)), ±\(Format.magnitude(tolerance)))")
                } else {
                    cells.append(values + (timesGated ? " (not gated)" : " (other host: not gated)"))
                }
            }
            table.append(cells)
        }
        return table
    }
}
