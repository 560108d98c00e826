import JSON
import Scenarios

/// The scenarios' definitions of a results file, read in one function of their own: their schema
/// is the scenario's, not the results file's.
extension Results {
    /// Each scenario's definition: typed fields (this version's, `ScenarioDefinition`) or prose
    /// (older files), each read by `RecordedDefinition(node:)`.
    static func scenarioDefinitions(_ item: JSONNode) throws -> [String: RecordedDefinition] {
        var out: [String: RecordedDefinition] = [:]
        for (key, value) in try item.object("an object of scenario definitions").members {
            out[key] = try RecordedDefinition(node: item.child(key, value))
        }
        return out
    }
}
