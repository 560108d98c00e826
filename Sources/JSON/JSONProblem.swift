import Text

/// A value in a JSON file that cannot be used, and where: every problem a reader finds has this
/// one form, "`file`: `key.path`: what was expected, got what.", whichever kind of file it is in.
/// The readers above turn it into their own error (`InputProblem.json`).
public struct JSONProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: Equatable, Sendable {
        /// The text is not JSON (the parser's line and column say where).
        case syntax(JSONSyntaxError)
        /// The value is not of the kind `expected` ("an object"); it is `found` ("a string", or
        /// "an empty one").
        case mismatch(expected: String, found: String)
        /// The object has no member `key`, which holds `what` ("an integer").
        case missingKey(key: String, what: String)
        /// The member at the path is not one of `known` (`what`: "key", "counter"); `nearest` is
        /// the known name it was probably meant to be (`Suggestion`).
        case unknownKey(what: String, nearest: String?, known: [String])
        /// A reader's own check of the value failed; the sentence says how, without "file: path:".
        case invalid(String)
        /// A format's own check of the value failed, as that format's typed problem
        /// (`ResultsProblem`), which writes the sentence without "file: path:".
        case format(any JSONFormatProblem)

        /// The same kind with the same values; a format's problems compare by `isEqual(to:)`.
        public static func == (a: Kind, b: Kind) -> Bool {
            switch (a, b) {
            case let (.syntax(x), .syntax(y)): x == y
            case let (.mismatch(e1, f1), .mismatch(e2, f2)): e1 == e2 && f1 == f2
            case let (.missingKey(k1, w1), .missingKey(k2, w2)): k1 == k2 && w1 == w2
            case let (.unknownKey(w1, n1, k1), .unknownKey(w2, n2, k2)): w1 == w2 && n1 == n2 && k1 == k2
            case let (.invalid(x), .invalid(y)): x == y
            case let (.format(x), .format(y)): x.isEqual(to: y)
            default: false
            }
        }
    }

    /// The file's name as messages start with it.
    public var file: String
    /// `runs[2].totals.blendedPixels`; empty at the top level.
    public var path: String
    /// What is wrong.
    public var kind: Kind

    public init(file: String, path: String, kind: Kind) {
        self.file = file
        self.path = path
        self.kind = kind
    }

    /// "file: path: message." A message that already ends in '?' or '.' (a suggestion, "did you
    /// mean 'x'?") keeps its own ending; a syntax error says its own line and column.
    public var description: String {
        let message: String
        switch kind {
        case .syntax(let error): return "\(file): \(error)"
        case let .mismatch(expected, found): message = "expected \(expected), got \(found)"
        case let .missingKey(key, what): message = "missing key '\(key)' (\(what))"
        case let .unknownKey(what, nearest?, _): message = "unknown \(what); did you mean '\(nearest)'?"
        case let .unknownKey(what, nil, known):
            message = "unknown \(what); expected \(known.count == 1 ? "" : "one of ")\(known.joined(separator: ", "))"
        case .invalid(let text): message = text
        case .format(let problem): message = problem.description
        }
        let end = message.hasSuffix("?") || message.hasSuffix(".") ? "" : "."
        return path.isEmpty ? "\(file): \(message)\(end)" : "\(file): \(path): \(message)\(end)"
    }
}

/// A problem a reader of one format finds in a value that JSON's own kinds allow (a row given twice,
/// a time of 0): a value of the format's problem type, carried typed by `JSONProblem.Kind.format`
/// with the file and key path; its `description` is the sentence, without "file: path:".
public protocol JSONFormatProblem: Sendable, CustomStringConvertible {
    /// Whether `other` is the same problem: how `JSONProblem`s compare.
    func isEqual(to other: any JSONFormatProblem) -> Bool
}

extension JSONFormatProblem where Self: Equatable {
    /// Equal when `other` is of this type and equal to it.
    public func isEqual(to other: any JSONFormatProblem) -> Bool { (other as? Self) == self }
}
