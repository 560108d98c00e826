import Text

/// A value in a JSON file and where it is: the one typed-access layer over `StrictJSON`, read by
/// both the results reader (`Results.decode`) and the scenario and suite reader (ScenarioFiles).
///
/// Every problem is a `JSONProblem` in one form, "`file`: `key.path`: what was expected,
/// got what.", whichever kind of file it is in: a wrong type ("expected an object, got a
/// string"), a missing key ("missing key 'steps' (an integer)"), an unknown key with the nearest
/// known one ("unknown key; did you mean 'rowHeight'?") and, from the parser, a duplicate key
/// ("runs[0]: line 12, column 7: duplicate key 'steps' (first at line 11, column 7)."). The
/// readers of each format add their own value checks (counters, lengths, colours) as extensions.
package struct JSONNode {
    /// The value as parsed.
    package let value: StrictJSON
    /// `runs[2].totals.blendedPixels`, `scenarios[2].table.rowHeight`; empty at the top level.
    package let path: String
    /// The file's name as messages start with it.
    package let file: String

    /// The value `value` at `path` in `file`.
    package init(value: StrictJSON, path: String, file: String) {
        self.value = value
        self.path = path
        self.file = file
    }

    /// The whole document in `bytes`, parsed strictly with `numbers` (`StrictJSON.parse`).
    /// - Throws: `JSONProblem`, "`file`: line 4, column 17: what is wrong."
    /// - Complexity: O(n) in the length of `bytes`.
    package static func document(_ bytes: UnsafeBufferPointer<UInt8>, numbers: StrictJSON.Numbers, file: String) throws -> JSONNode {
        do {
            return JSONNode(value: try StrictJSON.parse(bytes, numbers: numbers), path: "", file: file)
        } catch let error as JSONSyntaxError {
            throw JSONProblem(file: file, path: "", kind: .syntax(error))
        }
    }

    /// The problem `kind` at this value.
    package func problem(_ kind: JSONProblem.Kind) -> JSONProblem {
        JSONProblem(file: file, path: path, kind: kind)
    }

    /// A reader's own check failed here: "file: path: message."
    package func fail(_ message: String) -> JSONProblem {
        problem(.invalid(message))
    }

    /// "expected a number, got a string."
    package func mismatch(_ expected: String) -> JSONProblem {
        problem(.mismatch(expected: expected, found: value.kindDescription))
    }

    /// The member `key` of this object: `.key`, or `["key"]` for a key that is not a plain word or
    /// is longer than `Escape.messageLimit` (`JSONKeyPath`).
    package func child(_ key: String, _ value: StrictJSON = .null) -> JSONNode {
        JSONNode(value: value, path: JSONKeyPath.member(key, of: path), file: file)
    }

    /// The element `index` of this array: `path[index]`.
    package func element(_ index: Int, _ value: StrictJSON) -> JSONNode {
        JSONNode(value: value, path: JSONKeyPath.element(index, of: path), file: file)
    }

    /// The error for the member `key`, which is not one of `known`: "unknown `what`; did you mean
    /// 'x'?" with the nearest known name (`Suggestion`), or the list of them when none is near.
    package func unknown(_ key: String, _ what: String, known: [String]) -> JSONProblem {
        child(key).problem(.unknownKey(what: what, nearest: Suggestion.nearest(to: key, in: known), known: known))
    }

    /// The members of an object, whatever their keys (a results file ignores keys its schema does
    /// not list, so a newer writer's additions do not break an older reader).
    /// - Throws: "expected `expected`, got …" when this is not an object.
    package func object(_ expected: String) throws -> JSONFields {
        guard case .object(let members) = value else { throw mismatch(expected) }
        return JSONFields(node: self, members: members)
    }

    /// The members of an object whose keys must all be in `keys`; the first unknown key is an
    /// error (`unknown(_:_:known:)`).
    /// - Complexity: O(m × k) for m members and k keys.
    package func object(allowing keys: [String], expected: String) throws -> JSONFields {
        let fields = try object(expected)
        for (key, _) in fields.members where !keys.contains(key) { throw unknown(key, "key", known: keys) }
        return fields
    }

    /// The elements of an array, each with its path; `nonEmpty` rejects an empty one.
    package func array(nonEmpty: Bool = false) throws -> [JSONNode] {
        let nodes: [JSONNode]
        switch value {
        case .integers(let values): nodes = values.enumerated().map { element($0.offset, .integer($0.element)) }
        case .array(let values): nodes = values.enumerated().map { element($0.offset, $0.element) }
        default: throw mismatch(nonEmpty ? "a non-empty array" : "an array")
        }
        guard !nonEmpty || !nodes.isEmpty else { throw problem(.mismatch(expected: "a non-empty array", found: "an empty one")) }
        return nodes
    }

    /// A string; `nonEmpty` rejects "".
    package func string(nonEmpty: Bool = false) throws -> String {
        guard case .string(let s) = value else { throw mismatch(nonEmpty ? "a non-empty string" : "a string") }
        guard !nonEmpty || !s.isEmpty else { throw problem(.mismatch(expected: "a non-empty string", found: "an empty one")) }
        return s
    }

    /// `true` or `false`.
    package func bool() throws -> Bool {
        guard case .bool(let b) = value else { throw mismatch("true or false") }
        return b
    }
}

/// An object's members, looked up by key (keys are unique: the parser rejects duplicates).
package struct JSONFields {
    /// The object itself, which messages about a missing key name.
    package let node: JSONNode
    /// The members in file order.
    package let members: [(key: String, value: StrictJSON)]

    /// The member `key` as written, null included; nil when it is absent. For formats where null
    /// is not a value a key may take (scenario files), so `"style": null` is reported, not skipped.
    package func member(_ key: String) -> JSONNode? {
        members.first { $0.key == key }.map { node.child(key, $0.value) }
    }

    /// The member `key`, or nil when it is absent or null (results files write an absent optional
    /// either way).
    package func optional(_ key: String) -> JSONNode? {
        guard let found = member(key) else { return nil }
        if case .null = found.value { return nil }
        return found
    }

    /// The member `key` (null included), or "missing key 'key' (`what`)".
    package func required(_ key: String, _ what: String) throws -> JSONNode {
        guard let found = member(key) else { throw node.problem(.missingKey(key: key, what: what)) }
        return found
    }
}
