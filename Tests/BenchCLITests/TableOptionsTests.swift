import CLITestSupport
import Foundation
import JSON
import RasterTestSupport
import Results
import Scenarios
import XCTest

/// The common questions as options: another catalogue device and another table, without a
/// scenario file, each scenario renamed after what changed; a table the model refuses, or a
/// scenario with events, is a usage error.
final class TableOptionsTests: TemporaryDirectoryTestCase {
    func testADeviceAndATableGivenAsOptionsAreRunAndNamed() throws {
        let path = directory + "/r.json"
        let run = bench("run", "--device", "iphone-se", "--rows-per-section", "50", "--corner-radius", "10",
                        "--strategy", "none,per-cell-mask", "--steps", "3", "--quiet", "--json", path)
        XCTAssertEqual(run.code, 0, run.stderr)
        let results = try Results.load(from: path)
        let name = "iphone-se (50 rows per section, radius 10 pt)"
        XCTAssertEqual(Set(results.runs.map(\.scenario)), [name])
        XCTAssertEqual(results.runs.first?.deviceTime?.gpu, "a13", "the catalogue device brings its GPU")
        let definition = try XCTUnwrap(results.scenarioDefinitions?[name]?.typed)
        XCTAssertEqual(definition.device, .init(name: "iphone-se", width: 375, height: 667, scale: 2, refreshHz: 60, ios: 17))
        XCTAssertEqual(definition.rowsPerSection, [50])
        XCTAssertEqual(definition.style.cornerRadius, 10)
    }

    func testATableTheModelRefusesOrAScenarioWithEventsIsAUsageError() {
        var run = bench("run", "--corner-radius", "30", "--steps", "2", "--quiet")
        XCTAssertEqual(run.code, 2)
        XCTAssertTrue(run.stderr.hasPrefix("Error: A corner radius of 30 pt is more than half the row height 44 pt; give --corner-radius 22 or less"), run.stderr)
        run = bench("run", "--sections", "0", "--quiet")
        XCTAssertEqual(run.code, 2)
        XCTAssertTrue(run.stderr.hasPrefix("Error: --sections must be an integer from 1 to 10,000,000, not '0'."), run.stderr)
        run = bench("run", "--device", "pixel", "--quiet")
        XCTAssertEqual(run.code, 2)
        XCTAssertTrue(run.stderr.contains("iphone-8") && run.stderr.contains("ipad-pro-12.9"), run.stderr)
        let events = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Benchmarks/events.json").path
        run = bench("run", "--suite", events, "--device", "iphone-se", "--quiet")
        XCTAssertEqual(run.code, 2)
        XCTAssertTrue(run.stderr.contains("has events, which name its rows and sections"), run.stderr)
    }

    /// `--gpu` prices the same frames on another chip and moves no row, so it applies to a suite
    /// whose scenarios have events (issue 59, row 10).
    func testAGPUAppliesToScenariosWithEvents() throws {
        let path = directory + "/r.json"
        let run = bench("run", "--suite", Self.benchmarks + "/events.json", "--gpu", "a13", "--strategy", "none", "--steps", "2",
                        "--quiet", "--json", path)
        XCTAssertEqual(run.code, 0, run.stderr)
        let results = try Results.load(from: path)
        XCTAssertFalse(results.runs.isEmpty)
        XCTAssertTrue(results.runs.allSatisfy { $0.deviceTime?.gpu == "a13" && $0.scenario.hasSuffix(" (gpu a13)") },
                      "\(results.runs.map(\.scenario))")
    }

    /// A row just over the pixel limit says by how much: 2,730.67 pt at 3× is 8,192.01 pixels,
    /// not the 8,192 it exceeds (issue 59, row 16).
    func testARowHeightJustOverThePixelLimitShowsTheRealPixels() {
        let run = bench("run", "--device", "iphone-15-pro", "--row-height", "2730.67", "--quiet")
        XCTAssertEqual(run.code, 2)
        XCTAssertTrue(run.stderr.hasPrefix("Error: A row height of 2730.67 pt is 8,192.01 pixels on iphone-15-pro (3×); a row may be at most 8,192 pixels"),
                      run.stderr)
    }

    /// A GPU named without its suffix is the one suggested (issue 59, row 17).
    func testAGPUNamedWithoutItsSuffixSuggestsTheWholeName() {
        let run = bench("run", "--gpu", "a17", "--quiet")
        XCTAssertEqual(run.code, 2)
        XCTAssertTrue(run.stderr.hasPrefix("Error: 'a17' is not a known value of --gpu. Did you mean 'a17-pro'?"), run.stderr)
    }

    private static let benchmarks = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Benchmarks").path

    /// The output names the device and the table it ran, in the user's terms; the host's kernel
    /// choices are the tool's internals, shown with --wide only.
    func testTheOutputNamesTheDeviceAndTableAndKeepsHostInternalsForWide() {
        let run = bench("run", "--device", "iphone-se", "--rows-per-section", "50", "--corner-radius", "10",
                        "--strategy", "none", "--steps", "2")
        XCTAssertEqual(run.code, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("\ndevice: iphone-se (375 × 667 pt @2× 60 Hz, GPU a13, iOS 17)\n"), run.stdout)
        XCTAssertTrue(run.stdout.unwrapped.contains("table: 30 sections of 50 rows, rows 44 pt tall, corner radius 10 pt, side inset 16 pt, "
                                                    + "headers 35 pt, footers 18 pt, Settings rows"), run.stdout)
        XCTAssertFalse(run.stdout.contains("blend lanes"), run.stdout)
        let wide = bench("run", "--device", "iphone-se", "--strategy", "none", "--steps", "2", "--wide")
        XCTAssertEqual(wide.code, 0, wide.stderr)
        XCTAssertTrue(wide.stdout.contains(" stores · ") && wide.stdout.contains(" blend lanes"), wide.stdout)
    }

    private static let cells = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Benchmarks/cells").path

    func testACellFileFillsEveryRowAndAMaskDoublesTheRoundedViewsPassesUntilIOS10ClipsTheImagesWhereTheyAreDrawn() throws {
        var passes: [String: Int] = [:]
        for ios in [nil, "9"] {
            for cell in ["two-rounded-images", "two-masked-images"] {
                let path = directory + "/\(cell).json"
                // iOS 9 on an iPad that ran it; the default scenario's iPad Pro on its newest.
                let options = ios.map { ["--device", "ipad-air", "--ios", $0] } ?? []
                let run = bench(["run", "--cell", Self.cells + "/\(cell).json", "--strategy", "none", "--steps", "5", "--quiet", "--json", path] + options)
                XCTAssertEqual(run.code, 0, run.stderr)
                let results = try Results.load(from: path)
                // Named after the device first when there is one (the default scenario's own name is its iPad's).
                let name = ios.map { "ipad-air (iOS \($0), cell \(cell))" } ?? "ipad-settings (cell \(cell))"
                XCTAssertEqual(results.runs.map(\.scenario), [name])
                let content = try XCTUnwrap(results.scenarioDefinitions?[name]?.typed?.content)
                guard case .cell(let described) = content.recordedKind else { return XCTFail("\(content)") }
                XCTAssertNotNil(described.layers.first, "\(content)")
                passes[cell + (ios ?? "")] = results.runs.first?.totals[.offscreenPasses]
            }
        }
        XCTAssertGreaterThan(passes["two-rounded-images9"] ?? 0, 5 * 20, "two rounded views a row on an iPad screen of rows")
        XCTAssertEqual(passes["two-masked-images9"], passes["two-rounded-images9"].map { 2 * $0 })
        XCTAssertEqual(passes["two-rounded-images"], 0, "iOS 17 clips an image alone where it is drawn")
        XCTAssertGreaterThan(passes["two-masked-images"] ?? 0, 2 * 5 * 20, "a mask takes its two passes on every iOS")
    }

    func testABadCellFileIsAnErrorNamingItsKey() throws {
        let path = directory + "/bad-cell.json"
        try Data(#"{"layers": [{"frame": {"width": -1, "height": 10}}]}"#.utf8).write(to: URL(fileURLWithPath: path))
        let run = bench("run", "--cell", path, "--steps", "2", "--quiet")
        XCTAssertEqual(run.code, 2)
        XCTAssertTrue(run.stderr.contains("bad-cell.json: layers[0].frame.width: expected a non-negative number"), run.stderr)
        let missing = bench("render", "--cell", directory + "/none.json", "--strategy", "none", "--png", directory + "/x.png")
        XCTAssertEqual(missing.code, 2)
        XCTAssertTrue(missing.stderr.contains("none.json"), missing.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/x.png"))
    }
}
