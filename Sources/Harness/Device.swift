import DeviceModel
import Raster
import Table

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

    /// Known devices, oldest first within iPhones and iPads: every screen class from the iPhone 4S
    /// and iPad 2 to today whose chip the GPU catalogue holds (docs/device-model.md). Sizes in
    /// points and scales are Apple's (Human Interface Guidelines, "Layout", device screen sizes;
    /// the Plus phones render at 3× and are scaled down by the display); chips and refresh rates
    /// from Apple's technical specifications (120 Hz: ProMotion). Chips the GPU catalogue lacks
    /// (A5X, A6X, A8X, A9X, A10X, A12X/Z, A18) have no entry: a scenario file can pair their
    /// screens with a near chip, said so.
    public static let catalogue: [Device] = [
        phone("iphone-4s", 320, 480, 2, "a5"),
        phone("iphone-5", 320, 568, 2, "a6"),
        phone("iphone-5s", 320, 568, 2, "a7"),
        phone("iphone-6", 375, 667, 2, "a8"),
        phone("iphone-6-plus", 414, 736, 3, "a8"),
        phone("iphone-6s", 375, 667, 2, "a9"),
        phone("iphone-6s-plus", 414, 736, 3, "a9"),
        phone("iphone-se-1", 320, 568, 2, "a9"),
        phone("iphone-7", 375, 667, 2, "a10"),
        phone("iphone-7-plus", 414, 736, 3, "a10"),
        phone("iphone-8", 375, 667, 2, "a11"),
        phone("iphone-8-plus", 414, 736, 3, "a11"),
        phone("iphone-x", 375, 812, 3, "a11"),
        phone("iphone-xr", 414, 896, 2, "a12"),
        phone("iphone-xs", 375, 812, 3, "a12"),
        phone("iphone-xs-max", 414, 896, 3, "a12"),
        phone("iphone-11", 414, 896, 2, "a13"),
        phone("iphone-11-pro", 375, 812, 3, "a13"),
        phone("iphone-11-pro-max", 414, 896, 3, "a13"),
        // The iPhone SE of 2020 (A13); the 2022 one has an A15.
        phone("iphone-se", 375, 667, 2, "a13"),
        phone("iphone-se-3", 375, 667, 2, "a15"),
        phone("iphone-12-mini", 360, 780, 3, "a14"),
        phone("iphone-12", 390, 844, 3, "a14"),
        phone("iphone-12-pro-max", 428, 926, 3, "a14"),
        phone("iphone-13-mini", 375, 812, 3, "a15"),
        phone("iphone-13", 390, 844, 3, "a15"),
        phone("iphone-13-pro", 390, 844, 3, "a15", hz: 120),
        phone("iphone-13-pro-max", 428, 926, 3, "a15", hz: 120),
        phone("iphone-14", 390, 844, 3, "a15"),
        phone("iphone-14-pro", 393, 852, 3, "a16", hz: 120),
        phone("iphone-15", 393, 852, 3, "a16"),
        phone("iphone-15-pro", 393, 852, 3, "a17-pro", hz: 120),
        phone("iphone-15-pro-max", 430, 932, 3, "a17-pro", hz: 120),
        Device(name: "ipad-2", width: 768, height: 1024, scale: 1, refreshHz: 60, gpu: "a5"),
        Device(name: "ipad-mini", width: 768, height: 1024, scale: 1, refreshHz: 60, gpu: "a5"),
        Device(name: "ipad-air", width: 768, height: 1024, scale: 2, refreshHz: 60, gpu: "a7"),
        Device(name: "ipad-mini-2", width: 768, height: 1024, scale: 2, refreshHz: 60, gpu: "a7"),
        Device(name: "ipad-mini-4", width: 768, height: 1024, scale: 2, refreshHz: 60, gpu: "a8"),
        Device(name: "ipad-5", width: 768, height: 1024, scale: 2, refreshHz: 60, gpu: "a9"),
        Device(name: "ipad-6", width: 768, height: 1024, scale: 2, refreshHz: 60, gpu: "a10"),
        Device(name: "ipad-7", width: 810, height: 1080, scale: 2, refreshHz: 60, gpu: "a10"),
        Device(name: "ipad-mini-5", width: 768, height: 1024, scale: 2, refreshHz: 60, gpu: "a12"),
        Device(name: "ipad-8", width: 810, height: 1080, scale: 2, refreshHz: 60, gpu: "a12"),
        Device(name: "ipad-9", width: 810, height: 1080, scale: 2, refreshHz: 60, gpu: "a13"),
        Device(name: "ipad-air-4", width: 820, height: 1180, scale: 2, refreshHz: 60, gpu: "a14"),
        Device(name: "ipad-10", width: 820, height: 1180, scale: 2, refreshHz: 60, gpu: "a14"),
        Device(name: "ipad-mini-6", width: 744, height: 1133, scale: 2, refreshHz: 60, gpu: "a15"),
        // An 11-inch iPad's screen in points; the M1 of the iPad Air (5th generation) and the
        // 11-inch iPad Pro (3rd generation).
        Device(name: "ipad-11", width: 820, height: 1180, scale: 2, refreshHz: 120, gpu: "m1"),
        Device(name: "ipad-air-5", width: 820, height: 1180, scale: 2, refreshHz: 60, gpu: "m1"),
        Device(name: "ipad-pro-11", width: 834, height: 1194, scale: 2, refreshHz: 120, gpu: "m1"),
        Device(name: "ipad-pro-11-m2", width: 834, height: 1194, scale: 2, refreshHz: 120, gpu: "m2"),
        // The 12.9-inch iPad Pro of 2021 (5th generation, M1).
        Device(name: "ipad-pro-12.9", width: 1024, height: 1366, scale: 2, refreshHz: 120, gpu: "m1"),
        Device(name: "ipad-pro-12.9-m2", width: 1024, height: 1366, scale: 2, refreshHz: 120, gpu: "m2"),
    ]

    /// An iPhone of the catalogue: 60 Hz unless it has ProMotion.
    private static func phone(_ name: String, _ width: Double, _ height: Double, _ scale: Double, _ gpu: String,
                              hz: Double = 60) -> Device {
        Device(name: name, width: width, height: height, scale: scale, refreshHz: hz, gpu: gpu)
    }

    /// The side inset of the system's inset-grouped table on this screen, in points: UIKit's
    /// layout margins, 16 pt in compact width (every iPhone held upright) and 20 pt in regular
    /// width (iPads). Apple's reference gives no number; these are the values UIKit uses and
    /// design systems built on it state (SAP Fiori for iOS, "Layout Basics"), so they are a
    /// parameter, not Apple's documented behaviour.
    public var insetGroupedSideInset: Double { width < TableStyle.compactWidthLimit ? 16 : 20 }

    /// The grouped section header and footer heights `--device` gives the table, in points: 35 and
    /// 18, the common values (not Apple-documented defaults) on every screen.
    public static let groupedHeaderHeight = 35.0, groupedFooterHeight = 18.0

    /// The GPUs a device may name (`GPUCatalog.builtIn`), oldest first.
    public static var gpuIDs: [String] { GPUCatalog.builtIn.ids }

    /// The catalogue device called `name`, or nil.
    public static func named(_ name: String) -> Device? { catalogue.first { $0.name == name } }
}
