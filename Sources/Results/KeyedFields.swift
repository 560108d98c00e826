import JSON

/// An object of a results file whose members are looked up by a type's `CodingKeys`: the keys its
/// `Encodable` conformance writes, so that the writer and the reader beside it (`Type+Reading.swift`)
/// spell each key once, and a key the reader asks for that the type does not write does not compile.
struct KeyedFields<Key: CodingKey> {
    /// The object's members.
    let fields: JSONFields

    /// The object itself, which messages about it name.
    var node: JSONNode { fields.node }

    /// The member `key` (null included), or "missing key 'key' (`what`)".
    func required(_ key: Key, _ what: String) throws -> JSONNode { try fields.required(key.stringValue, what) }

    /// The member `key`, or nil when it is absent or null.
    func optional(_ key: Key) -> JSONNode? { fields.optional(key.stringValue) }

    /// The member `key`, one of `Results.addedKeys`, or the error that says the file is older
    /// than the key (`JSONFields.added(_:_:)`).
    func added(_ key: Key, _ what: String) throws -> JSONNode { try fields.added(key.stringValue, what) }
}

extension JSONNode {
    /// The members of an object, looked up by `keys`; other keys are ignored, so that a newer
    /// writer's additions do not break this reader.
    /// - Throws: "expected `expected`, got …" when this is not an object.
    func object<Key: CodingKey>(_ expected: String, keys: Key.Type) throws -> KeyedFields<Key> {
        KeyedFields(fields: try object(expected))
    }

    /// The members of an object whose every key is one of `keys`, in the order the type declares
    /// them; the first other key is an error that suggests the nearest.
    func object<Key: CodingKey & CaseIterable>(allowing keys: Key.Type, expected: String) throws -> KeyedFields<Key> {
        KeyedFields(fields: try object(allowing: keys.allCases.map(\.stringValue), expected: expected))
    }
}
