import Text

/// How text is laid out in columns for people: the console's wrapped lines and aligned tables.
extension Format {
    /// `text` broken into lines of at most `width` columns, each indented by `indent`, the first
    /// starting with `first` (which counts towards its width). A word longer than a line stays whole.
    public static func wrap(_ text: String, width: Int, indent: Int = 0, first: String = "") -> [String] {
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = first.isEmpty ? pad : first
        var lineHasWord = false
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if lineHasWord && line.count + 1 + word.count > width {
                lines.append(line)
                line = pad + word
            } else {
                line += (lineHasWord ? " " : "") + word
            }
            lineHasWord = true
        }
        lines.append(line)
        return lines
    }

    /// Rows of cells as text columns padded to their widest cell, the first left-aligned and the
    /// rest right-aligned so digits line up; one line per row.
    public static func align(_ rows: [[String]]) -> String {
        let widths = (0..<(rows.first?.count ?? 0)).map { c in rows.map { $0[c].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { c, cell in
                let pad = String(repeating: " ", count: widths[c] - cell.count)
                return c == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}
