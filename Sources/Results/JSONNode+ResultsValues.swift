import JSON
import Text

/// The values of a results file (docs/results-schema.md): counters, times and ratios from 0 to
/// `Results.maxValue`, kept exactly as `StrictJSON.Numbers.exact` parses them, and the objects
/// keyed by a metric's names.
extension JSONNode {
    /// A whole number in `range` (whose upper bound is at most `Results.maxValue`). A number
    /// with a fraction or exponent is accepted when it is whole, as JSON does not tell 5 from 5.0.
    func integer(_ range: ClosedRange<Int>, _ expected: String) throws -> Int {
        let x: Int
        switch value {
        case .integer(let i): x = i
        case .number(let d):
            guard d == d.rounded() else { throw fail("expected \(expected), got \(Format.number(d))") }
            guard abs(d) <= Double(Results.maxValue) else { throw outOfRange(Format.number(d), expected) }
            x = Int(d)
        case .outOfRange(let text): throw outOfRange(text, expected)
        default: throw mismatch(expected)
        }
        if x > Results.maxValue || x < -Results.maxValue { throw outOfRange(Format.grouped(x), expected) }
        guard range.contains(x) else { throw fail("expected \(expected), got \(Format.grouped(x))") }
        return x
    }

    /// A counter, time or size: an integer from 0 to `Results.maxValue`.
    func count() throws -> Int {
        // The common case first: a non-negative integer within the limit.
        if case .integer(let i) = value, i >= 0, i <= Results.maxValue { return i }
        return try integer(0...Results.maxValue, "a non-negative integer")
    }

    /// A device's refresh rate, within `DeviceTime.refreshRange` (Hz).
    func refreshRate() throws -> Double {
        let x: Double
        switch value {
        case .integer(let i): x = Double(i)
        case .number(let d): x = d
        case .outOfRange(let text): throw outOfRange(text, DeviceTime.refreshExpected)
        default: throw mismatch(DeviceTime.refreshExpected)
        }
        guard DeviceTime.refreshRange.contains(x) else { throw fail("expected \(DeviceTime.refreshExpected), got \(Format.number(x))") }
        return x
    }

    /// A mean or ratio: a number from 0 to `Results.maxValue`.
    func measure() throws -> Double {
        let x: Double
        switch value {
        case .integer(let i): x = Double(i)
        case .number(let d): x = d
        case .outOfRange(let text): throw outOfRange(text, "a non-negative number")
        default: throw mismatch("a non-negative number")
        }
        guard x >= 0 else { throw fail("expected a non-negative number, got \(Format.number(x))") }
        guard x <= Double(Results.maxValue) else { throw outOfRange(Format.number(x), "a non-negative number") }
        return x
    }

    /// An array of `count()` values, checked in one pass when it holds integers only.
    /// - Complexity: O(n) in the number of values.
    func counts() throws -> [Int] {
        switch value {
        case .integers(let values):
            if let bad = values.firstIndex(where: { $0 < 0 || $0 > Results.maxValue }) {
                _ = try element(bad, .integer(values[bad])).count()
            }
            return values
        case .array(let values): return try values.enumerated().map { try element($0.offset, $0.element).count() }
        default: throw mismatch("an array of non-negative integers")
        }
    }

    /// An array of `measure()` values.
    /// - Complexity: O(n) in the number of values.
    func measures() throws -> [Double] {
        switch value {
        case .integers(let values): return try values.enumerated().map { try element($0.offset, .integer($0.element)).measure() }
        case .array(let values): return try values.enumerated().map { try element($0.offset, $0.element).measure() }
        default: throw mismatch("an array of non-negative numbers")
        }
    }

    /// An object keyed by the names of a metric (`Counter`, `Phase`, `Ratio`), each value read by
    /// `read` in file order; an unknown name is an error that suggests the nearest known one.
    func metrics<M: Metric, V>(_ type: M.Type, _ what: String, _ read: (JSONNode) throws -> V) throws -> [M: V] {
        let members = try object("an object of \(what) names").members
        var out: [M: V] = [:]
        for (key, value) in members {
            guard let metric = M(rawValue: key) else { throw unknown(key, what, known: M.allCases.map(\.name)) }
            out[metric] = try read(child(key, value))
        }
        return out
    }

    /// "the number 1e400 is out of range: expected … up to 9,007,199,254,740,992 (2^53)".
    private func outOfRange(_ text: String, _ expected: String) -> JSONProblem {
        fail("the number \(StrictJSON.abbreviated(number: text)) is out of range: expected \(expected) up to \(Format.grouped(Results.maxValue)) (2^53)")
    }
}
