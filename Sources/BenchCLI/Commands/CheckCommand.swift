import Analysis
import Foundation
import Harness
import Problems
import Reports
import Results
import ScenarioFiles
import Strategies
import Text

/// `bench check`: the CI performance gate against a baseline (docs/cli.md).
struct CheckCommand: BenchCommand {
    static func spec(_ catalog: StrategyCatalog) -> CommandSpec {
        CommandSpec(
            name: "check",
            abstract: "Compare with a baseline or hold to limits; fail on a regression.",
            discussion: "Counters are exact: an increase of a smaller-is-better counter fails (exit 1) and names the "
                + "counter with its old and new value; the opposite is an improvement to record. A changed frame "
                + "checksum fails: a speed-up that draws something else is a bug. Times are gated only as ratios "
                + "measured within each round (by default stepToNone): a ratio fails when the baseline's and "
                + "this run's differ significantly (Mann-Whitney U, alpha 0.05, one value per process) and by more than "
                + "the tolerance; with fewer than 4 processes on either side (bench run --processes 5, then --results), "
                + "or when the baseline was measured on another kind of host (processor, cache sizes or huge-page mode), "
                + "times are reported, not gated. Against another build configuration only counters, pictures and GPU "
                + "times (model) are gated, with a warning. A differently defined scenario is refused (exit 2), but for a "
                + "changed cell described as layers: its rows "
                + "compare the new cell's cost to the device with the old one's, and a dearer cell fails (its GPU time, model, "
                + "worst frame and frames over budget, its passes and splits), naming the layers whose cost changed; "
                + "--report-cell-changes only reports it. The report opens with the verdict per row. "
                + "Without --results, the baseline's scenarios "
                + "are run again in this process with its step counts (counters and pictures are gated; times need --results), "
                + "and when the baseline has instruction counts and valgrind is installed they are counted again. "
                + "Instruction counts and estimated cycles (bench run --instructions) are host-free and gated per phase "
                + "on any host: a change beyond the instruction or cycle tolerance fails. Limits (a suite's 'limits', recorded in its "
                + "results, and --limit) hold every row of --results to a ceiling, with or without a baseline: a row over one fails "
                + "(exit 1) naming the scenario, the strategy, the limit and the value. With --update-baseline, the --results file "
                + "becomes the --baseline file, made or replaced after the check, whose regressions it accepts (exit 0; a "
                + "breached limit still fails). When GITHUB_STEP_SUMMARY is set, the report is appended there as Markdown.",
            options: [
                OptionSpec(name: "baseline", valueName: "file", help: "The baseline results (optional with --results and limits)."),
                OptionSpec(name: "results", valueName: "file", help: "Results to check instead of running."),
                OptionSpec(name: "suite", valueName: "file",
                           help: "The suite the baseline was made from, to run again (built-in scenarios need none)."),
                OptionSpec(name: "time-tolerance", valueName: "fraction",
                           help: "The smallest significant change of a time ratio that fails the gate, from 0 to 10.", defaultDescription: "0.05"),
                OptionSpec(name: "time-ratio", valueName: "name", arity: .multiple,
                           help: "A time ratio to gate; repeat for several.", allowedValues: Gate.timeRatios.map(\.name),
                           defaultDescription: Gate.defaultTimeRatios.map(\.name).joined(separator: ", ")),
                OptionSpec(name: "instruction-tolerance", valueName: "fraction",
                           help: "The change of a phase's instruction count that fails the gate, from 0 to 10.",
                           defaultDescription: Format.fixed(Gate.defaultInstructionTolerance, 2)),
                OptionSpec(name: "cycle-tolerance", valueName: "fraction",
                           help: "The change of a phase's estimated cycles (under the simulated cache) that fails the gate, from 0 to 10.",
                           defaultDescription: Format.fixed(Gate.defaultCycleTolerance, 2)),
                OptionSpec(name: "aa", arity: .flag,
                           help: "Measure the machine's noise with an A/A run and never gate below it."),
                OptionSpec(name: "markdown", valueName: "file",
                           help: "Also write the report as Markdown; '-' writes it to standard output and the text "
                               + "report to standard error."),
                OptionSpec(name: "report-cell-changes", arity: .flag,
                           help: "Where a scenario's cell changed since the baseline (and nothing else of it), report what the "
                               + "new cell costs the device instead of failing when it costs more."),
                OptionSpec(name: "gate-cell-changes", arity: .flag,
                           help: "Accepted for older scripts; a dearer cell fails by default."),
                OptionSpec(name: "update-baseline", arity: .flag,
                           help: "Make the --baseline file from --results, or replace it after checking them against it: the "
                               + "baseline an app team keeps (docs/ci.md)."),
                OptionSpec(name: "limit", valueName: "name=number", arity: .multiple,
                           help: "Hold every row to a ceiling, e.g. worstFrameShare=0.5 or offscreenPasses=10; repeat for several "
                               + "(names: \(Limit.Measure.allCases.map(\.rawValue).joined(separator: ", ")); docs/ci.md)."),
                OptionSpec(name: "filter", valueName: "pattern", arity: .multiple,
                           help: "Check only the baseline's (scenario, strategy) pairs a pattern matches, as bench run "
                               + "--filter selects them (with 'none' kept as the reference), running or reading only those."),
            ])
    }

    /// The tolerances a check accepts: from 0 (any significant change fails) to 10 (a ratio
    /// eleven times the baseline's still passes). Beyond that a tolerance gates nothing, and a
    /// change shown against it (1e308 as a percentage) is no longer a number.
    static let toleranceRange: ClosedRange<Double> = 0...10

    var baseline: Results?
    var results: Results?
    /// Whether `--results` replaces (or makes) the `--baseline` file after the check.
    var updateBaseline: Bool
    /// The `--baseline` and `--results` paths as given.
    var baselinePath: String?, resultsPath: String?
    /// The limits every row is held to: the results' own (from their suite), or on a rerun the
    /// `--suite`'s or else the baseline's, then `--limit`s, a later one of a measure replacing an
    /// earlier.
    var limits: [Limit] = []
    var tolerance: Double
    var instructionTolerance: Double
    var cycleTolerance: Double
    var measureNoise: Bool
    /// Whether a changed cell dearer for the device fails (the default) or is only reported
    /// (`--report-cell-changes`).
    var gateCellChanges: Bool
    var timeRatios: [Ratio]
    var markdownPath: String?
    var outputs: OutputPlan
    var suite: Suite?
    /// The suite file's bytes, read once (`InputFiles`).
    var suiteFile: InputFiles
    /// Where the baseline's strategy names are looked up.
    var catalog: StrategyCatalog

    init(_ arguments: ParsedArguments, catalog: StrategyCatalog) throws {
        self.catalog = catalog
        // The options' values first, so a mistyped number is reported before any file is read.
        tolerance = try arguments.decimal("time-tolerance", in: Self.toleranceRange, example: "0.25 = 25 %") ?? 0.05
        instructionTolerance = try arguments.decimal("instruction-tolerance", in: Self.toleranceRange, example: "0.01 = 1 %")
            ?? Gate.defaultInstructionTolerance
        cycleTolerance = try arguments.decimal("cycle-tolerance", in: Self.toleranceRange, example: "0.05 = 5 %") ?? Gate.defaultCycleTolerance
        let given = try arguments.allValues("limit").map(Self.limit)
        updateBaseline = arguments.flag("update-baseline")
        baselinePath = arguments.value("baseline")
        resultsPath = arguments.value("results")
        if updateBaseline {
            guard baselinePath != nil, resultsPath != nil else { throw BenchError.usage(.updateBaselineNeedsBaselineAndResults) }
            guard arguments.allValues("filter").isEmpty else { throw BenchError.usage(.updateBaselineWithFilter) }
        }
        if let baselinePath {
            do {
                baseline = try Results.load(from: baselinePath)
            } catch BenchError.input(.cannotRead(_, .noSuchFile)) where arguments.flag("update-baseline") {
                baseline = nil  // The first baseline of a suite: made from --results.
            }
        }
        results = try resultsPath.map { try Results.load(from: $0) }
        if baseline == nil && !updateBaseline && (results == nil || ((results?.limits ?? []) + given).isEmpty) {
            throw BenchError.usage(.checkNeedsBaselineOrLimits)
        }
        measureNoise = arguments.flag("aa")
        gateCellChanges = !arguments.flag("report-cell-changes")
        let ratios = arguments.allValues("time-ratio")
        timeRatios = ratios.isEmpty ? Gate.defaultTimeRatios : ratios.compactMap(Ratio.init(rawValue:))
        if measureNoise && results != nil {
            throw BenchError.usage(.noiseMeasureWithResults)
        }
        markdownPath = arguments.value("markdown")
        let selection = try ScenarioSelection.pairSelection(arguments)
        if !selection.patterns.isEmpty {
            let kept = Set(try selection.apply(to: (baseline ?? results)?.runs.map(\.key) ?? []))
            baseline?.runs.removeAll { !kept.contains($0.key) }
            results?.runs.removeAll { !kept.contains($0.key) }
        }
        outputs = try OutputPlan(arguments, outputs: ["markdown"], inputs: ["baseline", "results", "suite"])
        try outputs.check()
        // Read once: a counting child is handed a copy (`InputFiles`), not a FIFO to read again.
        suiteFile = try InputFiles(arguments, options: ["suite"])
        suite = try suiteFile["suite"].map { try ScenarioFile.suite(from: $0.bytes, file: $0.path, catalog: catalog) }
        if suite != nil && results != nil {
            throw BenchError.usage(.suiteWithResults)
        }
        // The rows checked are held to their own suite's limits: the results' (recorded by their
        // run), or for a rerun the suite's, else the baseline's (its run's suite); then --limit.
        let recorded = results?.limits ?? suite?.limits ?? baseline?.limits ?? []
        for limit in recorded + given {
            limits.removeAll { $0.measure == limit.measure }
            limits.append(limit)
        }
    }

    /// A `--limit` value: `name=number`.
    static func limit(_ text: String) throws -> Limit {
        let known = Limit.Measure.allCases.map(\.rawValue)
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, let measure = Limit.Measure(rawValue: parts[0]) else {
            throw BenchError.usage(.badLimit(text: text, known: known))
        }
        guard let maximum = ParsedArguments.decimalNumber(parts[1]), Limit.allowedMaximum.contains(maximum) else {
            throw BenchError.usage(.badLimitValue(text: text, measure: measure.rawValue, value: parts[1], maximum: Results.maxValue))
        }
        return Limit(measure, maximum: maximum)
    }

    func run(_ context: CommandContext) throws -> Int32 {
        guard let baseline else {
            let held = limits.isEmpty ? nil : try holdToLimits(results!, context)
            if updateBaseline { try keep(results!, context, accepting: nil) }
            if let held, !held.passed { throw BenchError.limitsExceeded(count: held.breaches.count) }
            return 0
        }
        let hasValgrind = InstructionCounter.executable(named: "valgrind") != nil
        var options = Gate.Options(timeTolerance: tolerance, timeRatios: timeRatios, instructionTolerance: instructionTolerance,
                                   cycleTolerance: cycleTolerance)
        options.gateCellChanges = gateCellChanges
        var current: Results
        if let results {
            current = results
        } else {
            context.stderr(ScenarioSelection.deviceNotes(suite?.scenarios ?? []) + ScenarioSelection.cellWarnings(suite?.scenarios ?? []))
            current = try rerun(baseline, context)
            if baseline.instructionCounter != nil, hasValgrind {
                context.stderr("Counting instructions under valgrind…\n")
                try countInstructions(baseline, into: &current, context)
            }
            if measureNoise {
                context.stderr("Measuring noise: running the suite a second time (A/A)…\n")
                options.noiseSpread = Gate.noiseSpread(current, try rerun(baseline, context), ratios: timeRatios)
            }
        }
        var report: Gate.Report
        do {
            report = try Gate.check(baseline: baseline, current: current, options: options)
        } catch BenchError.input(.incomparable(let reason)) where updateBaseline {
            // A baseline that no longer compares (a changed table, another schema) is what an
            // update replaces: said, not refused.
            context.stderr(Console.wrapped("Note: the baseline was not compared with the results: \(Escape.terminal(reason.description))", indent: 2))
            let held = limits.isEmpty ? nil : try holdToLimits(current, context)
            try keep(current, context, accepting: nil)
            if let held, !held.passed { throw BenchError.limitsExceeded(count: held.breaches.count) }
            return 0
        }
        if baseline.instructionCounter != nil, current.instructionCounter == nil, !hasValgrind {
            report.warnings.append(.valgrindMissing)
        }
        let held = limits.isEmpty ? nil : try judged(LimitCheck(current, limits: limits))
        // The files first (see RunCommand), then the report on standard output.
        let markdown = report.markdown(limits: held)
        let text = context.forPeople(outputs)
        let words = report.text(limits: held)
        do {
            if let markdownPath { try context.write(markdown, to: markdownPath) }
        } catch {
            text(words)
            throw error
        }
        text(words)
        appendStepSummary(markdown, context)
        if updateBaseline { try keep(current, context, accepting: report.findings.filter(\.fails).count) }
        guard report.passed || updateBaseline else {
            throw BenchError.gateFailed(regressions: report.findings.filter(\.fails).count)
        }
        if let held, !held.passed { throw BenchError.limitsExceeded(count: held.breaches.count) }
        return 0
    }

    /// Writes `results` as the `--baseline` file (`--update-baseline`) and says so, with the
    /// `accepting` regressions the check above found (nil: the baseline is new, or was not
    /// compared).
    private func keep(_ results: Results, _ context: CommandContext, accepting regressions: Int?) throws {
        let path = baselinePath!
        try context.write(String(decoding: try results.jsonData(), as: UTF8.self), to: path)
        let scenarios = Set(results.runs.map(\.scenario)).count
        let what = "\(results.runs.count) row(s) of \(scenarios) scenario(s)"
        let line: String
        switch (baseline == nil, regressions) {
        case (true, _):
            line = "Made the baseline '\(path)' from '\(resultsPath!)': \(what)."
        case (false, let count?) where count > 0:
            line = "Updated the baseline '\(path)' from '\(resultsPath!)': \(what); the \(count) regression(s) above are its figures now."
        default:
            line = "Updated the baseline '\(path)' from '\(resultsPath!)': \(what)."
        }
        context.forPeople(outputs)(Console.wrapped(Escape.terminal(line), indent: 2))
    }

    /// `bench check --results` without a baseline: every row held to the limits alone.
    private func holdToLimits(_ results: Results, _ context: CommandContext) throws -> LimitCheck {
        let held = try judged(LimitCheck(results, limits: limits))
        let markdown = held.markdown(), text = context.forPeople(outputs)
        do {
            if let markdownPath { try context.write(markdown, to: markdownPath) }
        } catch {
            text(held.text())
            throw error
        }
        text(held.text())
        appendStepSummary(markdown, context)
        return held
    }

    /// `check`, unless a limit could be judged on no row: a check that judged nothing is not a
    /// pass, so it is refused with why the rows lack the value (exit 2).
    private func judged(_ check: LimitCheck) throws -> LimitCheck {
        let nowhere = check.judgedNowhere
        guard nowhere.isEmpty else { throw BenchError.input(.limitsNotJudged(nowhere)) }
        return check
    }

    /// The baseline's scenarios in order of first appearance, each with its step count and its
    /// strategies: what a check measures again.
    private func baselineGroups(_ baseline: Results) -> [(scenario: String, steps: Int, strategies: [String])] {
        var groups: [(scenario: String, steps: Int, strategies: [String])] = []
        for run in baseline.runs {
            if let i = groups.firstIndex(where: { $0.scenario == run.scenario }) {
                groups[i].strategies.append(run.strategy)
            } else {
                groups.append((run.scenario, run.steps, [run.strategy]))
            }
        }
        return groups
    }

    /// Runs the baseline's scenarios and strategies again, each scenario with its step count.
    private func rerun(_ baseline: Results, _ context: CommandContext) throws -> Results {
        var merged: Results?
        for group in baselineGroups(baseline) {
            guard let scenario = suite?.scenarios.first(where: { $0.name == group.scenario }) ?? Scenario.named(group.scenario) else {
                throw BenchError.input(.baselineScenarioUnknown(name: group.scenario, suiteGiven: suite != nil))
            }
            // One round: rounds in one process count as one sample, so more would cost time and
            // gate nothing; times are gated only against a multi-process run given with --results.
            let results = try Runner(commandLine: context.commandLine, catalog: catalog)
                .run(scenarios: [scenario], strategies: group.strategies, steps: group.steps)
            if merged == nil {
                merged = results
            } else {
                merged!.runs += results.runs
                merged!.scenarioDefinitions?.merge(results.scenarioDefinitions ?? [:]) { a, _ in a }
            }
        }
        guard let merged else { throw BenchError.input(.baselineEmpty) }
        return merged
    }

    /// Counts the instructions of the baseline's rows again, scenario by scenario with its steps.
    private func countInstructions(_ baseline: Results, into current: inout Results, _ context: CommandContext) throws {
        var counts: [RunKey: [Phase: Int]] = [:]
        var cost: [RunKey: [Phase: CacheEvents]] = [:]
        var counter = ""
        for group in baselineGroups(baseline) {
            // `--scenario` alone names a built-in scenario, and with `--suite` one of the suite's
            // (found as `rerun` finds it: the suite's first, then the built-in one).
            let inSuite = suite?.scenarios.contains { $0.name == group.scenario } ?? false
            let selection = ["--scenario=\(group.scenario)", "--steps=\(group.steps)", "--strategy=" + group.strategies.joined(separator: ",")]
            let pairs = group.strategies.map { RunKey(scenario: group.scenario, strategy: $0) }
            let counted = try InstructionCounter.count(selection: selection, inputs: inSuite ? suiteFile : InputFiles(), pairs: pairs,
                                                        bench: ChildBench.executable(context, for: "counting instructions"),
                                                        progress: nil, notice: context.stderr)
            counts.merge(counted.instructions) { a, _ in a }
            cost.merge(counted.cost) { a, _ in a }
            counter = counted.counter
        }
        current.attach(instructions: counts, counter: counter)
        current.attach(cost: cost, model: InstructionCounter.model)
    }
}
