@testable import BenchCLI
import CLITestSupport
import Foundation
import Harness
import RasterTestSupport
import Results
import XCTest

/// `bench run --filter`, `--scenario` within a suite, `--shard i/n`, `bench merge`, and
/// `bench check --filter`, through the command line.
final class FilterShardMergeTests: TemporaryDirectoryTestCase {
    private static let strategies = ["none", "shared-corner-grid", "per-cell-mask", "rasterized-mask"]

    /// A suite of two tiny scenarios (small screens at 1×, a few steps) and four strategies: what is
    /// selected, sharded and merged does not depend on the screen, and 2× doubled each run's time.
    private func writeSuite() throws -> String {
        let path = directory + "/tiny.json"
        try Data("""
            { "suite": "tiny",
              "strategies": ["none", "shared-corner-grid", "per-cell-mask", "rasterized-mask"],
              "scenarios": [
                { "name": "tiny-scroll", "device": { "name": "tiny", "width": 320, "height": 240, "scale": 1, "refreshHz": 60 },
                  "table": { "sections": 12, "rowsPerSection": [1, 3, 2] },
                  "scroll": { "kind": "constant", "pointsPerStep": 9, "steps": 5, "warmupSteps": 1 } },
                { "name": "tiny-events", "device": { "name": "tiny", "width": 320, "height": 240, "scale": 1, "refreshHz": 60 },
                  "table": { "sections": 12, "rowsPerSection": [2, 1] },
                  "scroll": { "kind": "constant", "pointsPerStep": 7, "steps": 6, "warmupSteps": 1 },
                  "events": [ { "atStep": 2, "set": { "cornerRadius": 12 } } ] }
              ] }
            """.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Runs `bench` and returns the results it wrote to `name`, failing the test on a non-zero exit.
    private func run(_ arguments: [String], writing name: String, file: StaticString = #filePath, line: UInt = #line) throws -> Results {
        let path = directory + "/" + name
        let result = bench(arguments + ["--json", path, "--quiet"])
        XCTAssertEqual(result.code, 0, result.stderr, file: file, line: line)
        return try Results.load(from: path)
    }

    private func rows(_ results: Results) -> [String] { results.runs.map(\.key.description) }

    /// The first line of an error, without `Error: `.
    private func firstLine(_ output: BenchOutput) -> String {
        String(output.stderr.split(separator: "\n").first ?? "").replacingOccurrences(of: "Error: ", with: "")
    }

    // MARK: Filters

    func testAFilterRunsOnlyTheMatchingPairsWithNoneAsTheirReference() throws {
        let suite = try writeSuite()
        let results = try run(["run", "--suite", suite, "--filter", "tiny-scroll/*-mask"], writing: "r.json")
        XCTAssertEqual(rows(results), ["tiny-scroll/none", "tiny-scroll/per-cell-mask", "tiny-scroll/rasterized-mask"])
        XCTAssertEqual(results.scenarioDefinitions.map { Array($0.keys) }, ["tiny-scroll"], "the scenario that did not run is not recorded")
        XCTAssertNotNil(results.runs[1].ratios[.stepToNone], "ratios to none exist: none ran as the reference")
    }

    func testRepeatedAndCommaSeparatedFiltersSelectTheUnion() throws {
        let suite = try writeSuite()
        let results = try run(["run", "--suite", suite, "--filter", "tiny-events/per-cell-mask,tiny-scroll/shared-corner-grid",
                               "--filter", "tiny-events/rasterized-mask"], writing: "r.json")
        XCTAssertEqual(rows(results), ["tiny-scroll/none", "tiny-scroll/shared-corner-grid",
                                       "tiny-events/none", "tiny-events/per-cell-mask", "tiny-events/rasterized-mask"])
    }

    func testAFilterPatternCanHoldAnEscapedCommaOrOneInASet() throws {
        let suite = try writeSuite()
        let text = try String(contentsOfFile: suite, encoding: .utf8).replacingOccurrences(of: "tiny-events", with: "tiny, events")
        try text.write(toFile: suite, atomically: true, encoding: .utf8)
        let escaped = try run(["run", "--suite", suite, "--filter", #"tiny\, events/per-cell-mask,tiny-scroll/shared-corner-grid"#], writing: "a.json")
        XCTAssertEqual(rows(escaped), ["tiny-scroll/none", "tiny-scroll/shared-corner-grid", "tiny, events/none", "tiny, events/per-cell-mask"])
        let inSet = try run(["run", "--suite", suite, "--filter", "tiny[,] events/per-cell-mask"], writing: "b.json")
        XCTAssertEqual(rows(inSet), ["tiny, events/none", "tiny, events/per-cell-mask"])
        XCTAssertEqual(ParsedArguments.listItems(#"a\,b,c[,]d,"#), [#"a\,b"#, "c[,]d", ""])
    }

    func testAFilterOnAStrategyNameRunsItOnEveryScenario() throws {
        let suite = try writeSuite()
        let results = try run(["run", "--suite", suite, "--filter", "per-cell-mask"], writing: "r.json")
        XCTAssertEqual(rows(results), ["tiny-scroll/none", "tiny-scroll/per-cell-mask", "tiny-events/none", "tiny-events/per-cell-mask"])
    }

    func testAFilterWithoutNoneAmongTheStrategiesAddsNoReference() throws {
        let suite = try writeSuite()
        let results = try run(["run", "--suite", suite, "--strategy", "per-cell-mask,rasterized-mask", "--filter", "tiny-events/per-*"],
                              writing: "r.json")
        XCTAssertEqual(rows(results), ["tiny-events/per-cell-mask"])
        XCTAssertNil(results.runs[0].ratios[.stepToNone])
    }

    func testAnEmptySelectionExitsTwoAndListsWhatThereIs() throws {
        let suite = try writeSuite()
        let started = Date()
        let result = bench("run", "--suite", suite, "--filter", "tiny-scrol/none", "--json", directory + "/r.json")
        XCTAssertLessThan(Date().timeIntervalSince(started), 2, "nothing runs")
        XCTAssertEqual(result.code, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(firstLine(result), "--filter 'tiny-scrol/none' selects no (scenario, strategy) pair. The scenarios are: tiny-scroll, tiny-events; the strategies are: none, shared-corner-grid, per-cell-mask, rasterized-mask.")
        XCTAssertTrue(result.stderr.hasSuffix("See 'bench run --help'.\n"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/r.json"))
    }

    func testAMalformedPatternOrShardIsAUsageError() throws {
        XCTAssertEqual(firstLine(bench("run", "--filter", "ci-[x")),
                       "--filter: the pattern 'ci-[x' opens a '[' set that is never closed with ']'; write '\\[' for a bracket.")
        let shard = bench("run", "--shard", "5/4")
        XCTAssertEqual(shard.code, 2)
        XCTAssertEqual(firstLine(shard), "--shard must be i/n with 1 ≤ i ≤ n ≤ 1,000, such as 2/4, not '5/4'.")
    }

    // MARK: --scenario within a suite

    func testScenarioWithASuiteRunsThatOneScenarioOfTheSuite() throws {
        let suite = try writeSuite()
        let results = try run(["run", "--suite", suite, "--scenario", "tiny-events", "--strategy", "none,per-cell-mask"], writing: "r.json")
        XCTAssertEqual(rows(results), ["tiny-events/none", "tiny-events/per-cell-mask"])
        XCTAssertEqual(results.runs[0].steps, 6, "the suite's definition, not a built-in scenario")
        XCTAssertEqual(results.runs[0].eventSteps, [2])
    }

    func testAScenarioNotInTheSuiteIsAUsageErrorWithTheNearestName() throws {
        let suite = try writeSuite()
        let result = bench("run", "--suite", suite, "--scenario", "tiny-event")
        XCTAssertEqual(result.code, 2)
        XCTAssertEqual(firstLine(result), "The suite '\(suite)' has no scenario 'tiny-event'. Did you mean 'tiny-events'? Its scenarios are: tiny-scroll, tiny-events.")
    }

    func testAScenarioFileStillExcludesTheOtherSources() throws {
        let suite = try writeSuite()
        for arguments in [["--scenario-file", suite, "--suite", suite], ["--scenario", "ipad-settings", "--scenario-file", suite]] {
            let result = bench(["run"] + arguments)
            XCTAssertEqual(result.code, 2)
            XCTAssertTrue(firstLine(result).hasPrefix("Give only one of --scenario, --scenario-file and --suite"), result.stderr)
        }
    }

    func testWithoutASuiteScenarioStillNamesABuiltInScenario() {
        let result = bench("run", "--scenario", "tiny-events")
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(firstLine(result).hasPrefix("'tiny-events' is not a known value of --scenario."), result.stderr)
    }

    // MARK: Shards and merge

    func testShardsPartitionTheSuiteAndMergeToTheUnshardedCounters() throws {
        let suite = try writeSuite()
        let whole = try run(["run", "--suite", suite], writing: "whole.json")
        var owners: [String: Int] = [:]
        var paths: [String] = []
        for index in 1...3 {
            let shard = try run(["run", "--suite", suite, "--shard", "\(index)/3"], writing: "shard-\(index).json")
            paths.append(directory + "/shard-\(index).json")
            for scenario in Set(shard.runs.map(\.scenario)) {
                XCTAssertTrue(rows(shard).contains("\(scenario)/none"), "shard \(index) measures none on \(scenario)")
            }
            for row in shard.runs where row.strategy != "none" {
                XCTAssertNil(owners[row.key.description], "\(row.key) in two shards")
                owners[row.key.description] = index
            }
        }
        XCTAssertEqual(Set(owners.keys), Set(whole.runs.filter { $0.strategy != "none" }.map(\.key.description)))

        let mergedPath = directory + "/merged.json"
        let merge = bench(["merge"] + paths + ["--json", mergedPath])
        XCTAssertEqual(merge.code, 0, merge.stderr)
        XCTAssertEqual(merge.stdout, "Merged 3 file(s) into '\(mergedPath)': 8 row(s) of 2 scenario(s).\n")
        let merged = try Results.load(from: mergedPath)
        XCTAssertEqual(rows(merged), rows(whole), "the unsharded run's rows, in its order")
        let byKey = whole.runsByKey
        for row in merged.runs {
            XCTAssertEqual(row.totals, byKey[row.key]?.totals, "\(row.key)")
            XCTAssertEqual(row.perStep, byKey[row.key]?.perStep, "\(row.key)")
            XCTAssertEqual(row.pictures, byKey[row.key]?.pictures, "\(row.key)")
        }
        XCTAssertEqual(merged.provenance?.commandLine, ["bench", "merge"] + paths + ["--json", mergedPath])

        let check = bench("check", "--baseline", directory + "/whole.json", "--results", mergedPath)
        XCTAssertEqual(check.code, 0, check.stdout + check.stderr)
        XCTAssertTrue(check.stdout.contains("PASS: 8 rows match the baseline."), check.stdout)
        XCTAssertEqual(bench("compare", directory + "/whole.json", mergedPath).code, 0)
    }

    func testAShardWithNothingLeftToRunExitsTwo() throws {
        let suite = try writeSuite()
        let result = bench("run", "--suite", suite, "--filter", "tiny-scroll", "--shard", "4/4")
        XCTAssertEqual(result.code, 2)
        XCTAssertEqual(firstLine(result), "--shard 4/4 selects nothing: the selection divides into only 3 pair(s) (the reference 'none' of a scenario with other pairs is not divided), so give at most 3 shard(s).")
    }

    func testMergeRefusesOverlapsAndOtherRunsWithASentenceNamingTheFiles() throws {
        let suite = try writeSuite()
        _ = try run(["run", "--suite", suite, "--shard", "1/2"], writing: "a.json")
        _ = try run(["run", "--suite", suite], writing: "whole.json")
        _ = try run(["run", "--suite", suite, "--shard", "2/2", "--steps", "3"], writing: "short.json")
        let a = directory + "/a.json", whole = directory + "/whole.json", short = directory + "/short.json"
        let out = directory + "/merged.json"

        let overlap = bench("merge", a, whole, "--json", out)
        XCTAssertEqual(overlap.code, 2)
        XCTAssertEqual(firstLine(overlap), "The row tiny-scroll/shared-corner-grid is in both \(a) and \(whole), but shards of one run share only their 'none' rows; merge the shards of one run, each once.")
        XCTAssertFalse(overlap.stderr.contains("Usage:"), "a bad input is not a usage mistake: \(overlap.stderr)")

        let steps = bench("merge", a, short, "--json", out)
        XCTAssertEqual(steps.code, 2)
        XCTAssertEqual(firstLine(steps), "\(a) measured the scenario 'tiny-scroll' with 5 steps and \(short) with 3; make every shard with the same --steps.")

        let twice = bench("merge", a, a, "--json", out)
        XCTAssertEqual(twice.code, 2)
        XCTAssertEqual(firstLine(twice), "'\(a)' is given twice; give each shard once.")

        let overInput = bench("merge", a, "--json", a)
        XCTAssertEqual(overInput.code, 2)
        XCTAssertTrue(firstLine(overInput).hasPrefix("--json '\(a)' is the same file as the argument results.json '\(a)'"), overInput.stderr)

        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "a refused merge writes nothing")
    }

    func testMergeToStandardOutputWritesTheResultsThereAndItsLineToStandardError() throws {
        let suite = try writeSuite()
        _ = try run(["run", "--suite", suite, "--shard", "1/2"], writing: "a.json")
        _ = try run(["run", "--suite", suite, "--shard", "2/2"], writing: "b.json")
        let result = bench("merge", directory + "/a.json", directory + "/b.json", "--json", "-")
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(result.stderr, "Merged 2 file(s) into '-': 8 row(s) of 2 scenario(s).\n")
        let merged = try Results.decode(Array(result.stdout.utf8), file: "stdout")
        XCTAssertEqual(merged.runs.count, 8)
    }

    func testMergeNeedsAFileAndJSON() {
        let noFile = bench("merge", "--json", directory + "/m.json")
        XCTAssertEqual(noFile.code, 2)
        XCTAssertEqual(firstLine(noFile), "'bench merge' needs the argument <results.json>.")
        let noJSON = bench("merge", directory + "/a.json")
        XCTAssertEqual(noJSON.code, 2)
        XCTAssertEqual(firstLine(noJSON), "'bench merge' needs the option --json <file>.")
        let missing = bench("merge", directory + "/a.json", "--json", directory + "/m.json")
        XCTAssertEqual(missing.code, 2)
        XCTAssertEqual(firstLine(missing), "\(directory!)/a.json: no such file.")
    }

    // MARK: check --filter

    func testCheckFilterGatesOnlyTheSelectedRowsOfTheBaseline() throws {
        let suite = try writeSuite()
        _ = try run(["run", "--suite", suite], writing: "whole.json")
        _ = try run(["run", "--suite", suite, "--filter", "tiny-events/per-cell-mask"], writing: "part.json")
        let whole = directory + "/whole.json", part = directory + "/part.json"

        let unfiltered = bench("check", "--baseline", whole, "--results", part)
        XCTAssertEqual(unfiltered.code, 2, "the baseline has rows the part lacks")
        let filtered = bench("check", "--baseline", whole, "--results", part, "--filter", "tiny-events/per-cell-mask")
        XCTAssertEqual(filtered.code, 0, filtered.stdout + filtered.stderr)
        XCTAssertTrue(filtered.stdout.contains("PASS: 2 rows match the baseline."), filtered.stdout)

        let rerun = bench("check", "--baseline", whole, "--suite", suite, "--filter", "tiny-scroll/rasterized-mask")
        XCTAssertEqual(rerun.code, 0, rerun.stdout + rerun.stderr)
        XCTAssertTrue(rerun.stdout.contains("PASS: 2 rows match the baseline."), rerun.stdout)

        let nothing = bench("check", "--baseline", whole, "--results", part, "--filter", "zzz")
        XCTAssertEqual(nothing.code, 2)
        XCTAssertTrue(firstLine(nothing).hasPrefix("--filter 'zzz' selects no (scenario, strategy) pair. The scenarios are: tiny-scroll, tiny-events;"),
                      nothing.stderr)
    }
}
