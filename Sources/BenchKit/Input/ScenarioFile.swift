import Foundation
import Raster
import Strategies
import Table

/// A named list of scenarios and the strategies to run on each (a suite file, DESIGN.md §5).
public struct Suite: Equatable, Sendable {
    /// The suite's name, as results and `bench list` show it.
    public var name: String
    /// The scenarios, in file order; their names are unique.
    public var scenarios: [Scenario]
    /// The strategies to run, in file order; every strategy of `StrategyCatalog` when the file
    /// names none.
    public var strategies: [String]

    public init(name: String, scenarios: [Scenario], strategies: [String] = StrategyCatalog.names) {
        self.name = name
        self.scenarios = scenarios
        self.strategies = strategies
    }
}

/// Reads scenario and suite files (DESIGN.md §5) into `Scenario` and `Suite` values.
///
/// Other tools write these files, so everything is validated here, before a run starts: every
/// problem is a `BenchError.input` whose message names the file, the key path
/// (`scenarios[2].table.rowHeight`) and what was expected. Limits keep every accepted file
/// runnable — no size that would overflow a pixel coordinate or a bitmap, no corner radius that
/// makes the strategies draw different pictures — so a bad file fails in decoding, never in a
/// trap halfway through a run.
public enum ScenarioFile {
    /// The most rows a table may have in all: the table's geometry keeps a few words per row.
    public static let maxRows = 10_000_000
    /// The most measured (or warm-up) steps a scenario may ask for.
    public static let maxSteps = 1_000_000
    /// The longest screen side, resize, row, header or footer, in pixels at the device's scale.
    /// Cells are drawn into bitmaps as large as themselves (precomposited caps, rasterized
    /// cells), so this keeps the largest at 2^26 pixels, a quarter of `Pixmap.maxPixelCount`.
    public static let maxPixelLength = 8192.0
    /// The largest device scale (no screen is denser than 3×; 4 leaves room for experiments).
    public static let maxScale = 4.0
    /// The highest refresh rate, frames per second.
    public static let maxRefreshHz = 240.0
    /// The largest file read: scenario files are a few kilobytes.
    public static let maxFileBytes = 16 << 20

    /// Reads the scenario file at `path`.
    /// - Throws: `BenchError.input` naming the file and the problem.
    public static func loadScenario(path: String) throws -> Scenario {
        try scenario(from: read(path), file: path)
    }

    /// Reads the suite file at `path`.
    /// - Throws: `BenchError.input` naming the file and the problem.
    public static func loadSuite(path: String) throws -> Suite {
        try suite(from: read(path), file: path)
    }

    /// Decodes a scenario file's contents; `file` names it in messages.
    /// - Throws: `BenchError.input` naming `file`, the key path and what was expected.
    public static func scenario(from bytes: [UInt8], file: String) throws -> Scenario {
        let root = try document(bytes, file: file)
        if case .object(let members) = root.value, members.contains(where: { $0.key == "suite" || $0.key == "scenarios" }) {
            throw root.fail("this is a suite file (it has 'suite' or 'scenarios'), not a single scenario")
        }
        return try decodeScenario(root)
    }

    /// Decodes a suite file's contents; `file` names it in messages.
    /// - Throws: `BenchError.input` naming `file`, the key path and what was expected.
    public static func suite(from bytes: [UInt8], file: String) throws -> Suite {
        let root = try document(bytes, file: file)
        if case .object(let members) = root.value, !members.contains(where: { $0.key == "suite" }),
           members.contains(where: { $0.key == "table" }) {
            throw root.fail("this is a single scenario file (it has 'table'), not a suite")
        }
        let fields = try root.object(allowing: ["suite", "scenarios", "strategies"], expected: "a suite object")
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
        var strategies = StrategyCatalog.names
        if let list = fields.optional("strategies") {
            strategies = []
            var seen: [String: String] = [:]
            for item in try list.array(nonEmpty: true) {
                let strategy = try item.string(nonEmpty: true)
                guard StrategyCatalog.names.contains(strategy) else {
                    throw item.fail(unknownName("strategy", strategy, StrategyCatalog.names))
                }
                if let first = seen[strategy] { throw item.fail("'\(strategy)' is already listed at \(first)") }
                seen[strategy] = item.path
                strategies.append(strategy)
            }
        }
        return Suite(name: name, scenarios: scenarios, strategies: strategies)
    }

    // MARK: Files

    private static func read(_ path: String) throws -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw BenchError.input("\(path): no such file.")
        }
        guard !isDirectory.boolValue else {
            throw BenchError.input("\(path): is a directory; expected a JSON file.")
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw BenchError.input("\(path): cannot read the file (permission denied).")
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if let size = attributes?[.size] as? Int ?? (attributes?[.size] as? NSNumber)?.intValue, size > maxFileBytes {
            throw BenchError.input("\(path): the file is \(grouped(size)) bytes; scenario and suite files are limited to \(grouped(maxFileBytes)).")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BenchError.input("\(path): cannot read the file.")
        }
        return [UInt8](data)
    }

    private static func document(_ bytes: [UInt8], file: String) throws -> Node {
        do {
            return Node(value: try JSONValue.parse(bytes), path: "", file: file)
        } catch let error as JSONSyntaxError {
            throw BenchError.input("\(file): \(error)")
        }
    }

    // MARK: Scenarios

    private static let styleKeys = ["cornerRadius", "sideInset", "maxColumnWidth", "backgroundColor", "cellColor",
                                    "selectedColor", "roundsInCompactWidth"]
    /// The style keys an event may change: `roundsInCompactWidth` is a choice of style, not a
    /// property a running app animates.
    private static let settableKeys = Array(styleKeys.dropLast())

    private static func decodeScenario(_ node: Node) throws -> Scenario {
        let fields = try node.object(allowing: ["name", "device", "table", "style", "scroll", "events"],
                                     expected: "a scenario object")
        let name = try fields.required("name", "a non-empty string").string(nonEmpty: true)
        let device = try decodeDevice(fields.required("device", "a device name or object"))
        var scenario = Scenario(name: name, device: device, sections: 0, rowsPerSection: [0], steps: 1)
        try decodeTable(fields.required("table", "an object"), into: &scenario)
        if let style = fields.optional("style") {
            let styleFields = try style.object(allowing: styleKeys, expected: "an object")
            let change = try decodeStyleChange(styleFields, scenario: scenario)
            scenario.style = change.applied(to: TableStyle())
            if let rounds = styleFields.optional("roundsInCompactWidth") {
                scenario.style.roundsInCompactWidth = try rounds.bool()
            }
        }
        let radiusLimit = scenario.rowHeight / 2
        if scenario.style.cornerRadius > radiusLimit {
            // Only the default can get here: an explicit radius was checked in decodeStyleChange.
            throw node.child("table").child("rowHeight").fail(
                "a row height of \(format(scenario.rowHeight)) is less than twice the default corner radius \(format(scenario.style.cornerRadius)); set style.cornerRadius to at most \(format(radiusLimit))")
        }
        try decodeScroll(fields.required("scroll", "an object"), into: &scenario)
        if let events = fields.optional("events") {
            scenario.events = try events.array(nonEmpty: false).map { try decodeEvent($0, scenario: scenario) }
        }
        return scenario
    }

    private static func decodeDevice(_ node: Node) throws -> Device {
        if case .string(let name) = node.value {
            guard let device = Device.named(name) else {
                throw node.fail(unknownName("device", name, Device.catalogue.map(\.name)))
            }
            return device
        }
        guard case .object = node.value else { throw node.mismatch("a device name or an object") }
        let fields = try node.object(allowing: ["width", "height", "scale", "refreshHz", "name"], expected: "an object")
        let scale = try fields.required("scale", "a positive number").number(
            "a positive number up to \(format(maxScale))") { $0 > 0 && $0 <= maxScale }
        let refreshHz = try fields.required("refreshHz", "a positive number").number(
            "a positive number up to \(format(maxRefreshHz))") { $0 > 0 && $0 <= maxRefreshHz }
        let width = try fields.required("width", "a positive number").screenLength(scale: scale)
        let height = try fields.required("height", "a positive number").screenLength(scale: scale)
        let name = try fields.optional("name")?.string(nonEmpty: true) ?? "custom"
        return Device(name: name, width: width, height: height, scale: scale, refreshHz: refreshHz)
    }

    private static func decodeTable(_ node: Node, into scenario: inout Scenario) throws {
        let fields = try node.object(allowing: ["sections", "rowsPerSection", "rowHeight", "headerHeight", "footerHeight"],
                                     expected: "an object")
        let sections = try fields.required("sections", "an integer").integer(0...maxRows)
        let rowsNode = try fields.required("rowsPerSection", "an integer or a non-empty array of integers")
        let rows: [Int]
        switch rowsNode.value {
        case .number: rows = [try rowsNode.integer(0...maxRows)]
        case .array: rows = try rowsNode.array(nonEmpty: true).map { try $0.integer(0...maxRows) }
        default: throw rowsNode.mismatch("an integer or a non-empty array of integers")
        }
        // Each entry is at most maxRows and the cycle repeats at most maxRows times, so this
        // cannot overflow 64 bits for any list a file can hold.
        let cycle = rows.reduce(0, +)
        let partial = rows.prefix(sections % rows.count).reduce(0, +)
        let total = (sections / rows.count) * cycle + partial
        guard total <= maxRows else {
            throw node.fail("\(grouped(total)) rows in all; the maximum is \(grouped(maxRows))")
        }
        let scale = scenario.device.scale
        scenario.sections = sections
        scenario.rowsPerSection = rows
        scenario.rowHeight = try fields.optional("rowHeight")?.drawnLength(scale: scale, allowsZero: false) ?? 44
        scenario.headerHeight = try fields.optional("headerHeight")?.drawnLength(scale: scale, allowsZero: true) ?? 35
        scenario.footerHeight = try fields.optional("footerHeight")?.drawnLength(scale: scale, allowsZero: true) ?? 18
    }

    /// The style keys present in `fields` (those of `settableKeys`), each checked.
    private static func decodeStyleChange(_ fields: Fields, scenario: Scenario) throws -> StyleChange {
        var change = StyleChange()
        if let node = fields.optional("cornerRadius") {
            let limit = scenario.rowHeight / 2
            let radius = try node.number("a non-negative number") { $0 >= 0 }
            guard radius <= limit else {
                // TORoundedTableView's corner grid would overlap itself while masks clamp the
                // radius: the strategies would no longer draw the same picture.
                throw node.fail("expected at most \(format(limit)) (half the row height \(format(scenario.rowHeight))), got \(format(radius))")
            }
            change.cornerRadius = radius
        }
        change.sideInset = try fields.optional("sideInset")?.number("a non-negative number") { $0 >= 0 }
        change.maxColumnWidth = try fields.optional("maxColumnWidth")?.number("a positive number") { $0 > 0 }
        change.backgroundColor = try fields.optional("backgroundColor")?.color()
        change.cellColor = try fields.optional("cellColor")?.color()
        change.selectedColor = try fields.optional("selectedColor")?.color()
        return change
    }

    private static let scrollKinds = ["constant", "fling", "jump"]
    private static let kindKeys = ["constant": ["pointsPerStep"], "fling": ["velocity", "deceleration"], "jump": ["to"]]

    private static func decodeScroll(_ node: Node, into scenario: inout Scenario) throws {
        let fields = try node.object(allowing: ["kind", "steps", "warmupSteps", "pointsPerStep", "velocity", "deceleration", "to"],
                                     expected: "an object")
        let kindNode = try fields.required("kind", "\"constant\", \"fling\" or \"jump\"")
        let kind = try kindNode.string(nonEmpty: false)
        guard kindKeys[kind] != nil else { throw kindNode.fail(unknownName("scroll kind", kind, scrollKinds)) }
        for (key, _) in fields.members {
            if let owner = kindKeys.first(where: { $0.key != kind && $0.value.contains(key) })?.key {
                throw node.child(key).fail("applies to a \(owner) scroll, not a \(kind) one")
            }
        }
        scenario.steps = try fields.required("steps", "an integer").integer(1...maxSteps)
        scenario.warmupSteps = try fields.optional("warmupSteps")?.integer(0...maxSteps) ?? 10
        switch kind {
        case "constant":
            scenario.pointsPerStep = try fields.optional("pointsPerStep")?.number("a number") { _ in true } ?? 12
            scenario.motion = nil
        case "fling":
            let velocity = try fields.required("velocity", "a number (points per second)").number("a number") { _ in true }
            let deceleration = try fields.optional("deceleration")?.number("a number between 0 and 1 (exclusive)") {
                $0 > 0 && $0 < 1
            } ?? ScrollDriver.normalDeceleration
            scenario.motion = .fling(velocity: velocity, deceleration: deceleration)
        default:
            let to = try fields.required("to", "an offset or a { \"section\", \"row\" } object")
            switch to.value {
            case .number(let offset): scenario.motion = .jumpToOffset(offset)
            case .object: scenario.motion = .jumpToRow(try decodeRow(to, scenario: scenario))
            default: throw to.mismatch("a number (an offset) or an object with \"section\" and \"row\"")
            }
        }
    }

    private static func decodeEvent(_ node: Node, scenario: Scenario) throws -> ScenarioEvent {
        let actions = ["set", "resize", "select"]
        let fields = try node.object(allowing: ["atStep"] + actions, expected: "an event object")
        let last = scenario.steps - 1
        let atStep = try fields.required("atStep", "an integer").integer(
            0...last, expected: "an integer from 0 to \(grouped(last)) (the scroll has \(grouped(scenario.steps)) steps)")
        let present = actions.filter { fields.optional($0) != nil }
        guard present.count == 1 else {
            throw node.fail(present.isEmpty ? "expected one of 'set', 'resize' or 'select'"
                                            : "expected exactly one of 'set', 'resize' or 'select', got \(present.map { "'\($0)'" }.joined(separator: " and "))")
        }
        let action = fields.optional(present[0])!
        switch present[0] {
        case "set":
            if case .object(let members) = action.value, members.contains(where: { $0.key == "roundsInCompactWidth" }) {
                throw action.child("roundsInCompactWidth").fail("cannot change in an event; set it in 'style'")
            }
            let setFields = try action.object(allowing: settableKeys, expected: "an object")
            guard !setFields.members.isEmpty else {
                throw action.fail("expected at least one of \(settableKeys.joined(separator: ", "))")
            }
            return ScenarioEvent(atStep: atStep, action: .set(try decodeStyleChange(setFields, scenario: scenario)))
        case "resize":
            let size = try action.object(allowing: ["width", "height"], expected: "an object")
            let scale = scenario.device.scale
            let width = try size.required("width", "a positive number").drawnLength(scale: scale, allowsZero: false)
            let height = try size.required("height", "a positive number").drawnLength(scale: scale, allowsZero: false)
            return ScenarioEvent(atStep: atStep, action: .resize(width: width, height: height))
        default:
            return ScenarioEvent(atStep: atStep, action: .select(try decodeRow(action, scenario: scenario)))
        }
    }

    /// `{ "section": s, "row": r }`, which must name a row of the scenario's table.
    private static func decodeRow(_ node: Node, scenario: Scenario) throws -> Table.IndexPath {
        let fields = try node.object(allowing: ["section", "row"], expected: "an object")
        let sectionNode = try fields.required("section", "an integer")
        let section = try sectionNode.integer(0...Int(Int32.max))
        guard section < scenario.sections else {
            throw sectionNode.fail(scenario.sections == 0 ? "the table has no sections"
                                   : "section \(section) does not exist; the table has \(grouped(scenario.sections)) sections (0 to \(grouped(scenario.sections - 1)))")
        }
        let rows = scenario.rowsPerSection[section % scenario.rowsPerSection.count]
        let rowNode = try fields.required("row", "an integer")
        let row = try rowNode.integer(0...Int(Int32.max))
        guard row < rows else {
            throw rowNode.fail(rows == 0 ? "section \(section) has no rows"
                               : "row \(row) does not exist; section \(section) has \(grouped(rows)) row\(rows == 1 ? "" : "s") (0 to \(grouped(rows - 1)))")
        }
        return Table.IndexPath(row: row, section: section)
    }

    // MARK: Messages

    /// "unknown device 'ipad-12'; did you mean 'ipad-11'?" or, with no near name, the list.
    fileprivate static func unknownName(_ what: String, _ name: String, _ known: [String]) -> String {
        if let near = Suggestion.nearest(to: name, in: known) {
            return "unknown \(what) '\(display(name))'; did you mean '\(near)'?"
        }
        return "unknown \(what) '\(display(name))'; expected one of \(known.joined(separator: ", "))"
    }

    /// A number as a message shows it: whole numbers without a fraction and with thousands
    /// separators, others as Swift prints them (0.5, 1e-308).
    fileprivate static func format(_ x: Double) -> String {
        if x == x.rounded(), abs(x) < 1e15 { return grouped(Int(x)) }
        return "\(x)"
    }

    /// 10000000 as "10,000,000".
    fileprivate static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return n < 0 ? "-" + out : out
    }

    /// A name from the file as a message quotes it: control characters escaped, long names cut,
    /// so a message stays one readable line.
    fileprivate static func display(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars.prefix(60) {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                out += scalar.escaped(asASCII: true)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return s.unicodeScalars.count > 60 ? out + "..." : out
    }
}

/// A value in a file and where it is: the key path messages name.
private struct Node {
    let value: JSONValue
    /// `scenarios[2].table.rowHeight`; empty at the top level.
    let path: String
    let file: String

    /// "file: path: message." (a message ending in '?' keeps it).
    func fail(_ message: String) -> BenchError {
        let end = message.hasSuffix("?") || message.hasSuffix(".") ? "" : "."
        return .input(path.isEmpty ? "\(file): \(message)\(end)" : "\(file): \(path): \(message)\(end)")
    }

    /// "expected a number, got a string."
    func mismatch(_ expected: String) -> BenchError {
        fail("expected \(expected), got \(value.kindDescription)")
    }

    /// The member `key` of this object: `.key`, or `["key"]` for a key that is not a plain word.
    func child(_ key: String, _ value: JSONValue = .null) -> Node {
        let plain = !key.isEmpty && key.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-")
        }
        let step = plain ? (path.isEmpty ? key : "." + key) : "[\"\(ScenarioFile.display(key))\"]"
        return Node(value: value, path: path + step, file: file)
    }

    func element(_ index: Int, _ value: JSONValue) -> Node {
        Node(value: value, path: "\(path)[\(index)]", file: file)
    }

    /// The members of an object whose keys must all be in `keys`; an unknown key is an error that
    /// suggests the nearest known one.
    func object(allowing keys: [String], expected: String) throws -> Fields {
        guard case .object(let members) = value else { throw mismatch(expected) }
        for (key, _) in members where !keys.contains(key) {
            if let near = Suggestion.nearest(to: key, in: keys) {
                throw child(key).fail("unknown key; did you mean '\(near)'?")
            }
            throw child(key).fail("unknown key; expected \(keys.count == 1 ? "" : "one of ")\(keys.joined(separator: ", "))")
        }
        return Fields(node: self, members: members)
    }

    func array(nonEmpty: Bool) throws -> [Node] {
        guard case .array(let items) = value else { throw mismatch(nonEmpty ? "a non-empty array" : "an array") }
        guard !nonEmpty || !items.isEmpty else { throw fail("expected a non-empty array, got an empty one") }
        return items.enumerated().map { element($0.offset, $0.element) }
    }

    func string(nonEmpty: Bool) throws -> String {
        guard case .string(let s) = value else { throw mismatch(nonEmpty ? "a non-empty string" : "a string") }
        guard !nonEmpty || !s.isEmpty else { throw fail("expected a non-empty string, got an empty one") }
        return s
    }

    func bool() throws -> Bool {
        guard case .bool(let b) = value else { throw mismatch("true or false") }
        return b
    }

    /// A number that passes `accepts`; otherwise "expected <expected>, got <the number>".
    func number(_ expected: String, _ accepts: (Double) -> Bool) throws -> Double {
        guard case .number(let x) = value else { throw mismatch(expected) }
        guard accepts(x) else { throw fail("expected \(expected), got \(ScenarioFile.format(x))") }
        return x
    }

    /// A whole number in `range`; the range check runs on the `Double`, before any conversion
    /// that 1e20 would trap.
    func integer(_ range: ClosedRange<Int>, expected: String? = nil) throws -> Int {
        let expected = expected ?? (range.upperBound >= Int(Int32.max)
            ? (range.lowerBound == 0 ? "a non-negative integer" : "an integer ≥ \(range.lowerBound)")
            : "an integer from \(ScenarioFile.grouped(range.lowerBound)) to \(ScenarioFile.grouped(range.upperBound))")
        guard case .number(let x) = value else { throw mismatch("an integer") }
        guard x == x.rounded() else { throw fail("expected a whole number (\(expected)), got \(ScenarioFile.format(x))") }
        guard x >= Double(range.lowerBound), x <= Double(range.upperBound) else {
            throw fail("expected \(expected), got \(ScenarioFile.format(x))")
        }
        return Int(x)
    }

    /// A screen side: at least one pixel and at most `ScenarioFile.maxPixelLength` at `scale`.
    func screenLength(scale: Double) throws -> Double {
        let most = ScenarioFile.maxPixelLength / scale, least = 1 / scale
        return try number("a number from \(ScenarioFile.format(least)) to \(ScenarioFile.format(most)) (1 to \(ScenarioFile.format(ScenarioFile.maxPixelLength)) pixels at \(ScenarioFile.format(scale))×)") {
            $0 >= least && $0 <= most
        }
    }

    /// A drawn length (row, header, footer, resize): positive (or zero when `allowsZero`) and at
    /// most `ScenarioFile.maxPixelLength` pixels at `scale`.
    func drawnLength(scale: Double, allowsZero: Bool) throws -> Double {
        let most = ScenarioFile.maxPixelLength / scale
        let kind = allowsZero ? "a non-negative number" : "a positive number"
        return try number("\(kind) up to \(ScenarioFile.format(most)) (\(ScenarioFile.format(ScenarioFile.maxPixelLength)) pixels at \(ScenarioFile.format(scale))×)") {
            (allowsZero ? $0 >= 0 : $0 > 0) && $0 <= most
        }
    }

    /// "#RRGGBB" or "#RRGGBBAA".
    func color() throws -> Color {
        let expected = "a colour \"#RRGGBB\" or \"#RRGGBBAA\""
        guard case .string(let s) = value else { throw mismatch(expected) }
        guard let color = Color(hex: s) else { throw fail("expected \(expected), got \"\(ScenarioFile.display(s))\"") }
        return color
    }
}

/// An object's members, looked up by key (keys are unique: the parser rejects duplicates).
private struct Fields {
    let node: Node
    let members: [(key: String, value: JSONValue)]

    func optional(_ key: String) -> Node? {
        members.first { $0.key == key }.map { node.child(key, $0.value) }
    }

    /// The member `key`, or "missing key 'key' (<what>)".
    func required(_ key: String, _ what: String) throws -> Node {
        guard let found = optional(key) else { throw node.fail("missing key '\(key)' (\(what))") }
        return found
    }
}
