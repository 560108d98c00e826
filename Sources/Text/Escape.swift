/// How text from a user's file (a name, a key, a value) is written into each output, so that no
/// name can change the output's structure: split a Markdown row, open an HTML tag, start a
/// spreadsheet formula, clear the terminal, or fill a message with a megabyte. Here the rule every
/// output shares and the forms for the terminal and messages; the report formats add theirs in
/// Reports (`Escape+Formats`; docs/cli.md, "Names in the outputs").
///
/// Text is walked by Unicode scalar, never by `Character`: `"\r\n"` is one `Character`, and so
/// is a letter with any number of combining marks, so a test for `"\n"` or a cut by `Character`
/// would miss them.
public enum Escape {
    /// The longest name a message quotes, in Unicode scalars; longer ones are shortened.
    public static let messageLimit = 60
    /// The longest name the tables and reports for people (terminal, Markdown, HTML) show.
    public static let nameLimit = 200

    /// `text` cut to its first `limit` Unicode scalars, followed by `…` and its full length in
    /// UTF-8 bytes, when it has more than `limit` scalars; otherwise `text` itself.
    /// `shortened(String(repeating: "a", count: 1_000_000), limit: 3)` is `aaa… (1,000,000 bytes)`.
    public static func shortened(_ text: String, limit: Int = nameLimit) -> String {
        var scalars = text.unicodeScalars.makeIterator()
        var head = String.UnicodeScalarView()
        for _ in 0..<max(0, limit) {
            guard let scalar = scalars.next() else { return text }
            head.append(scalar)
        }
        guard scalars.next() != nil else { return text }
        return String(head) + "… (" + Format.grouped(text.utf8.count) + " bytes)"
    }

    /// `bytes` that should be UTF-8 (a path from the environment) as text: each valid sequence as
    /// its character, each byte that starts none as `\xFF`, so no two byte strings read alike.
    public static func bytes(_ bytes: [UInt8]) -> String {
        var out = ""
        var i = 0
        while i < bytes.count {
            let decoded = (1...4).lazy.compactMap { length -> (String, Int)? in
                guard i + length <= bytes.count, let text = String(validating: bytes[i..<(i + length)], as: UTF8.self) else { return nil }
                return (text, length)
            }.first
            if let (text, length) = decoded {
                out += text
                i += length
            } else {
                out += "\\x" + String(bytes[i], radix: 16, uppercase: true)
                i += 1
            }
        }
        return out
    }

    /// A name or value quoted in a message for the terminal: shortened to `messageLimit` and with
    /// control characters made visible (`terminal`).
    public static func message(_ text: String) -> String {
        terminal(shortened(text, limit: messageLimit))
    }

    /// `text` safe to print on a terminal: every control character (C0, DEL, C1 — ESC and CSI
    /// included), line and paragraph separator and bidirectional override is written as a visible
    /// escape (`\n`, `\r`, `\t`, `\u{1B}`), so text can neither move the cursor, set the window
    /// title, clear the screen, nor reorder what follows it. With `keepingNewlines`, `\n` is kept
    /// (for a message that quotes several lines of another program's output).
    public static func terminal(_ text: String, keepingNewlines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if keepingNewlines && scalar == "\n" {
                out.unicodeScalars.append(scalar)
            } else if let escaped = visible(scalar) {
                out += escaped
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    // MARK: The shared rule

    /// Whether `scalar` must not reach an output raw: C0 controls (line breaks and tab included),
    /// DEL, C1 controls (U+0080–U+009F: NEL, and CSI, which some terminals obey like ESC [),
    /// the line and paragraph separators U+2028 and U+2029, and the bidirectional controls that
    /// reorder the text around them (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069).
    package static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
            return true
        default:
            return false
        }
    }

    /// The visible escape of a scalar that `needsEscape`, as Swift's `escaped(asASCII:)` writes
    /// it: `\n`, `\r`, `\t`, otherwise `\u{07}`, `\u{1B}`, `\u{2028}` (upper-case hex, at least
    /// two digits); nil for any other scalar.
    package static func visible(_ scalar: Unicode.Scalar) -> String? {
        guard needsEscape(scalar) else { return nil }
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default:
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "\\u{" + (hex.count < 2 ? "0" : "") + hex + "}"
        }
    }
}
