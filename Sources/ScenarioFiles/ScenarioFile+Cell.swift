import JSON
import Problems
import Raster
import Results
import Scenarios
import Table
import Text

extension ScenarioFile {
    /// The longest side of a cell's layer, points: 8,192 pixels at the largest scale, so every
    /// layer a description makes fits a bitmap on any device.
    static let maxCellLength = maxPixelLength / maxScale
    /// The largest shadow radius, points: more than any interface uses, and a blur that stays
    /// within a few hundred pixels of its layer.
    static let maxShadowRadius = 100.0
    /// The keys of a layer object.
    static let layerKeys = ["name", "frame", "hidden", "backgroundColor", "contents", "isOpaque", "opacity", "allowsGroupOpacity",
                            "cornerRadius", "masksToBounds", "mask", "shouldRasterize", "rasterizationScale", "shadow",
                            "border", "sublayers"]
    /// UIKit's names (`UIView`'s) of the same properties, accepted for Core Animation's: a file
    /// written from a view, or by hand from Swift code, reads as its author wrote it.
    static let uikitNames = ["clipsToBounds": "masksToBounds", "alpha": "opacity", "isHidden": "hidden"]

    /// Reads the cell file at `path`: one cell object (docs/scenario-files.md, "Describe your
    /// cell").
    /// - Throws: `BenchError.input` naming the file, the key path and what was expected.
    public static func loadCell(path: String) throws -> CellDescription {
        try cell(from: read(path, kind: .cell), file: path)
    }

    /// Decodes a cell file's contents; `file` names it in messages.
    public static func cell(from bytes: [UInt8], file: String) throws -> CellDescription {
        try InputProblem.readingJSON { try decodeCell(document(bytes, file: file)) }
    }

    /// A cell object: `layers` (required), `separatorInset` and `rowHeight`. Layers' names are
    /// unique in the cell, so that a report's line names one layer.
    static func decodeCell(_ node: JSONNode) throws -> CellDescription {
        let fields = try node.object(allowing: ["layers", "separatorInset", "rowHeight"], expected: "a cell object")
        var count = 0
        var named: [String: String] = [:]
        let layers = try fields.required("layers", "an array of layer objects").array(nonEmpty: true).map {
            try decodeLayer($0, place: .cell, depth: 1, count: &count, named: &named)
        }
        let inset = try fields.member("separatorInset")?.number("a number from 0 to \(Format.number(maxCellLength))") {
            $0 >= 0 && $0 <= maxCellLength
        }
        let rowHeight = try fields.member("rowHeight").map { try length($0, allowsZero: false) }
        return CellDescription(layers: layers, separatorInset: inset ?? 16, rowHeight: rowHeight)
    }

    /// A layer's `name`: a non-empty string of at most `CellDescription.maxNameLength`
    /// characters, not the name of an earlier layer (`named`: names by the path of the layer that
    /// has them). Any text is taken; reports escape it as they escape every name.
    private static func decodeName(_ node: JSONNode, named: inout [String: String]) throws -> String {
        let name = try node.string(nonEmpty: true)
        guard name.count <= CellDescription.maxNameLength else {
            throw node.fail("a name of \(name.count) characters; a layer's name may have at most \(CellDescription.maxNameLength)")
        }
        // The layer's path: this node's, less its `.name`.
        let path = node.path.hasSuffix(".name") ? String(node.path.dropLast(5)) : node.path
        if let earlier = named[name] {
            throw node.fail("the name '\(Escape.message(name))' is already the name of \(earlier); each layer's name is its own, so a report's line names one layer")
        }
        named[name] = path
        return name
    }

    /// Where a layer object stands, which decides its limits and whether it may have a `backdrop`.
    enum LayerPlace {
        /// In a cell (a cell file, or a row of a scenario's `content`).
        case cell
        /// At the top of a scenario's `overlays`: the one place a backdrop blur is allowed.
        case overlay
        /// Beneath an overlay layer.
        case overlaySublayer
    }

    /// A layer object at `place` and its sublayers; `count` is the layers read so far in the
    /// cell, or in the scenario's overlays.
    static func decodeLayer(_ node: JSONNode, place: LayerPlace, depth: Int, count: inout Int,
                            named: inout [String: String]) throws -> LayerDescription {
        count += 1
        if place == .cell {
            guard count <= CellDescription.maxLayers else {
                throw node.fail("more than \(Format.grouped(CellDescription.maxLayers)) layers in one cell; a cell may have at most \(Format.grouped(CellDescription.maxLayers))")
            }
            guard depth <= CellDescription.maxDepth else {
                throw node.fail("layers nested \(depth) deep; a cell may nest at most \(CellDescription.maxDepth)")
            }
        } else {
            try checkOverlayLimits(node, depth: depth, count: count)
        }
        // Refused before the keys are checked, so a cell's layer lists the keys it always has.
        if place != .overlay, case .object(let members) = node.value, members.contains(where: { $0.key == "backdrop" }) {
            throw node.child("backdrop").fail(backdropRefusal(place))
        }
        let keys = place == .overlay ? layerKeys + ["backdrop"] : layerKeys
        let f = try node.object(allowing: keys + uikitNames.keys.sorted(), expected: "a layer object")
        for (uikit, coreAnimation) in uikitNames.sorted(by: { $0.key < $1.key }) where f.member(uikit) != nil && f.member(coreAnimation) != nil {
            throw node.fail("both '\(uikit)' and '\(coreAnimation)' are given: they are one property, UIKit's name and Core Animation's; keep one")
        }
        /// The member `key`, or the one of its UIKit name.
        func member(_ key: String) -> JSONNode? {
            f.member(key) ?? uikitNames.first { $0.value == key }.flatMap { f.member($0.key) }
        }
        var layer = LayerDescription(frame: try decodeFrame(f.required("frame", "an object with x, y, width and height")))
        if let n = f.member("name") { layer.name = try decodeName(n, named: &named) }
        if let n = member("hidden") { layer.isHidden = try n.bool() }
        if let n = f.member("backgroundColor") { layer.backgroundColor = try n.color() }
        if let n = f.member("contents") { layer.contents = try decodeContents(n, layerSize: layer.frame.size) }
        if let n = f.member("isOpaque") { layer.isOpaque = try n.bool() }
        if let n = member("opacity") { layer.opacity = try n.number("a number from 0 to 1") { $0 >= 0 && $0 <= 1 } }
        if let n = f.member("allowsGroupOpacity") { layer.allowsGroupOpacity = try n.bool() }
        if let n = f.member("cornerRadius") { layer.cornerRadius = try length(n, allowsZero: true) }
        if let n = member("masksToBounds") { layer.masksToBounds = try n.bool() }
        if let n = f.member("mask") { layer.mask = try decodeMask(n) }
        if let n = f.member("shouldRasterize") { layer.shouldRasterize = try n.bool() }
        if let n = f.member("rasterizationScale") {
            layer.rasterizationScale = try n.number("a number above 0 and at most \(Format.number(maxScale))") { $0 > 0 && $0 <= maxScale }
        }
        if let n = f.member("shadow") { layer.shadow = try decodeShadow(n) }
        if let n = f.member("border") { layer.border = try decodeBorder(n) }
        if let n = f.member("backdrop") { try decodeBackdrop(n, into: &layer) }
        if let n = f.member("sublayers") {
            let below: LayerPlace = place == .cell ? .cell : .overlaySublayer
            layer.sublayers = try n.array().map { try decodeLayer($0, place: below, depth: depth + 1, count: &count, named: &named) }
        }
        return layer
    }

    /// `{"x", "y", "width", "height"}` in points: sizes from 0 to `maxCellLength`, positions
    /// within that distance either side of the parent's origin.
    private static func decodeFrame(_ node: JSONNode) throws -> Rect {
        let f = try node.object(allowing: ["x", "y", "width", "height"], expected: "an object with x, y, width and height")
        func position(_ key: String) throws -> Double {
            try f.member(key)?.number("a number from -\(Format.number(maxCellLength)) to \(Format.number(maxCellLength))") {
                abs($0) <= maxCellLength
            } ?? 0
        }
        return Rect(x: try position("x"), y: try position("y"),
                    width: try length(f.required("width", "a number of points"), allowsZero: true),
                    height: try length(f.required("height", "a number of points"), allowsZero: true))
    }

    /// A length in points from 0 (or above 0) to `maxCellLength`.
    private static func length(_ node: JSONNode, allowsZero: Bool) throws -> Double {
        let kind = allowsZero ? "a non-negative number" : "a positive number"
        return try node.number("\(kind) of points up to \(Format.number(maxCellLength))") {
            (allowsZero ? $0 >= 0 : $0 > 0) && $0 <= maxCellLength
        }
    }

    /// `"none"`, `{"image": {...}}` or `{"text": {...}}` of a layer of `layerSize` points.
    private static func decodeContents(_ node: JSONNode, layerSize: Size) throws -> LayerContents {
        let expected = "\"none\", {\"image\": {…}} or {\"text\": {…}}"
        if case .string(let name) = node.value {
            guard name == "none" else { throw node.fail("expected \(expected), got \"\(Escape.message(name))\"") }
            return .none
        }
        let f = try node.object(allowing: ["image", "text"], expected: expected)
        guard f.members.count == 1 else { throw node.fail("expected one of 'image' or 'text', got \(f.members.count) keys") }
        if let image = f.member("image") {
            let g = try image.object(allowing: ["width", "height", "opaque", "color", "cornerRadius"], expected: "an image object")
            let width = try g.member("width").map { try length($0, allowsZero: false) }
            let height = try g.member("height").map { try length($0, allowsZero: false) }
            guard (width == nil) == (height == nil) else {
                throw image.fail("give both 'width' and 'height', or neither (the image is then the layer's size)")
            }
            let size = width.map { Size(width: $0, height: height!) }
            let drawn = size ?? layerSize
            let opaque = try g.member("opaque")?.bool()
            let radius: Double
            if let node = g.member("cornerRadius") {
                radius = try length(node, allowsZero: true)
                if opaque == true && radius > 0 {
                    throw node.fail("an image with corners cut transparent is not opaque; leave out 'opaque' or the radius")
                }
            } else {
                // A transparent image: a picture with its corners cut, a quarter of its short side.
                radius = opaque == false ? min(drawn.width, drawn.height) / 4 : 0
            }
            return .image(.picture(size: size, color: try g.member("color")?.color(), cornerRadius: radius))
        }
        let text = try f.required("text", "a text object")
        let g = try text.object(allowing: ["title", "detail", "string", "size", "color", "background"], expected: "a text object")
        let sources = ["title", "detail", "string"].filter { g.member($0) != nil }
        guard sources.count == 1 else {
            throw text.fail("give exactly one of 'title' (characters of the row's title), 'detail' (of its detail text) or 'string'")
        }
        let source: TextContent.Source
        switch sources[0] {
        case "title": source = .rowTitle(length: try g.member("title")!.integer(1...maxTextLength))
        case "detail": source = .rowDetail(length: try g.member("detail")!.integer(1...maxTextLength))
        default:
            let node = g.member("string")!
            let string = try node.string(nonEmpty: true)
            guard string.count <= maxTextLength else { throw node.fail("\(string.count) characters; the most a text may have is \(maxTextLength)") }
            source = .literal(string)
        }
        return .text(TextContent(source: source,
                                 pointSize: try g.member("size")?.number("a font size from 1 to 200 points") { $0 >= 1 && $0 <= 200 }
                                    ?? ContentDrawing.bodySize,
                                 color: try g.member("color")?.color() ?? ContentDrawing.titleColor,
                                 background: try g.member("background")?.color()))
    }

    /// `{"shape": "roundedRect", "radius": r}`, `{"shape": "oval"}` or
    /// `{"shape": "roundedRects", "rects": [{"x", "y", "width", "height", "radius"}, …]}`.
    private static func decodeMask(_ node: JSONNode) throws -> MaskShape {
        if case .object(let members) = node.value, members.contains(where: { $0.key == "mask" }) {
            throw node.child("mask").fail("a mask cannot have a mask of its own (Core Animation ignores it); give the shape you want as the mask")
        }
        let f = try node.object(allowing: ["shape", "radius", "rects"], expected: "a mask object")
        let shapeNode = try f.required("shape", "\"roundedRect\", \"oval\" or \"roundedRects\"")
        let shape = try shapeNode.string(nonEmpty: true)
        func refuse(_ key: String) throws {
            if f.member(key) != nil { throw node.child(key).fail("a mask of shape '\(shape)' takes no '\(key)'") }
        }
        switch shape {
        case "roundedRect":
            try refuse("rects")
            return .roundedRect(radius: try length(f.required("radius", "a number of points"), allowsZero: true))
        case "oval":
            try refuse("radius")
            try refuse("rects")
            return .oval
        case "roundedRects":
            try refuse("radius")
            let rects = try f.required("rects", "an array of rounded rectangles").array(nonEmpty: true)
            guard rects.count <= CellDescription.maxLayers else {
                throw node.child("rects").fail("\(rects.count) rectangles; a mask may have at most \(Format.grouped(CellDescription.maxLayers))")
            }
            return .roundedRects(try rects.map { rect in
                let g = try rect.object(allowing: ["x", "y", "width", "height", "radius"], expected: "a rounded rectangle object")
                let frame = try decodeFrame(JSONNode(value: .object(g.members.filter { $0.key != "radius" }), path: rect.path, file: rect.file))
                return RoundedRectShape(frame: frame, radius: try g.member("radius").map { try length($0, allowsZero: true) } ?? 0)
            })
        default:
            throw shapeNode.fail(unknownName("mask shape", shape, ["roundedRect", "oval", "roundedRects"]))
        }
    }

    /// `{"opacity", "radius", "offset": {"x", "y"}, "color", "path"}`.
    private static func decodeShadow(_ node: JSONNode) throws -> ShadowDescription {
        let f = try node.object(allowing: ["opacity", "radius", "offset", "color", "path"], expected: "a shadow object")
        var shadow = ShadowDescription(opacity: try f.required("opacity", "a number above 0 and at most 1")
            .number("a number above 0 and at most 1") { $0 > 0 && $0 <= 1 })
        if let n = f.member("radius") {
            // The blur reaches 1.5 × the radius beyond the shape, in a mask as large as both.
            shadow.radius = try n.number("a number of points from 0 to \(Format.number(maxShadowRadius))") { $0 >= 0 && $0 <= maxShadowRadius }
        }
        if let n = f.member("offset") {
            let g = try n.object(allowing: ["x", "y"], expected: "an object with x and y")
            func coordinate(_ key: String) throws -> Double {
                try g.required(key, "a number of points").number("a number from -\(Format.number(maxCellLength)) to \(Format.number(maxCellLength))") {
                    abs($0) <= maxCellLength
                }
            }
            shadow.offset = Point(x: try coordinate("x"), y: try coordinate("y"))
        }
        if let n = f.member("color") { shadow.color = try n.color() }
        if let n = f.member("path") { shadow.hasPath = try n.bool() }
        return shadow
    }

    /// `{"width", "color"}`.
    private static func decodeBorder(_ node: JSONNode) throws -> BorderDescription {
        let f = try node.object(allowing: ["width", "color"], expected: "a border object")
        var border = BorderDescription(width: try length(f.required("width", "a number of points"), allowsZero: false))
        if let n = f.member("color") { border.color = try n.color() }
        return border
    }
}
