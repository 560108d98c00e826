/// A JSON value held as data: objects, arrays, numbers, strings, booleans and null, compared by
/// value. For JSON whose shape belongs to another module, such as a scenario's definition in a
/// results file: Scenarios writes its typed definition as one, and two are walked for the fields
/// where they differ (`differences(to:)`) without knowing what a scenario is.
///
/// Numbers are `Double`s, as JSON has one kind of number; integers up to 2^53 are exact, and an
/// integral value is written without a fraction (`375`, not `375.0`). Objects are unordered, so
/// two values are equal whatever order their members were built or read in; they are written with
/// their keys sorted, so the same value always makes the same bytes. Strings are equal when their
/// Unicode scalars are (not merely canonically equivalent, as `String`'s `==` has it): a label's
/// `é` and `e` + combining acute are drawn differently, so they must not compare equal.
public enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The member `key` of an object; nil for a missing key or a value that is not an object.
    /// Setting it sets (or, with nil, removes) the member of an object, and leaves any other
    /// value as it is.
    public subscript(key: String) -> JSONValue? {
        get {
            guard case .object(let members) = self else { return nil }
            return members[key]
        }
        set {
            guard case .object(var members) = self else { return }
            members[key] = newValue
            self = .object(members)
        }
    }

    /// The elements of an array; nil for any other value.
    public var arrayValue: [JSONValue]? {
        guard case .array(let elements) = self else { return nil }
        return elements
    }

    /// The members of an object; nil for any other value.
    public var objectValue: [String: JSONValue]? {
        guard case .object(let members) = self else { return nil }
        return members
    }

    /// The number; nil for any other value.
    public var numberValue: Double? {
        guard case .number(let n) = self else { return nil }
        return n
    }

    /// The string; nil for any other value.
    public var stringValue: String? {
        guard case .string(let s) = self else { return nil }
        return s
    }

    /// The value as compact JSON on one line (`{"height": 667, "name": "iphone-se"}`), keys
    /// sorted, integral numbers without a fraction: how messages show a value. Not escaped for a
    /// terminal; a message escapes and shortens it where it is written.
    public var compactDescription: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return JSONValue.text(of: n)
        case .string(let s): return JSONValue.quoted(s)
        case .array(let elements): return "[" + elements.map(\.compactDescription).joined(separator: ", ") + "]"
        case .object(let members):
            return "{" + members.sorted { $0.key < $1.key }.map { JSONValue.quoted($0.key) + ": " + $0.value.compactDescription }
                .joined(separator: ", ") + "}"
        }
    }

    /// `44` for 44.0, `0.998` for 0.998: an integral number within 2^53 as an integer.
    static func text(of number: Double) -> String {
        integral(number).map(String.init) ?? String(number)
    }

    /// The number as an `Int` when it is integral and within ±2^53, where a `Double` holds every
    /// integer exactly.
    static func integral(_ number: Double) -> Int? {
        number == number.rounded() && abs(number) <= 9_007_199_254_740_992 ? Int(number) : nil
    }

    /// A string in double quotes, with `"` and `\` escaped as JSON escapes them, so that a quote
    /// inside a value cannot be read as its end.
    static func quoted(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        out.append("\"")
        for scalar in text.unicodeScalars {
            if scalar == "\"" || scalar == "\\" { out.append("\\") }
            out.append(scalar)
        }
        out.append("\"")
        return String(out)
    }
}

extension JSONValue: Hashable {
    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.string(x), .string(y)): return x.unicodeScalars.elementsEqual(y.unicodeScalars)
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)): return x == y
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(1); hasher.combine(b)
        case .number(let n): hasher.combine(2); hasher.combine(n)
        case .string(let s):
            hasher.combine(3)
            for scalar in s.unicodeScalars { hasher.combine(scalar) }
        case .array(let elements): hasher.combine(4); hasher.combine(elements)
        case .object(let members): hasher.combine(5); hasher.combine(members)
        }
    }
}

extension JSONValue: ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
                     ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
                     ExpressibleByStringInterpolation, ExpressibleByDictionaryLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension JSONValue: Encodable {
    /// Writes the value as JSON: an integral number within 2^53 as an integer, object members
    /// in sorted key order (an encoder's `.sortedKeys` sorts them too).
    public func encode(to encoder: Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let b):
            var container = encoder.singleValueContainer()
            try container.encode(b)
        case .number(let n):
            var container = encoder.singleValueContainer()
            if let i = JSONValue.integral(n) { try container.encode(i) } else { try container.encode(n) }
        case .string(let s):
            var container = encoder.singleValueContainer()
            try container.encode(s)
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .object(let members):
            var container = encoder.container(keyedBy: MemberKey.self)
            for (key, value) in members.sorted(by: { $0.key < $1.key }) { try container.encode(value, forKey: MemberKey(key)) }
        }
    }

    /// An object member's key, any string.
    private struct MemberKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ key: String) { stringValue = key }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
