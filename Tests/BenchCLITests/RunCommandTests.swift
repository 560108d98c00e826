@testable import BenchCLI
import CLITestSupport
import Foundation
import Harness
import HarnessTestSupport
import Raster
import RasterTestSupport
import Results
import Strategies
import XCTest

/// `bench run`: the table, progress, and outputs checked before the run starts. Its runs of the
/// default table are on the iPhone SE's screen (`--device iphone-se`): the outputs, options and
/// progress do not depend on the screen, and the iPad's frames made each run a few times as long.
final class RunCommandTests: TemporaryDirectoryTestCase {
    // MARK: Running

    func testShortRunWritesJSONThatLoadsBack() throws {
        let path = directory + "/r.json"
        let result = bench("run", "--device", "iphone-se", "--steps=3", "--strategy", "none", "--json", path, "--quiet")
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "", "no progress lines when stderr is not a terminal")
        let results = try Results.load(from: path)
        XCTAssertEqual(results.schema, Results.currentSchema)
        XCTAssertEqual(results.runs.count, 1)
        XCTAssertEqual(results.runs[0].strategy, "none")
        XCTAssertEqual(results.runs[0].scenario, "iphone-se", "named after its device")
        XCTAssertEqual(results.runs[0].steps, 3)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["r.json"],
                       "no temporary file is left beside the output")
    }

    /// `--store-path` times with the path given instead of the preferred one, and the results record
    /// it; a path that does not exist is a usage error.
    func testStorePathIsTheOneGivenAndRecorded() throws {
        let path = directory + "/r.json"
        var result = bench("run", "--device", "iphone-se", "--steps=2", "--strategy", "none", "--store-path", "string", "--json", path, "--quiet")
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(try Results.load(from: path).provenance?.host?.storePath, "string")
        result = bench("run", "--steps=2", "--store-path", "fast", "--quiet")
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(result.stderr.contains("'fast' is not a known value of --store-path. The known values are: string, vector."), result.stderr)
    }

    /// `--blend-lanes` likewise: the lanes given are used and recorded, unknown lanes are a usage
    /// error, and wide lanes on a processor without AVX2 are refused before the run.
    func testBlendLanesAreTheOnesGivenAndRecorded() throws {
        let path = directory + "/r.json"
        var result = bench("run", "--device", "iphone-se", "--steps=2", "--strategy", "none", "--blend-lanes", "portable", "--store-path", "vector",
                           "--json", path, "--quiet")
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(try Results.load(from: path).provenance?.host?.blendLanes, "portable")
        result = bench("run", "--steps=2", "--blend-lanes", "avx9", "--quiet")
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(result.stderr.contains("'avx9' is not a known value of --blend-lanes. The known values are: portable, wide."), result.stderr)
        result = bench("run", "--device", "iphone-se", "--steps=2", "--strategy", "none", "--blend-lanes", "wide", "--json", path, "--quiet")
        if BlendLanes.wideIsAvailable {
            XCTAssertEqual(result.code, 0, result.stderr)
            XCTAssertEqual(try Results.load(from: path).provenance?.host?.blendLanes, "wide")
        } else {
            XCTAssertEqual(result.code, 2)
            XCTAssertTrue(result.stderr.contains("needs a processor with AVX2"), result.stderr)
        }
    }

    func testRunPrintsTheComparisonTableAndShowsProgressOnATerminal() {
        var out = "", err = ""
        let code = BenchCLI.main(["run", "--device", "iphone-se", "--steps", "2", "--strategy", "none"], stdout: { out += $0 }, stderr: { err += $0 },
                                 stderrIsTerminal: true)
        XCTAssertEqual(code, 0, err)
        XCTAssertTrue(out.contains("scenario iphone-se: 2 steps"), out)
        XCTAssertTrue(out.contains("\nnone "), out)
        XCTAssertTrue(err.hasPrefix("\riphone-se: step 1/2"), err)
        XCTAssertTrue(err.hasSuffix("\r\u{1B}[K"), "the progress line is cleared at the end")
    }

    func testARunSaysWhichFilesItWrote() throws {
        let json = directory + "/r.json", csv = directory + "/r.csv"
        let result = bench("run", "--device", "iphone-se", "--strategy", "none", "--steps", "2", "--json", json, "--csv", csv)
        XCTAssertEqual(result.code, 0, result.stderr)
        // Wrapped to the page: the two paths need more than one line.
        XCTAssertTrue(result.stdout.unwrapped.hasSuffix("Wrote '\(json)', '\(csv)': 1 row(s) of 1 scenario(s)."), result.stdout)
        XCTAssertEqual(bench("run", "--device", "iphone-se", "--strategy", "none", "--steps", "2", "--json", json, "--quiet").stdout, "", "quiet stays quiet")
        let piped = bench("run", "--device", "iphone-se", "--strategy", "none", "--steps", "2", "--json", "-", "--csv", csv)
        XCTAssertTrue(piped.stderr.hasSuffix("Wrote '\(csv)': 1 row(s) of 1 scenario(s).\n"), "with '-', the people's text goes to stderr: \(piped.stderr)")
    }

    /// A screen in a scenario file whose points look like pixels gets a note on stderr, once, and
    /// the run goes on; a catalogue device gets none.
    func testAnImplausibleCustomDeviceGetsANoteAndTheRunGoesOn() throws {
        let path = directory + "/old-iphone.json"
        try Data(#"""
            { "name": "old", "device": { "name": "old-iphone", "width": 640, "height": 1136, "scale": 2, "refreshHz": 60 },
              "table": { "sections": 3, "rowsPerSection": [3], "content": "none" },
              "scroll": { "kind": "constant", "steps": 2, "warmupSteps": 0 } }
            """#.utf8).write(to: URL(fileURLWithPath: path))
        let result = bench("run", "--scenario-file", path, "--strategy", "none", "--quiet", "--json", directory + "/r.json")
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(result.stderr, """
            Note: device 'old-iphone' is 640 × 1136 pt at 2× (1280 × 2272 pixels), 2.0 times the size of iphone-5 (320 × 568 pt),
              the catalogue device of its shape; sizes are in points: did you mean 320 × 568?

            """)
        XCTAssertEqual(try Results.load(from: directory + "/r.json").runs.count, 1, "the run went on")
        XCTAssertEqual(bench("run", "--device", "iphone-se", "--strategy", "none", "--steps", "2", "--quiet").stderr, "")
        XCTAssertEqual(bench("render", "--scenario-file", path, "--strategy", "none", "--png", directory + "/f.png").stderr,
                       result.stderr, "render says the same")
    }

    func testUnwritableJSONPathFailsBeforeTheRunStarts() {
        let path = "/nonexistent-dir/r.json"
        let started = Date()
        // No --steps: were the path checked only after the run, this would measure 180 steps.
        let result = bench("run", "--json", path)
        XCTAssertLessThan(Date().timeIntervalSince(started), 2, "the run must not start")
        XCTAssertEqual(result.code, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.hasPrefix("Error: Cannot write '\(path)': the directory '/nonexistent-dir' does not exist.\n"),
                      result.stderr)
        XCTAssertFalse(result.stderr.contains("Usage:"), "an unwritable output is not a usage mistake: \(result.stderr)")
    }

    func testJSONPathThatIsADirectoryFailsBeforeTheRunStarts() {
        let result = bench("run", "--json", directory)
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(result.stderr.hasPrefix("Error: Cannot write '\(directory!)': it is a directory."), result.stderr)
    }

    func testJSONHoldsSummariesUnlessSamplesAreAskedFor() throws {
        let summaries = directory + "/summaries.json", full = directory + "/full.json"
        XCTAssertEqual(bench("run", "--device", "iphone-se", "--steps", "3", "--rounds", "2", "--strategy", "none", "--json", summaries, "--quiet").code, 0)
        XCTAssertEqual(bench("run", "--device", "iphone-se", "--steps", "3", "--strategy", "none", "--samples", "--json", full, "--quiet").code, 0)
        let brief = try Results.load(from: summaries).runs[0]
        XCTAssertEqual(brief.samples, [:])
        XCTAssertEqual(brief.rounds?[.step]?.count, 2)
        XCTAssertNotNil(brief.timing[.step])
        XCTAssertEqual(try Results.load(from: full).runs[0].samples[.step]?.count, 3)
    }
}
