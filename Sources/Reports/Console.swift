import Results
import Text

/// The terminal page that every text for people is laid out on (`bench run`'s table, `check`'s
/// and `compare`'s reports, notes and warnings on standard error): 120 columns, a column being a
/// Swift `Character`, as a terminal shows `×`, `µ` and `–` in one. Prose is wrapped to it and
/// tables are made to fit it, so nothing needs a wide terminal but `bench run --wide`, which asks.
public enum Console {
    /// The page's width in columns.
    public static let width = 120

    /// `text` as lines of at most `width` columns, each ending in a newline: broken at spaces,
    /// every line after the first (a line break in `text` included) indented by `indent` spaces,
    /// so a wrapped note or warning reads as one item. Spaces that start a line of `text` are
    /// kept; a word longer than a whole line is cut where the line ends, so that no line is ever
    /// wider.
    public static func wrapped(_ text: String, indent: Int = 0, width: Int = Console.width) -> String {
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = []
        for (n, paragraph) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = (n == 0 ? "" : pad) + paragraph.prefix { $0 == " " }
            var lineHasWord = false
            for whole in Console.words(paragraph) {
                var word = Substring(whole)
                while !word.isEmpty {
                    let room = width - line.count - (lineHasWord ? 1 : 0)
                    if word.count <= room {
                        line += (lineHasWord ? " " : "") + word
                        lineHasWord = true
                        break
                    }
                    if lineHasWord {
                        lines.append(line)
                        line = pad
                        lineHasWord = false
                        continue
                    }
                    // A word wider than a whole line: as much as fits, the rest on the next.
                    let cut = max(1, room)
                    lines.append(line + word.prefix(cut))
                    word = word.dropFirst(cut)
                    line = pad
                }
            }
            lines.append(lineHasWord ? line : "")
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// Units a number keeps on its line: "1 %" and "8.3 ms" never break between number and unit.
    private static let units: Set<Substring> = ["%", "ms", "µs", "MB", "px", "pt", "Hz", "fps"]

    /// The words of `paragraph` split at spaces, a unit (with any punctuation after it) joined to
    /// the word before it.
    static func words(_ paragraph: Substring) -> [String] {
        var out: [String] = []
        for word in paragraph.split(separator: " ") {
            let bare = word.prefix { !",.;:)".contains($0) }
            if units.contains(bare), let last = out.last, last.last?.isNumber == true {
                out[out.count - 1] = last + " " + word
            } else {
                out.append(String(word))
            }
        }
        return out
    }

    /// `rows` (a header first) as a text table, its columns padded to their widest cell (the first
    /// left-aligned, the rest right-aligned so digits line up) and the padding at line ends trimmed.
    /// When the table would be wider than `width`, the first column (the names) is cut to what
    /// fits, with `…`, down to `minimumNameWidth` columns: the names come from files and may be
    /// long, and the numbers beside them matter more than their ends.
    public static func table(_ rows: [[String]], width: Int = Console.width) -> String {
        guard let columns = rows.first?.count, columns > 0 else { return "" }
        let widths = (0..<columns).map { c in rows.map { $0[c].count }.max() ?? 0 }
        let others = widths.dropFirst().reduce(0) { $0 + 2 + $1 }
        let room = max(minimumNameWidth, width - others)
        let fitted = widths[0] <= room ? rows : rows.map { row in [Console.fitted(row[0], room)] + row.dropFirst() }
        return Format.align(fitted).split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in String(line.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
    }

    /// `text` cut to `columns` columns, the last of them `…`, when it is wider; otherwise `text`.
    public static func fitted(_ text: String, _ columns: Int) -> String {
        text.count <= columns ? text : text.prefix(max(0, columns - 1)) + "…"
    }

    /// The fewest columns `table` leaves a name.
    public static let minimumNameWidth = 16
}
