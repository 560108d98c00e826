import CLITestSupport
import Foundation
import RasterTestSupport
import Results
import Text
import XCTest

/// One `bench run --cell` prices each fix of the layers that pay, side by side (issue 58, item 5):
/// the table matches what the five variant files a user would write by hand cost when each is run
/// with `bench run --cell`, exactly, in passes and GPU ms.
final class FixesCLITests: TemporaryDirectoryTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    private static let cell = root + "/Benchmarks/cells/avatars-and-badge.json"
    /// Where the avatars pay: the iPhone 6s on iOS 9, which keeps the pass of a clipped image.
    private let device = ["--device", "iphone-6s", "--ios", "9", "--strategy", "none", "--steps", "30"]

    /// The avatars-and-badge cell by hand, each avatar's and the badge's properties given.
    private func cell(first: String, second: String, badgeShadowPath: Bool = true) -> String {
        """
        {"separatorInset": 96, "layers": [
          {"frame": {"x": 16, "y": 6, "width": 32, "height": 32}, \(first)},
          {"frame": {"x": 56, "y": 6, "width": 32, "height": 32}, \(second)},
          {"frame": {"x": 96, "y": 12, "width": 200, "height": 20}, "contents": {"text": {"title": 16}}},
          {"frame": {"x": 300, "y": 12, "width": 28, "height": 20}, "backgroundColor": "#FF3B30", "cornerRadius": 10,
           "contents": {"text": {"string": "12", "size": 13, "color": "#FFFFFF"}},
           "shadow": {"opacity": 0.3, "radius": 2, "offset": {"x": 0, "y": 1}, "path": \(badgeShadowPath)}}
        ]}
        """
    }
    private let clipped = #""contents": {"image": {}}, "cornerRadius": 16, "masksToBounds": true"#
    private let preRounded = #""contents": {"image": {"cornerRadius": 16}}, "cornerRadius": 16"#
    private let rasterized = #""contents": {"image": {}}, "cornerRadius": 16, "masksToBounds": true, "shouldRasterize": true, "rasterizationScale": 2"#

    /// Runs `cell` (a file's text, or a path when `isPath`) and returns its `none` row and what it printed.
    private func run(_ cell: String, _ name: String, isPath: Bool = false, _ extra: [String] = []) throws -> (row: RunResult, stdout: String) {
        var file = cell
        if !isPath {
            file = directory + "/\(name).json"
            try cell.write(toFile: file, atomically: true, encoding: .utf8)
        }
        let out = directory + "/\(name)-results.json"
        let result = bench(["run", "--cell", file] + device + extra + ["--json", out])
        XCTAssertEqual(result.code, 0, result.stderr)
        return (try XCTUnwrap(Results.load(from: out).runs.first), result.stdout)
    }

    /// The fix of `fix` on `layers` in `row`, its figures equal to `variant`'s run exactly, and its
    /// line in `stdout` showing the row's figures less the variant's.
    private func assertPriced(_ row: RunResult, _ stdout: String, _ fix: CellFix, _ layers: [String], by variant: RunResult,
                              line: UInt = #line) throws {
        let priced = try XCTUnwrap(row.fixes?.first { $0.fix == fix && $0.layers == layers }, "\(fix) \(layers)", line: line)
        XCTAssertEqual(priced.offscreenPasses, variant.perStep[.offscreenPasses], line: line)
        XCTAssertEqual(priced.screenSplits, variant.perStep[.screenSplits], line: line)
        XCTAssertEqual(priced.tileTrafficBytes, variant.perStep[.tileTrafficBytes], line: line)
        XCTAssertEqual(priced.blendedPixels, variant.perStep[.blendedPixels], line: line)
        let time = try XCTUnwrap(variant.deviceTime, line: line)
        XCTAssertEqual(priced.gpuLowNanos, time.lowNanos, line: line)
        XCTAssertEqual(priced.gpuHighNanos, time.highNanos, line: line)
        // Printed: the row's passes and ms less the variant's.
        let base = try XCTUnwrap(row.deviceTime, line: line)
        let passes = Format.fixed((row.perStep[.offscreenPasses] ?? 0) - (variant.perStep[.offscreenPasses] ?? 0), 1)
        let ms = { (nanos: Int) in Format.fixed(Double(nanos) / 1e6, 2) }
        let saved = [base.lowNanos - time.lowNanos, base.highNanos - time.highNanos].sorted()
        let printed = stdout.split(separator: "\n").first { line in
            line.components(separatedBy: "  ")[0] == layers.joined(separator: " + ") && line.contains(fix.label + ":")
        }
        let words = try XCTUnwrap(printed, "no line for \(fix) \(layers) in:\n\(stdout)", line: line).split(separator: " ").map(String.init)
        XCTAssertEqual(Array(words.suffix(2)), [passes, "\(ms(saved[0]))–\(ms(saved[1]))"], String(printed ?? ""), line: line)
    }

    func testTheFixesTableMatchesTheRunsOfHandMadeVariantFiles() throws {
        let (row, stdout) = try run(Self.cell, "cell", isPath: true)
        XCTAssertTrue(stdout.contains("What each fix saves under none"), stdout)
        // The avatars pay; the label and the badge, whose shadow has a path, do not.
        XCTAssertEqual(Set(try XCTUnwrap(row.fixes).flatMap(\.layers)), ["layers[0]", "layers[1]"])
        XCTAssertNil(row.fixesLeftOut)

        let roundedFirst = try run(cell(first: preRounded, second: clipped), "pre-rounded-first").row
        try assertPriced(row, stdout, .preRoundedImage, ["layers[0]"], by: roundedFirst)
        let rasterizedFirst = try run(cell(first: rasterized, second: clipped), "rasterized-first").row
        try assertPriced(row, stdout, .rasterize, ["layers[0]"], by: rasterizedFirst)
        let rasterizedSecond = try run(cell(first: clipped, second: rasterized), "rasterized-second").row
        try assertPriced(row, stdout, .rasterize, ["layers[1]"], by: rasterizedSecond)
        let rasterizedBoth = try run(cell(first: rasterized, second: rasterized), "rasterized-both").row
        try assertPriced(row, stdout, .rasterize, ["layers[0]", "layers[1]"], by: rasterizedBoth)
        let roundedBoth = try run(cell(first: preRounded, second: preRounded), "pre-rounded-both").row
        try assertPriced(row, stdout, .preRoundedImage, ["layers[0]", "layers[1]"], by: roundedBoth)
        XCTAssertEqual(roundedBoth.perStep[.offscreenPasses], 0, "rounded where they are drawn, the avatars take no pass")

        // The badge without its shadow path pays five passes a frame wherever it shows; the
        // path is the cell as the file has it.
        let (pathless, pathlessOut) = try run(cell(first: clipped, second: clipped, badgeShadowPath: false), "pathless")
        let withPath = try run(cell(first: clipped, second: clipped), "with-path").row
        try assertPriced(pathless, pathlessOut, .shadowPath, ["layers[3]"], by: withPath)
        XCTAssertEqual(withPath.perStep, row.perStep, "the hand-written cell is the catalogue's")
    }

    /// The fix tables docs/guide.md and docs/scenario-files.md show are a run of this build:
    /// `--device iphone-6s --ios 9 --strategy none`, the scenario's own steps.
    func testTheDocsFixTablesMatchARunOfThisBuild() throws {
        let run = bench(["run", "--cell", Self.cell, "--device", "iphone-6s", "--ios", "9", "--strategy", "none"])
        XCTAssertEqual(run.code, 0, run.stderr)
        func fixLines(_ text: String) -> [String] {
            let after = text.components(separatedBy: "passes saved  GPU ms saved (model)").dropFirst().first ?? ""
            return after.split(separator: "\n").prefix { $0.hasPrefix("layers[") }.map(String.init)
        }
        let fresh = fixLines(run.stdout)
        XCTAssertEqual(fresh.count, 6, run.stdout)
        for page in ["docs/guide.md", "docs/scenario-files.md"] {
            let text = try String(contentsOfFile: Self.root + "/" + page, encoding: .utf8)
            XCTAssertEqual(fixLines(text), fresh, "regenerate the fix table of \(page)")
        }
    }

    func testFixesAreOptionalAndContradictoryFlagsAreRefused() throws {
        let (row, stdout) = try run(Self.cell, "off", isPath: true, ["--no-fixes"])
        XCTAssertNil(row.fixes)
        XCTAssertFalse(stdout.contains("What each fix saves"), stdout)
        let both = bench(["run", "--cell", Self.cell, "--fixes", "--no-fixes", "--steps", "2"])
        XCTAssertEqual(both.code, 2)
        XCTAssertTrue(both.stderr.hasPrefix("Error: --fixes and --no-fixes ask for opposite things; give one of them."), both.stderr)
        // Priced under none: without it, or without a cell, the run says why there is no table.
        let other = bench(["run", "--cell", Self.cell, "--strategy", "per-cell-mask", "--steps", "2", "--quiet"])
        XCTAssertEqual(other.code, 0, other.stderr)
        XCTAssertTrue(other.stderr.unwrapped.contains("Note: fixes are priced under none, which did not run on 'ipad-settings (cell avatars-and-badge)'; add it with --strategy to price them."), other.stderr)
        let settings = bench(["run", "--fixes", "--strategy", "none", "--steps", "2", "--quiet"])
        XCTAssertEqual(settings.code, 0, settings.stderr)
        XCTAssertTrue(settings.stderr.unwrapped.contains("Note: --fixes prices a cell described as layers, and no scenario's rows show one."), settings.stderr)
        // On iOS 15 nothing pays: the run says so rather than print an empty table.
        let now = bench(["run", "--cell", Self.cell, "--device", "iphone-6s", "--strategy", "none", "--steps", "3"])
        XCTAssertEqual(now.code, 0, now.stderr)
        XCTAssertTrue(now.stdout.unwrapped.contains("No layer of the cell pays an off-screen pass or a split under none: no fix to price."), now.stdout)
    }

    func testFixesOfASuitesCellArePricedWhenAsked() throws {
        let suite = directory + "/suite.json"
        let text = #"{"suite": "app", "strategies": ["none"], "scenarios": [{"name": "feed", "device": {"name": "iphone-6s", "ios": 9}, "#
            + #""table": {"sections": 1, "rowsPerSection": 40, "content": {"rows": [{"layers": [{"frame": {"x": 16, "y": 6, "width": 32, "height": 32}, "#
            + #""contents": {"image": {}}, "mask": {"shape": "oval"}}]}]}}, "scroll": {"kind": "constant", "steps": 5}}]}"#
        try text.write(toFile: suite, atomically: true, encoding: .utf8)
        let out = directory + "/suite-results.json"
        XCTAssertEqual(bench(["run", "--suite", suite, "--quiet", "--json", out]).code, 0)
        XCTAssertNil(try Results.load(from: out).runs[0].fixes, "off by default without --cell")
        let asked = bench(["run", "--suite", suite, "--fixes", "--json", out])
        XCTAssertEqual(asked.code, 0, asked.stderr)
        let fixes = try XCTUnwrap(Results.load(from: out).runs[0].fixes)
        XCTAssertEqual(fixes.map(\.fix), [.preRoundedImage, .rasterize, .plainBackground])
        XCTAssertTrue(asked.stdout.contains("plain background: cornerRadius 16 pt for the mask"), asked.stdout)
    }
}
