import Raster

/// What a layer shows.
public enum LayerContents: Hashable, Sendable {
    /// Nothing but its background.
    case none
    /// A bitmap shared by every layer that shows it, as `UIImage`s share one `CGImage`.
    case image(ImageContent)
    /// A label's backing store, drawn for this layer when what it shows changes.
    case text(TextContent)
}

/// A shared bitmap.
public enum ImageContent: Hashable, Sendable {
    /// A picture `size` points wide and high (nil: the layer's size) in `color` (nil: the row's
    /// colour from `ContentDrawing.iconColors`, so rows show different images and a reused cell
    /// changes its contents), its corners cut transparent by `cornerRadius` points drawn into it.
    /// With no radius and an opaque colour it is opaque, as a JPEG photo; otherwise its
    /// transparent pixels blend.
    case picture(size: Size?, color: Color?, cornerRadius: Double)
    /// A text drawn once as an image (a symbol such as the disclosure chevron).
    case symbol(String, pointSize: Double, color: Color)
}

/// A label: text drawn into a bitmap of the layer's size, left-aligned and centred vertically,
/// cut at `maxWidth`.
public struct TextContent: Hashable, Sendable {
    /// Where the string comes from.
    public enum Source: Hashable, Sendable {
        /// This string on every row.
        case literal(String)
        /// The row's title (`ContentText.title`) of at most this many characters.
        case rowTitle(length: Int)
        /// The row's detail text (`ContentText.detail`) of at most this many characters.
        case rowDetail(length: Int)
    }

    /// The font size when none is given, points: the body text's (`ContentDrawing.bodySize`).
    public static let defaultPointSize = 17.0
    /// The colour when none is given: the title's (`ContentDrawing.titleColor`).
    public static let defaultColor = Color(red: 0, green: 0, blue: 0)

    public var source: Source
    /// The font size, points.
    public var pointSize: Double
    public var color: Color
    /// An opaque background drawn into the bitmap (an opaque label), or nil for a clear one
    /// whose glyphs blend.
    public var background: Color?
    /// The widest the text may be, points; nil: the layer's width.
    public var maxWidth: Double?

    public init(source: Source, pointSize: Double = TextContent.defaultPointSize, color: Color = TextContent.defaultColor,
                background: Color? = nil, maxWidth: Double? = nil) {
        self.source = source
        self.pointSize = pointSize
        self.color = color
        self.background = background
        self.maxWidth = maxWidth
    }
}

/// The shape of a mask layer (`CAShapeLayer`) filling its layer's bounds.
public enum MaskShape: Hashable, Sendable {
    /// A rounded rectangle of the bounds with this radius, points.
    case roundedRect(radius: Double)
    /// The ellipse inscribed in the bounds.
    case oval
    /// A path of several rounded rectangles (frames in the layer's space, points).
    case roundedRects([RoundedRectShape])
}

/// A rounded rectangle of a path.
public struct RoundedRectShape: Hashable, Sendable {
    public var frame: Rect
    public var radius: Double

    public init(frame: Rect, radius: Double) {
        self.frame = frame
        self.radius = radius
    }
}

/// A layer's shadow (`shadowOpacity`, `shadowRadius`, `shadowOffset`, `shadowColor`, `shadowPath`).
public struct ShadowDescription: Hashable, Sendable {
    public var opacity: Double
    /// The blur radius, points.
    public var radius: Double
    /// Points; y grows downwards.
    public var offset: Point
    public var color: Color
    /// True when the app sets `shadowPath` to the layer's rounded bounds, so Core Animation knows
    /// the shape without rendering the layer first.
    public var hasPath: Bool

    public init(opacity: Double, radius: Double = 3, offset: Point = Point(x: 0, y: -3), color: Color = .black,
                hasPath: Bool = false) {
        self.opacity = opacity
        self.radius = radius
        self.offset = offset
        self.color = color
        self.hasPath = hasPath
    }
}

/// A layer's border (`borderWidth`, `borderColor`).
public struct BorderDescription: Hashable, Sendable {
    /// Points.
    public var width: Double
    public var color: Color

    public init(width: Double, color: Color = .black) {
        self.width = width
        self.color = color
    }
}
