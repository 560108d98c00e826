import Harness
import Results
import ScenarioFiles
import Strategies

/// How commands pick what to run: a built-in scenario (`--scenario`), a scenario file
/// (`--scenario-file`) or a suite file (`--suite`), at most one of them, and the strategies.
enum ScenarioSelection {
    /// The options every running command shares, for their specs.
    static var options: [OptionSpec] {
        [OptionSpec(name: "scenario", valueName: "name", help: "A built-in scenario.",
                    allowedValues: Scenario.builtIn.map(\.name), defaultDescription: Scenario.ipadSettings.name),
         OptionSpec(name: "scenario-file", valueName: "file", help: "A scenario file instead (format: docs/scenario-files.md)."),
         OptionSpec(name: "suite", valueName: "file",
                    help: "A suite file: several scenarios and their strategies (see Benchmarks/).")]
    }

    /// The scenarios and strategies `arguments` select; `--strategy` overrides a suite's list, and
    /// without either every strategy of `catalog` runs.
    static func resolve(_ arguments: ParsedArguments, catalog: StrategyCatalog) throws -> (scenarios: [Scenario], strategies: [String]) {
        try exclusive(arguments)
        var strategies: [String] = []
        for name in arguments.allValues("strategy") where !strategies.contains(name) { strategies.append(name) }
        if let path = arguments.value("suite") {
            let suite = try ScenarioFile.loadSuite(path: path, catalog: catalog)
            return (suite.scenarios, strategies.isEmpty ? suite.strategies : strategies)
        }
        return ([try single(arguments)], strategies.isEmpty ? catalog.names : strategies)
    }

    /// The one scenario `arguments` name with `--scenario` or `--scenario-file` (default: the
    /// built-in default).
    static func single(_ arguments: ParsedArguments) throws -> Scenario {
        try exclusive(arguments)
        if let path = arguments.value("scenario-file") { return try ScenarioFile.loadScenario(path: path) }
        let name = arguments.value("scenario") ?? Scenario.ipadSettings.name
        guard let scenario = Scenario.named(name) else {
            throw BenchError.usage("Unknown scenario '\(Escape.message(name))'; the built-in scenarios are: \(Scenario.builtIn.map(\.name).joined(separator: ", ")).")
        }
        return scenario
    }

    private static func exclusive(_ arguments: ParsedArguments) throws {
        let given = ["scenario", "scenario-file", "suite"].filter { arguments.value($0) != nil }
        if given.count > 1 {
            throw BenchError.usage("give only one of --scenario, --scenario-file and --suite, not \(given.map { "--" + $0 }.joined(separator: " and ")).")
        }
    }
}
