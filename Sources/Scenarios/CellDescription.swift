import Raster

/// A cell described as a tree of layers: what an app's cell class builds once and lays out for
/// each row. The built-in Settings row is one (`RowContent.description`), a user's cell from a
/// scenario file another; `CellLayers` builds and updates the layers of either the same way.
///
/// A value, so two cells of the same kind compare equal and a scenario's definition can name it.
public struct CellDescription: Hashable, Sendable {
    /// The layers in the cell's content view, back to front; frames relative to the cell.
    public var layers: [LayerDescription]
    /// Where the separator under the cell starts, points from its leading edge
    /// (`UITableViewCell.separatorInset.left`).
    public var separatorInset: Double
    /// The height of the row the cell was laid out in, points (the exporter writes the cell's
    /// bounds); nil when its file does not say. A table built for the cell alone (`--cell`) takes
    /// its rows' height from it.
    public var rowHeight: Double?

    /// The most layers a cell may have, nested ones included: more than any real cell, and few
    /// enough that a description cannot make a table whose frames take minutes.
    public static let maxLayers = 1_000
    /// The deepest nesting of sublayers.
    public static let maxDepth = 16

    /// The longest name a layer may have, in characters: a view's class or accessibility
    /// identifier fits, and a name still leaves a report's table room for its numbers.
    public static let maxNameLength = 64

    public init(layers: [LayerDescription], separatorInset: Double = 16, rowHeight: Double? = nil) {
        self.layers = layers
        self.separatorInset = separatorInset
        self.rowHeight = rowHeight
    }

    /// The number of layers, nested ones included.
    public var layerCount: Int { layers.reduce(0) { $0 + $1.layerCount } }

    /// Each layer's path in the description (`layers[0]`, `layers[1].sublayers[0]`), depth
    /// first: the order of `Layer.costTag`, by which a run reports what each layer cost.
    public var layerPaths: [String] {
        var out: [String] = []
        func visit(_ layer: LayerDescription, _ path: String) {
            out.append(path)
            for (i, sublayer) in layer.sublayers.enumerated() { visit(sublayer, path + ".sublayers[\(i)]") }
        }
        for (i, layer) in layers.enumerated() { visit(layer, "layers[\(i)]") }
        return out
    }

    /// Each layer's `name`, in the order of `layerPaths` (nil where it has none).
    public var layerNames: [String?] {
        var out: [String?] = []
        func visit(_ layer: LayerDescription) {
            out.append(layer.name)
            layer.sublayers.forEach(visit)
        }
        layers.forEach(visit)
        return out
    }

    /// The layer at `path` (`layers[1]`, `layers[1].sublayers[0]`, as `CellLayerCost.layer`
    /// names it); nil when the cell has none there.
    public func layer(at path: String) -> LayerDescription? {
        var found: LayerDescription?
        for (depth, part) in path.split(separator: ".").enumerated() {
            guard let open = part.firstIndex(of: "["), part.hasSuffix("]"),
                  let index = Int(part[part.index(after: open)..<part.index(before: part.endIndex)]) else { return nil }
            let key = part[..<open]
            let elements: [LayerDescription]
            switch (depth, key) {
            case (0, "layers"): elements = layers
            case (1..., "sublayers"): elements = found?.sublayers ?? []
            default: return nil
            }
            guard elements.indices.contains(index) else { return nil }
            found = elements[index]
        }
        return found
    }

    /// The layers that reach above or below a row `rowHeight` points tall, in the order of
    /// `layerPaths`, each with its path, name and extent in the cell (points from the row's top).
    /// A layer inside an ancestor that clips (`masksToBounds` or a mask) is not listed: its
    /// ancestor is, when it reaches out; hidden layers are not drawn and not listed.
    /// Core Animation draws such a layer over the neighbouring rows (a cell does not clip its
    /// content view), and so does the model.
    /// - Complexity: O(n) in the layers.
    public func layersOutside(rowHeight: Double) -> [(path: String, name: String?, top: Double, bottom: Double)] {
        var out: [(path: String, name: String?, top: Double, bottom: Double)] = []
        func visit(_ layer: LayerDescription, _ path: String, originY: Double, clipped: Bool) {
            guard !layer.isHidden else { return }
            let top = originY + layer.frame.minY, bottom = top + layer.frame.height
            let outside = top < -1e-9 || bottom > rowHeight + 1e-9
            if outside && !clipped { out.append((path, layer.name, top, bottom)) }
            let clips = layer.masksToBounds || layer.mask != nil
            for (i, sublayer) in layer.sublayers.enumerated() {
                visit(sublayer, path + ".sublayers[\(i)]", originY: top, clipped: clipped || clips)
            }
        }
        for (i, layer) in layers.enumerated() { visit(layer, "layers[\(i)]", originY: 0, clipped: false) }
        return out
    }
}

/// One layer of a cell: the `CALayer` properties that decide what is drawn and what drawing it
/// costs, each priced by the compositor's rules (docs/cost-model.md §1).
public struct LayerDescription: Hashable, Sendable {
    /// What the user calls the layer (`avatar`; the exporter writes the view's accessibility
    /// identifier or class), shown beside its path wherever its cost is; nil for none. A label
    /// only: it changes nothing drawn.
    public var name: String?
    /// Position and size in the parent layer's space, points.
    public var frame: Rect
    /// A hidden layer and its sublayers are not drawn; nothing else about it is updated.
    public var isHidden = false
    /// The colour filling the bounds (rounded by `cornerRadius`), or nil.
    public var backgroundColor: Color?
    /// What the layer shows over its background.
    public var contents: LayerContents = .none
    /// The promise that the layer's own backing store is opaque (`CALayer.isOpaque`).
    public var isOpaque = false
    /// Multiplies the subtree's alpha.
    public var opacity = 1.0
    /// With sublayers and opacity below 1, composite the subtree as one group (an off-screen
    /// pass), as iOS does by default; false applies the opacity to each layer alone.
    public var allowsGroupOpacity = true
    /// Rounds the background and border, and the clip when `masksToBounds`.
    public var cornerRadius = 0.0
    /// Clips contents and sublayers to the (rounded) bounds.
    public var masksToBounds = false
    /// A shape layer masking the subtree, filling the layer's bounds.
    public var mask: MaskShape?
    /// Renders the subtree once into the rasterization cache.
    public var shouldRasterize = false
    /// Pixels per point of the rasterized bitmap (Core Animation's default is 1).
    public var rasterizationScale = 1.0
    /// A shadow beneath the layer, or nil.
    public var shadow: ShadowDescription?
    /// A border drawn above the contents and sublayers, or nil.
    public var border: BorderDescription?
    /// A blur of what lies behind the layer, drawn beneath its background, or nil (a scenario's
    /// overlays may have one: docs/scenario-files.md).
    public var backdrop: Backdrop?
    /// The layers drawn over this one, back to front.
    public var sublayers: [LayerDescription] = []

    public init(frame: Rect) {
        self.frame = frame
    }

    /// This layer and all below it.
    public var layerCount: Int { 1 + sublayers.reduce(0) { $0 + $1.layerCount } }
}
