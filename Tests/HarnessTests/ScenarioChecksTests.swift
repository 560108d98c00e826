import Devices
import Harness
import Scenarios
import Table
import XCTest

/// A scenario is held to its whole-scenario rules by one check, `Scenario.breach`, which a
/// scenario file and the command line's options both call: the device's iOS version, the rows in
/// all, a row's height in pixels, a jump's row and the corner radius, each a typed breach.
final class ScenarioChecksTests: XCTestCase {
    /// Three sections cycling 1 and 3 rows (5 rows), 44 pt rows on a 2× screen, radius 10.
    private static let valid = Scenario(name: "checks", device: Device(name: "custom", width: 320, height: 480, scale: 2, refreshHz: 60),
                                        sections: 3, rowsPerSection: [1, 3], rowHeight: 44, style: TableStyle(cornerRadius: 10),
                                        motion: .jumpToRow(IndexPath(row: 2, section: 1)), steps: 10)

    private static func edited(_ change: (inout Scenario) -> Void) -> Scenario {
        var scenario = valid
        change(&scenario)
        return scenario
    }

    func testAScenarioWithinEveryLimitHasNoBreach() {
        XCTAssertNil(Self.valid.breach)
        XCTAssertNil(Self.edited { $0.rowsPerSection = [Scenario.maxRows]; $0.sections = 1; $0.motion = nil }.breach,
                     "exactly the most rows")
        XCTAssertNil(Self.edited { $0.rowHeight = Scenario.maxPixelLength / 2; $0.style.cornerRadius = 0 }.breach,
                     "a row exactly at the pixel limit")
        XCTAssertNil(Self.edited { $0.style.cornerRadius = 22 }.breach, "a radius of exactly half a row")
    }

    func testTheCheckRefusesAnIOSTheDeviceDidNotRun() throws {
        var device = try XCTUnwrap(Device.named("iphone-6"))
        let range = Device.iosRange(device.iosSupport)
        device.ios = range.upperBound + 1
        XCTAssertEqual(Self.edited { $0.device = device }.breach, .iosOutOfRange(ios: range.upperBound + 1, range: range))
    }

    func testTheCheckRefusesMoreRowsThanATableMayHave() {
        XCTAssertEqual(Self.edited { $0.sections = 5_000_001; $0.rowsPerSection = [2, 2]; $0.motion = nil }.breach,
                       .tooManyRows(rows: 10_000_002, maximum: Scenario.maxRows))
    }

    func testTheCheckRefusesARowTallerThanThePixelLimitAtTheDevicesScale() {
        let breach = Self.edited { $0.device.scale = 3; $0.rowHeight = 2730.67 }.breach
        XCTAssertEqual(breach, .rowAbovePixelLimit(pixels: 2730.67 * 3, maximum: Scenario.maxPixelLength))
    }

    func testTheCheckRefusesAJumpToASectionOrRowTheTableDoesNotHave() {
        XCTAssertEqual(Self.edited { $0.motion = .jumpToRow(IndexPath(row: 0, section: 3)) }.breach,
                       .jumpOutsideTable(row: IndexPath(row: 0, section: 3), sections: 3, rows: nil))
        XCTAssertEqual(Self.edited { $0.motion = .jumpToRow(IndexPath(row: 1, section: 2)) }.breach,
                       .jumpOutsideTable(row: IndexPath(row: 1, section: 2), sections: 3, rows: 1), "sections cycle 1 and 3 rows")
    }

    func testTheCheckRefusesARadiusAboveHalfARowAsCornerRadiusBreachDoes() {
        let scenario = Self.edited { $0.style.cornerRadius = 22.5 }
        XCTAssertEqual(scenario.breach, .cornerRadius(Scenario.CornerRadiusBreach(event: nil, radius: 22.5, limit: 22)))
        XCTAssertEqual(scenario.breach, scenario.cornerRadiusBreach.map(Scenario.Breach.cornerRadius))
    }

    /// Several breaches at once: the first in the order the command line has always reported
    /// them (iOS, rows, pixels, jump, radius).
    func testTheFirstBreachIsReportedInTheCommandLinesOrder() throws {
        var device = try XCTUnwrap(Device.named("iphone-6"))
        device.ios = 99
        var scenario = Self.edited {
            $0.device = device; $0.sections = Scenario.maxRows; $0.rowsPerSection = [2]; $0.rowHeight = 10_000
            $0.motion = .jumpToRow(IndexPath(row: 5, section: Scenario.maxRows)); $0.style.cornerRadius = 6000
        }
        guard case .iosOutOfRange? = scenario.breach else { return XCTFail("\(String(describing: scenario.breach))") }
        scenario.device.ios = Device.iosRange(device.iosSupport).upperBound
        guard case .tooManyRows? = scenario.breach else { return XCTFail("\(String(describing: scenario.breach))") }
        scenario.rowsPerSection = [1]
        guard case .rowAbovePixelLimit? = scenario.breach else { return XCTFail("\(String(describing: scenario.breach))") }
        scenario.rowHeight = 1000
        guard case .jumpOutsideTable? = scenario.breach else { return XCTFail("\(String(describing: scenario.breach))") }
        scenario.motion = nil
        guard case .cornerRadius? = scenario.breach else { return XCTFail("\(String(describing: scenario.breach))") }
        scenario.style.cornerRadius = 500
        XCTAssertNil(scenario.breach)
    }
}
