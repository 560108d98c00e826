import Analysis
import Problems
import Results
import XCTest

/// Each `MergeNote` is one sentence, written once; names from the files are quoted as messages
/// quote them, file names from the command line are shown as given.
final class MergeNoteRenderingTests: XCTestCase {
    func testUnrecordedShardsSayWhatCannotBeTold() {
        XCTAssertEqual(MergeNote.unrecordedShards(files: ["a.json", "b.json"], count: 3).description,
                       "a.json, b.json record(s) no --shard, so which shards of the 3 are missing cannot be told")
    }

    func testMissingShardsNameTheGapAndTheShardsGiven() {
        let given = [MergeNote.GivenShard(shard: Shard(index: 1, count: 4), file: "one.json"),
                     MergeNote.GivenShard(shard: Shard(index: 3, count: 4), file: "three.json")]
        XCTAssertEqual(MergeNote.missingShards(missing: [2, 4], count: 4, given: given).description,
                       "shard(s) 2/4, 4/4 of the run are missing (given: 1/4 in one.json, 3/4 in three.json); the merged file holds only the given shards' rows, and bench check against a baseline of the whole run names the rows it lacks")
    }

    func testOtherOptionValuesAreListedWithTheirFilesAndAnAbsentOneIsNamed() {
        let values = [MergeNote.OptionValue(value: nil, files: ["a.json", "c.json"]), MergeNote.OptionValue(value: "9\u{1B}", files: ["b.json"])]
        XCTAssertEqual(MergeNote.otherOption(option: "steps", values: values, absent: "each scenario's own").description,
                       #"the shards were made with different --steps (each scenario's own in a.json, c.json; 9\u{1B} in b.json); each row keeps the steps its own shard measured, so the rows of the merged file are not alike"#)
    }

    func testOtherHostsCountTheFirstAndSayWhatDiffers() {
        let others = [MergeNote.OtherHost(file: "b.json", differences: "L3 32 MiB → 8 MiB"), MergeNote.OtherHost(file: "c.json", differences: nil)]
        XCTAssertEqual(MergeNote.otherHosts(first: "a.json", others: others).description,
                       "the files were measured on 3 kinds of host (b.json against a.json: L3 32 MiB → 8 MiB; c.json against a.json: no host recorded), so the merged file records none, and bench check reports its times without gating them")
    }

    func testOtherMachinesNameTheMachineTheMergedFileRecords() {
        XCTAssertEqual(MergeNote.otherMachines(count: 1, total: 4, first: "a.json", cpu: "AMD EPYC", cores: 2).description,
                       "1 of the 4 files were measured on another machine than a.json (AMD EPYC, 2 cores), whose machine the merged file records; each row's ratios were measured on its own shard's machine")
    }

    func testOtherLimitsListEachShardsAndTheStricterApplied() {
        let values = [MergeNote.OptionValue(value: "offscreenPasses ≤ 100", files: ["a.json"]), MergeNote.OptionValue(value: nil, files: ["b.json", "c.json"])]
        XCTAssertEqual(MergeNote.otherLimits(values: values, applied: [Limit(.offscreenPasses, maximum: 100)]).description,
                       "the shards record different limits (offscreenPasses ≤ 100 in a.json; none in b.json, c.json); the merged file holds the stricter of each, offscreenPasses ≤ 100")
    }
}
