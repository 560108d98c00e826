import Table

extension Scenario {
    /// Where a scenario breaks the rule that a corner radius is at most half its row height.
    public struct CornerRadiusBreach: Equatable, Sendable {
        /// The `set` event whose style breaks it, by its index in `events`; nil for the
        /// scenario's own style.
        public var event: Int?
        /// The radius that breaks it, points.
        public var radius: Double
        /// The largest radius the rows allow (half the row height), points.
        public var limit: Double

        /// `radius` above `limit` in the style of `event` (nil: the scenario's own).
        public init(event: Int?, radius: Double, limit: Double) {
            self.event = event
            self.radius = radius
            self.limit = limit
        }
    }

    /// The one check of the rule that a table's corner radius is at most half its row height:
    /// the scenario's style first, then each style event's in the order they apply; nil when
    /// every radius keeps it. Above it TORoundedTableView's corner grid would overlap itself while
    /// masks clamp the radius, so the strategies would no longer draw the same picture. A scenario
    /// file is held to it once decoded (`ScenarioFile`, each breach at the key that set it), and
    /// the command line's options once applied (`--corner-radius`, `--row-height`, `--cell`).
    public var cornerRadiusBreach: CornerRadiusBreach? {
        let limit = rowHeight / 2
        if style.cornerRadius > limit { return CornerRadiusBreach(event: nil, radius: style.cornerRadius, limit: limit) }
        for i in events.indices.sorted(by: { (events[$0].atStep, $0) < (events[$1].atStep, $1) }) {
            if case .setStyle(let set) = events[i].action, set.cornerRadius > limit {
                return CornerRadiusBreach(event: i, radius: set.cornerRadius, limit: limit)
            }
        }
        return nil
    }
}
