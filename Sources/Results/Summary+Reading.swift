import JSON

/// A timing summary, read and checked by the type that writes it.
extension Summary {
    /// A timing summary: five integers in order, min ≤ median ≤ p90 ≤ p99 ≤ max.
    init(from item: JSONNode) throws {
        let f = try item.object("a summary object (median, p90, p99, min, max)", keys: CodingKeys.self)
        self.init(median: try f.required(.median, "an integer").count(), p90: try f.required(.p90, "an integer").count(),
                  p99: try f.required(.p99, "an integer").count(), min: try f.required(.min, "an integer").count(),
                  max: try f.required(.max, "an integer").count())
        guard min <= median, median <= p90, p90 <= p99, p99 <= max else { throw item.invalid(.summaryOutOfOrder(self)) }
    }
}
