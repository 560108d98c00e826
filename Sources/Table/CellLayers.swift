import Compositor
import Raster
import Scenarios

/// The layers a cell built from a `CellDescription`, kept across reuse as a cell keeps its
/// subviews, and brought up to date with each row's description: the one way cell content is
/// built, for the Settings row and a user's cell alike.
///
/// Updating sets each property to the description's value; a layer whose values did not change
/// keeps its version, so a rasterized subtree stays cached while its row only moves. A label's
/// bitmap is drawn again only when what it shows changes (text, font, colours, width, size), as a
/// label redraws its backing store only when it needs display. A mask's shape layer and path are
/// made when the layer is first framed and again only when its size or shape changes.
final class CellLayers {
    /// One layer and what was last drawn or made for it.
    final class Node {
        let layer: Layer
        /// True for a layer described with text contents: a label.
        let isLabel: Bool
        /// What the label's bitmap was drawn for.
        var drawn: LabelKey?
        /// What the mask's path was made for.
        var maskMade: MaskKey?
        /// What the shadow's path was made for: the bounds' size and corner radius.
        var shadowPathMade: ShadowPathKey?
        let children: [Node]

        /// `tag`: the next place in the description, depth first, when the cell's costs are
        /// attributed per layer (`Layer.costTag`); nil when they are not.
        init(_ description: LayerDescription, in parent: Layer, ledger: Ledger, tag: inout Int?) {
            let made = Layer(ledger: ledger)
            layer = made
            if let next = tag {
                made.costTag = next
                tag = next + 1
            }
            if case .text = description.contents { isLabel = true } else { isLabel = false }
            var children: [Node] = []
            for sublayer in description.sublayers { children.append(Node(sublayer, in: made, ledger: ledger, tag: &tag)) }
            self.children = children
            parent.addSublayer(made)
        }

        /// True when `description` has this node's shape: the same nesting of sublayers.
        func fits(_ description: LayerDescription) -> Bool {
            children.count == description.sublayers.count && zip(children, description.sublayers).allSatisfy { $0.fits($1) }
        }
    }

    /// What a label's bitmap shows.
    struct LabelKey: Equatable {
        var text: String
        var content: TextContent
        var maxWidth: Double
        var size: PixelSize
    }

    /// What a mask's path was made for.
    struct MaskKey: Equatable {
        var shape: MaskShape
        var size: Size
    }

    /// What a shadow's path was made for: the layer's rounded bounds.
    struct ShadowPathKey: Equatable {
        var size: Size
        var radius: Double
    }

    /// What a cell's content is configured for: the description of global row `row` in a cell
    /// of `size`, with a Settings row's labels over `labelBackground`, and a separator or not.
    struct Configuration: Equatable {
        var row: Int
        var size: Size
        var labelBackground: Color?
        var separator: Bool
    }

    /// The content view's layers, in description order.
    let nodes: [Node]
    /// What the layers were last brought up to (`apply`).
    private(set) var configuration: Configuration?
    /// The line under the cell, above the content view.
    let separator: Layer

    /// Makes the layers of `description` in `cell`: its layers in the content view, then the
    /// separator on the cell's layer; empty until `apply` runs.
    /// `attributed`: each layer gets its place in the description as its `costTag`, so the
    /// renderer attributes what it costs to it (a user's cell; the Settings row's are not).
    init(_ description: CellDescription, in cell: Cell, ledger: Ledger, attributed: Bool = false) {
        var tag: Int? = attributed ? 0 : nil
        var nodes: [Node] = []
        for layer in description.layers { nodes.append(Node(layer, in: cell.contentView, ledger: ledger, tag: &tag)) }
        self.nodes = nodes
        separator = Layer(ledger: ledger)
        cell.layer.addSublayer(separator)
    }

    /// True when `description` can be applied to these layers (the same tree shape).
    func fits(_ description: CellDescription) -> Bool {
        nodes.count == description.layers.count && zip(nodes, description.layers).allSatisfy { $0.fits($1) }
    }

    /// The layers of the labels, in description order.
    var labels: [Layer] {
        var out: [Layer] = []
        func visit(_ node: Node) {
            if node.isLabel { out.append(node.layer) }
            node.children.forEach(visit)
        }
        nodes.forEach(visit)
        return out
    }

    /// Brings the layers up to `description` as `configuration` says (the row, the cell's size, a
    /// separator: a one-pixel line along the bottom from the description's inset).
    func apply(_ description: CellDescription, _ configuration: Configuration, drawing: ContentDrawing) {
        self.configuration = configuration
        for i in nodes.indices { Self.apply(description.layers[i], to: nodes[i], row: configuration.row, drawing: drawing) }
        separator.isHidden = !configuration.separator
        if configuration.separator {
            let line = 1 / drawing.scale
            let inset = drawing.snap(description.separatorInset)
            let size = configuration.size
            separator.backgroundColor = ContentDrawing.separatorColor
            separator.frame = Rect(x: inset, y: size.height - line, width: max(0, size.width - inset), height: line)
        }
    }

    /// Brings `node`'s layer and its sublayers up to `d` for global row `row`: a cell's layer, or
    /// a scenario's overlay (`TableFrames`), which is built by the same nodes and applied once.
    static func apply(_ d: LayerDescription, to node: Node, row: Int, drawing: ContentDrawing) {
        let layer = node.layer
        layer.isHidden = d.isHidden
        if d.isHidden {
            // Nothing of a hidden layer is updated, but a hidden label lets its bitmap go.
            if node.isLabel, node.drawn != nil {
                node.drawn = nil
                layer.contents = nil
            }
            return
        }
        switch d.contents {
        case .none:
            layer.contents = nil
            layer.isOpaque = d.isOpaque
        case .image(let image):
            layer.contents = drawing.image(image, row: row, layerSize: d.frame.size)
            layer.isOpaque = d.isOpaque
        case .text(let text):
            let key = LabelKey(text: text.text(row: row), content: text, maxWidth: text.maxWidth ?? d.frame.width,
                               size: PixelSize(width: Int((d.frame.width * drawing.scale).rounded()),
                                               height: Int((d.frame.height * drawing.scale).rounded())))
            if node.drawn != key {
                node.drawn = key
                layer.contents = key.text.isEmpty ? nil
                    : drawing.label(key.text, pointSize: text.pointSize, color: text.color, background: text.background,
                                    maxWidth: key.maxWidth, size: key.size)
                layer.isOpaque = d.isOpaque || text.background != nil
            }
        }
        layer.frame = d.frame
        layer.backgroundColor = d.backgroundColor
        layer.opacity = d.opacity
        layer.allowsGroupOpacity = d.allowsGroupOpacity
        layer.cornerRadius = d.cornerRadius
        layer.masksToBounds = d.masksToBounds
        layer.shouldRasterize = d.shouldRasterize
        layer.rasterizationScale = d.rasterizationScale
        applyMask(d, to: node, ledger: drawing.ledger)
        applyShadow(d, to: node, ledger: drawing.ledger)
        // Border values are set only on a layer that has or had one, so others get no storage for them.
        if let border = d.border {
            layer.borderWidth = border.width
            layer.borderColor = border.color
        } else if layer.borderWidth != 0 {
            layer.borderWidth = 0
        }
        if d.backdrop != layer.backdrop { layer.backdrop = d.backdrop }
        for i in node.children.indices { Self.apply(d.sublayers[i], to: node.children[i], row: row, drawing: drawing) }
    }

    /// Sets the layer's mask to a shape layer filling its bounds, made anew only when the shape
    /// or the layer's size changed.
    private static func applyMask(_ d: LayerDescription, to node: Node, ledger: Ledger) {
        guard let shape = d.mask else {
            if node.maskMade != nil {
                node.layer.mask = nil
                node.maskMade = nil
            }
            return
        }
        let key = MaskKey(shape: shape, size: d.frame.size)
        guard node.maskMade != key else { return }
        node.maskMade = key
        let bounds = Rect(origin: .zero, size: d.frame.size)
        let mask = (node.layer.mask as? ShapeLayer) ?? ShapeLayer(ledger: ledger)
        mask.frame = bounds
        mask.path = Path(shape.path(in: bounds), ledger: ledger)
        node.layer.mask = mask
    }

    /// Sets the layer's shadow; with `hasPath`, a `shadowPath` of the rounded bounds, made anew
    /// only when the size or radius changed.
    private static func applyShadow(_ d: LayerDescription, to node: Node, ledger: Ledger) {
        let layer = node.layer
        guard let shadow = d.shadow else {
            if layer.shadowOpacity != 0 || node.shadowPathMade != nil {
                layer.shadowOpacity = 0
                layer.shadowPath = nil
                node.shadowPathMade = nil
            }
            return
        }
        layer.shadowOpacity = shadow.opacity
        layer.shadowRadius = shadow.radius
        layer.shadowOffset = shadow.offset
        layer.shadowColor = shadow.color
        guard shadow.hasPath else {
            layer.shadowPath = nil
            node.shadowPathMade = nil
            return
        }
        let key = ShadowPathKey(size: d.frame.size, radius: d.cornerRadius)
        guard node.shadowPathMade != key else { return }
        node.shadowPathMade = key
        layer.shadowPath = Path(.roundedRect(Rect(origin: .zero, size: d.frame.size), radius: d.cornerRadius, corners: .all), ledger: ledger)
    }
}

extension MaskShape {
    /// The path of this shape filling `bounds`.
    func path(in bounds: Rect) -> Path.Shape {
        switch self {
        case .roundedRect(let radius): return .roundedRect(bounds, radius: radius, corners: .all)
        case .oval: return .oval(bounds)
        case .roundedRects(let rects): return .union(rects.map { .roundedRect($0.frame, radius: $0.radius, corners: .all) })
        }
    }
}
