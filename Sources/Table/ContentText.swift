/// The strings the labels show: deterministic for a row or section, so every run and every
/// strategy draws the same text.
public enum ContentText {
    private static let titles = ["General", "Wi-Fi", "Bluetooth", "Cellular", "Personal Hotspot", "Notifications",
                                 "Sounds & Haptics", "Focus", "Screen Time", "Control Centre", "Display & Brightness",
                                 "Home Screen", "Accessibility", "Wallpaper", "Siri & Search", "Battery",
                                 "Privacy & Security", "App Store", "Wallet", "Passwords", "Mail", "Contacts"]
    private static let details = ["On", "Off", "Not Connected", "Home", "Automatic", "None", "2 min", "Never", "English"]
    private static let prose = ["Allow", "apps", "to", "request", "your", "location", "when", "they", "are", "in",
                                "use", "and", "share", "it", "with", "nearby", "devices", "over", "the", "network"]

    /// A title of at most `length` characters for global row `row`.
    public static func title(row: Int, length: Int) -> String { text(titles, start: row, length: length) }

    /// A detail text of at most `length` characters for global row `row`.
    public static func detail(row: Int, length: Int) -> String { text(details, start: row * 5, length: length) }

    /// A header of at most `length` characters for `section`, upper-cased as grouped headers are.
    public static func header(section: Int, length: Int) -> String { text(titles, start: section * 3, length: length).uppercased() }

    /// A footer of at most `length` characters for `section`.
    public static func footer(section: Int, length: Int) -> String { text(prose, start: section * 7, length: length) }

    /// Words of `list` from the first at or after `start` that fits in `length`, joined by spaces
    /// and cut to `length` characters, back to the last whole word when the cut falls inside a
    /// later one (a word is cut only when no word of the list fits).
    private static func text(_ list: [String], start: Int, length: Int) -> String {
        guard length > 0 else { return "" }
        var out = ""
        var i = abs(start % list.count)
        // Start at the first word from there that fits, so a short label is a word, not a stub.
        if let fit = (0..<list.count).first(where: { list[(i + $0) % list.count].count <= length }) {
            i = (i + fit) % list.count
        }
        while out.count <= length {
            if !out.isEmpty { out += " " }
            out += list[i]
            i = (i + 1) % list.count
        }
        var cut = out.prefix(length)
        if out.dropFirst(length).first != " ", let space = cut.lastIndex(of: " ") { cut = cut[..<space] }
        while cut.last == " " { cut = cut.dropLast() }
        return String(cut)
    }
}
