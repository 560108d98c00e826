import JSON

/// A definition's content as results write it, the decisions of which kind in one place: the
/// built-in Settings pattern is `{"kind": "settings"}`, empty cells without labels
/// (`ContentPattern.none`) `{"kind": "none"}`, a pattern of one cell described as layers
/// `{"kind": "cell", "cell": {…}, "header": n, "footer": n}`, and any other pattern of rows, each
/// a Settings row or `{"cell": {…}}`, `{"kind": "rows", "rows": […], "header": n, "footer": n}`.
/// Read back, each kind is the pattern it was written from.
extension ContentPattern {
    /// Which kind of content results record a pattern as (its JSON's `kind`).
    public enum RecordedKind: Hashable, Sendable {
        /// The built-in Settings pattern (`ContentPattern.settings`).
        case settings
        /// Empty cells and no section labels (`ContentPattern.none`).
        case none
        /// One cell described as layers on every row.
        case cell(CellDescription)
        /// Any other pattern of rows, each a Settings row or a cell.
        case rows
    }

    /// The kind results record the pattern as: the one place that decides it.
    public var recordedKind: RecordedKind {
        if self == .settings { return .settings }
        if self == .none { return .none }
        if cells.count == 1, case .layers(let cell) = cells[0] { return .cell(cell) }
        return .rows
    }

    var json: JSONValue {
        let header = JSONValue.number(Double(headerLength)), footer = JSONValue.number(Double(footerLength))
        switch recordedKind {
        case .settings: return ["kind": "settings"]
        case .none: return ["kind": "none"]
        case .cell(let cell): return ["kind": "cell", "cell": cell.json, "header": header, "footer": footer]
        case .rows: return ["kind": "rows", "rows": .array(cells.map(\.json)), "header": header, "footer": footer]
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
            self.init(cells: [.layers(try CellDescription(node: f.required("cell", "a cell object")))],
                      headerLength: header, footerLength: footer)
        case "rows":
            let (header, footer) = try labels()
            self.init(cells: try f.required("rows", "an array of rows").array().map(CellContent.init(node:)),
                      headerLength: header, footerLength: footer)
        default: throw kind.mismatch("\"settings\", \"none\", \"cell\" or \"rows\"")
        }
    }
}

extension CellContent {
    /// `{"icon": b, "title": n, "detail": n, "accessory": "none"}` or `{"cell": {…}}`.
    var json: JSONValue {
        switch self {
        case .settings(let row):
            ["icon": .bool(row.icon), "title": .number(Double(row.titleLength)), "detail": .number(Double(row.detailLength)),
             "accessory": .string(row.accessory.rawValue)]
        case .layers(let cell):
            ["cell": cell.json]
        }
    }

    init(node: JSONNode) throws {
        let f = try node.object("a row object")
        if let cell = f.optional("cell") {
            self = .layers(try CellDescription(node: cell))
        } else {
            let icon = try f.required("icon", "true or false").bool(), title = try f.required("title", "an integer").integer()
            let detail = try f.required("detail", "an integer").integer()
            let accessoryNode = try f.required("accessory", "a string")
            guard let accessory = RowContent.Accessory(rawValue: try accessoryNode.string()) else {
                throw accessoryNode.fail("not an accessory: expected \"none\" or \"disclosure\"")
            }
            self = .settings(RowContent(icon: icon, titleLength: title, detailLength: detail, accessory: accessory))
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
