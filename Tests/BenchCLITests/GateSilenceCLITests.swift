@testable import BenchCLI
import CLITestSupport
import Foundation
import Harness
import RasterTestSupport
import Results
import XCTest

/// Issue 27, rows 2, 9 and 11, through the command line: a gate's verdict and exit code survive
/// a step summary that cannot be written, a counted file with a row's counts deleted is refused,
/// `merge` names the shards it lacks and `check` the rows, and `compare` says when two files
/// differ in more than the code.
final class GateSilenceCLITests: TemporaryDirectoryTestCase {
    private func path(_ name: String) -> String { directory + "/" + name }

    /// Runs `bench run --strategy <strategies> --steps <steps>` (plus `options`) into `name`, on the
    /// default table on the iPhone SE's screen: the gate, merge and compare read the rows the same
    /// whatever the screen, and the iPad's frames made each run five times as long.
    @discardableResult
    private func run(_ name: String, strategies: String = "none", steps: Int = 2, _ options: [String] = [],
                     file: StaticString = #filePath, line: UInt = #line) throws -> Results {
        let result = bench(["run", "--device", "iphone-se", "--strategy", strategies, "--steps", "\(steps)", "--json", path(name), "--quiet"] + options)
        XCTAssertEqual(result.code, 0, result.stderr, file: file, line: line)
        return try Results.load(from: path(name))
    }

    /// Runs `check` of `results` against `baseline` with GITHUB_STEP_SUMMARY set to `/dev/full`.
    private func checkWithFullSummary(_ baseline: String, _ results: String) -> BenchOutput {
        setenv("GITHUB_STEP_SUMMARY", "/dev/full", 1)
        defer { unsetenv("GITHUB_STEP_SUMMARY") }
        return bench("check", "--baseline", baseline, "--results", results)
    }

    // MARK: Row 9: a step summary that cannot be written

    func testAStepSummaryThatCannotBeWrittenLeavesAFailingGatesVerdictAndExitCodeOne() throws {
        var baseline = try run("r.json")
        let step = try XCTUnwrap(baseline.runs[0].pictures.keys.sorted().first)
        baseline.runs[0].pictures[step] = "00000000"
        try AtomicFile.write(baseline.jsonData(), to: path("baseline.json"))
        let check = checkWithFullSummary(path("baseline.json"), path("r.json"))
        XCTAssertEqual(check.code, 1, "the gate's failure, not an output error: " + check.stderr)
        XCTAssertTrue(check.stdout.contains("FAIL: 1 regression(s) in 1 row."), check.stdout)
        XCTAssertTrue(check.stderr.unwrapped.contains("Warning: could not append the report to the GITHUB_STEP_SUMMARY file '/dev/full': no space left on device. The gate's verdict above stands. "),
                      check.stderr)
        XCTAssertTrue(check.stderr.contains("Error: The gate failed: 1 regression(s)"), check.stderr)
        XCTAssertFalse(check.stderr.contains("Usage:"), check.stderr)
    }

    func testAStepSummaryThatCannotBeWrittenLeavesAPassingGatesExitCodeZero() throws {
        try run("r.json")
        let check = checkWithFullSummary(path("r.json"), path("r.json"))
        XCTAssertEqual(check.code, 0, check.stderr)
        XCTAssertTrue(check.stdout.hasSuffix("PASS: 1 row matches the baseline.\n"), check.stdout)
        XCTAssertEqual(check.stderr.unwrapped, "Warning: could not append the report to the GITHUB_STEP_SUMMARY file '/dev/full': no space left on device. The gate's verdict above stands.")
    }

    // MARK: Row 2: a row's counts deleted from a counted file

    func testACheckAgainstACountedFileWithOneRowsInstructionsDeletedIsRefusedNamingTheRow() throws {
        var counted = try run("plain.json", strategies: "none,per-cell-mask")
        let phases = Dictionary(uniqueKeysWithValues: Phase.allCases.map { ($0, 1_000) })
        counted.attach(instructions: Dictionary(uniqueKeysWithValues: counted.runs.map { ($0.key, phases) }), counter: "valgrind-3.19.0 callgrind")
        try AtomicFile.write(counted.jsonData(), to: path("counted.json"))
        // What `jq 'del(.runs[1].instructions)'` leaves.
        var json = try XCTUnwrap(JSONSerialization.jsonObject(with: counted.jsonData()) as? [String: Any])
        var runs = try XCTUnwrap(json["runs"] as? [[String: Any]])
        runs[1]["instructions"] = nil
        json["runs"] = runs
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: path("edited.json")))

        let check = bench("check", "--baseline", path("counted.json"), "--results", path("edited.json"))
        XCTAssertEqual(check.code, 2, check.stdout)
        XCTAssertFalse(check.stdout.contains("PASS"), check.stdout)
        XCTAssertTrue(check.stderr.hasPrefix("Error: \(path("edited.json")): runs[1]: the row iphone-se/per-cell-mask has no instructions, but the file's instructionCounter 'valgrind-3.19.0 callgrind' says every row was counted;"),
                      check.stderr)
    }

    func testACheckWithoutCountsAgainstACountedBaselineNamesWhatWasNotGatedInItsVerdict() throws {
        var counted = try run("plain.json")
        let phases = Dictionary(uniqueKeysWithValues: Phase.allCases.map { ($0, 1_000) })
        counted.attach(instructions: Dictionary(uniqueKeysWithValues: counted.runs.map { ($0.key, phases) }), counter: "valgrind-3.19.0 callgrind")
        try AtomicFile.write(counted.jsonData(), to: path("counted.json"))
        let check = bench("check", "--baseline", path("counted.json"), "--results", path("plain.json"))
        XCTAssertEqual(check.code, 0, check.stderr)
        XCTAssertTrue(check.stdout.hasSuffix("PASS: 1 row matches the baseline, but instruction counts were NOT gated (see the warnings).\n"), check.stdout)
    }

    // MARK: Row 11: merge, check and compare

    func testAMergeOfShardsOneAndThreeNamesShardTwoAndACheckOfItNamesTheRowsItLacks() throws {
        let strategies = "none,shared-corner-grid,per-cell-mask,rasterized-mask"
        try run("whole.json", strategies: strategies)
        try run("shard-1-of-3.json", strategies: strategies, ["--shard", "1/3"])
        try run("shard-3-of-3.json", strategies: strategies, ["--shard", "3/3"])
        let merge = bench("merge", path("shard-1-of-3.json"), path("shard-3-of-3.json"), "--json", path("merged.json"))
        XCTAssertEqual(merge.code, 0, merge.stderr)
        XCTAssertEqual(merge.stderr.unwrapped, "Note: shard(s) 2/3 of the run are missing (given: 1/3 in \(path("shard-1-of-3.json")), 3/3 in \(path("shard-3-of-3.json"))); the merged file holds only the given shards' rows, and bench check against a baseline of the whole run names the rows it lacks.")

        let check = bench("check", "--baseline", path("whole.json"), "--results", path("merged.json"))
        XCTAssertEqual(check.code, 2)
        XCTAssertEqual(check.stderr, "Error: The baseline has 1 row(s) this run lacks: iphone-se/per-cell-mask. This run was joined by bench merge, whose note names the shards it lacked. Run the same suite, or update the baseline.\n")
    }

    func testShardsMadeWithDifferentRoundsAreMergedWithANote() throws {
        let strategies = "none,shared-corner-grid,per-cell-mask"
        try run("a.json", strategies: strategies, ["--shard", "1/2"])
        try run("b.json", strategies: strategies, ["--shard", "2/2", "--rounds", "2"])
        let merge = bench("merge", path("a.json"), path("b.json"), "--json", path("merged.json"))
        XCTAssertEqual(merge.code, 0, merge.stderr)
        XCTAssertTrue(merge.stderr.unwrapped.hasPrefix("Note: the shards were made with different --rounds (1 in \(path("a.json")); 2 in \(path("b.json")))"), merge.stderr)
    }

    func testCompareOfFilesWithOtherStepsSaysSo() throws {
        try run("a.json")
        try run("b.json", steps: 3)
        let compare = bench("compare", path("a.json"), path("b.json"))
        XCTAssertEqual(compare.code, 0, compare.stderr)
        XCTAssertTrue(compare.stdout.hasPrefix("Note: the scenario 'iphone-se' was measured over 2 steps in the first file and 3 in the second:"), compare.stdout)
    }

    func testCompareOfFilesWithAnotherBuildConfigurationSaysSo() throws {
        var a = try run("a.json")
        a.tool.configuration = a.tool.configuration == "release" ? "debug" : "release"
        try AtomicFile.write(a.jsonData(), to: path("other-build.json"))
        let compare = bench("compare", path("other-build.json"), path("a.json"))
        XCTAssertEqual(compare.code, 0, compare.stderr)
        XCTAssertTrue(compare.stdout.hasPrefix("Note: the first file was measured with a \(a.tool.configuration) build"), compare.stdout)
    }
}
