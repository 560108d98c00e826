import JSON
import Raster

/// A definition's JSON, written and read here alone (a layer's in `LayerDescription+JSON`):
/// `json` writes it (every key of the table, its style, scroll and events; a layer's properties as
/// its cell file spells them), `init(node:)` reads it back with each problem at its key path. Keys
/// a later version adds are ignored, as everywhere in a results file, except in a layer, which
/// refuses keys no version wrote; `device.ios`, a cell's `rowHeight` and a layer's `name`, which
/// older files lack, are optional, and so are `overlays`, written only when there are some, and
/// `tableTop` and `tableBottom`, written only when not 0.
extension ScenarioDefinition: Encodable {
    /// The definition as JSON, numbers as numbers.
    public var json: JSONValue {
        var device: [String: JSONValue] = ["name": .string(self.device.name), "width": .number(self.device.width),
                                           "height": .number(self.device.height), "scale": .number(self.device.scale),
                                           "refreshHz": .number(self.device.refreshHz)]
        if let ios = self.device.ios { device["ios"] = .number(Double(ios)) }
        var out: [String: JSONValue] = [
            "device": .object(device),
            "sections": .number(Double(sections)),
            "rowsPerSection": .array(rowsPerSection.map { .number(Double($0)) }),
            "rowHeight": .number(rowHeight), "headerHeight": .number(headerHeight), "footerHeight": .number(footerHeight),
            "style": style.json,
            "content": content.json,
            "scroll": scroll.json,
            "events": .array(events.map(\.json)),
            "warmupSteps": .number(Double(warmupSteps)),
        ]
        // Only when there are some: a definition without overlays is written as it always was.
        if !overlays.isEmpty { out["overlays"] = .array(overlays.map(\.json)) }
        // Likewise a table filling the screen.
        if tableTop != 0 { out["tableTop"] = .number(tableTop) }
        if tableBottom != 0 { out["tableBottom"] = .number(tableBottom) }
        return .object(out)
    }

    /// Writes `json`.
    public func encode(to encoder: Encoder) throws {
        try json.encode(to: encoder)
    }

    /// The definition `json` holds, read as a results file's is (`init(node:)`); for definitions
    /// built by hand.
    /// - Throws: `JSONProblem`, "definition: `key.path`: what was expected, got what."
    public init(json: JSONValue) throws {
        try self.init(node: JSONNode.definition(json))
    }

    /// The definition at `node`, a results file's `scenarioDefinitions.<name>`.
    /// - Throws: `JSONProblem` at the key path of the first wrong, missing or mistyped field.
    package init(node: JSONNode) throws {
        let fields = try node.object("a definition object")
        let device = try fields.required("device", "an object").object("an object")
        self.init(
            device: Device(name: try device.required("name", "a string").string(),
                           width: try device.required("width", "a number").number(),
                           height: try device.required("height", "a number").number(),
                           scale: try device.required("scale", "a number").number(),
                           refreshHz: try device.required("refreshHz", "a number").number(),
                           ios: try device.optional("ios")?.integer()),
            sections: try fields.required("sections", "an integer").integer(),
            rowsPerSection: try fields.required("rowsPerSection", "an array of integers").array().map { try $0.integer() },
            rowHeight: try fields.required("rowHeight", "a number").number(),
            headerHeight: try fields.required("headerHeight", "a number").number(),
            footerHeight: try fields.required("footerHeight", "a number").number(),
            style: try TableStyle(node: fields.required("style", "a style object")),
            content: try ContentPattern(node: fields.required("content", "a content object")),
            scroll: try ScrollMotion(node: fields.required("scroll", "a scroll object")),
            events: try fields.required("events", "an array of events").array().map(ScenarioEvent.init(node:)),
            warmupSteps: try fields.required("warmupSteps", "an integer").integer(),
            overlays: try fields.optional("overlays")?.array().map(LayerDescription.init(node:)) ?? [],
            tableTop: try fields.optional("tableTop")?.number() ?? 0,
            tableBottom: try fields.optional("tableBottom")?.number() ?? 0)
    }
}

extension TableStyle {
    /// Colours as `Color.hexString`; `opaqueLabelBackgrounds` as `opaqueLabels`.
    var json: JSONValue {
        ["cornerRadius": .number(cornerRadius), "sideInset": .number(sideInset), "maxColumnWidth": .number(maxColumnWidth),
         "backgroundColor": .string(backgroundColor.hexString), "cellColor": .string(cellColor.hexString),
         "selectedColor": .string(selectedColor.hexString),
         "roundsInCompactWidth": .bool(roundsInCompactWidth), "opaqueLabels": .bool(opaqueLabelBackgrounds)]
    }

    init(node: JSONNode) throws {
        let f = try node.object("a style object")
        func colour(_ key: String) throws -> Color {
            let value = try f.required(key, "a colour")
            guard let color = Color(hex: try value.string()) else { throw value.fail("not a colour: expected #RRGGBB or #RRGGBBAA") }
            return color
        }
        self.init(cornerRadius: try f.required("cornerRadius", "a number").number(),
                  sideInset: try f.required("sideInset", "a number").number(),
                  maxColumnWidth: try f.required("maxColumnWidth", "a number").number(),
                  backgroundColor: try colour("backgroundColor"),
                  cellColor: try colour("cellColor"),
                  selectedColor: try colour("selectedColor"),
                  roundsInCompactWidth: try f.required("roundsInCompactWidth", "true or false").bool(),
                  opaqueLabelBackgrounds: try f.required("opaqueLabels", "true or false").bool())
    }
}

extension IndexPath {
    var json: JSONValue { ["section": .number(Double(section)), "row": .number(Double(row))] }

    init(node: JSONNode) throws {
        let f = try node.object("a row object")
        let section = try f.required("section", "an integer").integer()
        self.init(row: try f.required("row", "an integer").integer(), section: section)
    }
}

extension ScrollMotion {
    /// `{"kind": "constant", "pointsPerStep": 12}`, `{"kind": "fling", "velocity": v, "deceleration": d}`,
    /// `{"kind": "jump", "to": offset}` or `{"kind": "jump", "to": {"section": s, "row": r}}`.
    var json: JSONValue {
        switch self {
        case .constant(let points): ["kind": "constant", "pointsPerStep": .number(points)]
        case let .fling(velocity, deceleration): ["kind": "fling", "velocity": .number(velocity), "deceleration": .number(deceleration)]
        case .jumpToOffset(let offset): ["kind": "jump", "to": .number(offset)]
        case .jumpToRow(let row): ["kind": "jump", "to": row.json]
        }
    }

    init(node: JSONNode) throws {
        let f = try node.object("a scroll object")
        let kind = try f.required("kind", "\"constant\", \"fling\" or \"jump\"")
        switch try kind.string() {
        case "constant": self = .constant(pointsPerStep: try f.required("pointsPerStep", "a number").number())
        case "fling": self = .fling(velocity: try f.required("velocity", "a number").number(),
                                    deceleration: try f.required("deceleration", "a number").number())
        case "jump":
            let to = try f.required("to", "an offset or a row object")
            if case .object = to.value { self = .jumpToRow(try IndexPath(node: to)) } else { self = .jumpToOffset(try to.number()) }
        default: throw kind.mismatch("\"constant\", \"fling\" or \"jump\"")
        }
    }
}

extension ScenarioEvent {
    /// `{"atStep": 20, "style": {…}}`, `{"atStep": 50, "resize": {"width": w, "height": h}}` or
    /// `{"atStep": 35, "select": {"section": s, "row": r}}`.
    var json: JSONValue {
        let action: (String, JSONValue)
        switch self.action {
        case .setStyle(let style): action = ("style", style.json)
        case let .resize(width, height): action = ("resize", ["width": .number(width), "height": .number(height)])
        case .select(let row): action = ("select", row.json)
        }
        return .object(["atStep": .number(Double(atStep)), action.0: action.1])
    }

    init(node: JSONNode) throws {
        let f = try node.object("an event object")
        let atStep = try f.required("atStep", "an integer").integer()
        if let style = f.optional("style") {
            self.init(atStep: atStep, action: .setStyle(try TableStyle(node: style)))
        } else if let resize = f.optional("resize") {
            let size = try resize.object("an object")
            self.init(atStep: atStep, action: .resize(width: try size.required("width", "a number").number(),
                                                      height: try size.required("height", "a number").number()))
        } else if let select = f.optional("select") {
            self.init(atStep: atStep, action: .select(try IndexPath(node: select)))
        } else {
            throw node.mismatch("an event with 'style', 'resize' or 'select'")
        }
    }
}
