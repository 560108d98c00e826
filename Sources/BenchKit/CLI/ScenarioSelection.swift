/// How commands pick what to run: a built-in scenario by name.
enum ScenarioSelection {
    /// The one scenario `arguments` name with `--scenario` (default: the built-in default).
    static func single(_ arguments: ParsedArguments) throws -> Scenario {
        let name = arguments.value("scenario") ?? Scenario.ipadSettings.name
        guard let scenario = Scenario.named(name) else {
            throw BenchError.usage("Unknown scenario '\(name)'; the built-in scenarios are: \(Scenario.builtIn.map(\.name).joined(separator: ", ")).")
        }
        return scenario
    }
}
