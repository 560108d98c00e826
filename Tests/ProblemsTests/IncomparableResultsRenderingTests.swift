import JSON
import Problems
import XCTest

/// Each reason why results files must not be gated, compared or merged renders to one exact
/// sentence: the words of the gate's, `bench merge`'s and `--processes`' refusals as they were
/// before they became values, with sample values put in. File names are shown as given; names
/// read from a file are quoted through `Escape.message` (control characters made visible, cut
/// after 60 scalars).
final class IncomparableResultsRenderingTests: XCTestCase {
    private func assertSentence(_ reason: IncomparableResults, _ sentence: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(reason.description, sentence, file: file, line: line)
    }

    /// Two builds in the words Results' `ToolBuild.identity` gives them.
    private let debug = "1.0.0, debug, not optimized, Swift 6.3"
    private let release = "1.0.0, release, optimized, Swift 6.3"

    // MARK: The gate

    func testOtherSchemaQuotesBothSchemasAndPointsToTheUpdateScript() {
        assertSentence(.otherSchema(baseline: "cornerbench-results/7", current: "cornerbench-results/8"),
                       "the baseline has schema 'cornerbench-results/7' but this run has 'cornerbench-results/8'; update the baseline (bench check --update-baseline; this project: scripts/update-baseline.sh).")
        assertSentence(.otherSchema(baseline: "v7\u{1B}[2J", current: "v8"),
                       "the baseline has schema 'v7\\u{1B}[2J' but this run has 'v8'; update the baseline (bench check --update-baseline; this project: scripts/update-baseline.sh).")
    }

    func testMissingRowsCountsAndNamesTheRows() {
        assertSentence(.missingRows(["ci-scroll/none", "ci-events/per-cell-mask"], merged: false),
                       "the baseline has 2 row(s) this run lacks: ci-scroll/none, ci-events/per-cell-mask. Run the same suite, or update the baseline.")
    }

    func testMissingRowsOfAMergedRunPointsToTheMergeNote() {
        assertSentence(.missingRows(["ci-scroll/none"], merged: true),
                       "the baseline has 1 row(s) this run lacks: ci-scroll/none. This run was joined by bench merge, whose note names the shards it lacked. Run the same suite, or update the baseline.")
    }

    func testMissingRowsShortensALongRowName() {
        let long = String(repeating: "x", count: 61) + "/none"
        assertSentence(.missingRows([long, "a\nb/none"], merged: false),
                       "the baseline has 2 row(s) this run lacks: \(String(repeating: "x", count: 60))… (66 bytes), a\\nb/none. Run the same suite, or update the baseline.")
    }

    func testOtherCountersNamesBothToolsAndTheCountersInOneOnly() {
        assertSentence(.otherCounters(baselineTool: "1.0.0", currentTool: "1.1.0", only: ["blendedPixels", "maskBytes"]),
                       "the baseline (tool 1.0.0) and this run (tool 1.1.0) count different things (blendedPixels, maskBytes); update the baseline.")
        assertSentence(.otherCounters(baselineTool: "1.0\t0", currentTool: "1.1.0", only: ["maskBytes"]),
                       "the baseline (tool 1.0\\t0) and this run (tool 1.1.0) count different things (maskBytes); update the baseline.")
    }

    func testOtherStepsGivesBothStepCountsUngrouped() {
        assertSentence(.otherSteps(row: "ci-scroll/none", baseline: 1200, current: 60),
                       "ci-scroll/none: the baseline measured 1200 steps, this run 60; run with the baseline's --steps.")
    }

    func testCountedOnOneSideForARowSaysWhichSideHasThem() {
        assertSentence(.countedOnOneSide(what: "instructions", row: "ci-scroll/none", baselineHas: true, phase: nil),
                       "cannot gate the instructions of ci-scroll/none: the baseline has them and this run has none for this row, though both have them for others; a row counted on one side only would pass unchecked. Count every row (bench run --instructions), or update the baseline.")
        assertSentence(.countedOnOneSide(what: "estimated cycles", row: "a\tb/none", baselineHas: false, phase: nil),
                       "cannot gate the estimated cycles of a\\tb/none: this run has them and the baseline has none for this row, though both have them for others; a row counted on one side only would pass unchecked. Count every row (bench run --instructions), or update the baseline.")
    }

    func testCountedOnOneSideForAPhaseNamesThePhase() {
        assertSentence(.countedOnOneSide(what: "instructions", row: "ci-scroll/none", baselineHas: true, phase: "composite"),
                       "cannot gate the instructions of ci-scroll/none: the baseline has them for the composite phase and this run has none; a phase counted on one side only would pass unchecked. Count every row (bench run --instructions), or update the baseline.")
        assertSentence(.countedOnOneSide(what: "estimated cycles", row: "ci-scroll/none", baselineHas: false, phase: "step"),
                       "cannot gate the estimated cycles of ci-scroll/none: this run has them for the step phase and the baseline has none; a phase counted on one side only would pass unchecked. Count every row (bench run --instructions), or update the baseline.")
    }

    func testOtherDefinitionListsTheChangedFields() {
        assertSentence(.otherDefinition(scenario: "ci-scroll", changes: [DefinitionChange(path: ["device", "name"], old: nil, new: "ipad"),
                                                                           DefinitionChange(path: ["rows"], old: 40, new: 80)]),
                       "the scenario 'ci-scroll' is defined differently from the baseline's (device.name: absent → \"ipad\"; rows: 40 → 80); its results would differ for a reason that is not the code. Run the baseline's scenario, or update the baseline.")
    }

    // MARK: Processes of one run

    func testNoProcessesSaysNoneGaveResults() {
        assertSentence(.noProcesses, "no process produced results.")
    }

    func testOtherProcessRowsNamesTheProcess() {
        assertSentence(.otherProcessRows(process: 3), "process 3 measured other rows than process 1.")
    }

    func testNondeterministicProcessNamesTheProcessAndTheRow() {
        assertSentence(.nondeterministicProcess(process: 2, row: "ci-scroll/none"),
                       "process 2 counted or drew ci-scroll/none differently from process 1: the counters are not deterministic, which is a bug.")
    }

    // MARK: Shards of one run

    func testNothingToMergeSaysThereAreNoFiles() {
        assertSentence(.nothingToMerge, "there are no results files to merge.")
    }

    func testShardStepsNamesBothFilesAndTheirSteps() {
        assertSentence(.shardSteps(scenario: "ci-scroll", earlier: "a.json", earlierSteps: 120, file: "b.json", steps: 60),
                       "a.json measured the scenario 'ci-scroll' with 120 steps and b.json with 60; make every shard with the same --steps.")
    }

    func testRowInTwoShardsNamesTheRowTheFilesAndTheReference() {
        assertSentence(.rowInTwoShards(row: "ci-scroll/per-cell-mask", earlier: "a.json", file: "b.json", reference: "none"),
                       "the row ci-scroll/per-cell-mask is in both a.json and b.json, but shards of one run share only their 'none' rows; merge the shards of one run, each once.")
    }

    func testReferenceRowDiffersNamesTheFilesAndTheRow() {
        assertSentence(.referenceRowDiffers(row: "ci-scroll/none", earlier: "a.json", file: "b.json"),
                       "a.json and b.json counted or drew the reference row ci-scroll/none differently, so they did not run the same code on the same scenario; make every shard from one build and one suite.")
    }

    func testShardBuildsOfOtherToolsNameBothTools() {
        let other = "1.0.1, debug, not optimized, Swift 6.2"
        assertSentence(.shardBuilds(first: "a.json", firstBuild: .tool(release), shard: "b.json", shardBuild: .tool(other)),
                       "a.json and b.json were made by different builds of bench (1.0.0, release, optimized, Swift 6.3 and 1.0.1, debug, not optimized, Swift 6.2); make every shard with one build.")
    }

    func testShardBuildsOfOtherCompilersNameBothCompilersOnce() {
        assertSentence(.shardBuilds(first: "a.json", firstBuild: .compiler("swift-6.3-RELEASE", target: "x86_64-unknown-linux-gnu"),
                                    shard: "b.json", shardBuild: .compiler("swift-6.2-RELEASE", target: "aarch64-unknown-linux-gnu")),
                       "a.json and b.json were made by different builds of bench (compiler swift-6.3-RELEASE for x86_64-unknown-linux-gnu and swift-6.2-RELEASE for aarch64-unknown-linux-gnu); make every shard with one build.")
    }

    func testBuildIdentityQuotesTheWholeToolOrTheCompiler() {
        XCTAssertEqual(BuildIdentity.tool(release).description, "1.0.0, release, optimized, Swift 6.3")
        XCTAssertEqual(BuildIdentity.tool(debug).description, "1.0.0, debug, not optimized, Swift 6.3")
        // The tool is quoted as one text: a long version shortens the whole of it.
        let long = String(repeating: "9", count: 50) + ", release, optimized, Swift 6.3"
        XCTAssertEqual(BuildIdentity.tool(long).description, "\(String(repeating: "9", count: 50)), release,… (81 bytes)")
        XCTAssertEqual(BuildIdentity.compiler("swift\u{7}", target: "x86_64").description, "compiler swift\\u{07} for x86_64")
    }

    func testShardCommitsNameBothCommits() {
        assertSentence(.shardCommits(first: "a.json", firstCommit: "4d72187", shard: "b.json", shardCommit: "cc93bd1\n"),
                       "a.json was measured at commit 4d72187 and b.json at cc93bd1\\n; make every shard from one commit.")
    }

    func testShardProcessesNameBothCounts() {
        assertSentence(.shardProcesses(first: "a.json", firstCount: 1, shard: "b.json", shardCount: 5),
                       "a.json was made with --processes 1 and b.json with --processes 5; make every shard with the same --processes.")
    }

    func testShardInstructionsNameEachCounterOrItsAbsence() {
        assertSentence(.shardInstructions(first: "a.json", firstCounter: "valgrind-3.22.0", shard: "b.json", shardCounter: nil),
                       "a.json has instructions counted by valgrind-3.22.0 and b.json no instruction counts; make every shard with the same --instructions.")
        assertSentence(.shardInstructions(first: "a.json", firstCounter: nil, shard: "b.json", shardCounter: "valgrind-3.19.0"),
                       "a.json has no instruction counts and b.json instructions counted by valgrind-3.19.0; make every shard with the same --instructions.")
    }

    func testShardCachesNameBothFiles() {
        assertSentence(.shardCaches(first: "a.json", shard: "b.json"),
                       "a.json and b.json simulated different caches for their estimated cycles (made by different versions of bench); make every shard with one build.")
    }

    func testShardDivisionsNameBothShards() {
        assertSentence(.shardDivisions(first: "a.json", firstShard: "1/2",
                                       other: "b.json", otherShard: "2/3"),
                       "a.json is shard 1/2 and b.json shard 2/3: shards of one run divide it into the same number of parts; merge the shards of one run, made with the same n in --shard i/n.")
    }

    func testSameShardNamesBothFilesAndTheShard() {
        assertSentence(.sameShard(earlier: "a.json", file: "c.json", shard: "2/4"),
                       "a.json and c.json are both shard 2/4; merge the shards of one run, each once.")
    }

    func testShardDefinitionsNameTheFilesAndTheChanges() {
        assertSentence(.shardDefinitions(scenario: "ci-scroll", earlier: "a.json", file: "b.json",
                                         changes: [DefinitionChange(path: ["rows"], old: 40, new: 80)]),
                       "the scenario 'ci-scroll' is defined differently in a.json and b.json (rows: 40 → 80); make every shard from one suite.")
    }

    // MARK: Definition changes

    func testDefinitionChangeListNamesEachPathWithBothValuesAsJSONAndShowsAbsentOnes() {
        XCTAssertEqual(DefinitionChange.list([]), "")
        XCTAssertEqual(DefinitionChange.list([DefinitionChange(path: ["content", "cell", "layers", 1, "cornerRadius"], old: 20, new: 8)]),
                       "content.cell.layers[1].cornerRadius: 20 → 8")
        XCTAssertEqual(DefinitionChange.list([DefinitionChange(path: ["style", "opaqueLabels"], old: nil, new: true),
                                              DefinitionChange(path: ["device"], old: ["name": "ipad", "scale": 2], new: nil),
                                              DefinitionChange(path: ["scroll", "deceleration"], old: 0.998, new: 0.99)]),
                       #"style.opaqueLabels: absent → true; device: {"name": "ipad", "scale": 2} → absent; scroll.deceleration: 0.998 → 0.99"#)
    }

    func testDefinitionChangeListShowsTheFirstFivePathsAndCountsTheRest() {
        let changes = (0..<8).map { DefinitionChange(path: ["rowsPerSection", .index($0)], old: .number(Double($0)), new: nil) }
        XCTAssertEqual(DefinitionChange.list(changes),
                       "rowsPerSection[0]: 0 → absent; rowsPerSection[1]: 1 → absent; rowsPerSection[2]: 2 → absent; "
                       + "rowsPerSection[3]: 3 → absent; rowsPerSection[4]: 4 → absent; and 3 more")
    }

    func testDefinitionChangeListEscapesAndShortensKeysAndValues() {
        let long = String(repeating: "y", count: 70)
        XCTAssertEqual(DefinitionChange.list([DefinitionChange(path: ["ti\ttle"], old: "a\u{1B}b\"", new: .string(long))]),
                       #"["ti\ttle"]: "a\u{1B}b\"" → ""# + String(repeating: "y", count: 59) + "… (72 bytes)")
    }

    // MARK: As an error

    func testAnIncomparableInputExitsWithTwoAndShowsNoUsage() {
        for reason: IncomparableResults in [.noProcesses, .otherSteps(row: "ci-scroll/none", baseline: 20, current: 10)] {
            let error = BenchError.input(.incomparable(reason))
            XCTAssertEqual(error.description, reason.description)
            XCTAssertEqual(error.exitCode, 2)
            XCTAssertFalse(error.showsUsage)
        }
        XCTAssertEqual(BenchError.input(.incomparable(.nothingToMerge)).description, "there are no results files to merge.")
    }
}
