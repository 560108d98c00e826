import Foundation

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
            throw BenchError.output("cannot encode the results as JSON: \(error).")
        }
    }

    /// Reads a results file written by `jsonData()`.
    ///
    /// The schema is checked before the rest, so a file of another schema is reported as such
    /// rather than as whichever field happens to be missing.
    /// - Throws: `BenchError.input` naming the file and what is wrong: it does not exist, is a
    ///   directory, cannot be read, is not valid JSON, has another `schema`, or lacks a field.
    public static func load(from path: String) throws -> Results {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            throw BenchError.input(code == ENOENT
                ? "the results file '\(path)' does not exist."
                : "cannot read the results file '\(path)': \(BenchError.systemReason(code)).")
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw BenchError.input("'\(path)' is a directory, not a results file.")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = access(path, R_OK) == 0 ? "it could not be read" : "permission denied"
            throw BenchError.input("cannot read the results file '\(path)': \(reason).")
        }

        // JSONDecoder only says "not valid JSON"; JSONSerialization also says where.
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw BenchError.input("'\(path)' is not valid JSON: \(syntaxProblem(error, in: data)).")
        }

        /// Only the schema: every version of the format has it.
        struct SchemaProbe: Decodable { var schema: String? }
        let decoder = JSONDecoder()
        let probe: SchemaProbe
        do {
            probe = try decoder.decode(SchemaProbe.self, from: data)
        } catch {
            throw BenchError.input("'\(path)' is not a valid results file: \(describe(error)).")
        }
        guard let schema = probe.schema else {
            throw BenchError.input("'\(path)' is not a results file: it has no \"schema\" field (expected \"\(currentSchema)\").")
        }
        guard schema == currentSchema else {
            throw BenchError.input("'\(path)' has schema \"\(schema)\", but this version of bench reads \"\(currentSchema)\".")
        }
        do {
            return try decoder.decode(Results.self, from: data)
        } catch {
            throw BenchError.input("'\(path)' is not a valid results file: \(describe(error)).")
        }
    }

    /// A JSON syntax error as a clause, with "around character N" turned into a line and column.
    private static func syntaxProblem(_ error: Error, in data: Data) -> String {
        guard var text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String else {
            return "the JSON syntax is broken"
        }
        if text.hasSuffix(".") { text.removeLast() }
        let marker = " around character "
        if let range = text.range(of: marker), let offset = Int(text[range.upperBound...]), offset <= data.count {
            let before = data.prefix(offset)
            let line = before.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            let column = offset - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
            text = text[..<range.lowerBound] + " at line \(line), column \(column)"
        }
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// A decoding error as a clause naming the field (`runs[0].steps`) and what is wrong with it.
    private static func describe(_ error: Error) -> String {
        func keyPath(_ path: [CodingKey]) -> String {
            var text = ""
            for key in path {
                if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
            }
            return text.isEmpty ? "the top level" : "'\(text)'"
        }
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = context.codingPath.isEmpty ? "" : " in \(keyPath(context.codingPath))"
            return "the field '\(key.stringValue)' is missing\(parent)"
        case .typeMismatch(let type, let context):
            return "\(keyPath(context.codingPath)) should be \(describe(type))"
        case .valueNotFound(let type, let context):
            return "\(keyPath(context.codingPath)) is null but should be \(describe(type))"
        case .dataCorrupted(let context):
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            if context.codingPath.isEmpty {
                return "it is not valid JSON" + (underlying.map { " (\($0.trimmingCharacters(in: CharacterSet(charactersIn: "."))))" } ?? "")
            }
            return "\(keyPath(context.codingPath)) is invalid (\(context.debugDescription))"
        @unknown default:
            return "\(error)"
        }
    }

    /// A Swift type as the JSON value it is read from.
    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type: return "an integer"
        case is Double.Type: return "a number"
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Array") { return "a list" }
            return "an object"
        }
    }
}
