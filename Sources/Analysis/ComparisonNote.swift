import Problems
import Results
import Text

/// What differs between two compared files besides the code (`Comparison.notes`); `description`
/// is its sentence, which reports print above the tables.
public enum ComparisonNote: Equatable, Sendable, CustomStringConvertible {
    /// The files come from other build configurations.
    case otherBuild(first: ToolBuild, second: ToolBuild)
    /// The scenario `scenario` is defined differently in the two files.
    case otherDefinition(scenario: String, changes: [DefinitionChange])
    /// The definitions of these scenarios are recorded in the older format (prose) by the first
    /// file (`inFirst`) or the second, and in this version's by the other: they were not compared.
    case olderDefinitions(scenarios: [String], inFirst: Bool)
    /// The scenario `scenario` was measured over other numbers of steps.
    case otherSteps(scenario: String, first: Int, second: Int)
    /// The files were measured on other kinds of host; `differences` says how.
    case otherHost(differences: String)

    public var description: String {
        switch self {
        case let .otherBuild(first, second):
            return "the first file was measured with a \(first.buildDescription) and the second with a \(second.buildDescription): times compare the builds as well as the code (bench check gates only their counters, pictures and GPU times)"
        case let .otherDefinition(scenario, changes):
            return "the scenario '\(Escape.message(scenario))' is defined differently in the two files (\(DefinitionChange.list(changes))): its rows measure other work (bench check refuses this)"
        case let .olderDefinitions(scenarios, inFirst):
            let names = scenarios.map { "'\(Escape.message($0))'" }.joined(separator: ", ")
            return "the \(inFirst ? "first" : "second") file records the definitions of \(names) in an older format, which cannot be compared field by field with the \(inFirst ? "second" : "first") file's: whether the scenarios changed is not known"
        case let .otherSteps(scenario, first, second):
            return "the scenario '\(Escape.message(scenario))' was measured over \(Format.grouped(first)) steps in the first file and \(Format.grouped(second)) in the second: counters and times per step average other stretches of it (bench check refuses this)"
        case .otherHost(let differences):
            return "the files were measured on different kinds of host (\(Escape.shortened(differences, limit: Escape.messageLimit))): times follow the host as well as the code, while counters, instructions and estimated cycles do not"
        }
    }
}
