// CellExporter: writes a table cell's live layer tree as a CornerBench cell file, the JSON that
// `bench run --cell FILE` reads (docs/scenario-files.md, "Describe your cell" and "Export your
// cell from the app").
//
// From an app: copy this one file into the app target, inside `#if DEBUG … #endif` so that it
// never ships, and call it once a cell is laid out, for example in `tableView(_:willDisplay:
// forRowAt:)` or from a debug menu:
//
//     print(try CellExporter.json(of: cell))           // a UITableViewCell, or any UIView
//     let path = try CellExporter.write(cell)           // <NSTemporaryDirectory()>cell.json
//
// From lldb, paused in the app (the file compiled into it), with a cell's address taken from the
// view debugger or `po tableView.visibleCells`:
//
//     (lldb) expression -l Swift -- import MyApp         // only when paused in an Objective-C frame
//     (lldb) expression -l Swift -- let $cell = unsafeBitCast(0x7f8e4c80a200, to: UITableViewCell.self)
//     (lldb) expression -l Swift -- print(try! CellExporter.json(of: $cell))
//     (lldb) po try! CellExporter.write($cell)           // prints the file's path
//
// On the simulator the path is on the Mac's disk; on a device copy the printed JSON from the
// console instead.
//
// What it reads. For a `UITableViewCell`, the layers of its `contentView` (the content view as one
// layer holding them when it draws something itself) and its `accessoryView`, with frames relative
// to the cell, its height as the file's `rowHeight`, and `separatorInset.left`; for any other view
// or layer, its sublayers, with frames relative to it. Per layer: its `name` (a view's
// `accessibilityIdentifier`, else its class, such as `UIImageView`, numbered when several layers
// have it: `UIImageView 1`, `UIImageView 2`; a layer without a view, its own `name`), `frame`,
// `isHidden`, `opacity` (UIKit's `alpha`), `isOpaque`, `allowsGroupOpacity`, `backgroundColor`,
// `cornerRadius`, `masksToBounds` (`clipsToBounds`),
// `mask`, `shouldRasterize` and `rasterizationScale`, the shadow (`shadowOpacity`,
// `shadowRadius`, `shadowOffset`, `shadowColor` and whether `shadowPath` is set), the border
// (`borderWidth`, `borderColor`), and contents as placeholders: a `CGImage` or a `UIImageView`'s
// image as `{"image": …}` (its size in points when it differs from the layer's; `"opaque": false`
// when its bitmap has alpha), a `UILabel` as `{"text": {"title": n}}`, the row's title text of the
// label's current length (so a reused cell draws it again, as a label showing row data does), or,
// when its text has no letter (a badge's count, a time), as that fixed `{"text": {"string": …}}`
// (`CellExporter.Text.guessed(from:)`), in its font size and text colour. A key at the format's
// default is left out.
//
// What the cell format cannot say, so the file approximates or leaves out: transforms (only the
// frame, their bounding box, is kept), `maskedCorners` and `cornerCurve` (all four corners are
// rounded alike), `contentsGravity`/`contentsRect`, gradient, text and replicator layers' own
// drawing, visual-effect (blur) views, a `shadowPath` other than the rounded bounds (only its
// presence is kept), a mask's own sublayers and contents (a mask is a shape: a `CAShapeLayer`'s
// path as an oval when the path is one (one subpath of curves), otherwise as its bounding box with
// square corners; any other mask layer as its frame rounded by its `cornerRadius`), a fixed label
// text with letters (change `"title": n` to `"string": "…"` by hand), a system accessory
// (`accessoryType`: add a layer by hand; an `accessoryView` is read), the cell's background views
// (the strategies draw the cell's background), and colours outside sRGB
// (clamped). `bench` checks the file as it checks any: limits such as 1,000 layers, 16 levels of
// nesting and 2,048 pt sides are reported by its reader, naming the layer's key path.
//
// Verified on Linux only. The walk and the JSON go through `ExportableLayer`, a protocol with Core
// Animation's own property names and types; the tests (Tests/CellExporterTests) build the trees of
// Benchmarks/cells/ with a stand-in class of those names, export them, and check that `bench run
// --cell` accepts each file and counts what it counts for the hand-written one. The code under
// `#if canImport(QuartzCore)` and `#if canImport(UIKit)` (the `CALayer` conformance, CGColor,
// CGPath and CGImage, UILabel and UIImageView) was not compiled here and has not been run on a
// simulator or device; whether the `CALayer` conformance passes Swift 6's isolation checks as
// written (it assumes `CALayer` is not main-actor isolated) is unchecked too; if it does not, add
// the file to a target in the Swift 5 language mode, where those checks are warnings.

import Foundation
#if canImport(QuartzCore)
import QuartzCore
#endif
#if canImport(UIKit)
import UIKit
#endif

/// A layer the exporter reads: Core Animation's own property names and types, so that `CALayer`
/// conforms as it is, and a test builds a tree without Core Animation.
public protocol ExportableLayer: AnyObject {
    /// The type of `sublayers` and `mask` (`CALayer`).
    associatedtype Sublayer: ExportableLayer
    /// The colour type (`CGColor`).
    associatedtype LayerColor: ExportableColor
    /// The type of `shadowPath` (`CGPath`); only whether one is set is exported.
    associatedtype LayerPath

    /// Core Animation's `name`: what the layer is called, written as the layer's `name` when no
    /// view's name is given for it.
    var name: String? { get }
    /// The layer's rectangle in its superlayer's bounds.
    var frame: CGRect { get }
    /// The layer's own space: sublayers' frames and a mask are in it.
    var bounds: CGRect { get }
    /// UIView's `isHidden`.
    var isHidden: Bool { get }
    /// UIView's `alpha`.
    var opacity: Float { get }
    /// UIView's `isOpaque`: the promise that the layer's own bitmap is opaque.
    var isOpaque: Bool { get }
    /// False applies `opacity` to each layer of the subtree alone.
    var allowsGroupOpacity: Bool { get }
    /// UIView's `backgroundColor`.
    var backgroundColor: LayerColor? { get }
    /// A `CGImage`, a backing store, or (for a stand-in) a `CellExporter.Contents`.
    var contents: Any? { get }
    /// Rounds the background and the border, and the clip when `masksToBounds`.
    var cornerRadius: CGFloat { get }
    /// UIView's `clipsToBounds`.
    var masksToBounds: Bool { get }
    /// A layer whose alpha masks this one's, in this layer's bounds.
    var mask: Sublayer? { get }
    /// Whether the subtree is drawn once into a cached bitmap.
    var shouldRasterize: Bool { get }
    /// Pixels per point of the cached bitmap.
    var rasterizationScale: CGFloat { get }
    /// Core Animation's default is 0: no shadow.
    var shadowOpacity: Float { get }
    /// Core Animation's default is 3.
    var shadowRadius: CGFloat { get }
    /// Core Animation's default is (0, -3).
    var shadowOffset: CGSize { get }
    /// Core Animation's default is opaque black; nil draws no shadow.
    var shadowColor: LayerColor? { get }
    /// The shadow's shape, given instead of found from the layer's alpha.
    var shadowPath: LayerPath? { get }
    /// 0 draws no border.
    var borderWidth: CGFloat { get }
    /// Core Animation's default is opaque black.
    var borderColor: LayerColor? { get }
    /// The layers drawn over this one, back to front.
    var sublayers: [Sublayer]? { get }

    /// What `contents` shows, as the cell format's placeholder; nil for none. By default
    /// `contents` itself when it is a `CellExporter.Contents`.
    var contentsPlaceholder: CellExporter.Contents? { get }
    /// For a shape layer (`CAShapeLayer`), its path's outline in its own space; nil for any other
    /// layer (the default).
    var shapeOutline: CellExporter.Outline? { get }
}

extension ExportableLayer {
    public var contentsPlaceholder: CellExporter.Contents? { contents as? CellExporter.Contents }
    public var shapeOutline: CellExporter.Outline? { nil }
}

/// A colour the exporter can write as `#RRGGBB` or `#RRGGBBAA`.
public protocol ExportableColor {
    /// Red, green, blue and alpha in sRGB, 0 to 1 (values outside are clamped); nil when the
    /// colour has none (a pattern), and it is then left out.
    var sRGBComponents: [CGFloat]? { get }
}

/// Writes a layer tree as a cell file (the format of docs/scenario-files.md, "Describe your cell").
public enum CellExporter {
    /// A layer's contents as the cell format describes them: placeholders, never pixels.
    public enum Contents: Equatable, Sendable {
        /// A picture of `size` points (nil: the layer's size), opaque unless it has transparent
        /// pixels.
        case image(size: CGSize? = nil, isOpaque: Bool = true)
        /// A label's text, in a font of `pointSize` and `color` (nil: black).
        case text(Text, pointSize: CGFloat = 17, color: RGBA? = nil)
    }

    /// Where a label's characters come from.
    public enum Text: Equatable, Sendable {
        /// The row's title text, at most `length` characters: it changes from row to row.
        case rowTitle(length: Int)
        /// The row's detail text, at most `length` characters.
        case rowDetail(length: Int)
        /// A fixed string, the same in every row.
        case string(String)

        /// What a label now showing `text` shows in every row, as well as one cell can tell: a
        /// text without a letter (a count such as `12` or `99+`, a time, a symbol) as that fixed
        /// string, so a badge draws its digits; any other as the row's title text of its length,
        /// which a reused cell draws again. A label the guess gets wrong is changed by hand, or
        /// given in `contents`.
        public static func guessed(from text: String) -> Text {
            text.unicodeScalars.contains { $0.properties.isAlphabetic } ? .rowTitle(length: text.count) : .string(text)
        }
    }

    /// The outline of a shape layer's path.
    public struct Outline: Equatable, Sendable {
        /// The path's bounding box, in the shape layer's own space; empty for no path (a shape
        /// layer without one masks everything).
        public var boundingBox: CGRect
        /// Whether the path is an ellipse filling `boundingBox`.
        public var isOval: Bool

        public init(boundingBox: CGRect, isOval: Bool) {
            self.boundingBox = boundingBox
            self.isOval = isOval
        }
    }

    /// An sRGB colour, components 0 to 1.
    public struct RGBA: Equatable, Sendable, ExportableColor {
        public var red, green, blue, alpha: CGFloat

        public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat = 1) {
            (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
        }

        /// `color`'s sRGB components; nil when it has none.
        public init?(_ color: some ExportableColor) {
            guard let c = color.sRGBComponents else { return nil }
            switch c.count {
            case 2: self.init(red: c[0], green: c[0], blue: c[0], alpha: c[1])
            case 4: self.init(red: c[0], green: c[1], blue: c[2], alpha: c[3])
            default: return nil
            }
        }

        public var sRGBComponents: [CGFloat]? { [red, green, blue, alpha] }
    }

    /// The cell object of `root`: its sublayers, with frames relative to `root`'s bounds moved by
    /// `offset`, and `separatorInset` and `rowHeight` when given. `contents` gives placeholders by
    /// layer that take precedence over each layer's own (the UIKit entry points put labels' text
    /// there), `names` names by layer that take precedence over each layer's `name` (the UIKit
    /// entry points put views' accessibility identifiers or classes there); a name given to
    /// several layers is numbered (`UIImageView 1`, `UIImageView 2`), as a cell file's names are
    /// unique.
    /// - Complexity: O(n) in the layers of the tree.
    public static func cell<Root: ExportableLayer>(of root: Root, separatorInset: CGFloat? = nil, rowHeight: CGFloat? = nil,
                                                   offset: CGPoint = .zero, contents: [ObjectIdentifier: Contents] = [:],
                                                   names: [ObjectIdentifier: String] = [:]) -> [String: Any] {
        let layers = (root.sublayers ?? []).map { layer($0, in: root.bounds, offset: offset, contents: contents, names: names) }
        return cellObject(layers, separatorInset: separatorInset, rowHeight: rowHeight)
    }

    /// The cell object of a table cell `rowHeight` points tall: the layers of its content view
    /// (`contentView`, whose frame is in the cell's space), then each of `accessories` (views
    /// beside the content view, such as an `accessoryView`), frames relative to the cell. The
    /// content view's sublayers are written as the cell's own layers, unless the content view
    /// draws something itself (a background colour, a clip, a border, a shadow…): it is then one
    /// layer, with them as its sublayers.
    /// - Complexity: O(n) in the layers of the trees.
    public static func cell<L: ExportableLayer>(contentView: L, accessories: [L] = [], rowHeight: CGFloat, separatorInset: CGFloat? = nil,
                                                contents: [ObjectIdentifier: Contents] = [:],
                                                names: [ObjectIdentifier: String] = [:]) -> [String: Any] {
        let content = layer(contentView, in: .zero, offset: .zero, contents: contents, names: names)
        var layers: [[String: Any]]
        if Set(content.keys).isSubset(of: ["frame", "name", "sublayers"]) {
            layers = (contentView.sublayers ?? []).map {
                layer($0, in: contentView.bounds, offset: contentView.frame.origin, contents: contents, names: names)
            }
        } else {
            layers = [content]
        }
        layers += accessories.filter { !$0.isHidden }.map { layer($0, in: .zero, offset: .zero, contents: contents, names: names) }
        return cellObject(layers, separatorInset: separatorInset, rowHeight: rowHeight)
    }

    /// The cell file of `root` (see `cell(of:separatorInset:rowHeight:offset:contents:names:)`):
    /// JSON, pretty, keys sorted.
    public static func json<Root: ExportableLayer>(of root: Root, separatorInset: CGFloat? = nil, rowHeight: CGFloat? = nil,
                                                   offset: CGPoint = .zero, contents: [ObjectIdentifier: Contents] = [:],
                                                   names: [ObjectIdentifier: String] = [:]) throws -> String {
        try json(cell(of: root, separatorInset: separatorInset, rowHeight: rowHeight, offset: offset, contents: contents, names: names))
    }

    /// Writes the cell file of `root` to `path` (default `cell.json` in the temporary directory)
    /// and returns the path.
    @discardableResult
    public static func write<Root: ExportableLayer>(_ root: Root, to path: String? = nil, separatorInset: CGFloat? = nil,
                                                    rowHeight: CGFloat? = nil) throws -> String {
        try write(json(of: root, separatorInset: separatorInset, rowHeight: rowHeight), to: path)
    }

    /// The longest name a cell file takes, in characters.
    static let maxNameLength = 64

    /// The cell object of `layers`, their names made unique.
    static func cellObject(_ layers: [[String: Any]], separatorInset: CGFloat?, rowHeight: CGFloat?) -> [String: Any] {
        var cell: [String: Any] = ["layers": uniquelyNamed(layers)]
        if let separatorInset { cell["separatorInset"] = number(separatorInset) }
        if let rowHeight, rowHeight > 0 { cell["rowHeight"] = number(rowHeight) }
        return cell
    }

    /// `layers` with every name given to more than one layer numbered, depth first
    /// (`UIImageView 1`, `UIImageView 2`), each cut to `maxNameLength` characters and different
    /// from every other name of the cell.
    static func uniquelyNamed(_ layers: [[String: Any]]) -> [[String: Any]] {
        var counts: [String: Int] = [:]
        func count(_ layer: [String: Any]) {
            if let name = layer["name"] as? String { counts[name, default: 0] += 1 }
            (layer["sublayers"] as? [[String: Any]] ?? []).forEach(count)
        }
        layers.forEach(count)
        var used = Set(counts.filter { $0.value == 1 }.keys)
        var next: [String: Int] = [:]
        func rename(_ layer: [String: Any]) -> [String: Any] {
            var out = layer
            if let name = layer["name"] as? String, counts[name, default: 0] > 1 {
                var candidate: String
                repeat {
                    next[name, default: 0] += 1
                    let suffix = " \(next[name]!)"
                    candidate = String(name.prefix(maxNameLength - suffix.count)) + suffix
                } while used.contains(candidate)
                used.insert(candidate)
                out["name"] = candidate
            }
            if let sublayers = layer["sublayers"] as? [[String: Any]] { out["sublayers"] = sublayers.map(rename) }
            return out
        }
        return layers.map(rename)
    }

    /// A layer object: the keys whose values differ from the format's defaults, and its name.
    static func layer<L: ExportableLayer>(_ layer: L, in parent: CGRect, offset: CGPoint,
                                          contents overrides: [ObjectIdentifier: Contents],
                                          names: [ObjectIdentifier: String] = [:]) -> [String: Any] {
        var o: [String: Any] = ["frame": rect(layer.frame, in: parent, offset: offset)]
        if let name = names[ObjectIdentifier(layer)] ?? layer.name, !name.isEmpty { o["name"] = String(name.prefix(maxNameLength)) }
        if layer.isHidden { o["hidden"] = true }
        if let color = layer.backgroundColor.flatMap({ hex($0) }) { o["backgroundColor"] = color }
        if let placeholder = overrides[ObjectIdentifier(layer)] ?? layer.contentsPlaceholder,
           let contents = contentsObject(placeholder, layerSize: layer.bounds.size) {
            o["contents"] = contents
        }
        if layer.isOpaque { o["isOpaque"] = true }
        if layer.opacity < 1 { o["opacity"] = number(CGFloat(max(layer.opacity, 0))) }
        if !layer.allowsGroupOpacity { o["allowsGroupOpacity"] = false }
        if layer.cornerRadius > 0 { o["cornerRadius"] = number(layer.cornerRadius) }
        if layer.masksToBounds { o["masksToBounds"] = true }
        if let mask = layer.mask { o["mask"] = maskObject(mask, of: layer) }
        if layer.shouldRasterize {
            o["shouldRasterize"] = true
            if layer.rasterizationScale != 1 { o["rasterizationScale"] = number(layer.rasterizationScale) }
        }
        // Core Animation draws no shadow without a colour or with opacity 0.
        if layer.shadowOpacity > 0, let shadowColor = layer.shadowColor.flatMap({ hex($0) }) {
            var shadow: [String: Any] = ["opacity": number(CGFloat(min(layer.shadowOpacity, 1)))]
            if layer.shadowRadius != 3 { shadow["radius"] = number(layer.shadowRadius) }
            if layer.shadowOffset != CGSize(width: 0, height: -3) {
                shadow["offset"] = ["x": number(layer.shadowOffset.width), "y": number(layer.shadowOffset.height)]
            }
            if shadowColor != "#000000" { shadow["color"] = shadowColor }
            if layer.shadowPath != nil { shadow["path"] = true }
            o["shadow"] = shadow
        }
        // A border without a colour is not drawn.
        if layer.borderWidth > 0, let borderColor = layer.borderColor.flatMap({ hex($0) }) {
            var border: [String: Any] = ["width": number(layer.borderWidth)]
            if borderColor != "#000000" { border["color"] = borderColor }
            o["border"] = border
        }
        if let sublayers = layer.sublayers, !sublayers.isEmpty {
            o["sublayers"] = sublayers.map { self.layer($0, in: layer.bounds, offset: .zero, contents: overrides, names: names) }
        }
        return o
    }

    /// `{"x", "y", "width", "height"}` of `frame` in a parent whose bounds are `parent`.
    static func rect(_ frame: CGRect, in parent: CGRect, offset: CGPoint) -> [String: Any] {
        ["x": number(frame.minX - parent.minX + offset.x), "y": number(frame.minY - parent.minY + offset.y),
         "width": number(frame.width), "height": number(frame.height)]
    }

    /// The mask object of `mask`, the mask of `layer`: a shape filling the layer when it does,
    /// otherwise one rounded rectangle in the layer's space.
    static func maskObject<M: ExportableLayer, L: ExportableLayer>(_ mask: M, of layer: L) -> [String: Any] {
        let frame = mask.frame.offsetBy(dx: -layer.bounds.minX, dy: -layer.bounds.minY)
        var shape = frame, radius = mask.cornerRadius, isOval = false
        if let outline = mask.shapeOutline {
            shape = outline.boundingBox.offsetBy(dx: frame.minX - mask.bounds.minX, dy: frame.minY - mask.bounds.minY)
            isOval = outline.isOval
            radius = isOval ? min(shape.width, shape.height) / 2 : 0
        }
        let fillsLayer = abs(shape.minX) < 0.001 && abs(shape.minY) < 0.001
            && abs(shape.width - layer.bounds.width) < 0.001 && abs(shape.height - layer.bounds.height) < 0.001
        if fillsLayer {
            return isOval ? ["shape": "oval"] : ["shape": "roundedRect", "radius": number(radius)]
        }
        var rect = self.rect(shape, in: .zero, offset: .zero)
        rect["radius"] = number(radius)
        return ["shape": "roundedRects", "rects": [rect]]
    }

    /// The contents object of a placeholder on a layer of `layerSize`; nil for nothing to draw.
    static func contentsObject(_ contents: Contents, layerSize: CGSize) -> [String: Any]? {
        switch contents {
        case .image(let size, let isOpaque):
            var image: [String: Any] = [:]
            if let size, size.width > 0, size.height > 0,
               abs(size.width - layerSize.width) >= 0.001 || abs(size.height - layerSize.height) >= 0.001 {
                image["width"] = number(size.width)
                image["height"] = number(size.height)
            }
            if !isOpaque { image["opaque"] = false }
            return ["image": image]
        case .text(let source, let pointSize, let color):
            // The format's limit: at most 200 characters, at least one.
            var text: [String: Any]
            switch source {
            case .rowTitle(let length): text = ["title": min(max(length, 1), 200)]
            case .rowDetail(let length): text = ["detail": min(max(length, 1), 200)]
            case .string(let string):
                guard !string.isEmpty else { return nil }
                text = ["string": String(string.prefix(200))]
            }
            if pointSize != 17 { text["size"] = number(min(max(pointSize, 1), 200)) }
            if let color = color.flatMap({ hex($0) }), color != "#000000" { text["color"] = color }
            return ["text": text]
        }
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque.
    static func hex(_ color: some ExportableColor) -> String? {
        guard let rgba = RGBA(color) else { return nil }
        let bytes = [rgba.red, rgba.green, rgba.blue, rgba.alpha].map { Int((min(max($0, 0), 1) * 255).rounded()) }
        let digits = (bytes[3] == 255 ? bytes.prefix(3) : bytes[...]).map {
            let hex = String($0, radix: 16, uppercase: true)
            return hex.count == 1 ? "0" + hex : hex
        }
        return "#" + digits.joined()
    }

    /// A number to a thousandth of a point (far below a pixel), whole numbers as integers so that
    /// the file reads as one written by hand.
    static func number(_ value: CGFloat) -> Any {
        let rounded = (Double(value) * 1000).rounded() / 1000
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? Int(rounded) as Any : rounded as Any
    }

    /// A cell object as JSON: pretty, keys sorted.
    static func json(_ cell: [String: Any]) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: cell, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Writes `json` to `path` (default `cell.json` in the temporary directory) and returns the path.
    static func write(_ json: String, to path: String?) throws -> String {
        let path = path ?? (NSTemporaryDirectory() as NSString).appendingPathComponent("cell.json")
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

#if canImport(QuartzCore)
extension CGColor: ExportableColor {
    public var sRGBComponents: [CGFloat]? {
        guard let sRGB = CGColorSpace(name: CGColorSpace.sRGB) else { return nil }
        return converted(to: sRGB, intent: .defaultIntent, options: nil)?.components
    }
}

extension CellExporter.Outline {
    /// The outline of `path`: an oval when it is one subpath of curves alone, as
    /// `CGPath(ellipseIn:)` and `UIBezierPath(ovalIn:)` make.
    public init(path: CGPath) {
        var moves = 0, curves = 0, lines = 0
        path.applyWithBlock { element in
            switch element.pointee.type {
            case .moveToPoint: moves += 1
            case .addCurveToPoint, .addQuadCurveToPoint: curves += 1
            case .closeSubpath: break
            default: lines += 1
            }
        }
        self.init(boundingBox: path.boundingBoxOfPath, isOval: moves == 1 && lines == 0 && curves >= 4)
    }
}

extension CALayer: ExportableLayer {
    public typealias Sublayer = CALayer
    public typealias LayerColor = CGColor
    public typealias LayerPath = CGPath

    /// A `CGImage` in `contents`, its size in points by `contentsScale`. (A label's text is not in
    /// its layer; the UIView entry points add it.)
    public var contentsPlaceholder: CellExporter.Contents? {
        guard let contents, CFGetTypeID(contents as CFTypeRef) == CGImage.typeID else { return nil }
        let image = contents as! CGImage
        let scale = contentsScale > 0 ? contentsScale : 1
        return .image(size: CGSize(width: CGFloat(image.width) / scale, height: CGFloat(image.height) / scale),
                      isOpaque: CellExporter.isOpaque(image))
    }

    public var shapeOutline: CellExporter.Outline? {
        guard let shape = self as? CAShapeLayer else { return nil }
        return shape.path.map(CellExporter.Outline.init(path:)) ?? CellExporter.Outline(boundingBox: .zero, isOval: false)
    }
}

extension CellExporter {
    /// Whether `image`'s bitmap has no alpha channel.
    static func isOpaque(_ image: CGImage) -> Bool {
        switch image.alphaInfo {
        case .none, .noneSkipFirst, .noneSkipLast: return true
        default: return false
        }
    }
}
#endif

#if canImport(UIKit)
extension CellExporter {
    /// The cell object of `view`: for a `UITableViewCell`, its content view's layers and its
    /// `accessoryView`, frames relative to the cell, its separator inset and its height as the
    /// row's (`cell(contentView:accessories:rowHeight:separatorInset:contents:names:)`); otherwise
    /// `view`'s sublayers. Labels and image views give their contents' placeholders, and every
    /// view its layer's name: its accessibility identifier, else its class (`UIImageView`).
    @MainActor
    public static func cell(of view: UIView) -> [String: Any] {
        var contents: [ObjectIdentifier: Contents] = [:], names: [ObjectIdentifier: String] = [:]
        guard let tableCell = view as? UITableViewCell else {
            for subview in view.subviews { collect(subview, contents: &contents, names: &names) }
            return CellExporter.cell(of: view.layer, contents: contents, names: names)
        }
        let accessories: [UIView] = [tableCell.accessoryView].compactMap { $0 }
        for root in [tableCell.contentView] + accessories { collect(root, contents: &contents, names: &names) }
        return CellExporter.cell(contentView: tableCell.contentView.layer, accessories: accessories.map(\.layer),
                                 rowHeight: tableCell.bounds.height, separatorInset: tableCell.separatorInset.left,
                                 contents: contents, names: names)
    }

    /// The cell file of `view` (see `cell(of:)`): JSON, pretty, keys sorted.
    @MainActor
    public static func json(of view: UIView) throws -> String { try json(cell(of: view)) }

    /// Writes the cell file of `view` to `path` (default `cell.json` in the temporary directory)
    /// and returns the path.
    @MainActor @discardableResult
    public static func write(_ view: UIView, to path: String? = nil) throws -> String { try write(json(of: view), to: path) }

    /// The placeholders of the labels and image views in `view`'s tree, and every view's name, by
    /// their layers.
    @MainActor
    static func collect(_ view: UIView, contents: inout [ObjectIdentifier: Contents], names: inout [ObjectIdentifier: String]) {
        let identifier = view.accessibilityIdentifier ?? ""
        names[ObjectIdentifier(view.layer)] = identifier.isEmpty ? String(describing: type(of: view)) : identifier
        if let label = view as? UILabel, let text = label.text, !text.isEmpty {
            let font: UIFont? = label.font, color: UIColor? = label.textColor
            contents[ObjectIdentifier(label.layer)] = .text(.guessed(from: text), pointSize: font?.pointSize ?? 17,
                                                            color: color.flatMap { RGBA($0.cgColor) })
        } else if let imageView = view as? UIImageView, let image = imageView.image {
            contents[ObjectIdentifier(imageView.layer)] = .image(size: image.size, isOpaque: image.cgImage.map(CellExporter.isOpaque) ?? false)
        }
        for subview in view.subviews { collect(subview, contents: &contents, names: &names) }
    }
}
#endif
