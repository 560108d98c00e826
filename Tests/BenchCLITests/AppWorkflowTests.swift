import CLITestSupport
import Foundation
import RasterTestSupport
import Results
import Text
import XCTest

/// An app developer's path (issue: your app, your device, your gate): the devices they support,
/// any screen on any chip, their cell with UIKit's names, and limits their CI enforces.
final class AppWorkflowTests: TemporaryDirectoryTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    func testTheCatalogueListsTheSupportedIPhonesAndIPadsWithTheirChips() throws {
        let list = bench("list", "--json")
        XCTAssertEqual(list.code, 0, list.stderr)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any])
        let devices = try XCTUnwrap(object["devices"] as? [[String: Any]])
        XCTAssertGreaterThanOrEqual(devices.count, 20)
        func gpu(_ name: String) -> String? { devices.first { $0["name"] as? String == name }?["gpu"] as? String }
        XCTAssertEqual(gpu("iphone-8"), "a11")
        XCTAssertEqual(gpu("iphone-6s"), "a9")
        XCTAssertEqual(gpu("iphone-4s"), "a5")
        XCTAssertEqual(gpu("ipad-2"), "a5")
        XCTAssertEqual(gpu("ipad-mini-6"), "a15")
    }

    func testADeviceBringsItsOwnTableMetricsAndTheTableLineSaysWhich() throws {
        let run = bench("run", "--device", "iphone-8", "--cell", Self.root + "/Benchmarks/cells/avatars-and-badge.json",
                        "--strategy", "none", "--steps", "3")
        XCTAssertEqual(run.code, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("device: iphone-8 (375 × 667 pt @2× 60 Hz, GPU a11, iOS 16)"), run.stdout)
        XCTAssertTrue(run.stdout.unwrapped.contains("side inset 16 pt, headers 35 pt, footers 18 pt"), run.stdout)
        let pad = bench("run", "--device", "ipad-mini-6", "--strategy", "none", "--steps", "2")
        XCTAssertTrue(pad.stdout.unwrapped.contains("side inset 20 pt"), pad.stdout)
    }

    func testAGPUPricesAnyScreenAndChangesNoCounter() throws {
        let (a, b) = (directory + "/a.json", directory + "/b.json")
        XCTAssertEqual(bench("run", "--device", "iphone-se", "--strategy", "none,per-cell-mask", "--steps", "3", "--quiet", "--json", a).code, 0)
        let run = bench("run", "--device", "iphone-se", "--gpu", "a11", "--strategy", "none,per-cell-mask", "--steps", "3", "--quiet", "--json", b)
        XCTAssertEqual(run.code, 0, run.stderr)
        let on13 = try Results.load(from: a), on11 = try Results.load(from: b)
        for (x, y) in zip(on13.runs, on11.runs) {
            XCTAssertEqual(y.deviceTime?.gpu, "a11")
            XCTAssertEqual(x.totals, y.totals, "the chip prices the work; it changes none of it")
            XCTAssertGreaterThan(try XCTUnwrap(y.deviceTime).highNanos, try XCTUnwrap(x.deviceTime).highNanos, "the A11 is slower than the A13")
        }
        XCTAssertTrue(on11.runs[0].scenario.contains("gpu a11"), on11.runs[0].scenario)
        let bad = bench("run", "--gpu", "a18", "--quiet")
        XCTAssertEqual(bad.code, 2)
        XCTAssertTrue(bad.stderr.hasPrefix("Error:") && bad.stderr.contains("a17-pro"), bad.stderr)
    }

    /// A cell file written with UIKit's names: `clipsToBounds` for `masksToBounds`, `alpha` for
    /// `opacity`, `isHidden` for `hidden`.
    private func cell(_ layer: String) -> String {
        ##"{"layers": [{"frame": {"x": 16, "y": 6, "width": 32, "height": 32}, "cornerRadius": 16, "contents": {"image": {"width": 32, "height": 32, "color": "#3478F6"}}, "##
            + layer + "}]}"
    }

    func testUIKitsNamesMeanWhatCoreAnimationsDoAndANearMissGetsASuggestion() throws {
        func passes(_ layer: String) throws -> Int {
            let file = directory + "/c.json", out = directory + "/r.json"
            try cell(layer).write(toFile: file, atomically: true, encoding: .utf8)
            // On iOS 9, where a rounded clip of an image alone still takes its pass.
            let run = bench("run", "--cell", file, "--device", "iphone-6s", "--ios", "9", "--strategy", "none", "--steps", "3", "--quiet", "--json", out)
            XCTAssertEqual(run.code, 0, run.stderr)
            return try XCTUnwrap(Results.load(from: out).runs.first?.totals[.offscreenPasses])
        }
        XCTAssertEqual(try passes(#""clipsToBounds": true"#), try passes(#""masksToBounds": true"#))
        XCTAssertGreaterThan(try passes(#""clipsToBounds": true"#), try passes(#""clipsToBounds": false"#))
        XCTAssertEqual(try passes(#""alpha": 0.5, "clipsToBounds": true"#), try passes(#""opacity": 0.5, "masksToBounds": true"#))

        let file = directory + "/c.json"
        try cell(#""clipsToBounds": true, "masksToBounds": true"#).write(toFile: file, atomically: true, encoding: .utf8)
        var run = bench("run", "--cell", file, "--quiet")
        XCTAssertEqual(run.code, 2)
        XCTAssertTrue(run.stderr.contains("both 'clipsToBounds' and 'masksToBounds' are given"), run.stderr)
        try cell(#""clipToBounds": true"#).write(toFile: file, atomically: true, encoding: .utf8)
        run = bench("run", "--cell", file, "--quiet")
        XCTAssertEqual(run.code, 2)
        XCTAssertTrue(run.stderr.contains("clipsToBounds"), "a near miss is pointed to UIKit's name: \(run.stderr)")
    }

    /// A suite whose limit one strategy breaks: `bench check --results` alone fails naming it, and
    /// passes when the limit holds.
    func testALimitTheSuiteSetsFailsTheRowOverItWithoutABaseline() throws {
        func suite(_ limits: String) throws -> String {
            let path = directory + "/suite.json"
            try #"""
            {"suite": "app", "limits": \#(limits),
             "scenarios": [{"name": "app-cell", "device": "iphone-8",
                            "table": {"sections": 4, "rowsPerSection": [6], "rowHeight": 44, "headerHeight": 35, "footerHeight": 18},
                            "scroll": {"kind": "constant", "pointsPerStep": 12, "steps": 6, "warmupSteps": 1}}],
             "strategies": ["none", "per-cell-mask"]}
            """#.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let results = directory + "/r.json"
        var run = bench("run", "--suite", try suite(#"{"offscreenPasses": 2, "worstFrameShare": 5}"#), "--quiet", "--json", results)
        XCTAssertEqual(run.code, 0, run.stderr)
        XCTAssertEqual(try Results.load(from: results).limits?.count, 2, "the results record the suite's limits")
        run = bench("check", "--results", results)
        XCTAssertEqual(run.code, 1, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("app-cell/per-cell-mask: offscreenPasses"), run.stdout)
        XCTAssertTrue(run.stdout.contains("> 2"), run.stdout)
        XCTAssertFalse(run.stdout.contains("app-cell/none:"), "none sends nothing off-screen: \(run.stdout)")
        XCTAssertTrue(run.stdout.contains("FAIL: 1 breach(es) of a limit in 2 rows."), run.stdout)

        run = bench("check", "--results", results, "--limit", "offscreenPasses=100")
        XCTAssertEqual(run.code, 0, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("PASS: 2 rows within their limits."), run.stdout)

        run = bench("check", "--results", results, "--limit", "offscreenPass=1")
        XCTAssertEqual(run.code, 2)
        XCTAssertTrue(run.stderr.contains("Did you mean 'offscreenPasses'?"), run.stderr)
        run = bench("check", "--results", results, "--limit", "offscreenPasses=-1")
        XCTAssertEqual(run.code, 2)
        try Data(#"{"suite": "x", "scenarios": ["ipad-settings"], "limits": {"offscreenPasse": 1}}"#.utf8)
            .write(to: URL(fileURLWithPath: directory + "/bad.json"))
        run = bench("run", "--suite", directory + "/bad.json", "--quiet")
        XCTAssertEqual(run.code, 2)
        XCTAssertTrue(run.stderr.contains("offscreenPasses"), run.stderr)
    }

    /// A suite's limit beyond what a results file may hold (2^53) is refused when the suite is
    /// read, not after the run wrote a file that check, compare and merge refuse (issue 59, row 3).
    func testASuiteLimitTheResultsReaderWouldRefuseIsRefusedBeforeTheRun() throws {
        let suite = directory + "/s.json"
        try Data(#"{"suite": "x", "scenarios": ["ipad-settings"], "strategies": ["none"], "limits": {"blendedPixels": 1e16}}"#.utf8)
            .write(to: URL(fileURLWithPath: suite))
        let results = directory + "/r.json"
        let run = bench("run", "--suite", suite, "--steps", "2", "--quiet", "--json", results)
        XCTAssertEqual(run.code, 2)
        XCTAssertEqual(run.stderr, "Error: \(suite): limits.blendedPixels: expected a number from 0 to 9,007,199,254,740,992 (2^53), got 1e+16.\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: results))
    }

    /// A `--limit` whose name is right and whose number is not says what is wrong with the number,
    /// never "did you mean" the name given (issue 59, row 15).
    func testALimitWithABadNumberSaysWhatIsWrongWithTheNumber() throws {
        let results = directory + "/r.json"
        XCTAssertEqual(bench("run", "--device", "iphone-se", "--strategy", "none", "--steps", "2", "--quiet", "--json", results).code, 0)
        for value in ["nan", "inf", "-1", "", "0x10", " 1", "1 ", "1e16"] {
            let run = bench("check", "--results", results, "--limit", "worstFrameShare=" + value)
            XCTAssertEqual(run.code, 2, value)
            XCTAssertTrue(run.stderr.hasPrefix("Error: --limit 'worstFrameShare=\(value)': the value '\(value)' of worstFrameShare is not a decimal number from 0 to 9,007,199,254,740,992 (such as 0.5 or 100).\n"),
                          run.stderr)
            XCTAssertFalse(run.stderr.contains("Did you mean"), run.stderr)
        }
        let run = bench("check", "--results", results, "--limit", "worstFrameShare")
        XCTAssertEqual(run.code, 2)
        XCTAssertFalse(run.stderr.contains("Did you mean"), "the name is right; its =number is missing: \(run.stderr)")
    }

    /// One row is "1 row", in both verdicts (issue 59, "also seen").
    func testAVerdictOnOneRowSaysRowNotRows() throws {
        let results = directory + "/r.json"
        XCTAssertEqual(bench("run", "--device", "iphone-se", "--strategy", "none", "--steps", "2", "--quiet", "--json", results).code, 0)
        let limits = bench("check", "--results", results, "--limit", "offscreenPasses=1000")
        XCTAssertEqual(limits.code, 0, limits.stderr)
        XCTAssertTrue(limits.stdout.hasSuffix("PASS: 1 row within its limits.\n"), limits.stdout)
        let baseline = bench("check", "--baseline", results, "--results", results)
        XCTAssertEqual(baseline.code, 0, baseline.stderr)
        XCTAssertTrue(baseline.stdout.hasSuffix("PASS: 1 row matches the baseline.\n"), baseline.stdout)
    }

    func testACheckWithNeitherABaselineNorLimitsSaysWhatItNeeds() throws {
        let results = directory + "/r.json"
        XCTAssertEqual(bench("run", "--device", "iphone-se", "--strategy", "none", "--steps", "2", "--quiet", "--json", results).code, 0)
        let run = bench("check", "--results", results)
        XCTAssertEqual(run.code, 2)
        XCTAssertTrue(run.stderr.hasPrefix("Error: Bench check needs --baseline to compare with, or --results with limits"), run.stderr)
    }
}

/// A baseline made with the app's cell, then the cell changed: the check compares the two cells'
/// costs instead of refusing, fails a dearer one by default naming the layer that made it dearer,
/// and only reports it when asked.
final class ChangedCellCheckTests: TemporaryDirectoryTestCase {
    private func run(_ cell: String, _ name: String) throws -> String {
        let dir = directory + "/" + name
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let file = dir + "/my-cell.json", out = directory + "/\(name).json"
        try cell.write(toFile: file, atomically: true, encoding: .utf8)
        let result = bench("run", "--cell", file, "--device", "iphone-8", "--strategy", "none", "--steps", "4", "--quiet", "--json", out)
        XCTAssertEqual(result.code, 0, result.stderr)
        return out
    }

    private let clipped = #"{"layers": [{"frame": {"x": 16, "y": 6, "width": 32, "height": 32}, "cornerRadius": 16, "clipsToBounds": true, "contents": {"image": {}}}]}"#
    private let masked = #"{"layers": [{"frame": {"x": 16, "y": 6, "width": 32, "height": 32}, "mask": {"shape": "oval"}, "contents": {"image": {}}}]}"#
    /// `clipped` with a second, oval-masked subview: the trial of issue 58.
    private let twice = #"{"layers": [{"frame": {"x": 16, "y": 6, "width": 32, "height": 32}, "cornerRadius": 16, "clipsToBounds": true, "contents": {"image": {}}}, {"frame": {"x": 60, "y": 6, "width": 32, "height": 32}, "mask": {"shape": "oval"}, "contents": {"image": {}}}]}"#

    func testADearerCellFailsWithNoFlagNamingTheLayerAndItsCostFirst() throws {
        let baseline = try run(clipped, "old"), current = try run(twice, "new")
        let check = bench("check", "--baseline", baseline, "--results", current)
        XCTAssertEqual(check.code, 1, check.stdout + check.stderr)
        let lines = check.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.first?.hasPrefix("FAIL ") ?? false, "the verdict comes first: \(check.stdout)")
        XCTAssertTrue(lines[0].contains("the new cell is dearer"), check.stdout)
        // The second layer is new, and its own passes and GPU time are what it adds.
        let costs = try XCTUnwrap(Results.load(from: current).runs.first?.layerCosts)
        let added = try XCTUnwrap(costs.first { $0.layer == "layers[1]" })
        let layerLine = try XCTUnwrap(lines.first { $0.hasPrefix("  layers[1]:") }, check.stdout)
        XCTAssertTrue(layerLine.contains("a new layer"), layerLine)
        XCTAssertTrue(check.stdout.unwrapped.contains("+\(Format.fixed(added.offscreenPasses, 1)) off-screen passes"), check.stdout)
        let ms = { (nanos: Int?) in Format.fixed(Double(nanos ?? -1) / 1e6, 2) }
        XCTAssertTrue(check.stdout.unwrapped.contains("+\(ms(added.gpuLowNanos))–\(ms(added.gpuHighNanos)) ms (model) a frame"), check.stdout)
        XCTAssertFalse(lines.contains { $0.hasPrefix("  layers[0]:") }, "the first layer did not change: \(check.stdout)")
        // The raw counters come below the verdict, and the one verdict at the end is a FAIL.
        let firstCounter = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("Compared with the baseline") })
        XCTAssertGreaterThan(firstCounter, 1)
        XCTAssertTrue(lines.last?.hasPrefix("FAIL:") ?? false, check.stdout)
        XCTAssertFalse(lines.contains { $0.hasPrefix("PASS") }, check.stdout)
    }

    func testAChangedCellIsOnlyReportedWhenAskedAndTheOldFlagIsAccepted() throws {
        let baseline = try run(clipped, "old"), current = try run(masked, "new")
        var check = bench("check", "--baseline", baseline, "--results", current, "--report-cell-changes")
        XCTAssertEqual(check.code, 0, check.stdout + check.stderr)
        XCTAssertTrue(check.stdout.unwrapped.contains("changed since the baseline"), check.stdout)
        XCTAssertTrue(check.stdout.contains("Changes of the cell (reported, not gated):"), check.stdout)
        XCTAssertTrue(check.stdout.contains("offscreenPasses"), "the mask's second pass is its cost: \(check.stdout)")
        check = bench("check", "--baseline", baseline, "--results", current, "--gate-cell-changes")
        XCTAssertEqual(check.code, 1, check.stdout + check.stderr)
        XCTAssertTrue(check.stdout.contains("Regressions:"), check.stdout)
    }

    func testACheaperCellPassesAndSaysSo() throws {
        let baseline = try run(twice, "old"), current = try run(clipped, "new")
        let check = bench("check", "--baseline", baseline, "--results", current)
        XCTAssertEqual(check.code, 0, check.stdout + check.stderr)
        let first = try XCTUnwrap(check.stdout.split(separator: "\n").first)
        XCTAssertTrue(first.hasPrefix("PASS ") && first.contains("the new cell is cheaper"), check.stdout)
        XCTAssertTrue(check.stdout.contains("  layers[1]: removed"), check.stdout)
        XCTAssertFalse(check.stdout.contains("FAIL"), check.stdout)
    }

    func testAChangeOfTheTableIsStillRefused() throws {
        let a = directory + "/a.json", b = directory + "/b.json"
        XCTAssertEqual(bench("run", "--device", "iphone-se", "--strategy", "none", "--steps", "2", "--quiet", "--json", a).code, 0)
        XCTAssertEqual(bench("run", "--device", "iphone-se", "--strategy", "none", "--steps", "2", "--quiet", "--json", b, "--corner-radius", "10").code, 0)
        // Renamed by the option, so compare by hand-editing the name back is not possible: the
        // rows differ, which is refused as missing rows.
        XCTAssertEqual(bench("check", "--baseline", a, "--results", b).code, 2)
    }
}

/// One run of a cell prices each of its layers: the two rounded avatars and the badge of
/// `avatars-and-badge.json`, without variant files.
final class LayerCostCLITests: TemporaryDirectoryTestCase {
    func testOneRunOfACellPricesEachRoundedViewAndPrintsThem() throws {
        let cell = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Benchmarks/cells/avatars-and-badge.json").path
        let path = directory + "/r.json"
        // On iOS 9, the iPhone 6s's first, a rounded avatar still takes a pass.
        let run = bench("run", "--device", "iphone-6s", "--ios", "9", "--cell", cell, "--strategy", "none", "--steps", "10", "--json", path)
        XCTAssertEqual(run.code, 0, run.stderr)
        let row = try XCTUnwrap(Results.load(from: path).runs.first)
        XCTAssertEqual(row.deviceTime?.ios, 9)
        let costs = try XCTUnwrap(row.layerCosts)
        XCTAssertEqual(costs.map(\.layer), ["layers[0]", "layers[1]", "layers[2]", "layers[3]"])
        // The two clipped avatars share every pass of the frame; the label and the badge (a
        // radius alone, a shadow with a path) run none.
        XCTAssertGreaterThan(costs[0].offscreenPasses, 0)
        XCTAssertEqual(costs[0].offscreenPasses, costs[1].offscreenPasses, accuracy: 1)
        XCTAssertEqual(costs[0].offscreenPasses + costs[1].offscreenPasses, row.perStep[.offscreenPasses] ?? -1, accuracy: 1e-9)
        XCTAssertEqual(costs[2].offscreenPasses, 0)
        XCTAssertEqual(costs[3].offscreenPasses, 0)
        XCTAssertGreaterThan(try XCTUnwrap(costs[0].gpuHighNanos), try XCTUnwrap(costs[3].gpuHighNanos))
        XCTAssertTrue(run.stdout.contains("Cost per layer of the cell under none"), run.stdout)
        XCTAssertTrue(run.stdout.contains("layers[1]"), run.stdout)
        // On its default iOS, 15, the avatars are clipped where they are drawn: no pass at all.
        let now = directory + "/now.json"
        XCTAssertEqual(bench("run", "--device", "iphone-6s", "--cell", cell, "--strategy", "none", "--steps", "10", "--quiet", "--json", now).code, 0)
        let current = try XCTUnwrap(Results.load(from: now).runs.first)
        XCTAssertEqual(current.deviceTime?.ios, 15)
        XCTAssertEqual(current.perStep[.offscreenPasses], 0)
    }

    /// `--ios` takes a version the device ran and the model knows; another is refused, saying which.
    func testAnIOSVersionTheDeviceNeverRanIsRefusedNamingTheOnesItDid() {
        let old = bench("run", "--device", "iphone-4s", "--ios", "12", "--quiet")
        XCTAssertEqual(old.code, 2)
        XCTAssertTrue(old.stderr.hasPrefix("Error: --ios 12 does not apply: expected an iOS major version from 5 to 9"), old.stderr)
        let unknown = bench("run", "--ios", "3", "--quiet")
        XCTAssertEqual(unknown.code, 2, unknown.stderr)
        XCTAssertTrue(unknown.stderr.hasPrefix("Error:"), unknown.stderr)
    }
}
