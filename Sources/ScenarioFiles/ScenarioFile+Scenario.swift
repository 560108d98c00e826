import DeviceModel
import Devices
import Harness
import JSON
import Raster
import Results
import Scenarios
import Strategies
import Table
import Text

/// Decoding of one scenario object in stages — device, table, style, scroll, events, overlays — each
/// returning its part and given exactly the parts it depends on (a style needs the row height it
/// must fit; a selection needs the table's rows), so the order of the stages is written in their
/// parameters. The scenario is built once, from the parts, and held whole to `Scenario.breach`
/// (the rows in all, a jump's row, the corner radius: `ScenarioFile+Breach.swift`).
extension ScenarioFile {
    /// The style keys an event may change.
    private static let settableKeys = ["cornerRadius", "sideInset", "maxColumnWidth", "backgroundColor", "cellColor",
                                       "selectedColor", "opaqueLabels"]
    /// The style keys of a scenario: `roundsInCompactWidth` is a choice of style, not a property
    /// a running app animates.
    private static let styleKeys = settableKeys + ["roundsInCompactWidth"]
    /// The longest label a content pattern may ask for, and the most rows it may list.
    static let maxTextLength = 200
    static let maxPatternRows = 1000

    /// A scenario file's `table`: the sections, their rows, the heights and the content.
    private struct TablePart {
        var sections: Int
        var rowsPerSection: [Int]
        var rowHeight: Double
        var headerHeight: Double
        var footerHeight: Double
        var content: ContentPattern
        /// Points of the screen above and below the table's frame.
        var top: Double
        var bottom: Double
    }

    /// A scenario file's `scroll`: the steps and how the table moves through them.
    private struct ScrollPart {
        var steps: Int
        var warmupSteps: Int
        /// `Scenario.Defaults.pointsPerStep` unless a constant scroll sets it.
        var pointsPerStep: Double
        /// nil for a constant scroll.
        var motion: ScrollDriver.Motion?
    }

    static func decodeScenario(_ node: JSONNode) throws -> Scenario {
        let fields = try node.object(allowing: ["name", "device", "table", "style", "scroll", "events", "overlays"],
                                     expected: "a scenario object")
        let name = try fields.required("name", "a non-empty string").string(nonEmpty: true)
        let device = try decodeDevice(fields.required("device", "a device name or object"))
        let table = try decodeTable(fields.required("table", "an object"), scale: device.scale)
        var style = TableStyle()
        if let styleNode = fields.member("style") {
            let styleFields = try styleNode.object(allowing: styleKeys, expected: "an object")
            style = try decodeStyle(styleFields, over: style)
            if let rounds = styleFields.member("roundsInCompactWidth") {
                style.roundsInCompactWidth = try rounds.bool()
            }
        }
        let scroll = try decodeScroll(fields.required("scroll", "an object"), scale: device.scale)
        var events: [ScenarioEvent] = []
        if let eventsNode = fields.member("events") {
            let list = try eventsNode.array(nonEmpty: false)
            guard list.count <= maxEvents else {
                throw eventsNode.fail("\(Format.grouped(list.count)) events; a scenario may have at most \(Format.grouped(maxEvents))")
            }
            let decoded = try list.map { try decodeEvent($0, steps: scroll.steps, scale: device.scale, table: table, style: style) }
            events = try resolve(decoded, from: style)
        }
        let overlays = try fields.member("overlays").map(decodeOverlays) ?? []
        let scenario = Scenario(name: name, device: device, sections: table.sections, rowsPerSection: table.rowsPerSection,
                                rowHeight: table.rowHeight, headerHeight: table.headerHeight, footerHeight: table.footerHeight,
                                style: style, content: table.content, pointsPerStep: scroll.pointsPerStep, motion: scroll.motion,
                                steps: scroll.steps, warmupSteps: scroll.warmupSteps, events: events, overlays: overlays,
                                tableTop: table.top, tableBottom: table.bottom)
        if let breach = scenario.breach { throw try problem(breach, of: scenario, in: fields) }
        return scenario
    }

    private static func decodeDevice(_ node: JSONNode) throws -> Device {
        if case .string(let name) = node.value {
            guard let device = Device.named(name) else {
                throw node.fail(unknownName("device", name, Device.catalogue.map(\.name)))
            }
            return device
        }
        guard case .object = node.value else { throw node.mismatch("a device name or an object") }
        let fields = try node.object(allowing: ["width", "height", "scale", "refreshHz", "name", "gpu", "ios"], expected: "an object")
        // A catalogue device by name with its iOS or GPU changed: {"name": "iphone-6", "ios": 9}.
        if fields.member("width") == nil, let nameNode = fields.member("name"), case .string(let name) = nameNode.value {
            guard var device = Device.named(name) else {
                throw nameNode.fail(unknownName("device", name, Device.catalogue.map(\.name))
                                    + " (a device of your own gives width, height, scale and refreshHz)")
            }
            for key in ["height", "scale", "refreshHz"] where fields.member(key) != nil {
                throw fields.member(key)!.fail("a catalogue device's screen is its own; give width, height, scale and refreshHz together for a device of your own")
            }
            if let gpu = fields.member("gpu") { device.gpuProfile = try decodeGPU(gpu) }
            if let ios = fields.member("ios") { device.ios = try decodeIOS(ios, support: device.iosSupport, device: name) }
            return device
        }
        let scale = try fields.required("scale", "a positive number").number(
            "a positive number up to \(Format.number(maxScale))") { $0 > 0 && $0 <= maxScale }
        let refreshHz = try fields.required("refreshHz", DeviceTime.refreshExpected).number(DeviceTime.refreshExpected) {
            DeviceTime.refreshRange.contains($0)
        }
        let width = try fields.required("width", "a positive number").screenLength(scale: scale)
        let height = try fields.required("height", "a positive number").screenLength(scale: scale)
        let name = try fields.member("name")?.string(nonEmpty: true) ?? "custom"
        let gpu = try fields.member("gpu").map(decodeGPU)
        let ios = try fields.member("ios").map { try decodeIOS($0, support: nil, device: name) }
        return Device(name: name, width: width, height: height, scale: scale, refreshHz: refreshHz, gpu: gpu, ios: ios)
    }

    /// A device's `gpu`: an id of the device model's catalogue, resolved to its profile here, once.
    private static func decodeGPU(_ node: JSONNode) throws -> GPUProfile {
        let id = try node.string(nonEmpty: true)
        do {
            return try GPUCatalog.builtIn.profile(id: id)
        } catch {
            let known = "the GPUs the device model knows are \(error.knownIDs.joined(separator: ", ")) (docs/device-model.md)"
            throw node.fail("unknown GPU '\(display(id))'; \(known).")
        }
    }

    /// A device's `ios`: a major version the model has rules for (`CoreAnimationRules.versions`),
    /// and one the device ran when it is a catalogue device (`Device.iosSupport`).
    private static func decodeIOS(_ node: JSONNode, support: ClosedRange<Int>?, device: String) throws -> Int {
        let range = Device.iosRange(support)
        return try node.integer(range, expected: Device.iosExpected(support, device: device))
    }

    /// The table, whose lengths are checked in pixels at the device's `scale`; absent heights and
    /// content are `Scenario.Defaults`, an absent `top` or `bottom` 0. Its rows in all, and the
    /// height its frame leaves, are checked once the scenario is whole (`Scenario.breach`).
    private static func decodeTable(_ node: JSONNode, scale: Double) throws -> TablePart {
        let fields = try node.object(allowing: ["sections", "rowsPerSection", "rowHeight", "headerHeight", "footerHeight", "content",
                                                "top", "bottom"],
                                     expected: "an object")
        let sections = try fields.required("sections", "an integer").integer(0...maxRows)
        let rowsNode = try fields.required("rowsPerSection", "an integer or a non-empty array of integers")
        let rows: [Int]
        switch rowsNode.value {
        case .number: rows = [try rowsNode.integer(0...maxRows)]
        case .array: rows = try rowsNode.array(nonEmpty: true).map { try $0.integer(0...maxRows) }
        default: throw rowsNode.mismatch("an integer or a non-empty array of integers")
        }
        return TablePart(
            sections: sections, rowsPerSection: rows,
            rowHeight: try fields.member("rowHeight")?.drawnLength(scale: scale, allowsZero: false) ?? Scenario.Defaults.rowHeight,
            headerHeight: try fields.member("headerHeight")?.drawnLength(scale: scale, allowsZero: true) ?? Scenario.Defaults.headerHeight,
            footerHeight: try fields.member("footerHeight")?.drawnLength(scale: scale, allowsZero: true) ?? Scenario.Defaults.footerHeight,
            content: try fields.member("content").map(decodeContent) ?? Scenario.Defaults.content,
            top: try fields.member("top")?.drawnLength(scale: scale, allowsZero: true) ?? 0,
            bottom: try fields.member("bottom")?.drawnLength(scale: scale, allowsZero: true) ?? 0)
    }

    /// `"settings"` (the default), `"none"` (empty cells), or an object: `rows`, a pattern of
    /// Settings rows and cells described as layers repeated down the table, and the `header` and
    /// `footer` text lengths.
    private static func decodeContent(_ node: JSONNode) throws -> ContentPattern {
        if case .string(let name) = node.value {
            switch name {
            case "settings": return .settings
            case "none": return .none
            default: throw node.fail(unknownName("content", name, ["settings", "none"]))
            }
        }
        guard case .object = node.value else { throw node.mismatch("\"settings\", \"none\" or an object") }
        let fields = try node.object(allowing: ["rows", "header", "footer"], expected: "an object")
        let rowsNode = try fields.required("rows", "an array of row objects")
        let rows = try rowsNode.array(nonEmpty: false)
        guard rows.count <= maxPatternRows else {
            throw rowsNode.fail("\(Format.grouped(rows.count)) rows; the most a pattern may list is \(Format.grouped(maxPatternRows))")
        }
        let length = 0...maxTextLength
        return ContentPattern(
            cells: try rows.map { row -> CellContent in
                if case .object(let members) = row.value, members.contains(where: { $0.key == "layers" }) {
                    return .layers(try decodeCell(row))
                }
                let f = try row.object(allowing: ["icon", "title", "detail", "accessory", "layers"],
                                       expected: "a row object (a Settings row, or a cell with 'layers')")
                let accessory = try f.member("accessory").map { node -> RowContent.Accessory in
                    let name = try node.string(nonEmpty: true)
                    guard let value = RowContent.Accessory(rawValue: name) else {
                        throw node.fail(unknownName("accessory", name, RowContent.Accessory.allCases.map(\.rawValue)))
                    }
                    return value
                }
                return .settings(RowContent(icon: try f.member("icon")?.bool() ?? false,
                                            titleLength: try f.required("title", "an integer").integer(1...maxTextLength),
                                            detailLength: try f.member("detail")?.integer(length) ?? 0,
                                            accessory: accessory ?? .none))
            },
            headerLength: try fields.member("header")?.integer(length) ?? 0,
            footerLength: try fields.member("footer")?.integer(length) ?? 0)
    }

    /// `style` with the style keys present in `fields` (those of `settableKeys`) set, each checked
    /// (a corner radius against the rows once the scenario is whole: `Scenario.cornerRadiusBreach`).
    private static func decodeStyle(_ fields: JSONFields, over style: TableStyle) throws -> TableStyle {
        var style = style
        if let node = fields.member("cornerRadius") { style.cornerRadius = try node.number("a non-negative number") { $0 >= 0 } }
        if let node = fields.member("sideInset") { style.sideInset = try node.number("a non-negative number") { $0 >= 0 } }
        if let node = fields.member("maxColumnWidth") { style.maxColumnWidth = try node.number("a positive number") { $0 > 0 } }
        if let node = fields.member("backgroundColor") { style.backgroundColor = try node.color() }
        if let node = fields.member("cellColor") { style.cellColor = try node.color() }
        if let node = fields.member("selectedColor") { style.selectedColor = try node.color() }
        if let node = fields.member("opaqueLabels") { style.opaqueLabelBackgrounds = try node.bool() }
        return style
    }

    /// An event as decoded, before a `set` is resolved against the style in force at its step.
    private enum DecodedEvent {
        case ready(ScenarioEvent)
        case set(atStep: Int, JSONFields)

        var atStep: Int {
            switch self {
            case .ready(let event): return event.atStep
            case .set(let step, _): return step
            }
        }
    }

    /// The events in file order, each `set` turned into the whole style it leaves in force: the
    /// style before it (`style`, the scenario's, changed by the `set`s of earlier steps, and of
    /// the same step earlier in the file — the order the simulation applies them in) with its
    /// keys set.
    private static func resolve(_ decoded: [DecodedEvent], from style: TableStyle) throws -> [ScenarioEvent] {
        var style = style
        var events = [ScenarioEvent?](repeating: nil, count: decoded.count)
        for i in decoded.indices.sorted(by: { (decoded[$0].atStep, $0) < (decoded[$1].atStep, $1) }) {
            switch decoded[i] {
            case .ready(let event): events[i] = event
            case let .set(step, fields):
                style = try decodeStyle(fields, over: style)
                events[i] = ScenarioEvent(atStep: step, action: .setStyle(style))
            }
        }
        return events.map { $0! }
    }

    private static let scrollKinds = ["constant", "fling", "jump"]
    private static let kindKeys = ["constant": ["pointsPerStep"], "fling": ["velocity", "deceleration"], "jump": ["to"]]

    /// The scroll, whose offsets must stay finite in pixels at the device's `scale`; a jump's row
    /// is checked against the table once the scenario is whole (`Scenario.breach`).
    private static func decodeScroll(_ node: JSONNode, scale: Double) throws -> ScrollPart {
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
        let stepCount = try fields.required("steps", "an integer").integer(1...maxSteps)
        var scroll = ScrollPart(steps: stepCount,
                                warmupSteps: try fields.member("warmupSteps")?.integer(0...maxSteps) ?? Scenario.Defaults.warmupSteps,
                                pointsPerStep: Scenario.Defaults.pointsPerStep, motion: nil)
        switch kind {
        case "constant":
            let steps = Double(stepCount)
            scroll.pointsPerStep = try fields.member("pointsPerStep")?.number(
                "a number whose offset over \(Format.grouped(stepCount)) steps stays finite in pixels") {
                    ($0 * steps * scale).isFinite
                } ?? Scenario.Defaults.pointsPerStep
        case "fling":
            let velocity = try fields.required("velocity", "a number (points per second)").number(
                "a number that stays finite in pixels") { ($0 * scale * 1000).isFinite }
            let deceleration = try fields.member("deceleration")?.number("a number between 0 and 1 (exclusive)") {
                $0 > 0 && $0 < 1
            } ?? ScrollDriver.normalDeceleration
            scroll.motion = .fling(velocity: velocity, deceleration: deceleration)
        default:
            let to = try fields.required("to", "an offset or a { \"section\", \"row\" } object")
            switch to.value {
            case .number(let offset):
                guard (offset * scale).isFinite else {
                    throw to.fail("expected an offset that stays finite in pixels, got \(Format.number(offset))")
                }
                scroll.motion = .jumpToOffset(offset)
            case .object: scroll.motion = .jumpToRow(try decodeRow(to, table: nil))
            default: throw to.mismatch("a number (an offset) or an object with \"section\" and \"row\"")
            }
        }
        return scroll
    }

    /// An event at a step below `steps`; a `set` is checked over `style` (the scenario's) and
    /// resolved later, a resize is checked at `scale`, a selection against `table`'s rows.
    private static func decodeEvent(_ node: JSONNode, steps: Int, scale: Double, table: TablePart,
                                    style: TableStyle) throws -> DecodedEvent {
        let actions = ["set", "resize", "select"]
        let fields = try node.object(allowing: ["atStep"] + actions, expected: "an event object")
        let last = steps - 1
        let atStep = try fields.required("atStep", "an integer").integer(
            0...last, expected: "an integer from 0 to \(Format.grouped(last)) (the scroll has \(Format.grouped(steps)) steps)")
        let present = actions.filter { fields.member($0) != nil }
        guard present.count == 1 else {
            throw node.fail(present.isEmpty ? "expected one of 'set', 'resize' or 'select'"
                                            : "expected exactly one of 'set', 'resize' or 'select', got \(present.map { "'\($0)'" }.joined(separator: " and "))")
        }
        let action = fields.member(present[0])!
        switch present[0] {
        case "set":
            if case .object(let members) = action.value, members.contains(where: { $0.key == "roundsInCompactWidth" }) {
                throw action.child("roundsInCompactWidth").fail("cannot change in an event; set it in 'style'")
            }
            let setFields = try action.object(allowing: settableKeys, expected: "an object")
            guard !setFields.members.isEmpty else {
                throw action.fail("expected at least one of \(settableKeys.joined(separator: ", "))")
            }
            // Checked now, so problems are reported in file order; resolved once all are read.
            _ = try decodeStyle(setFields, over: style)
            return .set(atStep: atStep, setFields)
        case "resize":
            let size = try action.object(allowing: ["width", "height"], expected: "an object")
            let width = try size.required("width", "a positive number").drawnLength(scale: scale, allowsZero: false)
            let height = try size.required("height", "a positive number").drawnLength(scale: scale, allowsZero: false)
            return .ready(ScenarioEvent(atStep: atStep, action: .resize(width: width, height: height)))
        default:
            return .ready(ScenarioEvent(atStep: atStep, action: .select(try decodeRow(action, table: table))))
        }
    }

    /// `{ "section": s, "row": r }`, which must name a row of `table` when one is given (a
    /// selection's; a jump's is checked by `Scenario.breach`).
    private static func decodeRow(_ node: JSONNode, table: TablePart?) throws -> Scenarios.IndexPath {
        let fields = try node.object(allowing: ["section", "row"], expected: "an object")
        let sectionNode = try fields.required("section", "an integer")
        let section = try sectionNode.integer(0...Int(Int32.max))
        if let table, section >= table.sections {
            throw sectionNode.fail(missingSection(section, sections: table.sections))
        }
        let rowNode = try fields.required("row", "an integer")
        let row = try rowNode.integer(0...Int(Int32.max))
        if let table, case let rows = table.rowsPerSection[section % table.rowsPerSection.count], row >= rows {
            throw rowNode.fail(missingRow(row, section: section, rows: rows))
        }
        return Scenarios.IndexPath(row: row, section: section)
    }
}
