import JSON

/// A file's limits, read and checked by the type that writes them.
extension Limit {
    /// A file's limits, each measure once: with two of one measure, which one `bench check`
    /// applied would depend on their order.
    static func list(from item: JSONNode) throws -> [Limit] {
        var out: [Limit] = []
        for node in try item.array() {
            let limit = try Limit(from: node)
            if let first = out.firstIndex(where: { $0.measure == limit.measure }) {
                throw node.invalid(.limitTwice(limit.measure, first: first))
            }
            out.append(limit)
        }
        return out
    }

    /// A limit: `{"measure": name, "maximum": number}`, the name one of `Limit.Measure`'s.
    init(from item: JSONNode) throws {
        let f = try item.object(allowing: CodingKeys.self, expected: "a limit object (measure, maximum)")
        self.init(try f.required(.measure, "a limit's name").named(Measure.self, "limit"),
                  maximum: try f.required(.maximum, "a number").measure())
    }
}
