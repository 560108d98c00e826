import Text

/// A list of names in a message (the scenarios and strategies there are, the rows not gated):
/// quoted, without repeats, and cut after `limit`.
public enum NameList {
    /// The most names a list in a message shows.
    public static let limit = 12

    /// `names` without repeats, in order, quoted for a message and cut after `limit`
    /// (`a, b, c and 9 more`).
    public static func text(_ names: [String]) -> String {
        var unique: [String] = []
        var seen = Set<String>()
        for name in names where seen.insert(name).inserted { unique.append(name) }
        let shown = unique.prefix(limit).map { Escape.message($0) }.joined(separator: ", ")
        return unique.count > limit ? "\(shown) and \(unique.count - limit) more" : shown
    }
}
