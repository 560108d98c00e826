import CLITestSupport
import Foundation
import RasterTestSupport
import Results
import XCTest

/// Several devices in one run (`--device a,b,c`, patterns, `--min-ios`), each a scenario named
/// after its device, and the answer first: the verdict of every device on the first screen.
final class DevicesInOneRunTests: TemporaryDirectoryTestCase {
    private static let cell = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Benchmarks/cells/avatars-and-badge.json").path

    func testThreeDevicesRunInOneCommandAndTheFirstScreenHoldsTheVerdictOfEach() throws {
        let path = directory + "/r.json"
        let run = bench("run", "--device", "iphone-8,iphone-6s,ipad-pro-11", "--cell", Self.cell,
                        "--strategy", "none,shared-corner-grid,per-cell-mask", "--steps", "3", "--json", path)
        XCTAssertEqual(run.code, 0, run.stderr)
        let names = Set(try Results.load(from: path).runs.map(\.scenario))
        XCTAssertEqual(names, ["iphone-8 (cell avatars-and-badge)", "iphone-6s (cell avatars-and-badge)",
                               "ipad-pro-11 (cell avatars-and-badge)"], "each scenario named after its device")
        let lines = run.stdout.components(separatedBy: "\n")
        XCTAssertTrue(lines.allSatisfy { $0.count <= 120 }, "120 columns")
        // A terminal's first screen: 24 lines, each device's row with its chip, iOS and GPU time.
        let screen = lines.prefix(24)
        for (device, chip) in [("iphone-8", "a11, iOS 16"), ("iphone-6s", "a9, iOS 15"), ("ipad-pro-11", "m1, iOS 17")] {
            let row = try XCTUnwrap(screen.first { $0.hasPrefix(device + " ") }, "\(device) on the first screen:\n\(run.stdout)")
            XCTAssertTrue(row.contains(chip) && row.contains("shared-corner-grid") && row.contains("per-cell-mask") && row.contains(" ms") == false
                          && row.contains("–"), row)
        }
        // Then each scenario opens with its verdict, before the counters and host times.
        let verdict = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("Verdict:") })
        let counters = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("Counters and this host's time") })
        XCTAssertLessThan(verdict, counters)
    }

    func testPatternsAndAMinimumIOSChooseTheDevicesAnAppSupports() throws {
        let path = directory + "/r.json"
        let run = bench("run", "--device", "iphone-1[45]*", "--min-ios", "17", "--strategy", "none", "--steps", "2", "--quiet", "--json", path)
        XCTAssertEqual(run.code, 0, run.stderr)
        XCTAssertEqual(Set(try Results.load(from: path).runs.map(\.scenario)),
                       ["iphone-14", "iphone-14-pro", "iphone-15", "iphone-15-pro", "iphone-15-pro-max"])
        let old = bench("run", "--device", "iphone-4s,iphone-5", "--min-ios", "11", "--quiet")
        XCTAssertEqual(old.code, 2)
        XCTAssertTrue(old.stderr.hasPrefix("Error: None of the 2 devices --device chose runs iOS 11 or later"), old.stderr)
        let unknown = bench("run", "--device", "pixel-*", "--quiet")
        XCTAssertEqual(unknown.code, 2)
        XCTAssertTrue(unknown.stderr.contains("'pixel-*' is not a known value of --device"), unknown.stderr)
        let render = bench("render", "--device", "iphone-8,iphone-6s", "--strategy", "none", "--png", directory + "/f.png")
        XCTAssertEqual(render.code, 2)
        XCTAssertTrue(render.stderr.contains("'bench render' works on one scenario, and --device chose 2 devices"), render.stderr)
    }
}
