import Harness
import Results
import Strategies

/// A named list of scenarios and the strategies to run on each (a suite file, docs/scenario-files.md).
public struct Suite: Equatable, Sendable {
    /// The suite's name, as results and `bench list` show it.
    public var name: String
    /// The scenarios, in file order; their names are unique.
    public var scenarios: [Scenario]
    /// The strategies to run, in file order; every strategy of the catalogue the file was read
    /// with when it names none.
    public var strategies: [String]
    /// What the suite is for, in the file's words (its `description`): for a published
    /// experiment, its source and its published result. Nil when the file gives none.
    public var about: String?
    /// Ceilings every row of the suite is held to (its `limits`), recorded in its results for
    /// `bench check`; empty when the file sets none.
    public var limits: [Limit]

    public init(name: String, scenarios: [Scenario], strategies: [String] = StrategyCatalog.builtIn.names, about: String? = nil,
                limits: [Limit] = []) {
        self.name = name
        self.scenarios = scenarios
        self.strategies = strategies
        self.about = about
        self.limits = limits
    }
}
