@testable import BenchCLI
import CLITestSupport
import Foundation
import Harness
import HarnessTestSupport
import Pictures
import RasterTestSupport
import Results
import Strategies
import XCTest

/// `bench render`, `check` and `compare` end to end, on the default table on the iPhone SE's
/// screen (`--device iphone-se`): what is drawn, reported and gated does not depend on the
/// screen, and the iPad's frames have 5.6 times the pixels.
final class RenderCheckCompareTests: TemporaryDirectoryTestCase {
    /// The default scenario as `bench run` makes it with `options`.
    private func scenario(_ options: String...) throws -> Scenario {
        try XCTUnwrap(RunCommand(ParsedArguments(options, for: RunCommand.spec(.builtIn)), catalog: .builtIn).scenarios.first)
    }

    func testRenderWritesADecodablePNGForEveryStrategyAndOverlay() throws {
        let dir: String = directory
        for (strategy, overlay) in [("none", "blended"), ("per-cell-mask", "offscreen"), ("rasterized-mask", "raster")] {
            let path = dir + "/\(strategy).png"
            let result = bench("render", "--device", "iphone-se", "--strategy", strategy, "--step", "3", "--png", path, "--overlay", overlay, "--downsample", "8")
            XCTAssertEqual(result.code, 0, result.stderr)
            let decoded = try PNGDecoder.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
            XCTAssertEqual(decoded.width, 750 / 8)
        }
    }

    func testTheReportsFramesOfLongSectionsShowASectionsEdgeAsAnEnlargedCorner() throws {
        let html = directory + "/long.html"
        let scenario = try self.scenario("--device", "iphone-se", "--rows-per-section", "50")
        // Step 40, the old fixed step, shows no edge of a 2,200 pt section (FramedCornerTests).
        let step = try XCTUnwrap(FramedCorner.find(in: scenario)).step
        XCTAssertNotEqual(step, 40)
        // The run ends at that step: the steps after it change no frame the report shows.
        let result = bench("run", "--device", "iphone-se", "--rows-per-section", "50", "--strategy", "per-cell-mask", "--steps", "\(step + 1)",
                           "--html", html, "--quiet")
        XCTAssertEqual(result.code, 0, result.stderr)
        let page = try String(contentsOfFile: html, encoding: .utf8)
        XCTAssertTrue(page.contains("per-cell-mask, step \(step), overlay offscreen</span>"), page)
        XCTAssertTrue(page.contains("<a class=\"thumb\" href=\"#frame-1\"><img src=\"data:image/png;base64,"))
        XCTAssertTrue(page.contains("width=\"\(FramePicture.closeUpWidth)\""), "the close-up is enlarged to about 480 px")
    }

    func testRenderWithoutAStepDrawsTheFirstThatShowsAnEdgeAndAStepAskedForAsAsked() throws {
        let framed = bench("render", "--device", "iphone-se", "--strategy", "none", "--downsample", "8", "--png", directory + "/framed.png")
        XCTAssertEqual(framed.code, 0, framed.stderr)
        let step = try XCTUnwrap(FramedCorner.find(in: try scenario("--device", "iphone-se"))).step
        XCTAssertTrue(framed.stdout.unwrapped.contains(", none, step \(step),"), framed.stdout)
        let asked = bench("render", "--device", "iphone-se", "--strategy", "none", "--step", "40", "--downsample", "8", "--png", directory + "/asked.png")
        XCTAssertTrue(asked.stdout.unwrapped.contains(", none, step 40,"), asked.stdout)
        // The picture is the frame with its legend under it.
        let decoded = try PNGDecoder.decode(Array(try Data(contentsOf: URL(fileURLWithPath: directory + "/asked.png"))))
        XCTAssertEqual(decoded.width, 750 / 8)
        XCTAssertGreaterThan(decoded.height, 1334 / 8)
    }

    func testRenderRejectsBadInputWithExitTwo() {
        XCTAssertEqual(bench("render", "--strategy", "none", "--png", "/nonexistent-dir/x.png").code, 2)
        XCTAssertEqual(bench("render", "--strategy", "none", "--step", "-1", "--png", "/tmp/x.png").code, 2)
        XCTAssertEqual(bench("render", "--png", "/tmp/x.png").code, 2, "--strategy is required")
        XCTAssertTrue(bench("render", "--strategy", "none", "--png", "/tmp/x.png", "--overlay", "red").stderr.contains("--overlay"))
    }

    func testCheckPassesAgainstItsOwnResultsAndFailsWithExitOneOnARegression() throws {
        let dir: String = directory
        let results = dir + "/r.json", lowered = dir + "/lowered.json"
        XCTAssertEqual(bench("run", "--device", "iphone-se", "--strategy", "none,per-cell-mask", "--steps", "3", "--json", results, "--quiet").code, 0)
        let passed = bench("check", "--baseline", results, "--results", results)
        XCTAssertEqual(passed.code, 0, passed.stderr)
        var baseline = try Results.load(from: results)
        // A pass says what it passed on: a line per row with the counters and frames compared.
        for run in baseline.runs {
            let line = passed.stdout.split(separator: "\n").first { $0.hasPrefix("\(run.key) ") }
            XCTAssertEqual(line.map { $0.contains("\(run.totals.count) same") }, true, passed.stdout)
        }
        XCTAssertTrue(passed.stdout.hasSuffix("PASS: 2 rows match the baseline.\n"), passed.stdout)
        baseline.runs[1].totals[.offscreenPasses]! -= 1
        try AtomicFile.write(baseline.jsonData(), to: lowered)
        let failed = bench("check", "--baseline", lowered, "--results", results)
        XCTAssertEqual(failed.code, 1)
        XCTAssertTrue(failed.stdout.contains("offscreenPasses"), failed.stdout)
        XCTAssertTrue(failed.stderr.hasPrefix("Error: The gate failed"), failed.stderr)
    }

    func testCheckAcrossBuildConfigurationsPassesWithANoteAndOfScenarioDefinitionsExitsTwo() throws {
        let dir: String = directory
        let results = dir + "/r.json", other = dir + "/other.json"
        let run = bench("run", "--device", "iphone-se", "--strategy", "none", "--steps", "2", "--json", results, "--quiet")
        XCTAssertEqual(run.code, 0, run.stderr)
        let recorded = try Results.load(from: results)
        XCTAssertEqual(recorded.provenance?.commandLine, ["bench", "run", "--device", "iphone-se", "--strategy", "none", "--steps", "2", "--json", results, "--quiet"])

        var release = recorded
        release.tool.configuration = "release"
        try AtomicFile.write(release.jsonData(), to: other)
        // A release build's results check against a debug baseline on what the build does not
        // change; the host times are not gated, and the report says why.
        let across = bench("check", "--baseline", other, "--results", results)
        XCTAssertEqual(across.code, 0, across.stdout + across.stderr)
        XCTAssertTrue(across.stdout.unwrapped.contains("the baseline was measured with a release build (optimized) and this run with a "
            + "\(recorded.tool.configuration) build"), across.stdout)
        XCTAssertTrue(across.stdout.unwrapped.contains("host times, instruction counts and estimated cycles measure the build as well as the code and were not"), across.stdout)

        var redefined = recorded
        redefined.scenarioDefinitions?["iphone-se"]?.edit { $0.rowHeight = 50 }
        try AtomicFile.write(redefined.jsonData(), to: other)
        let changed = bench("check", "--baseline", other, "--results", results)
        XCTAssertEqual(changed.code, 2)
        XCTAssertTrue(changed.stderr.contains("rowHeight: 50 → 44"), changed.stderr)
    }

    func testCheckAppendsItsMarkdownToTheGitHubStepSummary() throws {
        let dir: String = directory
        let results = dir + "/r.json", summary = dir + "/summary.md"
        try Data("earlier step\n".utf8).write(to: URL(fileURLWithPath: summary))
        XCTAssertEqual(bench("run", "--device", "iphone-se", "--strategy", "none", "--steps", "2", "--json", results, "--quiet").code, 0)
        setenv("GITHUB_STEP_SUMMARY", summary, 1)
        defer { unsetenv("GITHUB_STEP_SUMMARY") }
        XCTAssertEqual(bench("check", "--baseline", results, "--results", results).code, 0)
        let text = try String(contentsOfFile: summary, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("earlier step\n"), "appended, not replaced")
        XCTAssertTrue(text.contains("CornerBench gate"), text)
    }

    func testCheckRejectsTruncatedOrForeignJSONWithExitTwoNamingTheFile() throws {
        let dir: String = directory
        let truncated = dir + "/truncated.json", foreign = dir + "/foreign.json"
        try Data("{\"schema\": \"cornerbench.res".utf8).write(to: URL(fileURLWithPath: truncated))
        try Data("{\"hello\": 1}".utf8).write(to: URL(fileURLWithPath: foreign))
        for path in [truncated, foreign] {
            let result = bench("check", "--baseline", path, "--results", path)
            XCTAssertEqual(result.code, 2)
            XCTAssertTrue(result.stderr.contains(path), result.stderr)
        }
    }

    func testCompareWritesMarkdown() throws {
        let dir: String = directory
        let a = dir + "/a.json", md = dir + "/c.md"
        XCTAssertEqual(bench("run", "--device", "iphone-se", "--strategy", "none", "--steps", "4", "--json", a, "--quiet").code, 0)
        let result = bench("compare", a, a, "--markdown", md)
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("none"))
        XCTAssertTrue(try String(contentsOfFile: md, encoding: .utf8).contains("| none |"))
        XCTAssertEqual(bench("compare", a).code, 2, "two files are needed")
    }
}
