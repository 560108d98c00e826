import Foundation
import Problems
import ResultsTestSupport
import Analysis
@testable import Results
import XCTest

/// A gate never skips in silence (issue 27, rows 2 and 11): a count one side has and the other
/// lacks is refused or named, a counted file with rows left uncounted is refused when read, a merge
/// names the shards it lacks, and a comparison of files that differ in more than the code says so.
final class NothingSkippedInSilenceTests: XCTestCase {
    /// Events of one phase over the measured steps.
    private static func events(ir: Int) -> CacheEvents {
        CacheEvents([ir, ir / 4, ir / 8, 200, 200, 200, 0, 100, 100])!
    }

    /// A real run of three rows with instruction counts and estimated cycles attached, as
    /// `bench run --instructions` writes them.
    private static let counted: Results = {
        var results = ResultsFixtures.run(strategies: ["none", "per-cell-mask", "shared-corner-grid"], steps: 6)
        let phases: [Phase: CacheEvents] = [.step: events(ir: 1_000_000), .reuse: events(ir: 20_000),
                                            .layout: events(ir: 30_000), .composite: events(ir: 900_000)]
        let keys = results.runs.map(\.key)
        results.attach(instructions: Dictionary(uniqueKeysWithValues: keys.map { ($0, phases.mapValues(\.ir)) }),
                       counter: "valgrind-3.19.0 callgrind")
        results.attach(cost: Dictionary(uniqueKeysWithValues: keys.map { ($0, phases) }), model: .standard)
        return results
    }()

    /// `counted` as a results file whose JSON `edit` changed first (as `jq` would), read back.
    private func load(_ edit: (inout [String: Any]) -> Void) throws -> Results {
        var json = try XCTUnwrap(JSONSerialization.jsonObject(with: Self.counted.jsonData()) as? [String: Any])
        edit(&json)
        return try Results.decode(Array(try JSONSerialization.data(withJSONObject: json)), file: "r.json")
    }

    /// Applies `change` to the row objects of a results document.
    private func rows(_ json: inout [String: Any], _ change: (Int, inout [String: Any]) -> Void) {
        var runs = json["runs"] as! [[String: Any]]
        for i in runs.indices { change(i, &runs[i]) }
        json["runs"] = runs
    }

    private func assertRefused(_ edit: (inout [String: Any]) -> Void, _ expected: String,
                               file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try load(edit), file: file, line: line) { error in
            guard let error = error as? BenchError, case .input = error else { return XCTFail("\(error)", file: file, line: line) }
            XCTAssertEqual(error.description, expected, file: file, line: line)
        }
    }

    // MARK: Reading a counted file (row 2)

    func testACountedFileLoadsBackEqual() throws {
        XCTAssertEqual(try load { _ in }, Self.counted)
    }

    func testOneRowsInstructionsDeletedFromACountedFileIsRefusedNamingTheRow() {
        assertRefused({ json in rows(&json) { i, row in if i == 1 { row["instructions"] = nil } } },
                      "r.json: runs[1]: the row long-table/per-cell-mask has no instructions, but the file's instructionCounter 'valgrind-3.19.0 callgrind' says every row was counted; a row without counts would pass the instruction gate unchecked.")
    }

    func testACountedFileWhoseRowsAllHaveNullInstructionsIsRefusedNamingTheFirst() {
        assertRefused({ json in rows(&json) { _, row in row["instructions"] = NSNull() } },
                      "r.json: runs[0]: the row long-table/none has no instructions, but the file's instructionCounter 'valgrind-3.19.0 callgrind' says every row was counted; a row without counts would pass the instruction gate unchecked.")
    }

    func testACountedRowWithoutOnePhaseIsRefused() {
        assertRefused({ json in
            rows(&json) { i, row in
                guard i == 2, var phases = row["instructions"] as? [String: Any] else { return }
                phases["layout"] = nil
                row["instructions"] = phases
            }
        }, "r.json: runs[2]: the row long-table/shared-corner-grid has no layout instructions, but the file's instructionCounter 'valgrind-3.19.0 callgrind' says every row was counted in every phase.")
    }

    func testInstructionsWithoutACounterAreRefused() {
        assertRefused({ json in json["instructionCounter"] = nil; json["cacheModel"] = nil; rows(&json) { _, row in row["cost"] = nil } },
                      "r.json: runs[0]: the row long-table/none has instructions, but the file records no instructionCounter that counted them.")
    }

    func testARowWithoutCostUnderACacheModelIsRefused() {
        assertRefused({ json in rows(&json) { i, row in if i == 2 { row["cost"] = nil } } },
                      "r.json: runs[2]: the row long-table/shared-corner-grid has no cost, but the file's cacheModel says every row was simulated; a row without it would pass the estimated-cycle gate unchecked.")
    }

    // MARK: The gate (row 2)

    func testARowCountedOnOneSideOnlyCannotBeGated() {
        var current = Self.counted
        current.runs[1].instructions = nil
        XCTAssertThrowsError(try Gate.check(baseline: Self.counted, current: current)) { error in
            XCTAssertEqual(error as? BenchError, .input(.incomparable(.countedOnOneSide(what: "instructions", row: "long-table/per-cell-mask",
                                                                                          baselineHas: true, phase: nil))))
            XCTAssertEqual((error as? BenchError)?.description, "cannot gate the instructions of long-table/per-cell-mask: the baseline has them and this run has none for this row, though both have them for others; a row counted on one side only would pass unchecked. Count every row (bench run --instructions), or update the baseline.")
        }
        XCTAssertThrowsError(try Gate.check(baseline: current, current: Self.counted), "the reverse too") { error in
            XCTAssertTrue("\(error)".contains("this run has them and the baseline has none for this row"), "\(error)")
        }
    }

    func testAPhaseCountedOnOneSideOnlyCannotBeGated() {
        var current = Self.counted
        current.runs[0].cost?[.reuse] = nil
        XCTAssertThrowsError(try Gate.check(baseline: Self.counted, current: current)) { error in
            XCTAssertEqual(error as? BenchError, .input(.incomparable(.countedOnOneSide(what: "estimated cycles", row: "long-table/none",
                                                                                          baselineHas: true, phase: "reuse"))))
            XCTAssertEqual((error as? BenchError)?.description, "cannot gate the estimated cycles of long-table/none: the baseline has them for the reuse phase and this run has none; a phase counted on one side only would pass unchecked. Count every row (bench run --instructions), or update the baseline.")
        }
    }

    func testARunWithoutCountsAgainstACountedBaselinePassesOnlyNamingWhatWasNotGated() throws {
        var current = Self.counted
        for i in current.runs.indices { current.runs[i].instructions = nil; current.runs[i].cost = nil }
        current.instructionCounter = nil
        current.cacheModel = nil
        let report = try Gate.check(baseline: Self.counted, current: current)
        XCTAssertTrue(report.passed)
        XCTAssertEqual(report.notGated, ["instruction counts", "estimated cycles"])
        XCTAssertTrue(report.warnings.contains(.runLacks(.instructions)), "\(report.warnings)")

        let gated = try Gate.check(baseline: Self.counted, current: Self.counted)
        XCTAssertEqual(gated.notGated, [])
    }

    func testACheckOfAMergedRunThatLacksRowsNamesThemAndTheMerge() {
        var merged = Self.counted
        merged.runs.remove(at: 2)
        merged.provenance?.commandLine = ["bench", "merge", "shard-1-of-3.json", "shard-3-of-3.json", "--json", "m.json"]
        XCTAssertThrowsError(try Gate.check(baseline: Self.counted, current: merged)) { error in
            XCTAssertEqual(error as? BenchError, .input(.incomparable(.missingRows(["long-table/shared-corner-grid"], merged: true))))
            XCTAssertEqual((error as? BenchError)?.description, "the baseline has 1 row(s) this run lacks: long-table/shared-corner-grid. This run was joined by bench merge, whose note names the shards it lacked. Run the same suite, or update the baseline.")
        }
    }

    // MARK: Merge (row 11)

    /// Shard `index` of `count` of a three-strategy run, as `bench run --shard` makes it, with
    /// `options` on its command line.
    private static func shard(_ index: Int, of count: Int, _ options: [String] = []) throws -> Results {
        // Round-robin, as PairSelection deals pairs: each shard has `none` and its share of the rest.
        let others = ["shared-corner-grid", "per-cell-mask", "rasterized-mask"]
        let mine = others.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
        var results = ResultsFixtures.run(scenario: "single-section", strategies: ["none"] + mine, steps: 4)
        results.provenance?.commandLine = ["bench", "run", "--shard", "\(index)/\(count)"] + options
        return results
    }

    private func merge(_ shards: [(name: String, results: Results)]) throws -> (results: Results, notes: [MergeNote]) {
        try Results.merging(shards: shards, reference: "none", commandLine: ["bench", "merge"])
    }

    func testAMergeOfShardsOneAndThreeOfThreeNotesThatShardTwoIsMissing() throws {
        let (merged, notes) = try merge([("shard-1-of-3.json", try Self.shard(1, of: 3)), ("shard-3-of-3.json", try Self.shard(3, of: 3))])
        XCTAssertEqual(notes, [.missingShards(missing: [2], count: 3, given: [
            MergeNote.GivenShard(shard: Shard(index: 1, count: 3), file: "shard-1-of-3.json"),
            MergeNote.GivenShard(shard: Shard(index: 3, count: 3), file: "shard-3-of-3.json")])])
        XCTAssertEqual(notes.map(\.description), ["shard(s) 2/3 of the run are missing (given: 1/3 in shard-1-of-3.json, 3/3 in shard-3-of-3.json); the merged file holds only the given shards' rows, and bench check against a baseline of the whole run names the rows it lacks"])
        XCTAssertEqual(merged.runs.count, 3, "none and the two shards' rows")
        let all = try merge((1...3).map { ("s\($0).json", try Self.shard($0, of: 3)) })
        XCTAssertEqual(all.notes, [], "a complete set of shards merges without a note")
    }

    func testShardsOfDifferentDivisionsOrOneShardTwiceAreRefused() throws {
        XCTAssertThrowsError(try merge([("a.json", try Self.shard(1, of: 3)), ("b.json", try Self.shard(2, of: 2))])) { error in
            XCTAssertEqual((error as? BenchError)?.description, "a.json is shard 1/3 and b.json shard 2/2: shards of one run divide it into the same number of parts; merge the shards of one run, made with the same n in --shard i/n.")
        }
        XCTAssertThrowsError(try merge([("a.json", try Self.shard(2, of: 3)), ("b.json", try Self.shard(2, of: 3, ["--quiet"]))])) { error in
            XCTAssertEqual(error as? BenchError, .input(.incomparable(.sameShard(earlier: "a.json", file: "b.json", shard: "2/3"))))
            XCTAssertEqual((error as? BenchError)?.description, "a.json and b.json are both shard 2/3; merge the shards of one run, each once.")
        }
    }

    func testShardsMadeWithDifferentRoundsOrStepsAreMergedWithANote() throws {
        let (_, notes) = try merge([("a.json", try Self.shard(1, of: 2, ["--rounds", "3"])), ("b.json", try Self.shard(2, of: 2, ["--rounds=5", "--steps", "4"]))])
        XCTAssertEqual(notes, [.otherOption(option: "rounds", values: [MergeNote.OptionValue(value: "3", files: ["a.json"]),
                                                                       MergeNote.OptionValue(value: "5", files: ["b.json"])], absent: "1"),
                               .otherOption(option: "steps", values: [MergeNote.OptionValue(value: nil, files: ["a.json"]),
                                                                      MergeNote.OptionValue(value: "4", files: ["b.json"])], absent: "each scenario's own")])
        XCTAssertEqual(notes.map(\.description), ["the shards were made with different --rounds (3 in a.json; 5 in b.json); each row keeps the rounds its own shard measured, so the rows of the merged file are not alike",
                               "the shards were made with different --steps (each scenario's own in a.json; 4 in b.json); each row keeps the steps its own shard measured, so the rows of the merged file are not alike"])
    }

    func testARecordedOptionIsReadAsBenchReadsIt() {
        let provenance = Provenance(commandLine: ["bench", "run", "--rounds", "3", "--shard=2/4", "--rounds", "5", "--", "--steps", "9"],
                                    gitCommit: nil, compiler: "", target: "", kernel: "", memoryBytes: 0)
        XCTAssertEqual(provenance.option("rounds"), "5", "the last one, as bench takes it")
        XCTAssertEqual(provenance.option("shard"), "2/4")
        XCTAssertNil(provenance.option("steps"), "after --, words are arguments")
    }

    // MARK: Compare (row 11)

    func testCompareOfIdenticalRunsHasNoNote() {
        XCTAssertEqual(Comparison(Self.counted, Self.counted).notes, [])
    }

    func testCompareNotesAnotherBuildConfiguration() {
        var release = Self.counted
        release.tool.configuration = release.tool.configuration == "release" ? "debug" : "release"
        let comparison = Comparison(Self.counted, release)
        XCTAssertEqual(comparison.notes.count, 1)
        XCTAssertEqual(comparison.notes[0], .otherBuild(first: Self.counted.tool, second: release.tool))
        XCTAssertTrue(comparison.notes[0].description.hasPrefix("the first file was measured with a \(Self.counted.tool.configuration) build"),
                      comparison.notes[0].description)
    }

    func testCompareNotesAScenarioDefinedDifferently() {
        var redefined = Self.counted
        redefined.scenarioDefinitions?["long-table"]?.edit { $0.warmupSteps = 50 }
        XCTAssertEqual(Comparison(Self.counted, redefined).notes,
                       [.otherDefinition(scenario: "long-table", changes: [DefinitionChange(path: ["warmupSteps"], old: 6, new: 50)])])
        XCTAssertEqual(Comparison(Self.counted, redefined).notes.map(\.description),
                       ["the scenario 'long-table' is defined differently in the two files (warmupSteps: 6 → 50): its rows measure other work (bench check refuses this)"])
    }

    func testCompareNotesOtherStepsOncePerScenario() {
        var longer = Self.counted
        for i in longer.runs.indices { longer.runs[i].steps = 12 }
        XCTAssertEqual(Comparison(Self.counted, longer).notes, [.otherSteps(scenario: "long-table", first: 6, second: 12)])
        XCTAssertEqual(Comparison(Self.counted, longer).notes.map(\.description),
                       ["the scenario 'long-table' was measured over 6 steps in the first file and 12 in the second: counters and times per step average other stretches of it (bench check refuses this)"])
    }

    func testCompareNotesAnotherKindOfHost() throws {
        var other = Self.counted
        var host = try XCTUnwrap(other.provenance?.host)
        host.cpu = "Another CPU"
        other.provenance?.host = host
        let notes = Comparison(Self.counted, other).notes
        XCTAssertEqual(notes.count, 1)
        XCTAssertTrue(notes[0].description.hasPrefix("the files were measured on different kinds of host (processor Test CPU → Another CPU): "),
                      "it says what differs, not two summaries a message would cut alike: \(notes[0])")
    }
}
