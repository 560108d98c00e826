import Raster
import Results

/// A value in a file and where it is: the key path messages name.
struct Node {
    let value: JSONValue
    /// `scenarios[2].table.rowHeight`; empty at the top level.
    let path: String
    let file: String

    /// "file: path: message." (a message ending in '?' keeps it).
    func fail(_ message: String) -> BenchError {
        let end = message.hasSuffix("?") || message.hasSuffix(".") ? "" : "."
        return .input(path.isEmpty ? "\(file): \(message)\(end)" : "\(file): \(path): \(message)\(end)")
    }

    /// "expected a number, got a string."
    func mismatch(_ expected: String) -> BenchError {
        fail("expected \(expected), got \(value.kindDescription)")
    }

    /// The member `key` of this object: `.key`, or `["key"]` for a key that is not a plain word or
    /// is longer than `Escape.messageLimit` (`JSONKeyPath`, as results files name keys).
    func child(_ key: String, _ value: JSONValue = .null) -> Node {
        Node(value: value, path: JSONKeyPath.member(key, of: path), file: file)
    }

    func element(_ index: Int, _ value: JSONValue) -> Node {
        Node(value: value, path: JSONKeyPath.element(index, of: path), file: file)
    }

    /// The members of an object whose keys must all be in `keys`; an unknown key is an error that
    /// suggests the nearest known one.
    func object(allowing keys: [String], expected: String) throws -> Fields {
        guard case .object(let members) = value else { throw mismatch(expected) }
        for (key, _) in members where !keys.contains(key) {
            if let near = Suggestion.nearest(to: key, in: keys) {
                throw child(key).fail("unknown key; did you mean '\(near)'?")
            }
            throw child(key).fail("unknown key; expected \(keys.count == 1 ? "" : "one of ")\(keys.joined(separator: ", "))")
        }
        return Fields(node: self, members: members)
    }

    func array(nonEmpty: Bool) throws -> [Node] {
        guard case .array(let items) = value else { throw mismatch(nonEmpty ? "a non-empty array" : "an array") }
        guard !nonEmpty || !items.isEmpty else { throw fail("expected a non-empty array, got an empty one") }
        return items.enumerated().map { element($0.offset, $0.element) }
    }

    func string(nonEmpty: Bool) throws -> String {
        guard case .string(let s) = value else { throw mismatch(nonEmpty ? "a non-empty string" : "a string") }
        guard !nonEmpty || !s.isEmpty else { throw fail("expected a non-empty string, got an empty one") }
        return s
    }

    func bool() throws -> Bool {
        guard case .bool(let b) = value else { throw mismatch("true or false") }
        return b
    }

    /// A number that passes `accepts`; otherwise "expected <expected>, got <the number>".
    func number(_ expected: String, _ accepts: (Double) -> Bool) throws -> Double {
        guard case .number(let x) = value else { throw mismatch(expected) }
        guard accepts(x) else { throw fail("expected \(expected), got \(ScenarioFile.format(x))") }
        return x
    }

    /// A whole number in `range`; the range check runs on the `Double`, before any conversion
    /// that 1e20 would trap.
    func integer(_ range: ClosedRange<Int>, expected: String? = nil) throws -> Int {
        let expected = expected ?? (range.upperBound >= Int(Int32.max)
            ? (range.lowerBound == 0 ? "a non-negative integer" : "an integer ≥ \(range.lowerBound)")
            : "an integer from \(Format.grouped(range.lowerBound)) to \(Format.grouped(range.upperBound))")
        guard case .number(let x) = value else { throw mismatch("an integer") }
        guard x == x.rounded() else { throw fail("expected a whole number (\(expected)), got \(ScenarioFile.format(x))") }
        guard x >= Double(range.lowerBound), x <= Double(range.upperBound) else {
            throw fail("expected \(expected), got \(ScenarioFile.format(x))")
        }
        return Int(x)
    }

    /// A screen side: at least one pixel and at most `ScenarioFile.maxPixelLength` at `scale`.
    func screenLength(scale: Double) throws -> Double {
        let most = ScenarioFile.maxPixelLength / scale, least = 1 / scale
        return try number("a number from \(ScenarioFile.format(least)) to \(ScenarioFile.format(most)) (1 to \(ScenarioFile.format(ScenarioFile.maxPixelLength)) pixels at \(ScenarioFile.format(scale))×)") {
            $0 >= least && $0 <= most
        }
    }

    /// A drawn length (row, header, footer, resize): positive (or zero when `allowsZero`) and at
    /// most `ScenarioFile.maxPixelLength` pixels at `scale`.
    func drawnLength(scale: Double, allowsZero: Bool) throws -> Double {
        let most = ScenarioFile.maxPixelLength / scale
        let kind = allowsZero ? "a non-negative number" : "a positive number"
        return try number("\(kind) up to \(ScenarioFile.format(most)) (\(ScenarioFile.format(ScenarioFile.maxPixelLength)) pixels at \(ScenarioFile.format(scale))×)") {
            (allowsZero ? $0 >= 0 : $0 > 0) && $0 <= most
        }
    }

    /// "#RRGGBB" or "#RRGGBBAA".
    func color() throws -> Color {
        let expected = "a colour \"#RRGGBB\" or \"#RRGGBBAA\""
        guard case .string(let s) = value else { throw mismatch(expected) }
        guard let color = Color(hex: s) else { throw fail("expected \(expected), got \"\(ScenarioFile.display(s))\"") }
        return color
    }
}

/// An object's members, looked up by key (keys are unique: the parser rejects duplicates).
struct Fields {
    let node: Node
    let members: [(key: String, value: JSONValue)]

    func optional(_ key: String) -> Node? {
        members.first { $0.key == key }.map { node.child(key, $0.value) }
    }

    /// The member `key`, or "missing key 'key' (<what>)".
    func required(_ key: String, _ what: String) throws -> Node {
        guard let found = optional(key) else { throw node.fail("missing key '\(key)' (\(what))") }
        return found
    }
}
