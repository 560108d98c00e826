import Text

/// The forms of `Escape` for the report formats: Markdown, HTML, CSV, JSON text and InfluxDB line
/// protocol, each built on the rule every output shares (`Escape.visible`).
extension Escape {
    /// `text` as inline Markdown text (CommonMark and GitHub's dialect) that shows literally, on
    /// one line, in a table cell or a heading: the characters Markdown gives a meaning to
    /// (`\` `` ` `` `*` `_` `[` `]` `|` `#` `~` `$`) are backslash-escaped, `<` `>` `&` are
    /// written as entities so no HTML tag or entity can form, and line breaks and control
    /// characters are visible escapes as on the terminal (`a\r\nc` shows as `a\r\nc`).
    public static func forMarkdown(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\", "`", "*", "_", "[", "]", "|", "#", "~", "$":
                out += "\\"
                out.unicodeScalars.append(scalar)
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            default:
                if let escaped = visible(scalar) { out += escaped } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    /// `text` safe in HTML (and SVG) text and in a quoted attribute value: `&` `<` `>` `"` `'`
    /// as entities, `/` too (so no text of the results forms anything that looks like a URL,
    /// `//`), and control characters as visible escapes as on the terminal.
    public static func html(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "/": out += "&#47;"
            default:
                if let escaped = visible(scalar) { out += escaped } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    /// A text field of a CSV file (RFC 4180), which keeps the text whole: quoted when it holds a
    /// comma, a quote, CR or LF, with quotes doubled. A field that a spreadsheet would read as a
    /// formula — one starting with `=`, `+`, `-`, `@`, a tab or CR — gets a leading `'` (and is
    /// quoted), which spreadsheets show as text. Only for text: numbers are written as they are.
    public static func csv(_ text: String) -> String {
        var field = text
        if let first = text.unicodeScalars.first, ["=", "+", "-", "@", "\t", "\r"].contains(first) {
            field = "'" + text
        }
        let needsQuotes = field != text
            || field.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }
        guard needsQuotes else { return field }
        var quoted = "\""
        for scalar in field.unicodeScalars {
            if scalar == "\"" { quoted += "\"\"" } else { quoted.unicodeScalars.append(scalar) }
        }
        return quoted + "\""
    }

    /// JSON text that `JSONEncoder` wrote, with the characters it leaves raw in strings — DEL, C1,
    /// U+2028, U+2029 and the bidirectional controls, which `terminal` escapes — written `\uXXXX`:
    /// valid raw in JSON, but not in every JavaScript that reads it, nor on a terminal that shows
    /// the file. The encoder escapes C0 controls itself and writes everything outside strings in
    /// ASCII, so only strings change, and a reader gets each back exactly.
    public static func jsonText(_ json: String) -> String {
        let raw = { (scalar: Unicode.Scalar) in scalar.value >= 0x7F && needsEscape(scalar) }
        guard json.unicodeScalars.contains(where: raw) else { return json }
        var out = ""
        for scalar in json.unicodeScalars {
            if raw(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `text` as a tag key, tag value or field key of InfluxDB line protocol, so that names that
    /// differ are stored as values that differ, whichever version reads them (docs/cli.md, "Names in
    /// the outputs"): a space, comma or `=` gets a backslash; control characters are visible escapes
    /// as on the terminal; a backslash is always written `\u{5C}`, because a raw one could take the
    /// comma after it into the value, 1.x and 2.x read `\\` differently, and a name that spells an
    /// escape would be stored like the name it stands for. `a b,c=d` is `a\ b\,c\=d`.
    public static func lineProtocol(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case " ", ",", "=":
                out += "\\"
                out.unicodeScalars.append(scalar)
            case "\\":
                out += "\\u{5C}"
            default:
                if let escaped = visible(scalar) { out += escaped } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
