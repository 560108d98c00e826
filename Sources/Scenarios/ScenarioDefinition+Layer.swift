extension ScenarioDefinition {
    /// A layer of a cell or an overlay as a definition records it: every property of the model's
    /// `LayerDescription` that decides what is drawn, with its defaults, colours as `#RRGGBB` or
    /// `#RRGGBBAA` (Scenarios links no colour type) and points as numbers; its name and sublayers.
    /// Harness makes it from the model (`Scenario.definition`); its JSON (`json`, read back by
    /// `init(node:)`) keys each property as a cell file does and leaves out those at their
    /// defaults, so a definition reads like the cell it came from.
    public struct Layer: Hashable, Sendable {
        /// The name its file gives it; nil when it gives none (or was written before layers had one).
        public var name: String?
        /// Position and size in the parent layer's space, points.
        public var frame: Frame
        /// A hidden layer and its sublayers are not drawn (`hidden` in JSON, as in a cell file).
        public var isHidden = false
        /// The colour filling the bounds, or nil.
        public var backgroundColor: String?
        /// What the layer shows over its background.
        public var contents: Contents = .none
        /// The promise that the layer's own backing store is opaque (`CALayer.isOpaque`).
        public var isOpaque = false
        /// Multiplies the subtree's alpha.
        public var opacity = 1.0
        /// With sublayers and opacity below 1, composite the subtree as one group.
        public var allowsGroupOpacity = true
        /// Rounds the background and border, and the clip when `masksToBounds`, points.
        public var cornerRadius = 0.0
        /// Clips contents and sublayers to the (rounded) bounds.
        public var masksToBounds = false
        /// A shape layer masking the subtree, or nil.
        public var mask: Mask?
        /// Pixels per point of the rasterized bitmap when the layer rasterizes (`shouldRasterize`),
        /// nil when it does not: the definition records the scale only then, as its JSON does, so
        /// a layer that does not rasterize has no scale to differ by.
        public var rasterizationScale: Double?
        /// A shadow beneath the layer, or nil.
        public var shadow: Shadow?
        /// A border drawn above the contents and sublayers, or nil.
        public var border: Border?
        /// A blur of what lies behind the layer, or nil (an overlay's).
        public var backdrop: Backdrop?
        /// Its sublayers, back to front.
        public var sublayers: [Layer] = []

        /// A layer of `frame` named `name`, every other property at its default.
        public init(name: String? = nil, frame: Frame, sublayers: [Layer] = []) {
            self.name = name
            self.frame = frame
            self.sublayers = sublayers
        }

        /// Whether the layer renders its subtree once into the rasterization cache.
        public var shouldRasterize: Bool { rasterizationScale != nil }
    }
}

extension ScenarioDefinition.Layer {
    /// A rectangle in points.
    public struct Frame: Hashable, Sendable {
        /// The origin, points.
        public var x: Double, y: Double
        /// The size, points.
        public var width: Double, height: Double

        /// The rectangle at (`x`, `y`) of `width` × `height` points.
        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// A size in points.
    public struct Size: Hashable, Sendable {
        /// Points.
        public var width: Double, height: Double

        /// `width` × `height` points.
        public init(width: Double, height: Double) {
            self.width = width
            self.height = height
        }
    }

    /// A shadow's offset, points; y grows downwards.
    public struct Offset: Hashable, Sendable {
        /// Points.
        public var x: Double, y: Double

        /// (`x`, `y`) points.
        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    /// What a layer shows over its background.
    public enum Contents: Hashable, Sendable {
        /// Nothing but its background.
        case none
        /// A picture shared by every layer that shows it.
        case image(Image)
        /// A text drawn once as an image (the disclosure chevron).
        case symbol(Symbol)
        /// A label's text, drawn for this layer when it changes.
        case text(Label)
    }

    /// A picture: its size, colour and corners cut transparent.
    public struct Image: Hashable, Sendable {
        /// Its size; nil: the layer's.
        public var size: Size?
        /// Its colour; nil: the row's, so rows show different images.
        public var color: String?
        /// Points of its corners cut transparent; 0 for none.
        public var cornerRadius: Double

        /// A picture of `size` in `color` with `cornerRadius` points cut from its corners.
        public init(size: Size? = nil, color: String? = nil, cornerRadius: Double = 0) {
            self.size = size
            self.color = color
            self.cornerRadius = cornerRadius
        }
    }

    /// A text drawn once as an image.
    public struct Symbol: Hashable, Sendable {
        /// The text.
        public var string: String
        /// The font size, points.
        public var size: Double
        /// Its colour.
        public var color: String

        /// `string` at `size` points in `color`.
        public init(string: String, size: Double, color: String) {
            self.string = string
            self.size = size
            self.color = color
        }
    }

    /// A label: text drawn into a bitmap of the layer's size.
    public struct Label: Hashable, Sendable {
        /// Where the text comes from.
        public enum Source: Hashable, Sendable {
            /// This string on every row (`string`).
            case string(String)
            /// The row's title of at most this many characters (`title`).
            case title(length: Int)
            /// The row's detail text of at most this many characters (`detail`).
            case detail(length: Int)
        }

        /// Where the text comes from.
        public var source: Source
        /// The font size, points.
        public var size: Double
        /// The text's colour.
        public var color: String
        /// An opaque background drawn into the bitmap, or nil for a clear label.
        public var background: String?
        /// The widest the text may be, points; nil: the layer's width.
        public var maxWidth: Double?

        /// A label of `source` at `size` points in `color`.
        public init(source: Source, size: Double, color: String, background: String? = nil, maxWidth: Double? = nil) {
            self.source = source
            self.size = size
            self.color = color
            self.background = background
            self.maxWidth = maxWidth
        }
    }

    /// The shape of a mask layer filling its layer's bounds.
    public enum Mask: Hashable, Sendable {
        /// A rounded rectangle of the bounds with this radius, points.
        case roundedRect(radius: Double)
        /// The ellipse inscribed in the bounds.
        case oval
        /// A path of several rounded rectangles in the layer's space.
        case roundedRects([RoundedRect])
    }

    /// A rounded rectangle of a mask's path.
    public struct RoundedRect: Hashable, Sendable {
        /// Its rectangle in the layer's space, points.
        public var frame: Frame
        /// Its corner radius, points.
        public var radius: Double

        /// `frame` rounded by `radius`.
        public init(frame: Frame, radius: Double) {
            self.frame = frame
            self.radius = radius
        }
    }

    /// A layer's shadow.
    public struct Shadow: Hashable, Sendable {
        /// From 0 to 1.
        public var opacity: Double
        /// The blur radius, points.
        public var radius: Double
        /// Points; y grows downwards.
        public var offset: Offset
        /// Its colour.
        public var color: String
        /// Whether the app sets `shadowPath` to the layer's rounded bounds (`path` in JSON).
        public var hasPath: Bool

        /// A shadow of `opacity`, the others at Core Animation's defaults unless given (as
        /// `ShadowDescription`'s).
        public init(opacity: Double, radius: Double = 3, offset: Offset = Offset(x: 0, y: -3), color: String = "#000000",
                    hasPath: Bool = false) {
            self.opacity = opacity
            self.radius = radius
            self.offset = offset
            self.color = color
            self.hasPath = hasPath
        }
    }

    /// A layer's border.
    public struct Border: Hashable, Sendable {
        /// Points.
        public var width: Double
        /// Its colour.
        public var color: String

        /// A border `width` points wide in `color`.
        public init(width: Double, color: String = "#000000") {
            self.width = width
            self.color = color
        }
    }

    /// A blur of what lies behind a layer.
    public struct Backdrop: Hashable, Sendable {
        /// The blur radius, points.
        public var radius: Double
        /// The colour laid over the blur.
        public var tint: String

        /// A blur of `radius` points tinted `tint`.
        public init(radius: Double, tint: String) {
            self.radius = radius
            self.tint = tint
        }
    }
}
