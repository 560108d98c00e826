import Compositor
import DeviceModel
import Raster
import Scenarios
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
    /// The GPU whose time the device model estimates, resolved once where it is named: the
    /// catalogue's profile of a catalogue device's chip, of a scenario file's `device.gpu` or of
    /// `--gpu`, or a profile of the user's own (`--gpu-profile`: a profile file, a calibration).
    /// Apart from the screen so that any screen can be paired with any chip; nil for a screen
    /// without one, which gets no device time. It changes no pixel and no counter.
    public var gpuProfile: GPUProfile?
    /// The id of the GPU priced (`GPUCatalog` id: `a13`, `m1`, …, or a profile file's own); nil
    /// without one.
    public var gpu: String? { gpuProfile?.id }
    /// The iOS major version whose Core Animation rules decide the off-screen passes
    /// (`CoreAnimationRules`): by default the newest the model knows that the device runs.
    public var ios: Int
    /// The iOS versions the device ran, first to last (Apple's compatibility lists), where it is
    /// a catalogue device; nil for a screen of a scenario file, which may take any version.
    public var iosSupport: ClosedRange<Int>?

    /// A device priced on `gpu`; `ios` defaults to the newest version the model knows within
    /// `iosSupport`.
    public init(name: String, width: Double, height: Double, scale: Double, refreshHz: Double, gpu: GPUProfile? = nil,
                ios: Int? = nil, iosSupport: ClosedRange<Int>? = nil) {
        self.name = name
        self.width = width
        self.height = height
        self.scale = scale
        self.refreshHz = refreshHz
        self.gpuProfile = gpu
        self.iosSupport = iosSupport
        self.ios = ios ?? Device.newestIOS(within: iosSupport)
    }

    /// The newest iOS the model knows (`CoreAnimationRules.versions`) that a device running
    /// `support` runs: the default of a device's `ios`.
    public static func newestIOS(within support: ClosedRange<Int>?) -> Int {
        let known = CoreAnimationRules.versions
        guard let support else { return known.upperBound }
        return min(known.upperBound, max(known.lowerBound, support.upperBound))
    }

    /// The iOS versions a device running `support` may be given: those it ran that the model
    /// knows (every version the model knows, for a device of a scenario file).
    public static func iosRange(_ support: ClosedRange<Int>?) -> ClosedRange<Int> {
        let known = CoreAnimationRules.versions
        guard let support else { return known }
        return max(known.lowerBound, support.lowerBound)...newestIOS(within: support)
    }

    /// What an iOS version out of `iosRange(support)` is told it should be.
    public static func iosExpected(_ support: ClosedRange<Int>?, device: String) -> String {
        let range = iosRange(support)
        let known = CoreAnimationRules.versions
        guard let support else {
            return "an iOS major version from \(known.lowerBound) to \(known.upperBound) (the versions whose rules the model knows)"
        }
        let ran = support.upperBound > known.upperBound ? "\(support.lowerBound) and later" : "\(support.lowerBound) to \(support.upperBound)"
        return "an iOS major version from \(range.lowerBound) to \(range.upperBound): \(device) runs iOS \(ran), and the model knows the rules of iOS \(known.lowerBound) to \(known.upperBound)"
    }

    /// The rules of the device's iOS version.
    public var rules: CoreAnimationRules { CoreAnimationRules(ios: ios) ?? .newest }

    /// Whether the device blurs what lies behind a backdrop (`Renderer.blursBackdrops`): all but
    /// the catalogue's `tintOnlyBackdrops`. A screen of a scenario file (no `iosSupport`) blurs
    /// whatever its name, which is a label there.
    public var blursBackdrops: Bool { iosSupport == nil || !Self.tintOnlyBackdrops.contains(name) }

    /// The catalogue devices on which Apple applies a blur's tint alone: WWDC 2014 session 419, "we
    /// only do the tinting on the iPad 2 and iPad 3rd generation, we just apply the tint and we skip
    /// the blur steps".
    public static let tintOnlyBackdrops: Set<String> = ["ipad-2", "ipad-3"]

    /// The screen in pixels.
    public var pixelSize: PixelSize {
        Rect(x: 0, y: 0, width: width, height: height).pixelRect(scale: scale).size
    }

    /// Known devices, oldest first within iPhones and iPads: every screen class from the iPhone 4S
    /// and iPad 2 to today whose chip the GPU catalogue holds (docs/device-model.md). Sizes in
    /// points and scales are Apple's (Human Interface Guidelines, "Layout", device screen sizes;
    /// the Plus phones render at 3× and are scaled down by the display); chips and refresh rates
    /// from Apple's technical specifications (120 Hz: ProMotion); the iOS versions each ran, the
    /// one it shipped with to the last it was offered, from Apple's release notes and
    /// compatibility lists (26 stands for "still supported": iOS 26 is the current release). Chips the GPU catalogue lacks
    /// (A6X, A8X, A9X, A10X, A12X/Z, A18) have no entry: a scenario file can pair their
    /// screens with a near chip, said so.
    public static let catalogue: [Device] = [
        phone("iphone-4s", 320, 480, 2, "a5", ios: 5...9),
        phone("iphone-5", 320, 568, 2, "a6", ios: 6...10),
        phone("iphone-5s", 320, 568, 2, "a7", ios: 7...12),
        phone("iphone-6", 375, 667, 2, "a8", ios: 8...12),
        phone("iphone-6-plus", 414, 736, 3, "a8", ios: 8...12),
        phone("iphone-6s", 375, 667, 2, "a9", ios: 9...15),
        phone("iphone-6s-plus", 414, 736, 3, "a9", ios: 9...15),
        phone("iphone-se-1", 320, 568, 2, "a9", ios: 9...15),
        phone("iphone-7", 375, 667, 2, "a10", ios: 10...15),
        phone("iphone-7-plus", 414, 736, 3, "a10", ios: 10...15),
        phone("iphone-8", 375, 667, 2, "a11", ios: 11...16),
        phone("iphone-8-plus", 414, 736, 3, "a11", ios: 11...16),
        phone("iphone-x", 375, 812, 3, "a11", ios: 11...16),
        phone("iphone-xr", 414, 896, 2, "a12", ios: 12...18),
        phone("iphone-xs", 375, 812, 3, "a12", ios: 12...18),
        phone("iphone-xs-max", 414, 896, 3, "a12", ios: 12...18),
        phone("iphone-11", 414, 896, 2, "a13", ios: 13...26),
        phone("iphone-11-pro", 375, 812, 3, "a13", ios: 13...26),
        phone("iphone-11-pro-max", 414, 896, 3, "a13", ios: 13...26),
        // The iPhone SE of 2020 (A13); the 2022 one has an A15.
        phone("iphone-se", 375, 667, 2, "a13", ios: 13...26),
        phone("iphone-se-3", 375, 667, 2, "a15", ios: 15...26),
        phone("iphone-12-mini", 360, 780, 3, "a14", ios: 14...26),
        phone("iphone-12", 390, 844, 3, "a14", ios: 14...26),
        phone("iphone-12-pro-max", 428, 926, 3, "a14", ios: 14...26),
        phone("iphone-13-mini", 375, 812, 3, "a15", ios: 15...26),
        phone("iphone-13", 390, 844, 3, "a15", ios: 15...26),
        phone("iphone-13-pro", 390, 844, 3, "a15", hz: 120, ios: 15...26),
        phone("iphone-13-pro-max", 428, 926, 3, "a15", hz: 120, ios: 15...26),
        phone("iphone-14", 390, 844, 3, "a15", ios: 16...26),
        phone("iphone-14-pro", 393, 852, 3, "a16", hz: 120, ios: 16...26),
        phone("iphone-15", 393, 852, 3, "a16", ios: 17...26),
        phone("iphone-15-pro", 393, 852, 3, "a17-pro", hz: 120, ios: 17...26),
        phone("iphone-15-pro-max", 430, 932, 3, "a17-pro", hz: 120, ios: 17...26),
        Device(name: "ipad-2", width: 768, height: 1024, scale: 1, refreshHz: 60, gpu: chip("a5"), iosSupport: 4...9),
        Device(name: "ipad-3", width: 768, height: 1024, scale: 2, refreshHz: 60, gpu: chip("a5x"), iosSupport: 5...9),
        Device(name: "ipad-mini", width: 768, height: 1024, scale: 1, refreshHz: 60, gpu: chip("a5"), iosSupport: 6...9),
        Device(name: "ipad-air", width: 768, height: 1024, scale: 2, refreshHz: 60, gpu: chip("a7"), iosSupport: 7...12),
        Device(name: "ipad-mini-2", width: 768, height: 1024, scale: 2, refreshHz: 60, gpu: chip("a7"), iosSupport: 7...12),
        Device(name: "ipad-mini-4", width: 768, height: 1024, scale: 2, refreshHz: 60, gpu: chip("a8"), iosSupport: 9...15),
        Device(name: "ipad-5", width: 768, height: 1024, scale: 2, refreshHz: 60, gpu: chip("a9"), iosSupport: 10...16),
        Device(name: "ipad-6", width: 768, height: 1024, scale: 2, refreshHz: 60, gpu: chip("a10"), iosSupport: 11...17),
        Device(name: "ipad-7", width: 810, height: 1080, scale: 2, refreshHz: 60, gpu: chip("a10"), iosSupport: 13...18),
        Device(name: "ipad-mini-5", width: 768, height: 1024, scale: 2, refreshHz: 60, gpu: chip("a12"), iosSupport: 12...26),
        Device(name: "ipad-8", width: 810, height: 1080, scale: 2, refreshHz: 60, gpu: chip("a12"), iosSupport: 14...26),
        Device(name: "ipad-9", width: 810, height: 1080, scale: 2, refreshHz: 60, gpu: chip("a13"), iosSupport: 15...26),
        Device(name: "ipad-air-4", width: 820, height: 1180, scale: 2, refreshHz: 60, gpu: chip("a14"), iosSupport: 14...26),
        Device(name: "ipad-10", width: 820, height: 1180, scale: 2, refreshHz: 60, gpu: chip("a14"), iosSupport: 16...26),
        Device(name: "ipad-mini-6", width: 744, height: 1133, scale: 2, refreshHz: 60, gpu: chip("a15"), iosSupport: 15...26),
        // An 11-inch iPad's screen in points; the M1 of the iPad Air (5th generation) and the
        // 11-inch iPad Pro (3rd generation).
        Device(name: "ipad-11", width: 820, height: 1180, scale: 2, refreshHz: 120, gpu: chip("m1"), iosSupport: 14...26),
        Device(name: "ipad-air-5", width: 820, height: 1180, scale: 2, refreshHz: 60, gpu: chip("m1"), iosSupport: 15...26),
        Device(name: "ipad-pro-11", width: 834, height: 1194, scale: 2, refreshHz: 120, gpu: chip("m1"), iosSupport: 14...26),
        Device(name: "ipad-pro-11-m2", width: 834, height: 1194, scale: 2, refreshHz: 120, gpu: chip("m2"), iosSupport: 16...26),
        // The 12.9-inch iPad Pro of 2021 (5th generation, M1).
        Device(name: "ipad-pro-12.9", width: 1024, height: 1366, scale: 2, refreshHz: 120, gpu: chip("m1"), iosSupport: 14...26),
        Device(name: "ipad-pro-12.9-m2", width: 1024, height: 1366, scale: 2, refreshHz: 120, gpu: chip("m2"), iosSupport: 16...26),
    ]

    /// An iPhone of the catalogue: 60 Hz unless it has ProMotion.
    private static func phone(_ name: String, _ width: Double, _ height: Double, _ scale: Double, _ gpu: String,
                              hz: Double = 60, ios: ClosedRange<Int>) -> Device {
        Device(name: name, width: width, height: height, scale: scale, refreshHz: hz, gpu: chip(gpu), iosSupport: ios)
    }

    /// The GPU catalogue's profile of the chip `id`, for a device written in code (the catalogue
    /// above, tests): an id the catalogue lacks is a mistake in that code, not an input, and
    /// stops the program. Inputs are resolved where they are read, each refused in its own words
    /// (a scenario file's `device.gpu`, `--gpu`).
    public static func chip(_ id: String) -> GPUProfile {
        do {
            return try GPUCatalog.builtIn.profile(id: id)
        } catch {
            preconditionFailure("\(error)")
        }
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
