import Strategies

/// `bench run`: runs strategies on a scenario, prints the comparison table, optionally saves JSON.
struct RunCommand: BenchCommand {
    static var spec: CommandSpec {
        let scenarioSteps = Scenario.builtIn.map { "\($0.steps) for \($0.name)" }.joined(separator: ", ")
        return CommandSpec(
            name: "run",
            abstract: "Run strategies on a scenario and print the comparison table.",
            discussion: "Each strategy scrolls the scenario's table step by step after a warm-up; the strategies "
                + "run in lockstep with a measurement of the memory floor between steps, so the ratios compare "
                + "like with like. Counters are exact and repeat from run to run; times are medians.",
            options: [
                OptionSpec(name: "scenario", valueName: "name", help: "The built-in scenario to run.",
                           allowedValues: Scenario.builtIn.map(\.name), defaultDescription: Scenario.ipadSettings.name),
                OptionSpec(name: "strategy", valueName: "name", arity: .multiple,
                           help: "A strategy to run; repeat the option or give a comma-separated list.",
                           allowedValues: StrategyCatalog.names, defaultDescription: "all"),
                OptionSpec(name: "steps", valueName: "n",
                           help: "The number of steps to measure.",
                           defaultDescription: "the scenario's own, \(scenarioSteps)"),
                OptionSpec(name: "json", valueName: "file",
                           help: "Also write the results as JSON (schema \(Results.currentSchema)) to <file>. "
                               + "The file is replaced atomically when the run completes, and left as it was if "
                               + "the run fails or is interrupted."),
                OptionSpec(name: "quiet", arity: .flag, help: "Do not print the comparison table."),
            ])
    }

    /// The scenarios to run.
    var scenarios: [Scenario]
    /// The strategies to run, in the order given, each once.
    var strategies: [String]
    /// Steps to measure instead of each scenario's own count.
    var steps: Int?
    /// Where to write the results as JSON.
    var jsonPath: String?
    /// Whether to leave out the comparison table.
    var quiet: Bool

    init(_ arguments: ParsedArguments) throws {
        let scenarioName = arguments.value("scenario") ?? Scenario.ipadSettings.name
        guard let scenario = Scenario.named(scenarioName) else {
            throw BenchError.usage("Unknown scenario '\(scenarioName)'.")
        }
        scenarios = [scenario]
        var chosen: [String] = []
        for name in arguments.allValues("strategy") where !chosen.contains(name) { chosen.append(name) }
        strategies = chosen.isEmpty ? StrategyCatalog.names : chosen
        steps = try arguments.integer("steps", atLeast: 1)
        jsonPath = arguments.value("json")
        quiet = arguments.flag("quiet")
        // A run takes minutes: a mistyped output path must fail now, not after it.
        if let jsonPath { try AtomicFile.checkWritable(jsonPath) }
    }

    func run(_ context: CommandContext) throws -> Int32 {
        var progress: ((String) -> Void)?
        if context.stderrIsTerminal {
            // "\r" returns to the start of the line and ESC[K clears what a longer line left.
            progress = { line in context.stderr("\r" + line + "\u{1B}[K") }
        }
        let results: Results
        do {
            defer { if context.stderrIsTerminal { context.stderr("\r\u{1B}[K") } }
            results = try Runner(progress: progress).run(scenarios: scenarios, strategies: strategies, steps: steps)
        }
        // The table first: if the file cannot be written after all, the run still showed its numbers.
        if !quiet { context.stdout(results.comparisonTable()) }
        if let jsonPath { try AtomicFile.write(results.jsonData(), to: jsonPath) }
        return 0
    }
}
