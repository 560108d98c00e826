import Foundation
import Harness
import JSON
import Problems
import Raster
import Results
import Strategies
import Table
import Text

/// Reads scenario and suite files (docs/scenario-files.md) into `Scenario` and `Suite` values.
///
/// Other tools write these files, so everything is validated here, before a run starts: every
/// problem is a `BenchError.input` whose message names the file, the key path
/// (`scenarios[2].table.rowHeight`) and what was expected. Limits keep every accepted file
/// runnable — no size that would overflow a pixel coordinate or a bitmap, no corner radius that
/// makes the strategies draw different pictures — so a bad file fails in decoding, never in a
/// trap halfway through a run.
public enum ScenarioFile {
    /// The most rows a table may have in all (`Scenario.maxRows`, whose check is
    /// `Scenario.breach`).
    public static let maxRows = Scenario.maxRows
    /// The most measured (or warm-up) steps a scenario may ask for.
    public static let maxSteps = Results.maxSteps
    /// The most events a scenario may have (each is applied between two frames).
    public static let maxEvents = 10_000
    /// The longest screen side, resize, row, header or footer, in pixels at the device's scale
    /// (`Scenario.maxPixelLength`).
    public static let maxPixelLength = Scenario.maxPixelLength
    /// The largest device scale (no screen is denser than 3×; 4 leaves room for experiments).
    public static let maxScale = 4.0
    /// The highest refresh rate, frames per second (`DeviceTime.refreshRange`, whose lowest is 1).
    public static let maxRefreshHz = DeviceTime.refreshRange.upperBound
    /// The largest file read: scenario files are a few kilobytes.
    public static let maxFileBytes = 16 << 20

    /// Reads the scenario file at `path`.
    /// - Throws: `BenchError.input` naming the file and the problem.
    public static func loadScenario(path: String) throws -> Scenario {
        try scenario(from: read(path), file: path)
    }

    /// Reads the suite file at `path`, whose strategies must be in `catalog`.
    /// - Throws: `BenchError.input` naming the file and the problem.
    public static func loadSuite(path: String, catalog: StrategyCatalog = .builtIn) throws -> Suite {
        try suite(from: read(path), file: path, catalog: catalog)
    }

    /// Decodes a scenario file's contents; `file` names it in messages.
    /// - Throws: `BenchError.input` naming `file`, the key path and what was expected.
    public static func scenario(from bytes: [UInt8], file: String) throws -> Scenario {
        try InputProblem.readingJSON {
            let root = try document(bytes, file: file)
            if case .object(let members) = root.value, members.contains(where: { $0.key == "suite" || $0.key == "scenarios" }) {
                throw root.fail("this is a suite file (it has 'suite' or 'scenarios'), not a single scenario")
            }
            return try decodeScenario(root)
        }
    }

    /// Decodes a suite file's contents; `file` names it in messages. Its strategies must be in
    /// `catalog`, whose every strategy it runs when it names none.
    /// - Throws: `BenchError.input` naming `file`, the key path and what was expected.
    public static func suite(from bytes: [UInt8], file: String, catalog: StrategyCatalog = .builtIn) throws -> Suite {
        try InputProblem.readingJSON { try decodeSuite(document(bytes, file: file), catalog: catalog) }
    }

    /// A suite object (`suite(from:file:catalog:)`).
    static func decodeSuite(_ root: JSONNode, catalog: StrategyCatalog) throws -> Suite {
        if case .object(let members) = root.value, !members.contains(where: { $0.key == "suite" }),
           members.contains(where: { $0.key == "table" }) {
            throw root.fail("this is a single scenario file (it has 'table'), not a suite")
        }
        let fields = try root.object(allowing: ["suite", "description", "scenarios", "strategies", "limits"], expected: "a suite object")
        let name = try fields.required("suite", "a non-empty string").string(nonEmpty: true)
        let entries = try fields.required("scenarios", "a non-empty array of scenarios").array(nonEmpty: true)
        var scenarios: [Scenario] = []
        var firstUse: [String: String] = [:]
        for entry in entries {
            let scenario: Scenario
            if case .string(let builtIn) = entry.value {
                guard let found = Scenario.named(builtIn) else {
                    throw entry.fail(unknownName("built-in scenario", builtIn, Scenario.builtIn.map(\.name)))
                }
                scenario = found
            } else if case .object = entry.value {
                scenario = try decodeScenario(entry)
            } else {
                throw entry.mismatch("a scenario object or a built-in scenario's name")
            }
            if let first = firstUse[scenario.name] {
                throw entry.fail("the scenario name '\(display(scenario.name))' is already used by \(first)")
            }
            firstUse[scenario.name] = entry.path
            scenarios.append(scenario)
        }
        let known = catalog.names
        var strategies = known
        if let list = fields.member("strategies") {
            strategies = []
            var seen: [String: String] = [:]
            for item in try list.array(nonEmpty: true) {
                let strategy = try item.string(nonEmpty: true)
                guard known.contains(strategy) else {
                    throw item.fail(unknownName("strategy", strategy, known))
                }
                if let first = seen[strategy] { throw item.fail("'\(strategy)' is already listed at \(first)") }
                seen[strategy] = item.path
                strategies.append(strategy)
            }
        }
        let about = try fields.member("description")?.string(nonEmpty: true)
        return Suite(name: name, scenarios: scenarios, strategies: strategies, about: about,
                     limits: try fields.member("limits").map(decodeLimits) ?? [])
    }

    /// A suite's `limits`: an object of `Limit.Measure` names and the largest value each may take,
    /// a number from 0 to 2^53 (`Limit.allowedMaximum`) (`{"worstFrameShare": 0.5, "offscreenPasses": 10}`).
    static func decodeLimits(_ node: JSONNode) throws -> [Limit] {
        let names = Limit.Measure.allCases.map(\.rawValue)
        let fields = try node.object(allowing: names, expected: "an object of limits (\(names.joined(separator: ", ")))")
        return try fields.members.map { member in
            // The results reader's range: a run writes the suite's limits into its results.
            let value = try node.child(member.key, member.value).number(Limit.allowedMaximumText) { Limit.allowedMaximum.contains($0) }
            return Limit(Limit.Measure(rawValue: member.key)!, maximum: value)
        }
    }

    // MARK: Files

    /// The kinds of file read here, each named in the message about a file too large.
    public enum FileKind: String, Sendable {
        case scenario = "scenario and suite files"
        case cell = "cell files"
    }

    /// The bytes of a scenario, suite or cell file (`kind`), read until the end (a FIFO or `<(…)`
    /// too) and at most `maxFileBytes` of them: read once, and decoded from the bytes, so that a
    /// command that starts child processes hands them a copy rather than the path, which a FIFO
    /// lets only one reader read.
    /// - Throws: `BenchError.input` naming the file and why it cannot be read.
    public static func read(_ path: String, kind: FileKind = .scenario) throws -> [UInt8] {
        try InputFile.read(path, expected: "a JSON file", limit: (maxFileBytes, kind.rawValue))
    }

    /// The document in `bytes`, read by the one strict parser with every number a `Double`.
    static func document(_ bytes: [UInt8], file: String) throws -> JSONNode {
        try bytes.withUnsafeBufferPointer { try JSONNode.document($0, numbers: .doubles, file: file) }
    }

    // MARK: Messages

    /// "unknown device 'ipad-12'; did you mean 'ipad-11'?" or, with no near name, the list.
    static func unknownName(_ what: String, _ name: String, _ known: [String]) -> String {
        if let near = Suggestion.nearest(to: name, in: known) {
            return "unknown \(what) '\(display(name))'; did you mean '\(near)'?"
        }
        // A long list (the device catalogue) is cut, so the message stays a readable line.
        let listed = known.count <= 12 ? known.joined(separator: ", ")
            : known.prefix(6).joined(separator: ", ") + ", … (\(known.count) in all; 'bench list' shows them)"
        return "unknown \(what) '\(display(name))'; expected one of \(listed)"
    }

    /// A name from the file as a message quotes it: control characters escaped, long names cut
    /// (`Escape.message`), so a message stays one readable line.
    static func display(_ s: String) -> String { Escape.message(s) }
}

