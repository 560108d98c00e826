import Devices
import Harness
import Problems
import Reports
import Results
import ScenarioFiles
import Strategies
import Text

/// How commands pick what to run: a built-in scenario (`--scenario`), a scenario file
/// (`--scenario-file`) or a suite file (`--suite`, narrowed to one of its scenarios by
/// `--scenario`), the strategies, and which of the (scenario, strategy) pairs (`--filter`,
/// `--shard`, `PairSelection`).
enum ScenarioSelection {
    /// The scenario options of `bench run`.
    static var options: [OptionSpec] {
        [OptionSpec(name: "scenario", valueName: "name",
                    help: "A built-in scenario (\(builtInNames)), or with --suite the one scenario of the suite to run.",
                    defaultDescription: Scenario.ipadSettings.name),
         OptionSpec(name: "scenario-file", valueName: "file", help: "A scenario file instead (format: docs/scenario-files.md)."),
         OptionSpec(name: "suite", valueName: "file",
                    help: "A suite file: several scenarios and their strategies (see Benchmarks/).")]
    }

    /// The options of a command that runs one scenario (`bench render`): a built-in one or a file.
    static var singleOptions: [OptionSpec] {
        [OptionSpec(name: "scenario", valueName: "name", help: "A built-in scenario.",
                    allowedValues: Scenario.builtIn.map(\.name), defaultDescription: Scenario.ipadSettings.name),
         OptionSpec(name: "scenario-file", valueName: "file", help: "A scenario file instead (format: docs/scenario-files.md).")]
    }

    /// `--filter`: patterns choosing (scenario, strategy) pairs (`PairSelection`, rule 1).
    static var filterOption: OptionSpec {
        OptionSpec(name: "filter", valueName: "pattern", arity: .multiple,
                   help: "Run only the (scenario, strategy) pairs a pattern matches: 'scenario/strategy' with * ? [...] "
                       + "wildcards, or one name matching the scenario or the strategy (a '/' within a name written '\\/'); "
                       + "repeat for several. "
                       + "'none' still runs on every scenario left, as the reference of the ratios.")
    }

    /// `--shard i/n`: one of n parts of the pairs (`PairSelection`, rule 2).
    static var shardOption: OptionSpec {
        OptionSpec(name: "shard", valueName: "i/n",
                   help: "Run only the i-th of n parts of the pairs (1 ≤ i ≤ n ≤ 1000), each with 'none' as its "
                       + "reference; join the parts' JSON files with 'bench merge'.")
    }

    /// A note for each implausible screen among the devices of `scenarios` (`Device.implausibility`:
    /// a size that looks like pixels, or larger than any catalogue device), once per device and
    /// wrapped to the page, for standard error: the run goes on, since any screen can be modelled.
    static func deviceNotes(_ scenarios: [Scenario]) -> String {
        var seen: [Device] = []
        var out = ""
        for device in scenarios.map(\.device) where !seen.contains(device) {
            seen.append(device)
            if let note = device.implausibility { out += Console.wrapped("Note: " + note, indent: 2) }
        }
        return out
    }

    /// A warning for each layer of a described cell that reaches outside its row
    /// (`Scenario.layersOutsideRows`), once per cell and row height, wrapped to the page, for
    /// standard error: the run goes on and draws the layer where its frame puts it, as Core
    /// Animation would.
    static func cellWarnings(_ scenarios: [Scenario]) -> String {
        var seen: [LayerOutsideRow] = []
        var out = ""
        for layer in scenarios.flatMap(\.layersOutsideRows) where !seen.contains(layer) {
            seen.append(layer)
            out += Console.wrapped(Escape.terminal("Warning: \(layer)"), indent: 2)
        }
        return out
    }

    /// The built-in scenarios' names, for messages and help.
    private static var builtInNames: String { Scenario.builtIn.map(\.name).joined(separator: ", ") }

    /// The scenarios and strategies `arguments` select; `--strategy` overrides a suite's list, and
    /// without either every strategy of `catalog` runs.
    /// The files are decoded from `inputs`, read once (`InputFiles`).
    static func resolve(_ arguments: ParsedArguments, catalog: StrategyCatalog,
                        inputs: InputFiles) throws -> (scenarios: [Scenario], strategies: [String], limits: [Limit]) {
        try exclusive(arguments)
        var strategies: [String] = []
        for name in arguments.allValues("strategy") where !strategies.contains(name) { strategies.append(name) }
        if let file = inputs["suite"] {
            let path = file.path
            let suite = try ScenarioFile.suite(from: file.bytes, file: path, catalog: catalog)
            var scenarios = suite.scenarios
            if let name = arguments.value("scenario") {
                guard let scenario = scenarios.first(where: { $0.name == name }) else {
                    throw BenchError.usage(.unknownSuiteScenario(suite: path, name: name, known: scenarios.map(\.name)))
                }
                scenarios = [scenario]
            }
            return (scenarios, strategies.isEmpty ? suite.strategies : strategies, suite.limits)
        }
        return ([try single(arguments, inputs: inputs)], strategies.isEmpty ? catalog.names : strategies, [])
    }

    /// What `arguments` run: the scenarios and strategies of `resolve(_:catalog:)`, narrowed by
    /// `--filter` and `--shard` when the command has them; strategy names are `catalog`'s.
    /// - Throws: `BenchError.usage` for a bad pattern or shard, or a selection that is empty.
    static func plan(_ arguments: ParsedArguments, catalog: StrategyCatalog, inputs: InputFiles) throws -> RunPlan {
        let (selected, strategies, limits) = try resolve(arguments, catalog: catalog, inputs: inputs)
        let scenarios = try TableOptions(arguments, inputs: inputs).apply(to: selected)
        var plan = RunPlan(scenarios: scenarios, strategies: strategies)
        plan.limits = limits
        let selection = try pairSelection(arguments)
        return selection.patterns.isEmpty && selection.shard == nil ? plan : try plan.selecting(selection)
    }

    /// The `--filter` patterns and `--shard` of `arguments` (absent options select everything).
    static func pairSelection(_ arguments: ParsedArguments) throws -> PairSelection {
        let patterns = try arguments.allValues("filter").map { text in
            do {
                return try NamePattern(text)
            } catch BenchError.usage(let problem) {
                throw BenchError.usage(.inOption(flag: "--filter", problem: problem))
            }
        }
        let shard = try arguments.value("shard").map { try Shard(parsing: $0) }
        return PairSelection(patterns: patterns, shard: shard, reference: StrategyCatalog.reference)
    }

    /// The one scenario `arguments` name (`single`) with the table options applied, for a
    /// `command` that works on one scenario.
    /// - Throws: `BenchError.usage` when `--device` chose several devices.
    static func singleWithOptions(_ arguments: ParsedArguments, inputs: InputFiles, command: String) throws -> Scenario {
        let scenarios = try TableOptions(arguments, inputs: inputs).apply(to: [single(arguments, inputs: inputs)])
        guard scenarios.count == 1 else { throw BenchError.usage(.oneDeviceOnly(command: command, count: scenarios.count)) }
        return scenarios[0]
    }

    /// The one scenario `arguments` name with `--scenario` or `--scenario-file` (default: the
    /// built-in default), a file decoded from `inputs`.
    static func single(_ arguments: ParsedArguments, inputs: InputFiles) throws -> Scenario {
        try exclusive(arguments)
        if let file = inputs["scenario-file"] { return try ScenarioFile.scenario(from: file.bytes, file: file.path) }
        let name = arguments.value("scenario") ?? Scenario.ipadSettings.name
        guard let scenario = Scenario.named(name) else {
            // Worded as the parser words a value outside an option's list, which it was before
            // `--scenario` could also name a suite's scenario.
            throw BenchError.usage(.unknownScenario(name: name, known: Scenario.builtIn.map(\.name)))
        }
        return scenario
    }

    /// Refuses two sources of scenarios: `--scenario-file` with `--scenario` or `--suite`, or
    /// both; `--scenario` with `--suite` names one of the suite's scenarios.
    private static func exclusive(_ arguments: ParsedArguments) throws {
        var given = ["scenario", "scenario-file", "suite"].filter { arguments.value($0) != nil }
        if given == ["scenario", "suite"] { given = ["suite"] }
        if given.count > 1 {
            throw BenchError.usage(.scenarioSourcesTogether(flags: given.map { "--" + $0 }))
        }
    }
}
