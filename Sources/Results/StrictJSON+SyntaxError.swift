extension StrictJSON {
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
