import Table

extension Scenario {
    /// The rule that a table's corner radius is at most half its row height: nil when `radius`
    /// keeps it on rows `rowHeight` tall, else the largest radius that would. Above it
    /// TORoundedTableView's corner grid would overlap itself while masks clamp the radius, so the
    /// strategies would no longer draw the same picture. Scenario files (their style and its
    /// events) and the command line's `--corner-radius` and `--row-height` are held to it here.
    public static func cornerRadiusLimit(breachedBy radius: Double, rowHeight: Double) -> Double? {
        let limit = rowHeight / 2
        return radius <= limit ? nil : limit
    }
}
