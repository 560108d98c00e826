/// Where and why a JSON text is malformed (`StrictJSON.parse`).
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// 1-based line of the problem.
    public var line: Int
    /// 1-based column of the problem, in Unicode scalars (a tab counts as one).
    public var column: Int
    /// What was wrong, without a final period: "expected ':' after the key 'name'".
    public var message: String
    /// The key path of the object a duplicate key is in (empty at the top level); nil for other
    /// errors.
    public var path: String?

    public init(line: Int, column: Int, message: String, path: String? = nil) {
        self.line = line
        self.column = column
        self.message = message
        self.path = path
    }

    /// "line 4, column 17: expected ',' or '}' after an object member.", or for a duplicate key
    /// "runs[0]: line 12, column 7: duplicate key 'steps' (first at line 11, column 7)."
    public var description: String {
        let prefix = path.map { $0.isEmpty ? "" : "\($0): " } ?? ""
        return "\(prefix)line \(line), column \(column): \(message)."
    }
}
