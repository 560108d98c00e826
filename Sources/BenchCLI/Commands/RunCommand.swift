import Compositor
import Harness
import Pictures
import Problems
import Raster
import Reports
import Results
import ScenarioFiles
import Strategies
import Text

/// `bench run`: runs strategies on a scenario, prints the comparison table, optionally saves JSON.
struct RunCommand: BenchCommand {
    static func spec(_ catalog: StrategyCatalog) -> CommandSpec {
        let scenarioSteps = Scenario.builtIn.map { "\($0.steps) for \($0.name)" }.joined(separator: ", ")
        return CommandSpec(
            name: "run",
            abstract: "Run strategies on a scenario and print the comparison table.",
            discussion: "Each strategy scrolls the scenario's table step by step after a warm-up; the strategies "
                + "run in lockstep, the memory floor (every row of a frame written, the least a frame can take) "
                + "taking its turn among them, so the ratios compare like with like. Counters are exact and "
                + "repeat from run to run; times are medians.\n\n"
                + "Any output may be '-', standard output (one at most); the comparison table then goes to "
                + "standard error, so that 'bench run --json - | jq' works.",
            options: ScenarioSelection.options + TableOptions.options + [
                OptionSpec(name: "strategy", valueName: "name", arity: .multiple,
                           help: "A strategy to run; repeat the option or give a comma-separated list.",
                           allowedValues: catalog.names, defaultDescription: "the suite's, or all"),
                ScenarioSelection.filterOption, ScenarioSelection.shardOption,
                OptionSpec(name: "steps", valueName: "n",
                           help: "The number of steps to measure.",
                           defaultDescription: "the scenario's own, \(scenarioSteps)"),
                OptionSpec(name: "rounds", valueName: "n",
                           help: "Repeat the measured scroll n times on fresh tables, interleaved; each round's "
                               + "medians are kept. Rounds share one process's luck, so 'bench compare' and 'bench check' "
                               + "count them as one sample: use --processes to compare runs.",
                           defaultDescription: "1"),
                OptionSpec(name: "processes", valueName: "n",
                           help: "Run in n fresh processes, one after another; each process is one sample of "
                               + "the results, so comparisons see the noise between processes (4 or more a side before "
                               + "any change can be significant: use 5).",
                           defaultDescription: "1"),
                OptionSpec(name: "instructions", arity: .flag,
                           help: "Also count each phase's instructions and, under a cache the tool fixes, its data reads and "
                               + "writes, misses, RAM accesses and estimated cycles, with valgrind: the same on every host, "
                               + "so 'bench check' can gate them tightly (about 50 times slower than the run itself)."),
                OptionSpec(name: "json", valueName: "file",
                           help: "Also write the results as JSON (schema \(Results.currentSchema)) to <file>. "
                               + "The file is replaced atomically when the run completes, and left as it was if "
                               + "the run fails or is interrupted."),
                OptionSpec(name: "samples", arity: .flag,
                           help: "Keep every step's nanoseconds in the JSON; without it the JSON holds summaries and "
                               + "round medians only, so a committed baseline diffs readably."),
                OptionSpec(name: "markdown", valueName: "file", help: "Also write a Markdown report (for pull requests)."),
                OptionSpec(name: "csv", valueName: "file", help: "Also write a CSV file, a row per scenario and strategy."),
                OptionSpec(name: "html", valueName: "file",
                           help: "Also write a self-contained HTML report with charts and frame pictures."),
                OptionSpec(name: "trace", valueName: "file",
                           help: "Also write a Chrome/Perfetto trace: a slice per phase per step."),
                OptionSpec(name: ReportFormat.bmf.rawValue, valueName: "file",
                           help: "Also write Bencher Metric Format JSON, for 'bencher run --adapter json'."),
                OptionSpec(name: ReportFormat.githubBenchmark.rawValue, valueName: "file",
                           help: "Also write JSON for github-action-benchmark's customSmallerIsBetter tool "
                               + "(the smaller-is-better metrics only)."),
                OptionSpec(name: ReportFormat.influx.rawValue, valueName: "file",
                           help: "Also write InfluxDB line protocol, a point per scenario and strategy."),
                OptionSpec(name: "fixes", arity: .flag,
                           help: "Price the fixes of a cell described as layers (a shadow path, a pre-rounded image, rasterizing, "
                               + "dropping the clip, a plain background) for each of its layers that pays: one more run of the "
                               + "changed cell under none per fix, printed under the cost per layer and kept in the JSON. "
                               + "On by default with --cell."),
                OptionSpec(name: "no-fixes", arity: .flag, help: "Do not price the fixes of a --cell run."),
                OptionSpec(name: "quiet", arity: .flag, help: "Do not print the comparison table."),
                OptionSpec(name: "wide", arity: .flag,
                           help: "Print every column of the comparison table (the layout and reuse phases, the traffic "
                               + "bound in µs, the step's p90, the first load and × floor), wider than 120 columns."),
                InstructionCounter.childOptionSpec,
                OptionSpec(name: "store-path", valueName: "path",
                           help: "Time fills and copies with this store path (string: the C library's memset, memmove "
                               + "and string stores; vector: loops of vector stores).",
                           allowedValues: StoreKernel.allCases.map(\.rawValue), defaultDescription: "vector"),
                OptionSpec(name: "blend-lanes", valueName: "lanes",
                           help: "Blend with these lanes (portable: Swift's SIMD, SSE2; wide: AVX2, where the CPU has "
                               + "it). Both give the same pixels. Results record the store path and lanes with the host: "
                               + "other choices make other hosts.",
                           allowedValues: BlendLanes.allCases.map(\.rawValue),
                           defaultDescription: "wide where the CPU has AVX2, else portable"),
                OptionSpec(name: FreshProcesses.orderOption, valueName: "k",
                           help: "Move the memory floor's turn k strategies on in every step (bench --processes gives each process its index).",
                           isInternal: true),
            ])
    }

    /// The scenarios to run, each with its strategies (after `--filter` and `--shard`).
    var plan: RunPlan
    /// The scenarios to run.
    var scenarios: [Scenario] { plan.scenarios }
    /// The strategies that run on some scenario, in the order given, each once.
    var strategies: [String] {
        var seen = Set<String>()
        return plan.items.flatMap(\.strategies).filter { seen.insert($0).inserted }
    }
    /// Steps to measure instead of each scenario's own count.
    var steps: Int?
    /// Repetitions of the measured scroll.
    var rounds: Int
    /// Fresh processes to run in (1: this one).
    var processes: Int
    /// How far on the memory floor's turn starts (`Runner.orderOffset`).
    var orderOffset: Int
    /// The kernels to time with: the store path and blend lanes given (`--store-path`,
    /// `--blend-lanes`), the preferred ones where not.
    var kernels = KernelChoice.preferred
    /// The arguments that make a child process run the same measurement.
    var childArguments: [String] = ["run", "--quiet", "--samples"]
    /// The scenario options given (`--steps K`, `--filter P`…), for a child that runs the same
    /// plan; the files (`--suite F`) are `inputs`, handed to a child as copies.
    var selection: [String] = []
    /// The scenario, suite and cell files, read once.
    var inputs: InputFiles
    /// Whether to count instructions under valgrind.
    var countsInstructions: Bool
    /// Where to write the results as JSON.
    var jsonPath: String?
    /// Whether the JSON keeps the per-step samples.
    var keepsSamples: Bool
    /// Whether to leave out the comparison table.
    var quiet: Bool
    /// Whether the table has every column.
    var wide: Bool
    /// Whether to price the fixes of the cell's paying layers (`FixPricing`): `--fixes`, or a
    /// `--cell` run without `--no-fixes`; never in a child, whose parent prices them.
    var pricesFixes: Bool
    /// Whether `--fixes` was given, so that a run with nothing to price says so.
    var fixesAsked: Bool
    /// In the child that valgrind counts (`InstructionCounter`), the pairs to count: indices
    /// into `plan.keys`.
    var instructionChildPairs: [Int]?
    /// Whether this process is a child of another `bench run` (`--processes`, `--instructions`),
    /// which says what its parent has said already.
    var isChild: Bool
    /// Reports to write, by format.
    var reports: [(format: ReportFormat, path: String)] = []
    /// The outputs, checked; says whether one of them takes standard output.
    var outputs: OutputPlan
    /// Where the strategies' names are looked up.
    var catalog: StrategyCatalog

    init(_ arguments: ParsedArguments, catalog: StrategyCatalog) throws {
        self.catalog = catalog
        inputs = try InputFiles(arguments)
        plan = try ScenarioSelection.plan(arguments, catalog: catalog, inputs: inputs)
        steps = try arguments.integer("steps", in: 1...ScenarioFile.maxSteps)
        rounds = try arguments.integer("rounds", in: 1...1000) ?? 1
        processes = try arguments.integer("processes", in: 1...1000) ?? 1
        orderOffset = try arguments.integer(FreshProcesses.orderOption, in: 0...1000) ?? 0
        // The values are checked against the options' allowed values when parsed.
        if let path = arguments.value("store-path").flatMap(StoreKernel.init(rawValue:)) { kernels.store = path }
        if let lanes = arguments.value("blend-lanes").flatMap(BlendLanes.init(rawValue:)) {
            guard lanes != .wide || BlendLanes.wideIsAvailable else {
                throw BenchError.usage(.wideBlendLanesUnavailable)
            }
            kernels.blendLanes = lanes
        }
        for name in ["scenario", "scenario-file", "suite", "steps", "shard"] + TableOptions.names where !InputFiles.options.contains(name) {
            if let value = arguments.value(name) { selection.append("--\(name)=\(value)") }
        }
        selection += arguments.allValues("filter").map { "--filter=" + $0 }
        let strategies = arguments.allValues("strategy")
        if !strategies.isEmpty { selection.append("--strategy=" + strategies.joined(separator: ",")) }
        childArguments += selection + (arguments.value("rounds").map { ["--rounds=\($0)"] } ?? [])
        countsInstructions = arguments.flag("instructions")
        // Without valgrind the run would fail at its end: say so before it starts.
        if countsInstructions && InstructionCounter.executable(named: "valgrind") == nil {
            throw BenchError.usage(.valgrindMissing(option: "--instructions"))
        }
        jsonPath = arguments.value("json")
        quiet = arguments.flag("quiet")
        wide = arguments.flag("wide")
        keepsSamples = arguments.flag("samples")
        instructionChildPairs = try InstructionCounter.childPairs(arguments, of: plan)
        isChild = instructionChildPairs != nil || arguments.value(FreshProcesses.orderOption) != nil
        if arguments.flag("fixes") && arguments.flag("no-fixes") {
            throw BenchError.usage(.contradictoryFlags(first: "--fixes", second: "--no-fixes"))
        }
        fixesAsked = arguments.flag("fixes")
        pricesFixes = !isChild && (fixesAsked || (inputs["cell"] != nil && !arguments.flag("no-fixes")))
        // A run takes minutes: a mistyped, unwritable or clashing output path must fail now.
        outputs = try OutputPlan(arguments, outputs: ["json"] + ReportFormat.allCases.map(\.rawValue),
                                 inputs: ["scenario-file", "suite"] + TableOptions.inputNames)
        try outputs.check()
        for format in ReportFormat.allCases {
            guard let path = arguments.value(format.rawValue) else { continue }
            reports.append((format, path))
        }
    }

    func run(_ context: CommandContext) throws -> Int32 {
        if !isChild { context.stderr(ScenarioSelection.deviceNotes(scenarios)) }
        if let indices = instructionChildPairs {
            try InstructionCounter.runChild(pairs: indices, of: plan, steps: steps, catalog: catalog)
            return 0
        }
        var progress: ((String) -> Void)?
        if context.stderrIsTerminal {
            // "\r" returns to the start of the line and ESC[K clears what a longer line left.
            progress = { line in context.stderr("\r" + RunCommand.progressLine(line) + "\u{1B}[K") }
        }
        var results: Results
        do {
            defer { if context.stderrIsTerminal { context.stderr("\r\u{1B}[K") } }
            if processes > 1 {
                // The children inherit this process's limits: a run that cannot fit fails here, in
                // one sentence, rather than in each child.
                try WorkEstimate.check(plan, steps: steps, rounds: processes * rounds)
                try FrameMemory.check(FrameMemory.need(for: plan, steps: steps, rounds: rounds))
                // Every process times the same instructions: the paths given or this machine's.
                results = try FreshProcesses.run(childArguments + ["--store-path=\(kernels.store.rawValue)",
                                                                  "--blend-lanes=\(kernels.blendLanes.rawValue)"],
                                                inputs: inputs, count: processes,
                                                executable: ChildBench.executable(context, for: "--processes"), progress: progress,
                                                notice: context.stderr)
                results.provenance?.commandLine = context.commandLine
            } else {
                var runner = Runner(progress: progress, commandLine: context.commandLine, catalog: catalog)
                runner.orderOffset = orderOffset
                runner.kernels = kernels
                results = try runner.run(plan, steps: steps, rounds: rounds)
            }
            results.limits = plan.limits.isEmpty ? nil : plan.limits
            if pricesFixes {
                do {
                    try FixPricing.attach(to: &results, plan: plan, catalog: catalog, kernels: kernels, progress: progress)
                    context.stderr(RunCommand.fixesNote(plan, asked: fixesAsked))
                } catch BenchError.resource(let problem) {
                    // The run fitted; its variants, checked once the run shows which layers pay,
                    // do not: the results are kept without the fixes, and the note says why.
                    context.stderr(Console.wrapped("Note: the cell's fixes were not priced (the run's results are complete): "
                                                   + problem.description, indent: 2))
                }
            }
            if countsInstructions {
                let counted = try InstructionCounter.count(selection: selection, inputs: inputs, pairs: plan.keys,
                                                            bench: ChildBench.executable(context, for: "counting instructions"),
                                                            progress: progress, notice: context.stderr)
                results.attach(instructions: counted.instructions, counter: counted.counter)
                results.attach(cost: counted.cost, model: counted.model)
            }
        }
        // Once the run is made (a refused one says only why): its cells' layers outside their rows.
        if !isChild { context.stderr(ScenarioSelection.cellWarnings(scenarios)) }
        // The files first, so a closed or full standard output cannot lose them; if one cannot be
        // written after all, the table still shows the numbers before the error.
        let table = context.forPeople(outputs)
        do {
            // Every output is made first and written as one transaction, so a full disk or a
            // failed rename never leaves some outputs replaced and others not, unnamed.
            var texts: [(path: String, text: String)] = []
            if let jsonPath {
                var saved = results
                if !keepsSamples { for i in saved.runs.indices { saved.runs[i].samples = [:] } }
                texts.append((jsonPath, String(decoding: try saved.jsonData(), as: UTF8.self)))
            }
            for (format, path) in reports {
                let pictures = format == .html ? try framePictures() : []
                texts.append((path, Report(results).rendered(as: format, pictures: pictures)))
            }
            try context.write(texts)
        } catch {
            if !quiet { table(Report(results).comparisonTable(wide: wide)) }
            throw error
        }
        if !quiet {
            table(Report(results).comparisonTable(wide: wide))
            // Where the numbers went, as render and merge say it.
            let files = outputs.outputs.map(\.path).filter { $0 != AtomicFile.standardOutput }
            if !files.isEmpty {
                table(Console.wrapped("Wrote " + files.map { "'\(Escape.terminal($0))'" }.joined(separator: ", ")
                      + ": \(results.runs.count) row(s) of \(Set(results.runs.map(\.scenario)).count) scenario(s).", indent: 2))
            }
        }
        return 0
    }

    /// Why fixes that were to be priced were not, for standard error: the scenarios whose rows
    /// show one described cell but did not run `none`, under which fixes are priced; or, when
    /// `asked` (`--fixes`), that no scenario's rows show one. Empty otherwise.
    static func fixesNote(_ plan: RunPlan, asked: Bool) -> String {
        let cells = plan.items.filter { $0.scenario.describedCell != nil }
        let withoutNone = cells.filter { !$0.strategies.contains(Ratio.referenceStrategy) }.map { "'\(Escape.message($0.scenario.name))'" }
        if !withoutNone.isEmpty {
            return Console.wrapped("Note: fixes are priced under \(Ratio.referenceStrategy), which did not run on "
                + withoutNone.joined(separator: ", ") + "; add it with --strategy to price them.", indent: 2)
        }
        return asked && cells.isEmpty
            ? Console.wrapped("Note: --fixes prices a cell described as layers, and no scenario's rows show one.", indent: 2) : ""
    }

    /// A progress line (`NAME: step 31/180`) safe for the terminal: the scenario's name shortened
    /// to `Escape.messageLimit` (the line is rewritten after every step) and escaped.
    static func progressLine(_ line: String) -> String {
        guard let colon = line.range(of: ": ", options: .backwards) else { return Escape.message(line) }
        return Escape.message(String(line[..<colon.lowerBound])) + Escape.terminal(String(line[colon.lowerBound...]))
    }

    /// Frames of the first scenario with the overlays that explain the strategies' costs, for the
    /// HTML report, at the first step of the run whose frame shows a section's rounded edge
    /// (`FramedCorner`): each as a close-up of the corner and the whole frame with its legend.
    private func framePictures() throws -> [FramePNG] {
        guard let scenario = plan.items.first?.scenario, let strategies = plan.items.first?.strategies else { return [] }
        let steps = steps ?? scenario.steps
        // No edge on screen in the whole run (sections longer than the scroll): the first frame,
        // whole.
        let corner = FramedCorner.find(in: scenario, steps: steps)
        return try catalog.overlayPictures(among: strategies).map { name, overlay in
            let legend = overlay.legend.map { tint, meaning in
                let swatch = Overlay.swatch(of: tint)
                return FramePNG.Legend(colour: Color(red: swatch.red, green: swatch.green, blue: swatch.blue).hexString,
                                       meaning: meaning)
            }
            let step = corner?.step ?? 0
            let pictures = try FramePicture.report(scenario: scenario, strategy: name, step: step, overlay: overlay,
                                                   closeUp: corner?.closeUp, catalog: catalog)
            var closeUp: FramePNG.CloseUp?
            if let picture = pictures.closeUp, let corner {
                let zoom = picture.width / max(1, corner.closeUp.width)
                closeUp = FramePNG.CloseUp(pngBytes: picture.pngData(), cornerOn: corner.edge.rawValue, zoom: zoom)
            }
            return FramePNG(scenario: scenario.name, strategy: name, step: step, overlay: overlay.rawValue,
                            pngBytes: pictures.whole.pngData(), legend: legend, closeUp: closeUp)
        }
    }
}
