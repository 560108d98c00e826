import Results

/// A recursive-descent parser over UTF-8 bytes. Positions are byte offsets until an error needs
/// a line and column, which are counted then, so the common (valid) path does no bookkeeping.
struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func parseDocument() throws -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipWhitespace()
        let value = try parseValue(depth: 0)
        skipWhitespace()
        if index < bytes.count {
            throw error("unexpected \(describe(index)) after the JSON value", at: index)
        }
        return value
    }

    // MARK: Values

    private mutating func parseValue(depth: Int) throws -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of input", at: index) }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
            return try parseWord()
        case UInt8(ascii: "/"):
            throw error("expected a value, found '/' (JSON has no comments)", at: index)
        case UInt8(ascii: "'"):
            throw error("expected a value, found ''' (JSON strings take double quotes)", at: index)
        default:
            throw error("expected a value, found \(describe(index))", at: index)
        }
    }

    private mutating func parseObject(depth: Int) throws -> JSONValue {
        let open = index
        guard depth <= JSONValue.maxDepth else {
            throw error("nesting deeper than \(JSONValue.maxDepth) levels", at: open)
        }
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        // Swift compares strings by canonical equivalence, so keys that differ only in Unicode
        // normalization count as duplicates too: they look the same to whoever edits the file.
        var seen: [String: Int] = [:]
        skipWhitespace()
        if peek(UInt8(ascii: "}")) {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input", at: index) }
            guard bytes[index] == UInt8(ascii: "\"") else {
                if bytes[index] == UInt8(ascii: "}"), !members.isEmpty {
                    throw error("expected a key after ',' (JSON allows no trailing comma)", at: index)
                }
                throw error("expected a key in double quotes, found \(describe(index))", at: index)
            }
            let keyStart = index
            let key = try parseString()
            if let first = seen[key] {
                let (line, column) = position(of: first)
                throw error("duplicate key '\(Escape.message(key))' (first at line \(line), column \(column))", at: keyStart)
            }
            seen[key] = keyStart
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else {
                throw error(index < bytes.count ? "expected ':' after the key '\(Escape.message(key))'" : "unexpected end of input", at: index)
            }
            index += 1
            skipWhitespace()
            members.append((key, try parseValue(depth: depth)))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input", at: index) }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(members)
            default: throw error("expected ',' or '}' after an object member", at: index)
            }
        }
    }

    private mutating func parseArray(depth: Int) throws -> JSONValue {
        guard depth <= JSONValue.maxDepth else {
            throw error("nesting deeper than \(JSONValue.maxDepth) levels", at: index)
        }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            if peek(UInt8(ascii: "]")), !elements.isEmpty {
                throw error("expected a value after ',' (JSON allows no trailing comma)", at: index)
            }
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input", at: index) }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(elements)
            default: throw error("expected ',' or ']' after an array element", at: index)
            }
        }
    }

    /// `true`, `false`, `null`; any other bare word (NaN, Infinity, an unquoted string) is an error
    /// that quotes the whole word rather than its first letter.
    private mutating func parseWord() throws -> JSONValue {
        let start = index
        while index < bytes.count, isWordByte(bytes[index]) { index += 1 }
        let word = String(decoding: bytes[start..<index], as: UTF8.self)
        switch word {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        case "NaN", "Infinity", "inf", "nan":
            throw error("'\(Escape.message(word))' is not a JSON value (JSON numbers are finite)", at: start)
        default:
            throw error("unexpected word '\(Escape.message(word))'; expected a value (strings take double quotes)", at: start)
        }
    }

    private func isWordByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            return true
        default: return false
        }
    }

    // MARK: Numbers

    /// RFC 8259's number grammar, checked byte by byte; the conversion itself is the standard
    /// library's correctly rounded one. A result that overflows to ±infinity is an error.
    private mutating func parseNumber() throws -> Double {
        let start = index
        if peek(UInt8(ascii: "-")) { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else {
            throw error(index < bytes.count ? "expected a digit after '-'" : "unexpected end of input", at: index)
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) {
                throw error("a number cannot start with 0 followed by digits (no leading zeros)", at: start)
            }
        } else {
            skipDigits()
        }
        if peek(UInt8(ascii: ".")) {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error(index < bytes.count ? "expected a digit after '.'" : "unexpected end of input", at: index)
            }
            skipDigits()
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error(index < bytes.count ? "expected a digit in the exponent" : "unexpected end of input", at: index)
            }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw error("the number \(abbreviated(text)) is out of range (beyond ±1.8e308)", at: start)
        }
        return value
    }

    private func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    private func abbreviated(_ text: String) -> String {
        text.count <= 24 ? text : String(text.prefix(20)) + "..."
    }

    // MARK: Strings

    /// A string from its opening quote: escapes resolved, UTF-8 validated, control characters
    /// rejected, surrogate escapes paired.
    private mutating func parseString() throws -> String {
        let open = index
        index += 1
        var utf8: [UInt8] = []
        while true {
            guard index < bytes.count else {
                throw error("unterminated string (no closing '\"' before the end of input)", at: open)
            }
            let b = bytes[index]
            switch b {
            case UInt8(ascii: "\""):
                index += 1
                // Validated above, so decoding cannot substitute replacement characters.
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &utf8)
            case 0..<0x20:
                throw error("unescaped control character U+\(hex(UInt32(b), digits: 4)) in a string", at: index)
            case 0x20..<0x80:
                utf8.append(b)
                index += 1
            default:
                let length = try utf8SequenceLength(at: index)
                utf8.append(contentsOf: bytes[index..<index + length])
                index += length
            }
        }
    }

    private mutating func parseEscape(into utf8: inout [UInt8]) throws {
        let backslash = index
        index += 1
        guard index < bytes.count else { throw error("unexpected end of input", at: index) }
        let c = bytes[index]
        index += 1
        switch c {
        case UInt8(ascii: "\""): utf8.append(c)
        case UInt8(ascii: "\\"): utf8.append(c)
        case UInt8(ascii: "/"): utf8.append(c)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            var code = try hexQuad()
            if (0xDC00...0xDFFF).contains(code) {
                throw error("unpaired surrogate \\u\(hex(code, digits: 4)) in a string", at: backslash)
            }
            if (0xD800...0xDBFF).contains(code) {
                guard peek(UInt8(ascii: "\\")), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error("unpaired surrogate \\u\(hex(code, digits: 4)) in a string", at: backslash)
                }
                index += 2
                let low = try hexQuad()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error("unpaired surrogate \\u\(hex(code, digits: 4)) in a string", at: backslash)
                }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            }
            // Surrogates are excluded above, so every remaining code is a scalar.
            UTF8.encode(Unicode.Scalar(code)!) { utf8.append($0) }
        default:
            throw error("invalid escape '\\\(describeEscaped(c))' in a string", at: backslash)
        }
    }

    private func describeEscaped(_ c: UInt8) -> String {
        c >= 0x20 && c < 0x7F ? String(UnicodeScalar(c)) : "\\u{\(hex(UInt32(c), digits: 2))}"
    }

    /// The four hex digits of a `\u` escape.
    private mutating func hexQuad() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw error("unexpected end of input", at: index) }
            let b = bytes[index]
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw error("expected 4 hex digits after '\\u'", at: index)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// The length of the well-formed UTF-8 sequence at `offset` (Unicode 15, table 3-7): no
    /// overlong forms, no encoded surrogates, nothing above U+10FFFF.
    private func utf8SequenceLength(at offset: Int) throws -> Int {
        let lead = bytes[offset]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        default: throw error("invalid UTF-8 byte 0x\(hex(UInt32(lead), digits: 2))", at: offset)
        }
        for i in 1..<length {
            let at = offset + i
            guard at < bytes.count else { throw error("unexpected end of input", at: at) }
            guard (i == 1 ? secondRange : 0x80...0xBF).contains(bytes[at]) else {
                throw error("invalid UTF-8 sequence", at: offset)
            }
        }
        return length
    }

    // MARK: Positions and messages

    private func peek(_ b: UInt8) -> Bool { index < bytes.count && bytes[index] == b }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private func error(_ message: String, at offset: Int) -> JSONSyntaxError {
        let (line, column) = position(of: offset)
        return JSONSyntaxError(line: line, column: column, message: message)
    }

    /// Line and column of byte `offset`: LF, CR LF and a lone CR each end a line; columns count
    /// Unicode scalars (UTF-8 continuation bytes do not advance them).
    private func position(of offset: Int) -> (line: Int, column: Int) {
        var line = 1, column = 1
        var i = 0
        let end = min(offset, bytes.count)
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

    /// The byte at `offset` as a message shows it: `'}'`, `end of input`, `byte 0xFF`.
    private func describe(_ offset: Int) -> String {
        guard offset < bytes.count else { return "end of input" }
        let b = bytes[offset]
        switch b {
        case 0x0A, 0x0D: return "a line break"
        case 0x09: return "a tab"
        case 0x21..<0x7F: return "'\(Character(UnicodeScalar(b)))'"
        case 0x80...:
            if let length = try? utf8SequenceLength(at: offset) {
                return "'\(Escape.message(String(decoding: bytes[offset..<offset + length], as: UTF8.self)))'"
            }
            return "byte 0x\(hex(UInt32(b), digits: 2))"
        default: return "U+\(hex(UInt32(b), digits: 4))"
        }
    }

    private func hex(_ value: UInt32, digits: Int) -> String {
        let s = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - s.count)) + s
    }
}
