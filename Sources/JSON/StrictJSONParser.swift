import Text

/// A parser's `StrictJSON.Numbers` as a type: each mode gets a parser compiled for it, so the
/// path of a million integer samples tests no mode (a stored mode cost a tenth of the load time).
protocol NumberMode {
    static var numbers: StrictJSON.Numbers { get }
}

enum ExactNumbers: NumberMode {
    static var numbers: StrictJSON.Numbers { .exact }
}

enum DoubleNumbers: NumberMode {
    static var numbers: StrictJSON.Numbers { .doubles }
}

/// A step of the path to the value being parsed. (Outside the generic parser, whose nested types
/// would be generic too and slower to copy.)
enum PathComponent {
    case key(String)
    case index(Int)
}

/// A recursive-descent parser over UTF-8 bytes. Positions are byte offsets until an error needs
/// a line and column, which are counted then, so the common (valid) path does no bookkeeping.
struct StrictJSONParser<Mode: NumberMode> {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    /// The keys and indices leading to the value being parsed, for a duplicate key's message.
    var path: [PathComponent] = []

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    private var numbers: StrictJSON.Numbers { Mode.numbers }

    mutating func parseDocument() throws -> StrictJSON {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        skipWhitespace()
        let value = try parseValue(depth: 0)
        skipWhitespace()
        if index < bytes.count { throw error("unexpected \(describe(index)) after the JSON value", at: index) }
        return value
    }

    // MARK: Values

    private mutating func parseValue(depth: Int) throws -> StrictJSON {
        guard index < bytes.count else { throw error("unexpected end of input", at: index) }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
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

    private mutating func parseObject(depth: Int) throws -> StrictJSON {
        guard depth <= StrictJSON.maxDepth else { throw error("nesting deeper than \(StrictJSON.maxDepth) levels", at: index) }
        index += 1
        var members: [(key: String, value: StrictJSON)] = []
        // Swift compares strings by canonical equivalence, so keys that differ only in Unicode
        // normalization are duplicates too: they look the same to whoever reads the file.
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
                var located = error("duplicate key '\(Escape.message(key))' (first at line \(line), column \(column))", at: keyStart)
                located.path = pathText
                throw located
            }
            seen[key] = keyStart
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else {
                throw error(index < bytes.count ? "expected ':' after the key '\(Escape.message(key))'" : "unexpected end of input", at: index)
            }
            index += 1
            skipWhitespace()
            path.append(.key(key))
            members.append((key, try parseValue(depth: depth)))
            path.removeLast()
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

    /// An array; while every element is an integer it is collected as `[Int]`.
    private mutating func parseArray(depth: Int) throws -> StrictJSON {
        guard depth <= StrictJSON.maxDepth else { throw error("nesting deeper than \(StrictJSON.maxDepth) levels", at: index) }
        index += 1
        var integers: [Int] = []
        var elements: [StrictJSON]?
        skipWhitespace()
        if peek(UInt8(ascii: "]")) {
            index += 1
            return numbers == .exact ? .integers([]) : .array([])
        }
        path.append(.index(0))
        defer { path.removeLast() }
        var count = 0
        while true {
            path[path.count - 1] = .index(count)
            count += 1
            skipWhitespace()
            if peek(UInt8(ascii: "]")) {
                throw error("expected a value after ',' (JSON allows no trailing comma)", at: index)
            }
            let element = try parseValue(depth: depth)
            if elements == nil, case .integer(let value) = element {
                integers.append(value)
            } else {
                if elements == nil {
                    elements = integers.map { .integer($0) }
                    integers = []
                }
                elements!.append(element)
            }
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input", at: index) }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return elements.map { .array($0) } ?? .integers(integers)
            default: throw error("expected ',' or ']' after an array element", at: index)
            }
        }
    }

    /// `true`, `false`, `null`; any other bare word (NaN, Infinity, an unquoted string) is an error
    /// that quotes the whole word rather than its first letter.
    private mutating func parseWord() throws -> StrictJSON {
        let start = index
        while index < bytes.count, isWordByte(bytes[index]) { index += 1 }
        let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        switch word {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        case "NaN", "Infinity", "inf", "nan":
            throw error("'\(word)' is not a JSON value (JSON numbers are finite)", at: start)
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

    /// RFC 8259's number grammar, byte by byte. With `.exact` an integer literal is accumulated
    /// exactly (with overflow checks); any other number is converted by the standard library's
    /// correctly rounded conversion, as every number is with `.doubles`.
    private mutating func parseNumber() throws -> StrictJSON {
        let start = index
        let negative = peek(UInt8(ascii: "-"))
        if negative { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else {
            throw error(index < bytes.count ? "expected a digit after '-'" : "unexpected end of input", at: index)
        }
        // Accumulated as a negative number, so Int.min fits; `.doubles` converts the text instead.
        var value = 0
        var exact = numbers == .exact
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) {
                throw error("a number cannot start with 0 followed by digits (no leading zeros)", at: start)
            }
        } else {
            while index < bytes.count, isDigit(bytes[index]) {
                if exact {
                    let (times, o1) = value.multipliedReportingOverflow(by: 10)
                    let (next, o2) = times.subtractingReportingOverflow(Int(bytes[index] - UInt8(ascii: "0")))
                    if o1 || o2 { exact = false } else { value = next }
                }
                index += 1
            }
        }
        var integral = true
        if peek(UInt8(ascii: ".")) {
            integral = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error(index < bytes.count ? "expected a digit after '.'" : "unexpected end of input", at: index)
            }
            skipDigits()
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            integral = false
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error(index < bytes.count ? "expected a digit in the exponent" : "unexpected end of input", at: index)
            }
            skipDigits()
        }
        if integral && exact {
            if negative { return .integer(value) }
            if value != Int.min { return .integer(-value) }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if numbers == .doubles {
            guard let double = Double(text), double.isFinite else {
                throw error("the number \(StrictJSON.abbreviated(number: text)) is out of range (beyond ±1.8e308)", at: start)
            }
            return .number(double)
        }
        if integral { return .outOfRange(text) }
        guard let double = Double(text), double.isFinite else { return .outOfRange(text) }
        return .number(double)
    }

    private func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    // MARK: Strings

    /// A string from its opening quote: escapes resolved, UTF-8 validated, control characters
    /// rejected, surrogate escapes paired.
    private mutating func parseString() throws -> String {
        let open = index
        index += 1
        let start = index
        // The common case: plain ASCII up to the closing quote, taken as it is.
        while index < bytes.count {
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index - 1]), as: UTF8.self)
            }
            if b == UInt8(ascii: "\\") || b < 0x20 || b >= 0x80 { break }
            index += 1
        }
        var utf8 = Array(bytes[start..<index])
        while true {
            guard index < bytes.count else {
                throw error("unterminated string (no closing '\"' before the end of input)", at: open)
            }
            let b = bytes[index]
            switch b {
            case UInt8(ascii: "\""):
                index += 1
                // Validated sequence by sequence, so decoding cannot substitute replacement characters.
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
                utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<index + length]))
                index += length
            }
        }
    }

    // MARK: Bytes

    /// Whether the next byte is `b`.
    func peek(_ b: UInt8) -> Bool { index < bytes.count && bytes[index] == b }

    /// Past the JSON whitespace at `index` (space, tab, LF, CR).
    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }
}
