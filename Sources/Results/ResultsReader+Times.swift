import JSON
import Text

/// Measured times and their summaries, read and checked: a time of 0 comes from no measurement.
extension ResultsReader {
    /// A time that every measurement takes some of (a floor, a step, its composite): an integer
    /// from 1 to `Results.maxValue` ns. 0 comes from no clock, only from an edited file, and the
    /// ratios over it would be 0, which the gate cannot judge.
    static func measuredTime(_ item: JSONNode, row: String?) throws -> Int {
        let nanos = try item.count()
        guard nanos > 0 else { throw zeroTime(item, row: row) }
        return nanos
    }

    /// The error for a measured time of 0 at `item`, in `row` (nil: the top level).
    static func zeroTime(_ item: JSONNode, row: String?) -> JSONProblem {
        let subject = row.map { "the row \($0) has a time of 0 ns" } ?? "a time of 0 ns"
        return item.fail("\(subject), which no measurement gives (every step draws a frame and every floor fills or copies one); expected an integer from 1 to \(Format.grouped(Results.maxValue))")
    }

    /// A timing summary: five integers in order, min ≤ median ≤ p90 ≤ p99 ≤ max.
    static func summary(_ item: JSONNode) throws -> Summary {
        let f = try item.object("a summary object (median, p90, p99, min, max)")
        let s = Summary(median: try f.required("median", "an integer").count(), p90: try f.required("p90", "an integer").count(),
                        p99: try f.required("p99", "an integer").count(), min: try f.required("min", "an integer").count(),
                        max: try f.required("max", "an integer").count())
        guard s.min <= s.median, s.median <= s.p90, s.p90 <= s.p99, s.p99 <= s.max else {
            let values = [("min", s.min), ("median", s.median), ("p90", s.p90), ("p99", s.p99), ("max", s.max)]
            throw item.fail("expected min ≤ median ≤ p90 ≤ p99 ≤ max, got " + values.map { "\($0.0) \(Format.grouped($0.1))" }.joined(separator: ", "))
        }
        return s
    }
}

extension Phase {
    /// The phases every timed step spends time in (`layout` and `reuse` are 0 in a step without
    /// a layout pass): a time of 0 in them comes from no measurement.
    static let alwaysTimed: [Phase] = [.step, .composite]
}
