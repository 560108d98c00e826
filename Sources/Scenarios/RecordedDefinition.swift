import JSON

/// A scenario's definition as a results file holds it: typed fields (`ScenarioDefinition`, what
/// this version writes), or, in files written before definitions had typed fields, an object of
/// prose strings, one key per line (`"device": "iphone-se 375 × 667 pt @2× 60 Hz"`), kept as
/// written and never parsed. A definition of this version always has numbers and objects among
/// its members (`sections`, `device`), so the two cannot be mistaken.
public enum RecordedDefinition: Hashable, Sendable, Encodable {
    /// A definition of typed fields.
    case typed(ScenarioDefinition)
    /// A definition in the older format: prose by key.
    case prose([String: String])

    /// The typed definition; nil for prose.
    public var typed: ScenarioDefinition? {
        if case .typed(let definition) = self { definition } else { nil }
    }

    /// Whether it is in the older format (prose). Two definitions in different formats cannot be
    /// compared field by field: a gate or comparison says so instead of reporting every key as
    /// changed.
    public var isOlderFormat: Bool {
        if case .prose = self { true } else { false }
    }

    /// Makes `change` to the typed definition; prose, which is not parsed, stays as it is.
    public mutating func edit(_ change: (inout ScenarioDefinition) -> Void) {
        guard case .typed(var definition) = self else { return }
        change(&definition)
        self = .typed(definition)
    }

    /// As the file holds it.
    public var json: JSONValue {
        switch self {
        case .typed(let definition): definition.json
        case .prose(let lines): .object(lines.mapValues(JSONValue.string))
        }
    }

    /// The fields that differ from `new`, each with both values (nil: absent), found by walking
    /// the two definitions' JSON (`JSONValue.differences(to:)`): `device.refreshHz: 60 → 120`,
    /// `content.cell.layers[1].cornerRadius: absent → 8`.
    public func differences(to new: RecordedDefinition) -> [JSONValue.Difference] {
        json.differences(to: new.json)
    }

    /// Writes `json`.
    public func encode(to encoder: Encoder) throws {
        try json.encode(to: encoder)
    }

    /// The definition `json` holds, read as a results file's is (`init(node:)`); for
    /// definitions built by hand.
    /// - Throws: `JSONProblem`, "definition: `key.path`: what was expected, got what."
    public init(json: JSONValue) throws {
        try self.init(node: JSONNode.definition(json))
    }

    /// The definition at `node` (a results file's `scenarioDefinitions.<name>`): prose when every
    /// member of a non-empty object is a string, else typed fields (`ScenarioDefinition(node:)`).
    /// - Throws: `JSONProblem` at the key path of what is wrong.
    package init(node: JSONNode) throws {
        let fields = try node.object("a definition object")
        var lines: [String: String] = [:]
        for (key, value) in fields.members {
            guard case .string(let line) = value else { break }
            lines[key] = line
        }
        if !fields.members.isEmpty, lines.count == fields.members.count {
            self = .prose(lines)
        } else {
            self = .typed(try ScenarioDefinition(node: node))
        }
    }
}
