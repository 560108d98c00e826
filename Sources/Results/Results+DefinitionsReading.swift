import JSON

/// The scenarios' definitions of a results file, read in one function of their own: their schema
/// is the scenario's, not the results file's.
extension Results {
    /// Each scenario's definition, an object of any fields: typed ones (this version), or strings
    /// (older files), kept as they are.
    static func scenarioDefinitions(_ item: JSONNode) throws -> [String: JSONValue] {
        var out: [String: JSONValue] = [:]
        for (key, value) in try item.object("an object of scenario definitions").members {
            let scenario = item.child(key, value)
            guard case .object = value else { throw scenario.mismatch("a definition object") }
            out[key] = try scenario.jsonValue()
        }
        return out
    }
}
