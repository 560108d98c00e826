import DeviceModel
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
    /// The GPU whose time the device model estimates (`GPUCatalog` id: `a13`, `m1`, …), apart from
    /// the screen so that any screen can be paired with any chip; nil for a screen without one,
    /// which gets no device time. It changes no pixel and no counter.
    public var gpu: String?

    public init(name: String, width: Double, height: Double, scale: Double, refreshHz: Double, gpu: String? = nil) {
        self.name = name
        self.width = width
        self.height = height
        self.scale = scale
        self.refreshHz = refreshHz
        self.gpu = gpu
    }

    /// The screen in pixels.
    public var pixelSize: PixelSize {
        Rect(x: 0, y: 0, width: width, height: height).pixelRect(scale: scale).size
    }

    /// Known devices (docs/cost-model.md, "Devices").
    public static let catalogue: [Device] = [
        // The iPhone SE of 2020 (A13); the 2022 one has an A15.
        Device(name: "iphone-se", width: 375, height: 667, scale: 2, refreshHz: 60, gpu: "a13"),
        Device(name: "iphone-15-pro", width: 393, height: 852, scale: 3, refreshHz: 120, gpu: "a17-pro"),
        // An 11-inch iPad's screen in points; the M1 of the iPad Air (5th generation) and the
        // 11-inch iPad Pro (3rd generation).
        Device(name: "ipad-11", width: 820, height: 1180, scale: 2, refreshHz: 120, gpu: "m1"),
        // The 12.9-inch iPad Pro of 2021 (5th generation, M1).
        Device(name: "ipad-pro-12.9", width: 1024, height: 1366, scale: 2, refreshHz: 120, gpu: "m1"),
    ]

    /// The GPUs a device may name (`GPUCatalog.builtIn`), oldest first.
    public static var gpuIDs: [String] { GPUCatalog.builtIn.ids }

    /// The catalogue device called `name`, or nil.
    public static func named(_ name: String) -> Device? { catalogue.first { $0.name == name } }
}
