import JSON

extension Results {
    /// Whether a recorded scenario definition is in the older format: an object whose every
    /// member is a string, one key per line of prose (`"device": "iphone-se 375 × 667 pt @2× 60 Hz"`),
    /// as files written before definitions had typed fields hold them. A definition of this
    /// version always has numbers and objects among its members (`sections`, `device`), so the two
    /// cannot be mistaken. Two definitions in different formats cannot be compared field by field:
    /// a gate or comparison says so instead of reporting every key as changed.
    public static func isOlderDefinitionFormat(_ definition: JSONValue) -> Bool {
        guard let members = definition.objectValue, !members.isEmpty else { return false }
        return members.values.allSatisfy { $0.stringValue != nil }
    }
}
