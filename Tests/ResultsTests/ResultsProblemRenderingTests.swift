import JSON
@testable import Results
import XCTest

/// Each refusal of a results file renders to one exact sentence, the words the strict reader wrote
/// before its refusals became `ResultsProblem` values, and `JSONProblem` starts it with the file
/// and key path.
final class ResultsProblemRenderingTests: XCTestCase {
    private let row = RunKey(scenario: "ci-scroll", strategy: "none")
    private let max = "9,007,199,254,740,992"

    private func assertSentence(_ problem: ResultsProblem, _ sentence: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(problem.description, sentence, file: file, line: line)
    }

    func testAProblemIsWrittenAfterTheFileAndKeyPathWithAFullStop() {
        let problem = JSONProblem(file: "r.json", path: "runs[1]", kind: .format(ResultsProblem.rowTwice(row, first: 0)))
        XCTAssertEqual(problem.description,
                       "r.json: runs[1]: the row ci-scroll/none is already at runs[0]; each (scenario, strategy) may appear once.")
        XCTAssertEqual(problem, JSONProblem(file: "r.json", path: "runs[1]", kind: .format(ResultsProblem.rowTwice(row, first: 0))))
        XCTAssertNotEqual(problem, JSONProblem(file: "r.json", path: "runs[1]", kind: .format(ResultsProblem.rowTwice(row, first: 1))))
    }

    func testTheFileSchemaAndOlderFiles() {
        assertSentence(.noSchema, "not a results file: it has no \"schema\" field (expected \"cornerbench.results/1\")")
        assertSentence(.otherSchema(found: "x/2\n"), "has schema \"x/2\\n\", but this version of bench reads \"cornerbench.results/1\"")
        assertSentence(.addedKeyMissing(key: "pictures", what: "an object of checksums by step"),
                       "missing key 'pictures' (an object of checksums by step): the file appears to come from an older CornerBench, which did not record pictures; make it again with the bench you are running (bench run … --json FILE; the committed baseline with scripts/update-baseline.sh)")
    }

    func testRowsAndWhatCountedThem() {
        assertSentence(.noRoundRatiosFromProcesses(row, processes: 3),
                       "the row ci-scroll/none has no roundRatios, though the file comes from 3 processes (processes), whose ratios they hold, one per process; without them its times could not be gated")
        assertSentence(.noRoundRatios(row, with: 2),
                       "the row ci-scroll/none has no roundRatios, though runs[2] has them (one ratio per round, or per process); without them its times could not be gated")
        assertSentence(.costWithoutCacheModel, "has a cost, but the file records no cacheModel that counted it")
        assertSentence(.uncountedRow(row, counter: "valgrind"),
                       "the row ci-scroll/none has no instructions, but the file's instructionCounter 'valgrind' says every row was counted; a row without counts would pass the instruction gate unchecked")
        assertSentence(.uncountedPhase(row, .reuse, counter: "valgrind"),
                       "the row ci-scroll/none has no reuse instructions, but the file's instructionCounter 'valgrind' says every row was counted in every phase")
        assertSentence(.instructionsWithoutCounter(row),
                       "the row ci-scroll/none has instructions, but the file records no instructionCounter that counted them")
        assertSentence(.unsimulatedRow(row),
                       "the row ci-scroll/none has no cost, but the file's cacheModel says every row was simulated; a row without it would pass the estimated-cycle gate unchecked")
        assertSentence(.unsimulatedPhase(row, .layout),
                       "the row ci-scroll/none has no layout cost, but the file's cacheModel says every row was simulated in every phase")
    }

    func testARowsCountersTimesAndRatios() {
        assertSentence(.counterInOneList(.blendedPixels, listedAt: "runs[0].totals"),
                       "missing key 'blendedPixels' (runs[0].totals has it, and both list the same counters)")
        assertSentence(.phaseSummaryMissing(.composite), "missing key 'composite' (a summary of the composite times)")
        assertSentence(.zeroTime(row: row),
                       "the row ci-scroll/none has a time of 0 ns, which no measurement gives (every step draws a frame and every floor fills or copies one); expected an integer from 1 to \(max)")
        assertSentence(.zeroTime(row: nil),
                       "a time of 0 ns, which no measurement gives (every step draws a frame and every floor fills or copies one); expected an integer from 1 to \(max)")
        assertSentence(.impossibleRatio(row, 0.0005),
                       "the row ci-scroll/none has the ratio 0.0005, which no measurement gives: a ratio of two measured times is from 0.001 to \(max) (docs/results-schema.md, \"Reading a file\")")
        assertSentence(.ratioNotInBoth(row, .stepToFloor, inRoundRatiosOnly: true),
                       "the row ci-scroll/none has no stepToFloor in its ratios, though its roundRatios have it; every ratio of a row has its values per round (or process)")
        assertSentence(.ratioNotInBoth(row, .stepToFloor, inRoundRatiosOnly: false),
                       "the row ci-scroll/none has no stepToFloor in its roundRatios, though its ratios have it; every ratio of a row has its values per round (or process)")
        assertSentence(.costMetricMissing(.estimatedCycles), "missing key 'estimatedCycles' (every cost metric is counted together)")
    }

    func testArraysOfOneValuePerStepRoundOrProcess() {
        assertSentence(.emptyArray, "expected a non-empty array, got an empty one")
        assertSentence(.valuesPerStep(steps: 1_000, count: 999), "expected 1,000 values (one per step: the run's steps), got 999")
        assertSentence(.valuesPerProcess(processes: 2, count: 3), "expected 2 values (one per process, as processes says), got 3")
        assertSentence(.valuesPerRound(rounds: 4, count: 3, path: "runs[0].rounds.step"),
                       "expected 4 values (one per round, as runs[0].rounds.step has), got 3")
    }

    func testEventsAndPictures() {
        assertSentence(.eventStep(7, steps: 6, after: nil), "expected a step index from 0 to 5, got 7")
        assertSentence(.eventStep(2, steps: 6, after: 3), "expected a step index from 0 to 5, after 3, got 2")
        assertSentence(.eventLabelCount(steps: 2, count: 1), "expected 2 labels (one per entry of eventSteps), got 1")
        assertSentence(.pictureKey("01", steps: 6), "expected a step index from 0 to 5 as the key, got '01'")
        assertSentence(.checksum("ABCDEF01"), "expected a CRC-32 as 8 lower-case hex digits, got \"ABCDEF01\"")
    }

    func testValuesOutsideTheirRange() {
        assertSentence(.integerOutside(expected: "an integer ≥ 1", got: -1_000), "expected an integer ≥ 1, got -1,000")
        assertSentence(.numberOutside(expected: "a non-negative integer", got: 1.5), "expected a non-negative integer, got 1.5")
        assertSentence(.beyondMaximum(number: "1e400", expected: "a non-negative number"),
                       "the number 1e400 is out of range: expected a non-negative number up to \(max) (2^53)")
        assertSentence(.summaryOutOfOrder(Summary(median: 5, p90: 4, p99: 6, min: 1, max: 1_000)),
                       "expected min ≤ median ≤ p90 ≤ p99 ≤ max, got min 1, median 5, p90 4, p99 6, max 1,000")
        assertSentence(.noLayerPaths, "expected at least one layer path, got an empty array")
        assertSentence(.limitTwice(.offscreenPasses, first: 0),
                       "the limit offscreenPasses is already at limits[0]; each measure may be limited once")
    }

    func testTheEndsOfEstimatesAndPrices() {
        assertSentence(.estimateEndsReversed(low: 2000, high: 1000),
                       "lowNanos (2000) is above highNanos (1000): the low end of an estimate is its fast end")
        assertSentence(.stepEstimateReversed(index: 3, low: 2000, high: 1000),
                       "stepLowNanos[3] (2000) is above stepHighNanos[3] (1000): the low end of an estimate is its fast end")
        assertSentence(.stepEndsApart, "stepLowNanos and stepHighNanos go together: each step's estimate has both ends")
        assertSentence(.stepIdleAboveEstimate(index: 2),
                       "stepIdleLowNanos[2] or stepIdleHighNanos[2] is above the step's estimate: the idle is a part of it")
        assertSentence(.stepIdleApart,
                       "stepIdleLowNanos and stepIdleHighNanos go together, with stepLowNanos and stepHighNanos: the idle is a part of each step's estimate")
        assertSentence(.priceEndsReversed(low: 2000, high: 1000),
                       "gpuLowNanos (2000) is above gpuHighNanos (1000): the low end of an estimate is its fast end")
        assertSentence(.priceEndsApart(.layer), "gpuLowNanos and gpuHighNanos go together: a layer's price has both ends")
        assertSentence(.priceEndsApart(.fix), "gpuLowNanos and gpuHighNanos go together: a fix's price has both ends")
    }
}
