import JSON

extension ScenarioDefinition.Content {
    /// `{"kind": "settings"}`, `{"kind": "none"}`, one cell (`{"kind": "cell", "cell": {…},
    /// "header": n, "footer": n}`) or a pattern of rows, each a Settings row or `{"cell": {…}}`
    /// (`{"kind": "rows", "rows": […], "header": n, "footer": n}`).
    var json: JSONValue {
        switch self {
        case .settings: return ["kind": "settings"]
        case .none: return ["kind": "none"]
        case let .cell(cell, header, footer):
            return ["kind": "cell", "cell": cell.json, "header": .number(Double(header)), "footer": .number(Double(footer))]
        case let .rows(rows, header, footer):
            return ["kind": "rows", "rows": .array(rows.map(\.json)), "header": .number(Double(header)), "footer": .number(Double(footer))]
        }
    }

    init(node: JSONNode) throws {
        let f = try node.object("a content object")
        let kind = try f.required("kind", "\"settings\", \"none\", \"cell\" or \"rows\"")
        func labels() throws -> (header: Int, footer: Int) {
            (try f.required("header", "an integer").integer(), try f.required("footer", "an integer").integer())
        }
        switch try kind.string() {
        case "settings": self = .settings
        case "none": self = .none
        case "cell":
            let (header, footer) = try labels()
            self = .cell(try CellDescription(node: f.required("cell", "a cell object")), header: header, footer: footer)
        case "rows":
            let (header, footer) = try labels()
            self = .rows(try f.required("rows", "an array of rows").array().map(ScenarioDefinition.PatternRow.init(node:)),
                         header: header, footer: footer)
        default: throw kind.mismatch("\"settings\", \"none\", \"cell\" or \"rows\"")
        }
    }
}

extension ScenarioDefinition.PatternRow {
    /// `{"icon": b, "title": n, "detail": n, "accessory": "none"}` or `{"cell": {…}}`.
    var json: JSONValue {
        switch self {
        case let .settings(icon, title, detail, accessory):
            ["icon": .bool(icon), "title": .number(Double(title)), "detail": .number(Double(detail)), "accessory": .string(accessory)]
        case .cell(let cell):
            ["cell": cell.json]
        }
    }

    init(node: JSONNode) throws {
        let f = try node.object("a row object")
        if let cell = f.optional("cell") {
            self = .cell(try CellDescription(node: cell))
        } else {
            self = .settings(icon: try f.required("icon", "true or false").bool(), title: try f.required("title", "an integer").integer(),
                             detail: try f.required("detail", "an integer").integer(),
                             accessory: try f.required("accessory", "a string").string())
        }
    }
}

extension CellDescription {
    /// `{"layers": […], "separatorInset": n}`, with `rowHeight` when the cell gives one.
    var json: JSONValue {
        var out: [String: JSONValue] = ["layers": .array(layers.map(\.json)), "separatorInset": .number(separatorInset)]
        if let rowHeight { out["rowHeight"] = .number(rowHeight) }
        return .object(out)
    }

    init(node: JSONNode) throws {
        let f = try node.object("a cell object")
        self.init(layers: try f.required("layers", "an array of layers").array().map(LayerDescription.init(node:)),
                  separatorInset: try f.required("separatorInset", "a number").number(),
                  rowHeight: try f.optional("rowHeight")?.number())
    }
}
