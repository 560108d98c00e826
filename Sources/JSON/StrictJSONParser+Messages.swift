import Text

/// Where an error is and how its message shows what was found: a line and column counted only
/// when an error needs them, the bytes described in words.
extension StrictJSONParser {
    /// `runs[0].totals`, as the readers name key paths (`JSONKeyPath`); empty at the top level.
    var pathText: String {
        path.reduce(into: "") { text, component in
            switch component {
            case .index(let i): text = JSONKeyPath.element(i, of: text)
            case .key(let key): text = JSONKeyPath.member(key, of: text)
            }
        }
    }

    /// The syntax error `message`, located at byte `offset`.
    func error(_ message: String, at offset: Int) -> JSONSyntaxError {
        let (line, column) = position(of: offset)
        return JSONSyntaxError(line: line, column: column, message: message)
    }

    /// Line and column of byte `offset`: LF, CR LF and a lone CR each end a line; columns count
    /// Unicode scalars (UTF-8 continuation bytes do not advance them).
    func position(of offset: Int) -> (line: Int, column: Int) {
        var line = 1, column = 1
        let end = min(offset, bytes.count)
        var i = 0
        while i < end {
            let b = bytes[i]
            if b == 0x0A || (b == 0x0D && (i + 1 >= bytes.count || bytes[i + 1] != 0x0A)) {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 && b != 0x0D {
                column += 1
            }
            i += 1
        }
        return (line, column)
    }

    /// The byte at `offset` as a message shows it: `'}'`, `end of input`, `'é'`, `byte 0xFF`.
    func describe(_ offset: Int) -> String {
        guard offset < bytes.count else { return "end of input" }
        let b = bytes[offset]
        switch b {
        case 0x0A, 0x0D: return "a line break"
        case 0x09: return "a tab"
        case 0x21..<0x7F: return "'\(Character(UnicodeScalar(b)))'"
        case 0x80...:
            if let length = try? utf8SequenceLength(at: offset) {
                let character = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
                return "'\(Escape.message(character))'"
            }
            return "byte 0x\(hex(UInt32(b), digits: 2))"
        default: return "U+\(hex(UInt32(b), digits: 4))"
        }
    }

    /// `value` in upper-case hex, zero-padded to `digits`.
    func hex(_ value: UInt32, digits: Int) -> String {
        let s = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - s.count)) + s
    }
}
