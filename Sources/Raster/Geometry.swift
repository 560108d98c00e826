/// Geometry in two unit systems that must never mix silently.
///
/// The members are `@inlinable`: the renderer's tree walk calls them for every layer of every
/// frame from another module, and as calls they were a tenth of the walk's instructions.
///
/// `Point`/`Size`/`Rect` are in *points* (`Double`), the unit of layer frames and table rows.
/// `PixelPoint`/`PixelSize`/`PixelRect` are in device *pixels* (`Int`), the unit of pixmaps.
/// Converting between them needs a scale, so a forgotten scale is a compile error rather than a
/// blurry corner.

/// A position in points.
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)
}

/// A size in points.
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double
    @inlinable public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)
}

/// An axis-aligned rectangle in points.
public struct Rect: Hashable, Sendable {
    public var origin: Point
    public var size: Size
    @inlinable public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    @inlinable public var minX: Double { origin.x }
    @inlinable public var minY: Double { origin.y }
    @inlinable public var maxX: Double { origin.x + size.width }
    @inlinable public var maxY: Double { origin.y + size.height }
    @inlinable public var width: Double { size.width }
    @inlinable public var height: Double { size.height }
}

/// A position in device pixels.
public struct PixelPoint: Hashable, Sendable {
    public var x: Int
    public var y: Int
    @inlinable public init(x: Int, y: Int) { self.x = x; self.y = y }
    public static let zero = PixelPoint(x: 0, y: 0)
}

/// A size in device pixels.
public struct PixelSize: Hashable, Sendable {
    public var width: Int
    public var height: Int
    @inlinable public init(width: Int, height: Int) { self.width = width; self.height = height }
    /// The number of pixels, `width × height` (zero for an empty or negative size).
    @inlinable public var area: Int { width > 0 && height > 0 ? width * height : 0 }
}

/// An axis-aligned rectangle in device pixels; `x ..< x + width` by `y ..< y + height`.
public struct PixelRect: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    @inlinable public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    @inlinable public init(origin: PixelPoint, size: PixelSize) {
        self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }
    public static let zero = PixelRect(x: 0, y: 0, width: 0, height: 0)
    @inlinable public var maxX: Int { x + width }
    @inlinable public var maxY: Int { y + height }
    @inlinable public var origin: PixelPoint { PixelPoint(x: x, y: y) }
    @inlinable public var size: PixelSize { PixelSize(width: width, height: height) }
    /// True when the rectangle holds no pixel.
    @inlinable public var isEmpty: Bool { width <= 0 || height <= 0 }
    /// The number of pixels it holds.
    @inlinable public var area: Int { isEmpty ? 0 : width * height }

    /// The pixels this rectangle shares with `other` (empty when they do not overlap).
    @inlinable public func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        if x1 <= x0 || y1 <= y0 { return .zero }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The rectangle moved by `dx`, `dy` pixels.
    @inlinable public func offsetBy(dx: Int, dy: Int) -> PixelRect {
        PixelRect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// True when `other` lies entirely inside this rectangle.
    @inlinable public func contains(_ other: PixelRect) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }
}

extension Rect {
    /// The pixels this rectangle covers at `scale`, with each edge snapped to the nearest pixel
    /// boundary (so adjacent rectangles in points stay adjacent in pixels).
    @inlinable public func pixelRect(scale: Double) -> PixelRect {
        let x0 = Int((minX * scale).rounded()), y0 = Int((minY * scale).rounded())
        let x1 = Int((maxX * scale).rounded()), y1 = Int((maxY * scale).rounded())
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
