import Raster

/// A node of the layer tree, modelled on `CALayer`: what to draw and how it combines.
///
/// Layers are classes because identity matters: the rasterization cache is keyed by it, a cell
/// keeps its layers across reuse, and a mask belongs to one layer. Every property change that
/// alters what the layer's subtree looks like bumps `version` on the layer and its ancestors, which
/// is how a cached raster bitmap knows it is stale; moving a layer changes its parent's picture,
/// not its own, so a rasterized layer that only moves keeps its bitmap (Core Animation: the cache
/// survives moves — docs/cost-model.md §1).
open class Layer {
    // Every stored property the renderer reads is `@exclusivity(unchecked)`: a class's stored
    // properties are otherwise checked for exclusive access at run time, and the renderer reads
    // them thousands of times a frame (about 5 % of `none`'s composite instructions went to the
    // runtime's access set). The compiler still checks every access it can see statically.
    // Members are `final` (the class stays open): a member a subclass could override is called
    // through the class's table, which the renderer's tree walk paid on every read.
    /// Position and size in the superlayer's coordinate space (points).
    @exclusivity(unchecked) public final var frame: Rect {
        didSet {
            guard frame != oldValue else { return }
            if frame.size != oldValue.size { invalidate() } else { superlayer?.invalidate() }
        }
    }
    /// The top-left of the visible part of the layer's own coordinate space: sublayers are drawn
    /// shifted by `−boundsOrigin` (how a scroll view scrolls: its bounds origin is the offset).
    @exclusivity(unchecked) public final var boundsOrigin: Point = .zero { didSet { if boundsOrigin != oldValue { invalidate() } } }
    /// The colour filling the bounds (rounded by `cornerRadius`), or nil for none.
    @exclusivity(unchecked) public final var backgroundColor: Color? { didSet { if backgroundColor != oldValue { invalidate() } } }
    /// A shared bitmap drawn over the background, or nil.
    @exclusivity(unchecked) public final var contents: Image? { didSet { if contents !== oldValue { invalidate() } } }
    /// The part of `contents` shown, in unit coordinates (0 ... 1), like `CALayer.contentsRect`.
    @exclusivity(unchecked) public final var contentsRect = Rect(x: 0, y: 0, width: 1, height: 1) { didSet { if contentsRect != oldValue { invalidate() } } }
    /// Multiplies the layer's alpha; below 1 with sublayers it needs an off-screen pass, unless
    /// `allowsGroupOpacity` is false.
    @exclusivity(unchecked) public final var opacity: Double = 1 { didSet { if opacity != oldValue { invalidate() } } }
    /// Whether an `opacity` below 1 composites the layer and its sublayers as one group, as
    /// `CALayer.allowsGroupOpacity` (true by default since iOS 7): the group is rendered
    /// off-screen and faded once, so overlapping sublayers do not show through each other. When
    /// false the opacity multiplies the layer's own drawing and each sublayer's separately,
    /// without an off-screen pass (and overlapping translucent parts show through).
    @exclusivity(unchecked) public final var allowsGroupOpacity = true { didSet { if allowsGroupOpacity != oldValue { invalidate() } } }
    /// A promise that the contents are fully opaque, so they may be drawn without blending.
    @exclusivity(unchecked) public final var isOpaque = false { didSet { if isOpaque != oldValue { invalidate() } } }
    /// Which layer of a described cell this is (its place in the description, depth first), so
    /// the renderer attributes the passes, splits and blended pixels it causes to it; -1 for a
    /// layer it attributes nothing to. Changes nothing drawn.
    @exclusivity(unchecked) public final var costTag = -1
    /// Hidden layers and their subtrees are not drawn.
    @exclusivity(unchecked) public final var isHidden = false { didSet { if isHidden != oldValue { invalidate() } } }
    /// Corner radius in points for the background (and for clipping with `masksToBounds`).
    @exclusivity(unchecked) public final var cornerRadius: Double = 0 { didSet { if cornerRadius != oldValue { invalidate() } } }
    /// Which corners `cornerRadius` rounds, like `maskedCorners`.
    @exclusivity(unchecked) public final var maskedCorners: Corners = .all { didSet { if maskedCorners != oldValue { invalidate() } } }
    /// Clips sublayers and contents to the (rounded) bounds.
    @exclusivity(unchecked) public final var masksToBounds = false { didSet { if masksToBounds != oldValue { invalidate() } } }
    /// A layer whose alpha multiplies this layer's subtree; its frame is in this layer's space.
    @exclusivity(unchecked) public final var mask: Layer? {
        didSet {
            guard mask !== oldValue else { return }
            oldValue?.maskOwner = nil
            mask?.maskOwner = self
            invalidate()
        }
    }
    /// Render the subtree once into a cached bitmap and reuse it while nothing changes.
    @exclusivity(unchecked) public final var shouldRasterize = false { didSet { if shouldRasterize != oldValue { invalidate() } } }
    /// Pixels per point of the cached bitmap; 1 by default, as in Core Animation (blurry on Retina).
    @exclusivity(unchecked) public final var rasterizationScale: Double = 1 { didSet { if rasterizationScale != oldValue { invalidate() } } }

    /// The layers drawn over this one, back to front.
    @exclusivity(unchecked) public private(set) final var sublayers: [Layer] = []
    /// The layer this one is a sublayer of. Unowned, not weak: a weak reference gives the object
    /// it names a side table, where every retain and release of it then goes, one more block
    /// the renderer's walk read from memory for every layer with sublayers. The superlayer holds
    /// this layer, and clears the reference when it goes (`deinit`), so it never dangles.
    public private(set) final unowned var superlayer: Layer?
    /// The layer this one masks, if it is a mask; unowned and cleared like `superlayer`.
    public private(set) final unowned var maskOwner: Layer?
    /// Bumped whenever the subtree's picture changes (see the type's doc).
    public private(set) final var version: UInt64 = 0
    /// The shadow, border and backdrop, boxed (`Layer+Decoration.swift`): few layers have one, and the
    /// renderer's walk reads the first 256 bytes of every layer, which they would have pushed
    /// past. Nil until one of their properties is set.
    @exclusivity(unchecked) final var decoration: LayerDecoration?
    /// True when the layer draws a shadow (`shadowOpacity > 0`), a border (`borderWidth > 0`) or a
    /// backdrop: the one check the renderer's walk makes for them on every layer.
    @exclusivity(unchecked) final var drawsShadowOrBorder = false

    /// Creates a layer with `frame`; counts `layersCreated` in `ledger`.
    public init(frame: Rect = .zero, ledger: Ledger) {
        self.frame = frame
        ledger.counts.layersCreated += 1
    }

    /// Clears the back references to this layer, which are unowned.
    deinit {
        for sublayer in sublayers { sublayer.superlayer = nil }
        mask?.maskOwner = nil
    }

    /// Appends `layer` on top of the sublayers, removing it from its previous superlayer.
    /// - Complexity: O(sublayers of the old superlayer) to remove it there, O(depth) to invalidate.
    public final func addSublayer(_ layer: Layer) {
        layer.removeFromSuperlayer()
        sublayers.append(layer)
        layer.superlayer = self
        invalidate()
    }

    /// Inserts `layer` at `index` of the sublayers (0 is the back), removing it from its previous
    /// superlayer.
    /// - Complexity: O(sublayers), O(depth) to invalidate.
    public final func insertSublayer(_ layer: Layer, at index: Int) {
        layer.removeFromSuperlayer()
        sublayers.insert(layer, at: max(0, min(index, sublayers.count)))
        layer.superlayer = self
        invalidate()
    }

    /// Detaches the layer from its superlayer.
    /// - Complexity: O(siblings).
    public final func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        if let i = parent.sublayers.firstIndex(where: { $0 === self }) { parent.sublayers.remove(at: i) }
        superlayer = nil
        parent.invalidate()
    }

    /// Marks this subtree's picture as changed, up to the root (and to the layer it masks).
    /// - Complexity: O(depth).
    public final func invalidate() {
        version &+= 1
        superlayer?.invalidate()
        maskOwner?.invalidate()
    }

    /// Whether drawing clips to the rounded bounds (`masksToBounds` with a corner radius, on the
    /// corners `maskedCorners` names).
    public final var clipsToRoundedBounds: Bool { masksToBounds && cornerRadius > 0 }

    /// Whether drawing this layer needs an off-screen pass of its own under `rules` (Core
    /// Animation: masks, rounded clipping of contents or sublayers, group opacity —
    /// docs/cost-model.md §7; from iOS 10 a rounded clip of contents alone takes none,
    /// `CoreAnimationRules.directContentsClip`). A shadow without a `shadowPath` needs one more,
    /// to learn its shape (`shadowNeedsOffscreenPass`).
    public final func needsOffscreenPass(_ rules: CoreAnimationRules) -> Bool {
        if mask != nil { return true }
        if clipsToRoundedBounds && (contents != nil || !sublayers.isEmpty) && !rules.clipsDirectly(self) { return true }
        if opacity < 1 && !sublayers.isEmpty && allowsGroupOpacity { return true }
        return false
    }

    /// Whether the layer's one thing a rounded clip cuts is its contents: it has contents and no
    /// sublayers, background colour, shadow, border, mask or path of its own (an image view
    /// showing only its image).
    public final var clipsOnlyItsContents: Bool {
        contents != nil && sublayers.isEmpty && (backgroundColor?.alpha ?? 0) == 0 && !drawsShadowOrBorder
            && mask == nil && !(self is ShapeLayer)
    }
}

/// A layer that fills a path, like `CAShapeLayer`; used as a mask by the corner strategies.
public final class ShapeLayer: Layer {
    /// The shape, in the layer's own coordinates; nil draws nothing.
    public var path: Path? { didSet { if path !== oldValue { invalidate() } } }
    /// The fill colour (opaque black by default, as `CAShapeLayer`).
    public var fillColor: Color = .black { didSet { if fillColor != oldValue { invalidate() } } }

    /// True when the layer draws nothing but its path in an opaque colour over exactly `size`
    /// pixels at `scale` from the origin, so as a mask its alpha is the path's coverage.
    func isPlainFill(of size: PixelSize, scale: Double) -> Bool {
        fillColor.alpha == 255 && opacity == 1 && !isHidden && sublayers.isEmpty && mask == nil
            && backgroundColor == nil && contents == nil && !drawsShadowOrBorder && frame.origin == .zero
            && Rect(origin: .zero, size: frame.size).pixelRect(scale: scale).size == size
    }
}
