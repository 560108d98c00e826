import Devices
import XCTest

/// A custom screen that looks like pixels typed as points, or that is larger than any catalogue
/// device, gets a note saying what was read and what was probably meant; real screens get none.
final class DevicePlausibilityTests: XCTestCase {
    private func device(_ width: Double, _ height: Double, scale: Double, name: String = "custom") -> Device {
        Device(name: name, width: width, height: height, scale: scale, refreshHz: 60)
    }

    func testNoCatalogueDeviceGetsANoteEitherWayUp() {
        for d in Device.catalogue {
            XCTAssertNil(d.implausibility, d.name)
            XCTAssertNil(device(d.height, d.width, scale: d.scale).implausibility, "\(d.name) in landscape")
        }
    }

    /// Screens of real devices in points, and the custom screens of `Benchmarks/`.
    func testRealScreensInPointsGetNoNote() {
        let screens: [(Double, Double, Double)] = [
            (320, 480, 1), (320, 480, 2), (320, 568, 2), (375, 667, 2), (414, 736, 3), (390, 844, 3), (440, 956, 3),
            (768, 1024, 1), (768, 1024, 2), (744, 1133, 2), (834, 1194, 2), (800, 600, 2), (1366, 1024, 2),
        ]
        for (width, height, scale) in screens {
            XCTAssertNil(device(width, height, scale: scale).implausibility, "\(width) × \(height) at \(scale)×")
        }
    }

    func testPixelsTypedAsPointsGetANoteWithThePointsTheyMake() throws {
        XCTAssertEqual(device(640, 1136, scale: 2, name: "old-iphone").implausibility,
                       "device 'old-iphone' is 640 × 1136 pt at 2× (1280 × 2272 pixels), 2.0 times the size of iphone-5 "
                           + "(320 × 568 pt), the catalogue device of its shape; sizes are in points: did you mean 320 × 568?")
        for (width, height, scale, meant) in [(750.0, 1334.0, 2.0, "375 × 667"), (1136, 640, 2, "568 × 320"), (1080, 1920, 3, "360 × 640"),
                                              (1280, 1706, 3, "426.67 × 568.67")] {
            let note = try XCTUnwrap(device(width, height, scale: scale).implausibility, "\(width) × \(height) at \(scale)×")
            XCTAssertTrue(note.hasSuffix("sizes are in points: did you mean \(meant)?"), note)
        }
    }

    func testAScreenLargerThanTheLargestCatalogueDeviceGetsANote() throws {
        let largest = try XCTUnwrap(Device.named("ipad-pro-12.9"))
        XCTAssertNil(device(largest.width, largest.height, scale: 2).implausibility)
        let note = try XCTUnwrap(device(1170, 2532, scale: 3).implausibility)
        XCTAssertEqual(note, "device 'custom' is 1170 × 2532 pt at 3× (3510 × 7596 pixels), larger than any catalogue device "
                           + "(the largest, ipad-pro-12.9, is 1024 × 1366 pt); sizes are in points: did you mean 390 × 844?")
        for (width, height) in [(largest.width + 1, largest.height), (largest.width, largest.height + 1), (largest.height + 1, 100)] {
            XCTAssertNotNil(device(width, height, scale: 2).implausibility, "\(width) × \(height)")
        }
    }

    /// At 1×, points are pixels: a size cannot be pixels by mistake, and nothing is suggested.
    func testAtOneTimesOnlyASizeLargerThanTheCatalogueGetsANoteAndNoSuggestion() throws {
        XCTAssertNil(device(640, 1136, scale: 1).implausibility)
        let note = try XCTUnwrap(device(2048, 2732, scale: 1).implausibility)
        XCTAssertTrue(note.hasSuffix("sizes are in points."), note)
    }
}
