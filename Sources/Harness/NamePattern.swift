import Problems
import Text

/// A shell-style wildcard pattern for names (`bench run --filter`): `*` matches any run of
/// characters (also none, and also `/`), `?` exactly one character, `[abc]` one of a set,
/// `[a-z]` one of a range, `[!abc]` or `[^abc]` one character not in the set, and `\` makes the
/// next character literal. Everything else matches itself, case-sensitively; the pattern must
/// match the whole name. A `/` written as it is separates a scenario from a strategy
/// (`PairSelection`); written `\/`, it is a slash within a name (a scenario `x/y` is `x\/y`).
///
/// Characters are Unicode scalars, as everywhere `bench` walks names (`Escape`): `?` matches one
/// scalar, so an accented letter written with a combining mark is two.
public struct NamePattern: Equatable, Sendable, CustomStringConvertible {
    /// One element of a compiled pattern.
    enum Token: Equatable, Sendable {
        /// This scalar.
        case literal(Unicode.Scalar)
        /// Any one scalar (`?`).
        case any
        /// Any run of scalars, also an empty one (`*`).
        case star
        /// One scalar in (or, when `negated`, not in) the ranges (`[...]`); a single character
        /// is a range from itself to itself.
        case set(ranges: [ClosedRange<Unicode.Scalar>], negated: Bool)
    }

    /// The pattern as written.
    public let text: String
    /// The compiled pattern; consecutive stars are one.
    let tokens: [Token]
    /// Whether the pattern has a `/` that is neither escaped nor in a set: one that separates a
    /// scenario from a strategy (`PairSelection.matches`).
    public let separatesPair: Bool

    /// Compiles `text`.
    /// - Throws: `BenchError.usage` naming the pattern for an empty pattern, an unclosed `[`, an
    ///   empty set (`[]` is not one: a `]` right after `[` or `[!` is a member), a reversed range
    ///   (`[z-a]`) or a `\` at the end.
    public init(_ text: String) throws {
        self.text = text
        func fail(_ defect: SelectionProblem.PatternDefect) -> BenchError {
            BenchError.usage(.selection(.badPattern(text, defect)))
        }
        guard !text.isEmpty else { throw fail(.empty) }
        var tokens: [Token] = []
        var separatesPair = false
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let scalar = scalars[i]
            i += 1
            switch scalar {
            case "*":
                if tokens.last != .star { tokens.append(.star) }
            case "?":
                tokens.append(.any)
            case "\\":
                guard i < scalars.count else { throw fail(.trailingBackslash) }
                tokens.append(.literal(scalars[i]))
                i += 1
            case "[":
                var negated = false
                if i < scalars.count, scalars[i] == "!" || scalars[i] == "^" {
                    negated = true
                    i += 1
                }
                var ranges: [ClosedRange<Unicode.Scalar>] = []
                var closed = false
                var first = true
                while i < scalars.count {
                    var low = scalars[i]
                    if low == "]" && !first {
                        closed = true
                        i += 1
                        break
                    }
                    first = false
                    i += 1
                    if low == "\\" {
                        guard i < scalars.count else { break }
                        low = scalars[i]
                        i += 1
                    }
                    var high = low
                    // `a-z` is a range; a `-` first, last or after a range is itself.
                    if i + 1 < scalars.count, scalars[i] == "-", scalars[i + 1] != "]" {
                        high = scalars[i + 1]
                        i += 2
                        if high == "\\" {
                            guard i < scalars.count else { break }
                            high = scalars[i]
                            i += 1
                        }
                        guard low <= high else {
                            throw fail(.reversedRange(low: low, high: high))
                        }
                    }
                    ranges.append(low...high)
                }
                guard closed else { throw fail(.unclosedSet) }
                tokens.append(.set(ranges: ranges, negated: negated))
            default:
                if scalar == "/" { separatesPair = true }
                tokens.append(.literal(scalar))
            }
        }
        self.tokens = tokens
        self.separatesPair = separatesPair
    }

    public var description: String { text }

    /// Whether the pattern has wildcards; without any it matches only the name it spells.
    public var isLiteral: Bool {
        tokens.allSatisfy { if case .literal = $0 { return true } else { return false } }
    }

    /// Whether the whole of `name` matches.
    ///
    /// Stars are matched by backtracking to the last one only: each star first takes nothing and,
    /// when the rest fails, one scalar more. A later star can absorb anything an earlier one
    /// would have, so going back further never helps, and the match takes at most
    /// O(pattern × name) steps, whatever the pattern.
    public func matches(_ name: String) -> Bool {
        let name = Array(name.unicodeScalars)
        var p = 0, n = 0
        var lastStar: (token: Int, name: Int)?
        while n < name.count {
            if p < tokens.count {
                switch tokens[p] {
                case .star:
                    lastStar = (p, n)
                    p += 1
                    continue
                case .any:
                    p += 1
                    n += 1
                    continue
                case .literal(let scalar) where scalar == name[n]:
                    p += 1
                    n += 1
                    continue
                case .set(let ranges, let negated) where ranges.contains { $0.contains(name[n]) } != negated:
                    p += 1
                    n += 1
                    continue
                default:
                    break
                }
            }
            // A mismatch (or the pattern ran out): let the last star take one more scalar.
            guard let star = lastStar else { return false }
            lastStar = (star.token, star.name + 1)
            p = star.token + 1
            n = star.name + 1
        }
        while p < tokens.count, tokens[p] == .star { p += 1 }
        return p == tokens.count
    }
}
