import Foundation
import JSON
import Problems

/// Results as the JSON files CI gates, comparisons and reports read (docs/results-schema.md).
extension Results {
    /// The results as pretty-printed JSON with sorted keys and a final newline.
    ///
    /// Sorted keys make the bytes depend only on the values, so two files differ exactly where
    /// their results do and a committed baseline diffs cleanly. Slashes are not escaped, so the
    /// schema reads `"cornerbench.results/1"` as tools (and `grep`) expect.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            var data = try encoder.encode(self)
            data.append(UInt8(ascii: "\n"))
            return data
        } catch {
            throw BenchError.output(.cannotEncodeJSON(subject: "results", error: "\(error)"))
        }
    }

    /// Reads a results file written by `jsonData()` (or by another tool that follows
    /// docs/results-schema.md), validating it as strictly as scenario files are.
    ///
    /// - Throws: `BenchError.input` whose message starts with the file's path: it does not exist,
    ///   is a directory or cannot be read (`InputFile`), or what `decode(_:file:)` finds wrong.
    /// - Complexity: O(n) in the size of the file.
    public static func load(from path: String) throws -> Results {
        // Read until the end, so a FIFO or `<(cat r.json)` is read like a file.
        try decode(InputFile.read(path, expected: "a results file"), file: path)
    }

    /// Decodes the contents of a results file; `file` names it in messages. The JSON must be
    /// strictly valid (no duplicate keys, numbers that fit, at most `StrictJSON.maxDepth` levels);
    /// the schema is checked first, so another schema is named as such. Then every field
    /// docs/results-schema.md lists must have its type and limits (values from 0 to `maxValue`,
    /// `steps` from 1 to `maxSteps` with every sample array that long, at least one row, no row
    /// twice); unknown keys are ignored, except in objects keyed by counter, phase or ratio.
    /// - Throws: `BenchError.input`, "`file`: `key.path`: what was expected, got what."
    /// - Complexity: O(n) in the length of `bytes`.
    public static func decode(_ bytes: [UInt8], file: String) throws -> Results {
        try bytes.withUnsafeBufferPointer { try decode($0, file: file) }
    }

    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws -> Results {
        try InputProblem.readingJSON { try Results(from: JSONNode.document(bytes, numbers: .exact, file: file)) }
    }
}
