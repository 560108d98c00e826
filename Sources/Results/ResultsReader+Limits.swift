import JSON
import Text

/// A file's limits, read and checked.
extension ResultsReader {
    /// A file's limits, each measure once: with two of one measure, which one `bench check`
    /// applied would depend on their order.
    static func limits(_ item: JSONNode) throws -> [Limit] {
        var out: [Limit] = []
        for node in try item.array() {
            let limit = try self.limit(node)
            if let first = out.firstIndex(where: { $0.measure == limit.measure }) {
                throw node.fail("the limit \(limit.measure.rawValue) is already at limits[\(first)]; each measure may be limited once")
            }
            out.append(limit)
        }
        return out
    }

    /// A limit: `{"measure": name, "maximum": number}`, the name one of `Limit.Measure`'s.
    static func limit(_ item: JSONNode) throws -> Limit {
        let f = try item.object(allowing: ["measure", "maximum"], expected: "a limit object (measure, maximum)")
        let node = try f.required("measure", "a limit's name")
        let name = try node.string()
        guard let measure = Limit.Measure(rawValue: name) else {
            throw node.problem(.unknownKey(what: "limit", nearest: Suggestion.nearest(to: name, in: Limit.Measure.allCases.map(\.rawValue)),
                                           known: Limit.Measure.allCases.map(\.rawValue)))
        }
        return Limit(measure, maximum: try f.required("maximum", "a number").measure())
    }
}
