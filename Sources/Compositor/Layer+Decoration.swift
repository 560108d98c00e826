import Raster

/// A layer's shadow, border and backdrop values, held in a box of their own (`Layer.decoration`) that a
/// layer gets when one of them is first set; defaults as Core Animation's.
final class LayerDecoration {
    var values = Values()
    var shadowPath: Path?

    /// The values besides the path.
    struct Values: Sendable {
        var shadowOpacity = 0.0
        var shadowRadius = 3.0
        var shadowOffset = Point(x: 0, y: -3)
        var shadowColor = Color.black
        var borderWidth = 0.0
        var borderColor = Color.black
        var backdrop: Backdrop?

        /// Those of a layer without a box.
        static let defaults = Values()
    }
}

extension Layer {
    // MARK: - Shadow

    /// The opacity of the shadow drawn beneath the layer, 0 ... 1, as `CALayer.shadowOpacity`
    /// (0 by default: no shadow). Above 0 the shadow is drawn under the layer's background,
    /// contents, sublayers and border, blended over the shadow's extent (its shape's pixels
    /// moved by `shadowOffset` and grown by the blur's reach). Its shape is `shadowPath` when set;
    /// otherwise the layer's own alpha, which Core Animation must render the layer to learn: one
    /// off-screen pass every frame the layer is drawn (docs/cost-model.md §1 and §7).
    public final var shadowOpacity: Double {
        get { decorationValues.shadowOpacity }
        set { updateDecoration(\.shadowOpacity, newValue) }
    }

    /// The shadow's blur radius in points, as `CALayer.shadowRadius` (3 by default): a Gaussian of
    /// σ = `shadowRadius × scale / 2` pixels, reaching ⌈3σ⌉ pixels beyond the shape.
    public final var shadowRadius: Double {
        get { decorationValues.shadowRadius }
        set { updateDecoration(\.shadowRadius, newValue) }
    }

    /// How far the shadow is moved from the layer, in points, as `CALayer.shadowOffset`
    /// (`(0, −3)` by default). This model's y grows downward, as UIKit's does, so the default
    /// casts the shadow 3 points up, as it does on iOS. Moved by whole pixels (rounded).
    public final var shadowOffset: Point {
        get { decorationValues.shadowOffset }
        set { updateDecoration(\.shadowOffset, newValue) }
    }

    /// The shadow's colour, as `CALayer.shadowColor` (opaque black by default); its alpha
    /// multiplies `shadowOpacity`.
    public final var shadowColor: Color {
        get { decorationValues.shadowColor }
        set { updateDecoration(\.shadowColor, newValue) }
    }

    /// The shadow's shape in the layer's coordinates, as `CALayer.shadowPath`; nil (the default)
    /// takes the layer's rendered alpha instead. With a path no off-screen pass is needed: its
    /// blurred coverage is made once per scale and radius and kept with the path.
    public final var shadowPath: Path? {
        get { decoration?.shadowPath }
        set {
            guard newValue !== shadowPath else { return }
            decorationBox().shadowPath = newValue
            invalidate()
        }
    }

    /// True when the layer's shadow costs an off-screen pass every frame it is drawn: it has a
    /// shadow (`shadowOpacity > 0`) and no `shadowPath` (WWDC 2014 session 419, WWDC 2010
    /// session 425).
    public final var shadowNeedsOffscreenPass: Bool { shadowOpacity > 0 && shadowPath == nil }

    // MARK: - Border

    /// The width of the border in points, as `CALayer.borderWidth` (0 by default: none). The
    /// border is drawn inset from the bounds by its width, rounded by `cornerRadius` on
    /// `maskedCorners` (inner radius `max(0, cornerRadius − borderWidth)`), and composited above
    /// the layer's contents and sublayers (Apple's `borderWidth` documentation); always blended
    /// (its edges are anti-aliased), over the ring's pixels only, with no off-screen pass of its
    /// own.
    public final var borderWidth: Double {
        get { decorationValues.borderWidth }
        set { updateDecoration(\.borderWidth, newValue) }
    }

    /// The border's colour, as `CALayer.borderColor` (opaque black by default).
    public final var borderColor: Color {
        get { decorationValues.borderColor }
        set { updateDecoration(\.borderColor, newValue) }
    }

    // MARK: - Backdrop

    /// A blur of the pixels behind the layer, drawn beneath its background (nil by default: none).
    /// Apple's blur takes five passes, four of them off-screen after the content behind is drawn
    /// (WWDC 2014 session 419; docs/cost-model.md §1).
    public final var backdrop: Backdrop? {
        get { decorationValues.backdrop }
        set { updateDecoration(\.backdrop, newValue) }
    }

    // MARK: - Storage

    /// Whether the shadow is clipped with the layer: `masksToBounds` and `mask` apply to the
    /// layer's shadow as to the rest of it (Core Animation draws the shadow before opacity and
    /// the mask — Core Animation Programming Guide, "Layer Style Property Animations" — which is
    /// why `masksToBounds` hides a shadow).
    final var clipsShadow: Bool { masksToBounds || mask != nil }

    /// The values of the box, or the defaults where the layer has none.
    private var decorationValues: LayerDecoration.Values { decoration?.values ?? .defaults }

    /// The box, made on first use.
    private func decorationBox() -> LayerDecoration {
        if let box = decoration { return box }
        let box = LayerDecoration()
        decoration = box
        return box
    }

    /// Sets one decoration value; a change invalidates the layer and refreshes the walk's flag.
    private func updateDecoration<Value: Equatable>(_ key: WritableKeyPath<LayerDecoration.Values, Value>, _ value: Value) {
        guard decorationValues[keyPath: key] != value else { return }
        let box = decorationBox()
        box.values[keyPath: key] = value
        drawsShadowOrBorder = box.values.shadowOpacity > 0 || box.values.borderWidth > 0 || box.values.backdrop != nil
        invalidate()
    }
}
