/// A JSON document parsed strictly (RFC 8259): the one JSON parser of the package, which reads
/// results files (`Results.decode`) and scenario and suite files (ScenarioFiles' `JSONValue`).
///
/// Written by hand rather than with `JSONSerialization` or `JSONDecoder`, which silently keep one
/// of two duplicate keys, report an integer beyond `Int` only as "not valid JSON", and build far
/// more than a file of a million steps needs. Here a syntax error gives its line and column and
/// says in words what was found (a comment, a single quote, an invalid UTF-8 byte); a duplicate
/// key is an error with both positions and the key path of its object. How numbers are kept is
/// the reader's choice (`Numbers`): a results file keeps integers exactly and its reader names the
/// key of a number that fits nothing; a scenario file reads every number as a `Double`.
package enum StrictJSON: Sendable {
    case null
    case bool(Bool)
    /// An integer literal (no fraction, no exponent) within `Int`; only with `Numbers.exact`.
    case integer(Int)
    /// Any other number that is a finite `Double`; every number with `Numbers.doubles`.
    case number(Double)
    /// A number as written that fits neither: an integer beyond `Int`, or beyond ±1.8e308; only
    /// with `Numbers.exact`.
    case outOfRange(String)
    case string(String)
    /// An array whose elements are all `.integer`, stored compactly (the per-step samples of a
    /// results file); only with `Numbers.exact`, where an empty array is `.integers([])`.
    case integers([Int])
    case array([StrictJSON])
    /// Members in file order; keys are unique.
    case object([(key: String, value: StrictJSON)])

    /// How the parser keeps numbers.
    package enum Numbers: Sendable {
        /// An integer that fits `Int` as `.integer` (an array of them as `.integers`), any other
        /// finite number as `.number`, and one that fits neither as `.outOfRange`, as written, so
        /// that the reader can say which key holds it. For results files, whose counters are
        /// integers up to 2^53.
        case exact
        /// Every number as the nearest `Double`, `.number` (`-0` keeps its sign); a number beyond
        /// ±1.8e308 is a syntax error where it is written. For scenario and suite files.
        case doubles
    }

    /// The deepest nesting accepted: far beyond any results file (five levels) or scenario file,
    /// and low enough that the recursive parser cannot exhaust the stack.
    package static let maxDepth = 64

    /// Parses one JSON text, strictly: no comments, trailing commas, single quotes, NaN or
    /// Infinity; strings must be valid UTF-8 with control characters escaped and surrogate
    /// escapes paired; keys must be unique in their object (keys equal under Unicode
    /// normalization count as the same); nesting deeper than `maxDepth` is an error. A leading
    /// UTF-8 byte order mark is ignored (RFC 8259 §8.1 allows that).
    /// - Throws: `StrictJSON.SyntaxError` with the line and column of the first problem.
    /// - Complexity: O(n) in the length of `bytes`.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>, numbers: Numbers) throws -> StrictJSON {
        switch numbers {
        case .exact:
            var parser = StrictJSONParser<ExactNumbers>(bytes: bytes)
            return try parser.parseDocument()
        case .doubles:
            var parser = StrictJSONParser<DoubleNumbers>(bytes: bytes)
            return try parser.parseDocument()
        }
    }

    /// A number's text as a message quotes it: whole up to 24 characters, else its first 20
    /// and "...".
    static func abbreviated(number text: String) -> String {
        text.count <= 24 ? text : String(text.prefix(20)) + "..."
    }

    /// "a number", "an object": what a message says was found.
    package var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .integer, .number, .outOfRange: return "a number"
        case .string: return "a string"
        case .integers, .array: return "an array"
        case .object: return "an object"
        }
    }

    /// Where and why a JSON text is malformed.
    package struct SyntaxError: Error, CustomStringConvertible {
        /// 1-based line of the problem.
        package var line: Int
        /// 1-based column of the problem, in Unicode scalars (a tab counts as one).
        package var column: Int
        /// What was wrong, without a final period: "expected ':' after the key 'name'".
        package var message: String
        /// The key path of the object a duplicate key is in (empty at the top level); nil for
        /// other errors.
        package var path: String?
        /// "line 4, column 17: expected ',' or '}' after an object member.", or for a duplicate key
        /// "runs[0]: line 12, column 7: duplicate key 'steps' (first at line 11, column 7)."
        package var description: String {
            let prefix = path.map { $0.isEmpty ? "" : "\($0): " } ?? ""
            return "\(prefix)line \(line), column \(column): \(message)."
        }
    }
}

/// A parser's `StrictJSON.Numbers` as a type: each mode gets a parser compiled for it, so the
/// path of a million integer samples tests no mode (a stored mode cost a tenth of the load time).
private protocol NumberMode {
    static var numbers: StrictJSON.Numbers { get }
}

private enum ExactNumbers: NumberMode {
    static var numbers: StrictJSON.Numbers { .exact }
}

private enum DoubleNumbers: NumberMode {
    static var numbers: StrictJSON.Numbers { .doubles }
}

/// A step of the path to the value being parsed. (Outside the generic parser, whose nested types
/// would be generic too and slower to copy.)
private enum PathComponent {
    case key(String)
    case index(Int)
}

/// A recursive-descent parser over UTF-8 bytes. Positions are byte offsets until an error needs
/// a line and column, which are counted then, so the common (valid) path does no bookkeeping.
private struct StrictJSONParser<Mode: NumberMode> {
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

    private mutating func parseEscape(into utf8: inout [UInt8]) throws {
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

    /// `runs[0].totals`, as the readers name key paths (`JSONKeyPath`); empty at the top level.
    private var pathText: String {
        path.reduce(into: "") { text, component in
            switch component {
            case .index(let i): text = JSONKeyPath.element(i, of: text)
            case .key(let key): text = JSONKeyPath.member(key, of: text)
            }
        }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private func error(_ message: String, at offset: Int) -> StrictJSON.SyntaxError {
        let (line, column) = position(of: offset)
        return StrictJSON.SyntaxError(line: line, column: column, message: message)
    }

    /// Line and column of byte `offset`: LF, CR LF and a lone CR each end a line; columns count
    /// Unicode scalars (UTF-8 continuation bytes do not advance them).
    private func position(of offset: Int) -> (line: Int, column: Int) {
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
    private func describe(_ offset: Int) -> String {
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

    private func hex(_ value: UInt32, digits: Int) -> String {
        let s = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - s.count)) + s
    }
}
