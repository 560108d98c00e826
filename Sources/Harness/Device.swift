import Raster

/// A screen to benchmark on: size in points, pixels per point and refresh rate.
public struct Device: Hashable, Sendable {
    /// The catalogue name, or "custom".
    public var name: String
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double
    /// Pixels per point.
    public var scale: Double
    /// Frames per second; one scroll step is one frame (the rasterization cache's clock).
    public var refreshHz: Double

    public init(name: String, width: Double, height: Double, scale: Double, refreshHz: Double) {
        self.name = name
        self.width = width
        self.height = height
        self.scale = scale
        self.refreshHz = refreshHz
    }

    /// The screen in pixels.
    public var pixelSize: PixelSize {
        Rect(x: 0, y: 0, width: width, height: height).pixelRect(scale: scale).size
    }

    /// Known devices (docs/cost-model.md, "Devices").
    public static let catalogue: [Device] = [
        Device(name: "iphone-se", width: 375, height: 667, scale: 2, refreshHz: 60),
        Device(name: "iphone-15-pro", width: 393, height: 852, scale: 3, refreshHz: 120),
        Device(name: "ipad-11", width: 820, height: 1180, scale: 2, refreshHz: 120),
        Device(name: "ipad-pro-12.9", width: 1024, height: 1366, scale: 2, refreshHz: 120),
    ]

    /// The catalogue device called `name`, or nil.
    public static func named(_ name: String) -> Device? { catalogue.first { $0.name == name } }
}
