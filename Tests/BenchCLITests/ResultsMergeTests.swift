@testable import Analysis
import Foundation
import Harness
import HarnessTestSupport
import Problems
@testable import Results
import XCTest

/// `Results.merging(shards:)`: the shards of one run joined into one results file, and what it
/// refuses to join.
final class ResultsMergeTests: XCTestCase {
    /// Two tiny scenarios of a suite, three strategies each.
    private static let plan = RunPlan(
        scenarios: [Fixtures.singleSection(rows: 3, steps: 5),
                    { var s = Fixtures.longTable(sections: 20, device: Fixtures.device(width: 400, height: 300), steps: 6); s.name = "short-table"; return s }()],
        strategies: ["none", "shared-corner-grid", "per-cell-mask", "rasterized-mask"])
    private static let strategyOrder = ["none", "shared-corner-grid", "per-cell-mask", "rasterized-mask"]

    /// Shard i of n of `plan`, run for real.
    private static func shard(_ index: Int, of count: Int, plan: RunPlan = plan) throws -> Results {
        let selection = PairSelection(shard: Shard(index: index, count: count), reference: "none")
        return try Runner(commandLine: ["bench", "run", "--shard", "\(index)/\(count)"]).run(try plan.selecting(selection))
    }

    private static let unsharded: Results = try! Runner(commandLine: ["bench", "run"]).run(plan)
    private static let shards: [(name: String, results: Results)] = (1...4).map { ("shard-\($0).json", try! shard($0, of: 4)) }

    private func merge(_ shards: [(name: String, results: Results)]) throws -> Results {
        try Results.merging(shards: shards, reference: "none", strategyOrder: Self.strategyOrder,
                            commandLine: ["bench", "merge"]).results
    }

    /// Asserts that merging `shards` is refused with a message starting with `prefix`.
    private func assertRefused(_ shards: [(name: String, results: Results)], _ prefix: String,
                               file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try merge(shards), file: file, line: line) { error in
            guard case .input(let problem) = error as? BenchError else { return XCTFail("\(error)", file: file, line: line) }
            let message = problem.description
            XCTAssertTrue(message.hasPrefix(prefix), message, file: file, line: line)
        }
    }

    // MARK: Merging

    func testMergedShardsHaveExactlyTheCountersAndPicturesOfTheUnshardedRun() throws {
        let merged = try merge(Self.shards)
        XCTAssertEqual(merged.runs.map(\.key), Self.unsharded.runs.map(\.key), "the same rows in the unsharded run's order")
        let whole = Self.unsharded.runsByKey
        for row in merged.runs {
            let reference = try XCTUnwrap(whole[row.key])
            XCTAssertEqual(row.totals, reference.totals, "\(row.key)")
            XCTAssertEqual(row.perStep, reference.perStep, "\(row.key)")
            XCTAssertEqual(row.pictures, reference.pictures, "\(row.key)")
            XCTAssertEqual(row.steps, reference.steps, "\(row.key)")
            XCTAssertEqual(row.layoutPasses, reference.layoutPasses, "\(row.key)")
            XCTAssertEqual(row.eventSteps, reference.eventSteps, "\(row.key)")
            XCTAssertEqual(Set(row.ratios.keys), Set(reference.ratios.keys), "\(row.key): every ratio, …ToNone included")
        }
        XCTAssertEqual(merged.scenarioDefinitions, Self.unsharded.scenarioDefinitions)
    }

    func testTheMergedFileLoadsAndTheGateAcceptsItAgainstTheUnshardedRun() throws {
        let merged = try merge(Self.shards)
        let loaded = try Results.decode(Array(try merged.jsonData()), file: "merged.json")
        XCTAssertEqual(loaded.runs.map(\.key), merged.runs.map(\.key))
        let report = try Gate.check(baseline: Self.unsharded, current: loaded)
        XCTAssertTrue(report.passed, "\(report.findings)")
        XCTAssertEqual(report.rowsCompared, Self.unsharded.runs.count)
        XCTAssertTrue(try Gate.check(baseline: loaded, current: Self.unsharded).passed)
    }

    func testEachReferenceRowIsKeptFromTheFirstShardThatHasIt() throws {
        let merged = try merge(Self.shards)
        for row in merged.runs where row.strategy == "none" {
            let first = Self.shards.first { shard in shard.results.runs.contains { $0.key == row.key } }!
            XCTAssertEqual(row, first.results.runsByKey[row.key], "\(row.key) comes from \(first.name)")
        }
        let reversed = try merge(Self.shards.reversed())
        let fromLast = Self.shards.last { shard in shard.results.runs.contains { $0.strategy == "none" } }!
        let noneRow = reversed.runs.first { $0.strategy == "none" && fromLast.results.runsByKey[$0.key] != nil }!
        XCTAssertEqual(noneRow, fromLast.results.runsByKey[noneRow.key], "given in reverse, the last shard is first")
    }

    func testTopLevelFieldsComeFromTheShardsAsDocumented() throws {
        var shards = Self.shards
        shards[0].results.createdAt = "2026-01-01T00:00:00Z"
        shards[2].results.createdAt = "2026-03-01T00:00:00Z"
        shards[1].results.peakMemoryBytes = 999_999_999
        let merged = try merge(shards)
        XCTAssertEqual(merged.createdAt, shards.map(\.results.createdAt).max())
        XCTAssertEqual(merged.peakMemoryBytes, 999_999_999)
        XCTAssertEqual(merged.floorNanos, merged.runs[0].floorNanos, "the first scenario's floor")
        XCTAssertEqual(merged.copyFloorNanos, merged.runs[0].copyFloorNanos)
        XCTAssertEqual(merged.provenance?.commandLine, ["bench", "merge"])
        XCTAssertEqual(merged.provenance?.gitCommit, shards[0].results.provenance?.gitCommit)
        XCTAssertEqual(merged.machine, shards[0].results.machine)
    }

    func testAMergeOfOneFileIsThatFile() throws {
        let one = try merge([("all.json", Self.unsharded)])
        var expected = Self.unsharded
        expected.provenance?.commandLine = ["bench", "merge"]
        XCTAssertEqual(one, expected)
    }

    func testShardsFromAnotherMachineAreMergedWithANote() throws {
        var shards = Self.shards
        shards[3].results.machine.cpu = "Another CPU"
        let (_, notes) = try Results.merging(shards: shards, reference: "none", commandLine: ["bench", "merge"])
        XCTAssertEqual(notes.count, 1)
        XCTAssertEqual(notes, [.otherMachines(count: 1, total: 4, first: "shard-1.json", cpu: Self.shards[0].results.machine.cpu,
                                              cores: Self.shards[0].results.machine.cores)])
        XCTAssertTrue(notes[0].description.hasPrefix("1 of the 4 files were measured on another machine than shard-1.json"), "\(notes[0])")
    }

    func testShardsFromAnotherKindOfHostLeaveTheMergedFileWithoutAHostSoTimesAreNotGated() throws {
        var shards = Self.shards
        let (same, quiet) = try Results.merging(shards: shards, reference: "none", commandLine: ["bench", "merge"])
        XCTAssertEqual(same.provenance?.host, shards[0].results.provenance?.host, "one kind of host: it is kept")
        XCTAssertFalse(quiet.contains { if case .otherHosts = $0 { true } else { false } })
        XCTAssertNotNil(shards[2].results.provenance?.host, "the fixture records a host")
        shards[2].results.provenance?.host?.l3Bytes = 8 << 20
        let (merged, notes) = try Results.merging(shards: shards, reference: "none", commandLine: ["bench", "merge"])
        XCTAssertNil(merged.provenance?.host, "not the first shard's host: the third ran elsewhere")
        // The note names the file and what differs, not a list of what could.
        XCTAssertTrue(notes.map(\.description).contains { $0.hasPrefix("the files were measured on 2 kinds of host (shard-3.json against shard-1.json: L3 ")
                                                         && $0.contains(" → 8 MiB), so the merged file records none") }, "\(notes)")
    }

    func testShardsWithoutSharedReferencesOrderScenariosAndStrategiesConsistently() {
        func key(_ s: String) -> RunKey { RunKey(scenario: String(s.split(separator: "/")[0]), strategy: String(s.split(separator: "/")[1])) }
        let files = [["a/x", "b/y"], ["a/z", "b/w"], ["c/x"]].map { $0.map(key) }
        XCTAssertEqual(Results.mergedKeys(files, strategyOrder: []).map(\.description), ["a/x", "a/z", "b/y", "b/w", "c/x"],
                       "grouped by scenario, never interleaved")
        XCTAssertEqual(Results.mergedKeys(files, strategyOrder: ["w", "z", "y", "x"]).map(\.description),
                       ["a/z", "a/x", "b/w", "b/y", "c/x"], "open choices follow the strategy order")
        let contradicting = [["a/x", "a/y"], ["a/y", "a/x"]].map { $0.map(key) }
        XCTAssertEqual(Results.mergedKeys(contradicting, strategyOrder: []).map(\.description), ["a/x", "a/y"],
                       "contradicting orders still give every row once")
    }

    // MARK: Refusals

    func testARowInTwoShardsIsRefused() {
        assertRefused([("a.json", Self.unsharded), ("b.json", Self.shards[1].results)],
                      "the row \(Self.shards[1].results.runs.first { $0.strategy != "none" }!.key) is in both a.json and b.json, but shards of one run share only their 'none' rows")
    }

    func testAnotherBuildIsRefused() {
        var shards = Self.shards
        shards[2].results.tool.configuration = "release"
        assertRefused(shards, "shard-1.json and shard-3.json were made by different builds of bench (")
        shards = Self.shards
        shards[1].results.provenance?.compiler = "5.10"
        assertRefused(shards, "shard-1.json and shard-2.json were made by different builds of bench (compiler ")
    }

    func testAnotherCommitIsRefused() {
        var shards = Self.shards
        shards[0].results.provenance?.gitCommit = String(repeating: "a", count: 40)
        shards[1].results.provenance?.gitCommit = String(repeating: "b", count: 40)
        assertRefused(shards, "shard-1.json was measured at commit \(String(repeating: "a", count: 40)) and shard-2.json at \(String(repeating: "b", count: 40)); make every shard from one commit.")
    }

    func testAnotherProcessCountIsRefused() {
        var shards = Self.shards
        shards[3].results.processes = 5
        assertRefused(shards, "shard-1.json was made with --processes 1 and shard-4.json with --processes 5; make every shard with the same --processes.")
    }

    func testInstructionCountsInOnlySomeShardsAreRefused() {
        var shards = Self.shards
        shards[1].results.instructionCounter = "valgrind-3.19.0 callgrind"
        assertRefused(shards, "shard-1.json has no instruction counts and shard-2.json instructions counted by valgrind-3.19.0 callgrind; make every shard with the same --instructions.")
    }

    func testAScenarioDefinedDifferentlyIsRefused() {
        var shards = Self.shards
        shards[2].results.scenarioDefinitions?["single-section"]?.edit { $0.rowHeight = 50 }
        assertRefused(shards, "the scenario 'single-section' is defined differently in shard-1.json and shard-3.json (rowHeight: 44 → 50); make every shard from one suite.")
    }

    func testAScenarioMeasuredWithOtherStepsIsRefused() {
        var shards = Self.shards
        for i in shards[1].results.runs.indices where shards[1].results.runs[i].scenario == "short-table" {
            shards[1].results.runs[i].steps = 99
        }
        assertRefused(shards, "shard-1.json measured the scenario 'short-table' with 6 steps and shard-2.json with 99; make every shard with the same --steps.")
    }

    func testReferenceCopiesThatDifferAreRefused() {
        var shards = Self.shards
        let i = shards[1].results.runs.firstIndex { $0.strategy == "none" }!
        shards[1].results.runs[i].totals[.blendedPixels]! += 1
        assertRefused(shards, "shard-1.json and shard-2.json counted or drew the reference row \(shards[1].results.runs[i].key) differently")
    }

    func testNothingToMergeIsRefused() {
        assertRefused([], "there are no results files to merge.")
    }
}
