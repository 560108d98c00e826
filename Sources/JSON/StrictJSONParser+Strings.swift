/// The slow paths of a string, taken only off plain ASCII: escapes resolved, surrogates paired,
/// UTF-8 validated sequence by sequence.
extension StrictJSONParser {
    /// The escape at `index` (its backslash), the character it stands for appended to `utf8`.
    mutating func parseEscape(into utf8: inout [UInt8]) throws {
        let backslash = index
        index += 1
        guard index < bytes.count else { throw error("unexpected end of input", at: index) }
        let c = bytes[index]
        index += 1
        switch c {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(c)
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
            let shown = c >= 0x20 && c < 0x7F ? String(UnicodeScalar(c)) : "\\u{\(hex(UInt32(c), digits: 2))}"
            throw error("invalid escape '\\\(shown)' in a string", at: backslash)
        }
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
    func utf8SequenceLength(at offset: Int) throws -> Int {
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
}
