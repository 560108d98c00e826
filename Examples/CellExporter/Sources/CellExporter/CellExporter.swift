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
// (clamped). Values beyond what `bench` accepts are brought within it, and each change is said
// (`CellExporter.Adjustment`, printed on standard error by `json(of:)` and `write`): an image
// larger than 2,048 pt a side (a 12-MP photo in a 60 pt avatar) is scaled down to it, keeping its
// shape; a shadow radius above 100 pt, a `rasterizationScale` above 4, sides, positions and radii
// beyond 2,048 pt are clamped; a `rasterizationScale` of 0 or less is left out (the default 1);
// layers beyond the 1,000th, or nested deeper than 16, are left out. So the file it writes is one
// `bench run --cell` reads.
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
    /// What `bench` accepts in a cell file (docs/scenario-files.md, "Describe your cell"), which
    /// the exporter keeps every value within.
    public enum Limits {
        /// The longest side, farthest position, largest radius, border and separator inset, points.
        public static let length: CGFloat = 2048
        /// The largest shadow radius, points.
        public static let shadowRadius: CGFloat = 100
        /// The largest `rasterizationScale` (a file takes above 0 to this).
        public static let rasterizationScale: CGFloat = 4
        /// The most layers in a cell, and the deepest nesting.
        public static let layers = 1_000, depth = 16
        /// The longest name of a layer, in characters.
        public static let nameLength = 64
    }

    /// A value the exporter changed so that `bench` accepts the file: where (a key path of the
    /// file, `layers[0].contents.image`) and what it did.
    public struct Adjustment: Equatable, Sendable, CustomStringConvertible {
        public var path: String
        public var change: String

        public var description: String { "\(path): \(change)" }
    }

    /// A cell object and the changes made to keep it within `Limits`.
    public struct Export {
        /// The cell object, as `cell(of:…)` returns it.
        public var cell: [String: Any]
        /// What was changed, in the order met; empty when nothing was.
        public var adjustments: [Adjustment]
    }

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
    /// unique. Values beyond `Limits` are brought within them
    /// (`export(_:separatorInset:rowHeight:offset:contents:names:)` says which).
    /// - Complexity: O(n) in the layers of the tree.
    public static func cell<Root: ExportableLayer>(of root: Root, separatorInset: CGFloat? = nil, rowHeight: CGFloat? = nil,
                                                   offset: CGPoint = .zero, contents: [ObjectIdentifier: Contents] = [:],
                                                   names: [ObjectIdentifier: String] = [:]) -> [String: Any] {
        export(root, separatorInset: separatorInset, rowHeight: rowHeight, offset: offset, contents: contents, names: names).cell
    }

    /// The cell object of `root` (see `cell(of:separatorInset:rowHeight:offset:contents:names:)`)
    /// and the values changed to keep it within `Limits`.
    /// - Complexity: O(n) in the layers of the tree.
    public static func export<Root: ExportableLayer>(_ root: Root, separatorInset: CGFloat? = nil, rowHeight: CGFloat? = nil,
                                                     offset: CGPoint = .zero, contents: [ObjectIdentifier: Contents] = [:],
                                                     names: [ObjectIdentifier: String] = [:]) -> Export {
        var walk = Walk(overrides: contents, names: names)
        var layers: [[String: Any]] = []
        for sublayer in root.sublayers ?? [] {
            guard let layer = walk.layer(sublayer, in: root.bounds, offset: offset, path: "layers[\(layers.count)]", depth: 1) else { continue }
            layers.append(layer)
        }
        return walk.finish(layers, size: CGRect(origin: offset, size: root.bounds.size), separatorInset: separatorInset, rowHeight: rowHeight)
    }

    /// The cell object of a table cell `rowHeight` points tall: the layers of its content view
    /// (`contentView`, whose frame is in the cell's space), then each of `accessories` (views
    /// beside the content view, such as an `accessoryView`; hidden ones left out), frames relative
    /// to the cell, and the values changed to keep it within `Limits`. The content view's
    /// sublayers are written as the cell's own layers, unless the content view draws something
    /// itself (a background colour, a clip, a border, a shadow…): it is then one layer, with them
    /// as its sublayers.
    /// - Complexity: O(n) in the layers of the trees.
    public static func export<L: ExportableLayer>(contentView: L, accessories: [L] = [], rowHeight: CGFloat, separatorInset: CGFloat? = nil,
                                                  contents: [ObjectIdentifier: Contents] = [:],
                                                  names: [ObjectIdentifier: String] = [:]) -> Export {
        // Whether the content view draws: its own object, written aside, beyond its frame and name.
        var aside = Walk(overrides: contents, names: names)
        let own = aside.layer(contentView, in: .zero, offset: .zero, path: "layers[0]", depth: 1) ?? [:]
        let draws = !Set(own.keys).isSubset(of: ["frame", "name", "sublayers"])
        var walk = Walk(overrides: contents, names: names)
        var layers: [[String: Any]] = []
        if draws {
            walk.layer(contentView, in: .zero, offset: .zero, path: "layers[0]", depth: 1).map { layers.append($0) }
        } else {
            for sublayer in contentView.sublayers ?? [] {
                guard let layer = walk.layer(sublayer, in: contentView.bounds, offset: contentView.frame.origin,
                                             path: "layers[\(layers.count)]", depth: 1) else { continue }
                layers.append(layer)
            }
        }
        for accessory in accessories where !accessory.isHidden {
            walk.layer(accessory, in: .zero, offset: .zero, path: "layers[\(layers.count)]", depth: 1).map { layers.append($0) }
        }
        let bounds = CGRect(x: 0, y: 0, width: contentView.frame.maxX, height: rowHeight)
        return walk.finish(layers, size: bounds, separatorInset: separatorInset, rowHeight: rowHeight)
    }

    /// The cell object of a table cell (see `export(contentView:accessories:rowHeight:separatorInset:contents:names:)`).
    public static func cell<L: ExportableLayer>(contentView: L, accessories: [L] = [], rowHeight: CGFloat, separatorInset: CGFloat? = nil,
                                                contents: [ObjectIdentifier: Contents] = [:],
                                                names: [ObjectIdentifier: String] = [:]) -> [String: Any] {
        export(contentView: contentView, accessories: accessories, rowHeight: rowHeight, separatorInset: separatorInset,
               contents: contents, names: names).cell
    }

    /// The cell file of `root` (see `cell(of:separatorInset:rowHeight:offset:contents:names:)`):
    /// JSON, pretty, keys sorted. The values changed to keep it within `Limits` are printed on
    /// standard error.
    public static func json<Root: ExportableLayer>(of root: Root, separatorInset: CGFloat? = nil, rowHeight: CGFloat? = nil,
                                                   offset: CGPoint = .zero, contents: [ObjectIdentifier: Contents] = [:],
                                                   names: [ObjectIdentifier: String] = [:]) throws -> String {
        let export = export(root, separatorInset: separatorInset, rowHeight: rowHeight, offset: offset, contents: contents, names: names)
        say(export.adjustments)
        return try json(export.cell)
    }

    /// Prints `adjustments` on standard error, where the console shows them beside the JSON.
    static func say(_ adjustments: [Adjustment]) {
        guard !adjustments.isEmpty else { return }
        let text = "CellExporter changed \(adjustments.count) value\(adjustments.count == 1 ? "" : "s") so that bench accepts the file:\n"
            + adjustments.map { "  \($0)\n" }.joined()
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Writes the cell file of `root` to `path` (default `cell.json` in the temporary directory)
    /// and returns the path.
    @discardableResult
    public static func write<Root: ExportableLayer>(_ root: Root, to path: String? = nil, separatorInset: CGFloat? = nil,
                                                    rowHeight: CGFloat? = nil) throws -> String {
        try write(json(of: root, separatorInset: separatorInset, rowHeight: rowHeight), to: path)
    }

    /// `layers` with every name given to more than one layer numbered, depth first
    /// (`UIImageView 1`, `UIImageView 2`), each at most `Limits.nameLength` characters and
    /// different from every other name of the cell.
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
                    candidate = String(name.prefix(Limits.nameLength - suffix.count)) + suffix
                } while used.contains(candidate)
                used.insert(candidate)
                out["name"] = candidate
            }
            if let sublayers = layer["sublayers"] as? [[String: Any]] { out["sublayers"] = sublayers.map(rename) }
            return out
        }
        return layers.map(rename)
    }

    /// One export's walk of a tree: the layers written so far, and the values changed.
    struct Walk {
        var overrides: [ObjectIdentifier: Contents]
        /// Names by layer, before each layer's own `name`.
        var names: [ObjectIdentifier: String]
        var adjustments: [Adjustment] = []
        /// Layers written so far, and those left out beyond `Limits.layers` or `Limits.depth`.
        var count = 0, beyondCount = 0, beyondDepth = 0

        init(overrides: [ObjectIdentifier: Contents], names: [ObjectIdentifier: String] = [:]) {
            self.overrides = overrides
            self.names = names
        }

        /// The cell object of the top-level `layers` written: what was left out said, one hidden
        /// layer of `size` when there are none, `separatorInset` and `rowHeight` kept within
        /// `Limits`, and names made unique (`uniquelyNamed`).
        mutating func finish(_ layers: [[String: Any]], size: CGRect, separatorInset: CGFloat?, rowHeight: CGFloat?) -> Export {
            noteLeftOut()
            var layers = layers
            if layers.isEmpty {
                // A cell file has at least one layer; a hidden one draws, and costs, nothing.
                layers = [["frame": rect(size, in: .zero, offset: .zero, path: "layers[0].frame"), "hidden": true]]
                adjust("layers", "the view has no layers; one hidden layer of its size written, as a cell file has at least one")
            }
            var cell: [String: Any] = ["layers": CellExporter.uniquelyNamed(layers)]
            if let separatorInset {
                cell["separatorInset"] = length(separatorInset, "separatorInset", range: 0...Limits.length, default: 16)
            }
            if let rowHeight {
                if rowHeight > 0 {
                    // The file's smallest positive number is 0.001 (`number`'s rounding).
                    cell["rowHeight"] = length(max(rowHeight, 0.001), "rowHeight", range: 0.001...Limits.length, default: 44)
                } else {
                    adjust("rowHeight", "\(CellExporter.shown(rowHeight)) is not above 0, as a row's height must be; left out (the table's rows)")
                }
            }
            return Export(cell: cell, adjustments: adjustments)
        }

        mutating func adjust(_ path: String, _ change: String) { adjustments.append(Adjustment(path: path, change: change)) }

        /// Says how many layers were left out, once the walk is done.
        mutating func noteLeftOut() {
            if beyondCount > 0 {
                adjust("layers", "\(beyondCount) layer\(beyondCount == 1 ? "" : "s") after the first \(Limits.layers) left out (a cell file takes at most \(Limits.layers))")
            }
            if beyondDepth > 0 {
                adjust("layers", "\(beyondDepth) layer\(beyondDepth == 1 ? "" : "s") nested deeper than \(Limits.depth) left out (a cell file nests at most \(Limits.depth) deep)")
            }
        }

        /// `value` within `range`, as the file writes it (`number`); a value outside is clamped
        /// (NaN is `fallback`) and the change noted at `path`.
        mutating func length(_ value: CGFloat, _ path: String, range: ClosedRange<CGFloat>, default fallback: CGFloat) -> Any {
            let within = value.isNaN ? fallback : min(max(value, range.lowerBound), range.upperBound)
            if within != value {
                adjust(path, "\(CellExporter.shown(value)) is outside \(CellExporter.shown(range.lowerBound)) to \(CellExporter.shown(range.upperBound)), written as \(CellExporter.shown(within))")
            }
            return CellExporter.number(within)
        }

        /// The layer object of `layer` at `path`, `depth` levels down; nil once `Limits.layers`
        /// have been written (this layer and the rest are counted as left out).
        mutating func layer<L: ExportableLayer>(_ layer: L, in parent: CGRect, offset: CGPoint, path: String, depth: Int) -> [String: Any]? {
            guard count < Limits.layers else {
                beyondCount += CellExporter.layerCount(layer)
                return nil
            }
            count += 1
            let side = 0...Limits.length, place = -Limits.length...Limits.length
            var o: [String: Any] = ["frame": rect(layer.frame, in: parent, offset: offset, path: path + ".frame")]
            if let name = names[ObjectIdentifier(layer)] ?? layer.name, !name.isEmpty { o["name"] = String(name.prefix(Limits.nameLength)) }
            if layer.isHidden { o["hidden"] = true }
            if let color = layer.backgroundColor.flatMap({ CellExporter.hex($0) }) { o["backgroundColor"] = color }
            if let placeholder = overrides[ObjectIdentifier(layer)] ?? layer.contentsPlaceholder,
               let contents = contentsObject(placeholder, layerSize: layer.bounds.size, path: path + ".contents") {
                o["contents"] = contents
            }
            if layer.isOpaque { o["isOpaque"] = true }
            if layer.opacity < 1 { o["opacity"] = CellExporter.number(CGFloat(max(layer.opacity, 0))) }
            if !layer.allowsGroupOpacity { o["allowsGroupOpacity"] = false }
            if layer.cornerRadius > 0 { o["cornerRadius"] = length(layer.cornerRadius, path + ".cornerRadius", range: side, default: 0) }
            if layer.masksToBounds { o["masksToBounds"] = true }
            if let mask = layer.mask { o["mask"] = maskObject(mask, of: layer, path: path + ".mask") }
            if layer.shouldRasterize {
                o["shouldRasterize"] = true
                let scale = layer.rasterizationScale
                if !(scale > 0) {
                    adjust(path + ".rasterizationScale", "\(CellExporter.shown(scale)) is not above 0, as a cell file's must be; left out (the default 1)")
                } else if scale != 1 {
                    // The file's smallest positive number is 0.001 (`number`'s rounding).
                    o["rasterizationScale"] = length(max(scale, 0.001), path + ".rasterizationScale",
                                                     range: 0.001...Limits.rasterizationScale, default: 1)
                }
            }
            // Core Animation draws no shadow without a colour or with opacity 0.
            if layer.shadowOpacity > 0, let shadowColor = layer.shadowColor.flatMap({ CellExporter.hex($0) }) {
                // Any opacity above 0 draws the shadow and pays its pass: one too faint for the
                // file's thousandths is written as the faintest it takes.
                var shadow: [String: Any] = ["opacity": length(CGFloat(layer.shadowOpacity), path + ".shadow.opacity", range: 0.001...1, default: 1)]
                if layer.shadowRadius != 3 {
                    shadow["radius"] = length(layer.shadowRadius, path + ".shadow.radius", range: 0...Limits.shadowRadius, default: 3)
                }
                if layer.shadowOffset != CGSize(width: 0, height: -3) {
                    shadow["offset"] = ["x": length(layer.shadowOffset.width, path + ".shadow.offset.x", range: place, default: 0),
                                        "y": length(layer.shadowOffset.height, path + ".shadow.offset.y", range: place, default: -3)]
                }
                if shadowColor != "#000000" { shadow["color"] = shadowColor }
                if layer.shadowPath != nil { shadow["path"] = true }
                o["shadow"] = shadow
            }
            // A border without a colour is not drawn.
            if layer.borderWidth > 0, let borderColor = layer.borderColor.flatMap({ CellExporter.hex($0) }) {
                var border: [String: Any] = ["width": length(max(layer.borderWidth, 0.001), path + ".border.width",
                                                             range: 0.001...Limits.length, default: 1)]
                if borderColor != "#000000" { border["color"] = borderColor }
                o["border"] = border
            }
            if let sublayers = layer.sublayers, !sublayers.isEmpty {
                if depth >= Limits.depth {
                    beyondDepth += sublayers.map { CellExporter.layerCount($0) }.reduce(0, +)
                } else {
                    var written: [[String: Any]] = []
                    for (index, sublayer) in sublayers.enumerated() {
                        guard let object = self.layer(sublayer, in: layer.bounds, offset: .zero, path: path + ".sublayers[\(index)]",
                                                      depth: depth + 1) else { continue }
                        written.append(object)
                    }
                    if !written.isEmpty { o["sublayers"] = written }
                }
            }
            return o
        }

        /// `{"x", "y", "width", "height"}` of `frame` in a parent whose bounds are `parent`, each
        /// within `Limits.length`.
        mutating func rect(_ frame: CGRect, in parent: CGRect, offset: CGPoint, path: String) -> [String: Any] {
            let side = 0...Limits.length, place = -Limits.length...Limits.length
            return ["x": length(frame.minX - parent.minX + offset.x, path + ".x", range: place, default: 0),
                    "y": length(frame.minY - parent.minY + offset.y, path + ".y", range: place, default: 0),
                    "width": length(frame.width, path + ".width", range: side, default: 0),
                    "height": length(frame.height, path + ".height", range: side, default: 0)]
        }

        /// The mask object of `mask`, the mask of `layer`: a shape filling the layer when it does,
        /// otherwise one rounded rectangle in the layer's space.
        mutating func maskObject<M: ExportableLayer, L: ExportableLayer>(_ mask: M, of layer: L, path: String) -> [String: Any] {
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
                return isOval ? ["shape": "oval"]
                    : ["shape": "roundedRect", "radius": length(radius, path + ".radius", range: 0...Limits.length, default: 0)]
            }
            var rect = self.rect(shape, in: .zero, offset: .zero, path: path + ".rects[0]")
            rect["radius"] = length(radius, path + ".rects[0].radius", range: 0...Limits.length, default: 0)
            return ["shape": "roundedRects", "rects": [rect]]
        }

        /// The contents object of a placeholder on a layer of `layerSize`; nil for nothing to draw.
        mutating func contentsObject(_ contents: Contents, layerSize: CGSize, path: String) -> [String: Any]? {
            switch contents {
            case .image(let size, let isOpaque):
                var image: [String: Any] = [:]
                if let size, size.width > 0, size.height > 0,
                   abs(size.width - layerSize.width) >= 0.001 || abs(size.height - layerSize.height) >= 0.001 {
                    // A larger picture is scaled down whole, keeping its shape: what it costs is
                    // drawing it into the layer, which the largest a file takes still shows.
                    var scaled = size
                    let longest = max(size.width, size.height)
                    if longest > Limits.length {
                        let factor = Limits.length / longest
                        scaled = CGSize(width: max(0.001, size.width * factor), height: max(0.001, size.height * factor))
                        adjust(path + ".image", "\(CellExporter.shown(size.width)) × \(CellExporter.shown(size.height)) pt, scaled to "
                            + "\(CellExporter.shown(scaled.width)) × \(CellExporter.shown(scaled.height)) pt (a cell file's images are at most \(CellExporter.shown(Limits.length)) pt a side)")
                    }
                    image["width"] = CellExporter.number(max(0.001, min(scaled.width, Limits.length)))
                    image["height"] = CellExporter.number(max(0.001, min(scaled.height, Limits.length)))
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
                if pointSize != 17 { text["size"] = length(pointSize, path + ".text.size", range: 1...200, default: 17) }
                if let color = color.flatMap({ CellExporter.hex($0) }), color != "#000000" { text["color"] = color }
                return ["text": text]
            }
        }
    }

    /// The layers of the tree under `layer`, itself included.
    static func layerCount<L: ExportableLayer>(_ layer: L) -> Int {
        1 + (layer.sublayers ?? []).map { layerCount($0) }.reduce(0, +)
    }

    /// A number as an adjustment quotes it: as the file would write it, or as Swift prints it.
    static func shown(_ value: CGFloat) -> String {
        guard value.isFinite else { return "\(value)" }
        return "\(number(value))"
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
    /// row's (`export(contentView:accessories:rowHeight:separatorInset:contents:names:)`);
    /// otherwise `view`'s sublayers. Labels and image views give their contents' placeholders, and
    /// every view its layer's name: its accessibility identifier, else its class (`UIImageView`).
    @MainActor
    public static func cell(of view: UIView) -> [String: Any] { export(view).cell }

    /// The cell object of `view` (see `cell(of:)`) and the values changed to keep it within `Limits`.
    @MainActor
    public static func export(_ view: UIView) -> Export {
        var contents: [ObjectIdentifier: Contents] = [:], names: [ObjectIdentifier: String] = [:]
        guard let tableCell = view as? UITableViewCell else {
            for subview in view.subviews { collect(subview, contents: &contents, names: &names) }
            return CellExporter.export(view.layer, contents: contents, names: names)
        }
        let accessories: [UIView] = [tableCell.accessoryView].compactMap { $0 }
        for root in [tableCell.contentView] + accessories { collect(root, contents: &contents, names: &names) }
        return CellExporter.export(contentView: tableCell.contentView.layer, accessories: accessories.map(\.layer),
                                   rowHeight: tableCell.bounds.height, separatorInset: tableCell.separatorInset.left,
                                   contents: contents, names: names)
    }

    /// The cell file of `view` (see `cell(of:)`): JSON, pretty, keys sorted; the values changed
    /// to keep it within `Limits` are printed on standard error.
    @MainActor
    public static func json(of view: UIView) throws -> String {
        let export = export(view)
        say(export.adjustments)
        return try json(export.cell)
    }

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
