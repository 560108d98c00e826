import Devices
import Foundation
import Harness
import Raster
import RasterTestSupport
import Results
import ScenarioFiles
import Scenarios
import Strategies
import Table
import XCTest

/// The suites committed in Benchmarks/ decode, and hold what the documentation says they do.
final class BenchmarkCatalogueTests: XCTestCase {
    /// `Benchmarks/`, found from this file so the tests do not depend on the working directory.
    private static let benchmarks = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Benchmarks")

    private func decode(_ text: String, file: String = "bad.json") throws -> Scenario {
        try ScenarioFile.scenario(from: Array(text.utf8), file: file)
    }

    func testDefaultSuiteIsExactlyTheBuiltInDefault() throws {
        let suite = try ScenarioFile.loadSuite(path: Self.benchmarks.appendingPathComponent("default.json").path)
        XCTAssertEqual(suite.name, "default")
        XCTAssertEqual(suite.scenarios, [Scenario.ipadSettings])
        XCTAssertEqual(suite.strategies, StrategyCatalog.builtIn.names)
    }

    func testEveryBenchmarkFileDecodesAsASuite() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.benchmarks.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertEqual(files, ["article.json", "ci.json", "default.json", "devices.json", "events.json", "labels.json", "scaling-article.json", "scaling.json"])
        for file in files {
            let suite = try ScenarioFile.loadSuite(path: Self.benchmarks.appendingPathComponent(file).path)
            XCTAssertEqual(suite.name + ".json", file)
            XCTAssertFalse(suite.scenarios.isEmpty, file)
        }
    }

    /// The custom screens of the suites and of the published evidence are given in points, so
    /// none looks like pixels typed as points (`Device.implausibility`).
    func testNoSuiteHasADeviceThatGetsANote() throws {
        let evidence = Self.benchmarks.appendingPathComponent("evidence")
        let paths = try FileManager.default.contentsOfDirectory(atPath: Self.benchmarks.path).filter { $0.hasSuffix(".json") }
            .map { Self.benchmarks.appendingPathComponent($0).path }
            + FileManager.default.contentsOfDirectory(atPath: evidence.path).filter { $0.hasSuffix(".json") }
            .map { evidence.appendingPathComponent($0).path }
        for path in paths {
            for scenario in try ScenarioFile.loadSuite(path: path).scenarios {
                XCTAssertNil(scenario.device.implausibility, "\(path): \(scenario.name)")
            }
        }
    }

    /// A small phone, a ProMotion phone and two iPads: one of each class of screen, each a device
    /// of the catalogue as the catalogue defines it.
    func testDevicesSuiteRunsTheSameTableOnACatalogueDeviceOfEachClass() throws {
        let suite = try ScenarioFile.loadSuite(path: Self.benchmarks.appendingPathComponent("devices.json").path)
        XCTAssertEqual(suite.scenarios.map(\.device.name), ["iphone-se", "iphone-15-pro", "ipad-11", "ipad-pro-12.9"])
        XCTAssertEqual(suite.scenarios.map(\.device), suite.scenarios.map { Device.named($0.device.name) })
        for scenario in suite.scenarios {
            XCTAssertEqual(scenario.sections, 30)
            XCTAssertEqual(scenario.rowsPerSection, [1, 3, 8, 2, 5, 1, 4, 6])
            XCTAssertEqual(scenario.steps, 120)
        }
    }

    func testEventsSuiteCoversEveryEventAndMotion() throws {
        let suite = try ScenarioFile.loadSuite(path: Self.benchmarks.appendingPathComponent("events.json").path)
        let actions = suite.scenarios.flatMap(\.events).map(\.action)
        let styles = actions.compactMap { action -> TableStyle? in
            if case .setStyle(let style) = action { return style } else { return nil }
        }
        XCTAssertTrue(styles.contains { $0.cornerRadius != TableStyle().cornerRadius })
        XCTAssertTrue(styles.contains { $0.cellColor != TableStyle().cellColor })
        let widths = actions.compactMap { action -> Double? in
            if case .resize(let width, _) = action { return width } else { return nil }
        }
        XCTAssertEqual(widths.map { $0 >= TableStyle.compactWidthLimit }, [false, true], "regular → compact → regular")
        for scenario in suite.scenarios {
            for case .select(let row) in scenario.events.map(\.action) {
                let count = scenario.rowsPerSection[row.section % scenario.rowsPerSection.count]
                XCTAssertNotEqual(RowPosition(row: row.row, count: count), .middle, "select a cap row")
            }
        }
        let motions = suite.scenarios.compactMap(\.motion)
        XCTAssertTrue(motions.contains { if case .fling = $0 { return true } else { return false } })
        XCTAssertTrue(motions.contains { if case .jumpToRow = $0 { return true } else { return false } })
    }

    /// The scaling scenarios repeat the settings cycle [1, 3, 8, 2, 5, 1, 4, 6] (30 rows per 8
    /// sections) over 27, 2,667 and 266,667 sections: 102, 10,002 and 1,000,002 rows, the totals
    /// nearest 10², 10⁴ and 10⁶ the cycle can reach.
    func testScalingSuiteHasTheDocumentedRowTotals() throws {
        let suite = try ScenarioFile.loadSuite(path: Self.benchmarks.appendingPathComponent("scaling.json").path)
        XCTAssertEqual(suite.scenarios.map(\.name), ["rows-1e2", "rows-1e4", "rows-1e6"])
        for (scenario, target) in zip(suite.scenarios, [100, 10_000, 1_000_000]) {
            let cycle = scenario.rowsPerSection
            // Running totals: totals[n] is the row count of the first n sections (one pass, not
            // a sum per candidate, which was quadratic for a million rows).
            var totals = [0]
            for section in 0..<(scenario.sections + cycle.count) { totals.append(totals[section] + cycle[section % cycle.count]) }
            XCTAssertEqual(scenario.rowCount, totals[scenario.sections])
            // No other section count comes closer to the target.
            let closest = totals.map { abs($0 - target) }.min()!
            XCTAssertEqual(abs(scenario.rowCount - target), closest, scenario.name)
            XCTAssertEqual(scenario.steps, 120)
        }
        XCTAssertEqual(suite.scenarios.map(\.rowCount), [102, 10_002, 1_000_002])
    }
}
