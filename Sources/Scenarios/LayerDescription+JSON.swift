import JSON
import Raster

/// A layer's JSON in a definition, written and read here alone. `json` keys each property as a
/// cell file does and leaves out those at their defaults, byte for byte what definitions have held
/// since they had typed fields (colours as `Color.hexString`, `#RRGGBB` or `#RRGGBBAA`);
/// `init(node:)` reads exactly what any version wrote and refuses anything else, an unknown key
/// included, at its key path: unlike the definition's other objects, which ignore keys a later
/// version adds, a layer held as typed fields has nowhere to keep a property it does not know,
/// and dropping one would make two differently drawn cells compare equal.
extension LayerDescription {
    /// Every key a layer object may have: all that any writer of definitions has written.
    static let definitionKeys = ["name", "frame", "hidden", "backgroundColor", "contents", "isOpaque", "opacity", "allowsGroupOpacity",
                                 "cornerRadius", "masksToBounds", "mask", "shouldRasterize", "rasterizationScale", "shadow", "border",
                                 "backdrop", "sublayers"]

    /// `{"frame": {…}}` with each property that is not at its default, `name` when it has one and
    /// `sublayers` when there are any; the rasterization scale only of a layer that rasterizes.
    var json: JSONValue {
        var out: [String: JSONValue] = ["frame": .object(frame.definitionMembers)]
        if let name { out["name"] = .string(name) }
        if isHidden { out["hidden"] = true }
        if let backgroundColor { out["backgroundColor"] = .string(backgroundColor.hexString) }
        if let contents = contents.json { out["contents"] = contents }
        if isOpaque { out["isOpaque"] = true }
        if opacity != 1 { out["opacity"] = .number(opacity) }
        if !allowsGroupOpacity { out["allowsGroupOpacity"] = false }
        if cornerRadius != 0 { out["cornerRadius"] = .number(cornerRadius) }
        if masksToBounds { out["masksToBounds"] = true }
        if let mask { out["mask"] = mask.json }
        if shouldRasterize {
            out["shouldRasterize"] = true
            out["rasterizationScale"] = .number(rasterizationScale)
        }
        if let shadow {
            out["shadow"] = ["opacity": .number(shadow.opacity), "radius": .number(shadow.radius),
                             "offset": ["x": .number(shadow.offset.x), "y": .number(shadow.offset.y)],
                             "color": .string(shadow.color.hexString), "path": .bool(shadow.hasPath)]
        }
        if let border { out["border"] = ["width": .number(border.width), "color": .string(border.color.hexString)] }
        if let backdrop { out["backdrop"] = ["radius": .number(backdrop.radius), "tint": .string(backdrop.tint.hexString)] }
        if !sublayers.isEmpty { out["sublayers"] = .array(sublayers.map(\.json)) }
        return .object(out)
    }

    /// The layer at `node`: `frame` required, every other key optional and of `definitionKeys`.
    /// - Throws: `JSONProblem` at the key path of the first unknown, wrong or missing field.
    init(node: JSONNode) throws {
        let f = try node.object(allowing: Self.definitionKeys, expected: "a layer object")
        let name = try f.optional("name")?.string()
        self.init(frame: try Rect(definitionNode: f.required("frame", "a frame object")))
        self.name = name
        if let n = f.optional("hidden") { isHidden = try n.bool() }
        if let n = f.optional("backgroundColor") { backgroundColor = try n.colour() }
        if let n = f.optional("contents") { contents = try LayerContents(node: n) }
        if let n = f.optional("isOpaque") { isOpaque = try n.bool() }
        if let n = f.optional("opacity") { opacity = try n.number() }
        if let n = f.optional("allowsGroupOpacity") { allowsGroupOpacity = try n.bool() }
        if let n = f.optional("cornerRadius") { cornerRadius = try n.number() }
        if let n = f.optional("masksToBounds") { masksToBounds = try n.bool() }
        if let n = f.optional("mask") { mask = try MaskShape(node: n) }
        // Written together, only for a layer that rasterizes.
        if try f.optional("shouldRasterize")?.bool() == true {
            shouldRasterize = true
            rasterizationScale = try f.number("rasterizationScale")
        } else if let n = f.optional("rasterizationScale") {
            throw n.fail("a rasterization scale without \"shouldRasterize\": true; a definition records the scale only of a layer that rasterizes")
        }
        if let n = f.optional("shadow") {
            let g = try n.object(allowing: ["opacity", "radius", "offset", "color", "path"], expected: "a shadow object")
            let offset = try g.required("offset", "an offset object").object(allowing: ["x", "y"], expected: "an offset object")
            shadow = ShadowDescription(opacity: try g.number("opacity"), radius: try g.number("radius"),
                                       offset: Point(x: try offset.number("x"), y: try offset.number("y")), color: try g.colour("color"),
                                       hasPath: try g.required("path", "true or false").bool())
        }
        if let n = f.optional("border") {
            let g = try n.object(allowing: ["width", "color"], expected: "a border object")
            border = BorderDescription(width: try g.number("width"), color: try g.colour("color"))
        }
        if let n = f.optional("backdrop") {
            let g = try n.object(allowing: ["radius", "tint"], expected: "a backdrop object")
            backdrop = Backdrop(radius: try g.number("radius"), tint: try g.colour("tint"))
        }
        sublayers = try f.optional("sublayers")?.array().map(Self.init(node:)) ?? []
    }
}

extension Rect {
    /// `x`, `y`, `width` and `height`, each a number.
    fileprivate var definitionMembers: [String: JSONValue] {
        ["x": .number(minX), "y": .number(minY), "width": .number(width), "height": .number(height)]
    }

    /// The frame at `node`: `{"x", "y", "width", "height"}`, with `extra` keys its caller reads.
    fileprivate init(definitionNode node: JSONNode, extra: [String] = []) throws {
        let f = try node.object(allowing: ["x", "y", "width", "height"] + extra, expected: "a frame object")
        self.init(x: try f.number("x"), y: try f.number("y"), width: try f.number("width"), height: try f.number("height"))
    }
}

extension LayerContents {
    /// `{"image": {…}}`, `{"symbol": {…}}` or `{"text": {…}}`; nil for `none`, which is left out.
    fileprivate var json: JSONValue? {
        switch self {
        case .none:
            return nil
        case let .image(.picture(size, color, cornerRadius)):
            var out: [String: JSONValue] = [:]
            if let size { out["width"] = .number(size.width); out["height"] = .number(size.height) }
            // Without a colour, the row's colour, as in a cell file.
            if let color { out["color"] = .string(color.hexString) }
            if cornerRadius > 0 { out["cornerRadius"] = .number(cornerRadius) }
            return ["image": .object(out)]
        case let .image(.symbol(string, pointSize, color)):
            return ["symbol": ["string": .string(string), "size": .number(pointSize), "color": .string(color.hexString)]]
        case .text(let label):
            var out: [String: JSONValue] = ["size": .number(label.pointSize), "color": .string(label.color.hexString)]
            switch label.source {
            case .literal(let s): out["string"] = .string(s)
            case .rowTitle(let length): out["title"] = .number(Double(length))
            case .rowDetail(let length): out["detail"] = .number(Double(length))
            }
            if let background = label.background { out["background"] = .string(background.hexString) }
            if let maxWidth = label.maxWidth { out["maxWidth"] = .number(maxWidth) }
            return ["text": .object(out)]
        }
    }

    /// The contents at `node`: an object of exactly one of `image`, `symbol` and `text`.
    fileprivate init(node: JSONNode) throws {
        let f = try node.object(allowing: ["image", "symbol", "text"], expected: "a contents object")
        guard let (key, value) = f.members.first, f.members.count == 1 else {
            throw node.problem(.mismatch(expected: "exactly one of 'image', 'symbol' or 'text'",
                                         found: f.members.isEmpty ? "an empty object" : "\(f.members.count) of them"))
        }
        let n = node.child(key, value)
        switch key {
        case "image":
            let g = try n.object(allowing: ["width", "height", "color", "cornerRadius"], expected: "an image object")
            // Both or neither: the picture's own size, or the layer's.
            let size = g.optional("width") == nil && g.optional("height") == nil ? nil
                : Size(width: try g.number("width"), height: try g.number("height"))
            self = .image(.picture(size: size, color: try g.optional("color")?.colour(), cornerRadius: try g.optional("cornerRadius")?.number() ?? 0))
        case "symbol":
            let g = try n.object(allowing: ["string", "size", "color"], expected: "a symbol object")
            self = .image(.symbol(try g.required("string", "a string").string(), pointSize: try g.number("size"), color: try g.colour("color")))
        default:
            let g = try n.object(allowing: ["string", "title", "detail", "size", "color", "background", "maxWidth"], expected: "a text object")
            let sources = g.members.filter { ["string", "title", "detail"].contains($0.key) }
            guard let first = sources.first, sources.count == 1 else {
                throw n.problem(.mismatch(expected: "exactly one of 'string', 'title' or 'detail'",
                                          found: sources.isEmpty ? "none" : "\(sources.count) of them"))
            }
            let s = n.child(first.key, first.value)
            let source: TextContent.Source
            switch first.key {
            case "string": source = .literal(try s.string())
            case "title": source = .rowTitle(length: try s.integer())
            default: source = .rowDetail(length: try s.integer())
            }
            self = .text(TextContent(source: source, pointSize: try g.number("size"), color: try g.colour("color"),
                                     background: try g.optional("background")?.colour(), maxWidth: try g.optional("maxWidth")?.number()))
        }
    }
}

extension MaskShape {
    /// `{"shape": "roundedRect", "radius": r}`, `{"shape": "oval"}` or
    /// `{"shape": "roundedRects", "rects": [{"x", "y", "width", "height", "radius"}, …]}`.
    fileprivate var json: JSONValue {
        switch self {
        case .roundedRect(let radius): ["shape": "roundedRect", "radius": .number(radius)]
        case .oval: ["shape": "oval"]
        case .roundedRects(let rects):
            ["shape": "roundedRects",
             "rects": .array(rects.map { .object($0.frame.definitionMembers.merging(["radius": .number($0.radius)]) { a, _ in a }) })]
        }
    }

    /// The mask at `node`, with only the keys its `shape` has.
    fileprivate init(node: JSONNode) throws {
        let expected = "\"roundedRect\", \"oval\" or \"roundedRects\""
        let shape = try node.object("a mask object").required("shape", expected)
        switch try shape.string() {
        case "roundedRect":
            self = .roundedRect(radius: try node.object(allowing: ["shape", "radius"], expected: "a mask object").number("radius"))
        case "oval":
            _ = try node.object(allowing: ["shape"], expected: "a mask object")
            self = .oval
        case "roundedRects":
            let f = try node.object(allowing: ["shape", "rects"], expected: "a mask object")
            self = .roundedRects(try f.required("rects", "an array of rectangles").array().map { rect in
                RoundedRectShape(frame: try Rect(definitionNode: rect, extra: ["radius"]),
                                 radius: try rect.object("a rectangle").number("radius"))
            })
        default:
            throw shape.mismatch(expected)
        }
    }
}

extension JSONFields {
    /// The member `key`, a number.
    fileprivate func number(_ key: String) throws -> Double {
        try required(key, "a number").number()
    }

    /// The member `key`, a colour (`#RRGGBB` or `#RRGGBBAA`).
    fileprivate func colour(_ key: String) throws -> Color {
        try required(key, "a colour").colour()
    }
}

extension JSONNode {
    /// A colour, `#RRGGBB` or `#RRGGBBAA` (`Color(hex:)`, as `Color.hexString` writes it).
    fileprivate func colour() throws -> Color {
        let text = try string()
        guard let color = Color(hex: text) else { throw fail("not a colour: expected #RRGGBB or #RRGGBBAA") }
        return color
    }
}
