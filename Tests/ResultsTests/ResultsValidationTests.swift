import Foundation
import Problems
import TestSupport
import ResultsTestSupport
import TestSupport
@testable import Results
import XCTest

/// Results files are validated as strictly as scenario files: every value within its limits and
/// consistent with the rest, every problem a `BenchError.input` that starts with the file's name
/// and names the key path. Each test is one way a bad file used to load.
final class ResultsValidationTests: TemporaryDirectoryTestCase {
    /// Two strategies, four rounds, samples kept.
    private static let fresh = ResultsFixtures.run(strategies: ["none", "per-cell-mask"], steps: 6, rounds: 4)

    private func text(_ results: Results) throws -> String { String(decoding: try results.jsonData(), as: UTF8.self) }

    /// `text` written to `r.json` in the test's directory and loaded.
    private func load(_ text: String) throws -> Results {
        let path = directory + "/r.json"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return try Results.load(from: path)
    }

    /// Asserts that `text` is rejected with a message that starts with the file's path and
    /// contains each fragment (in which `r.json` stands for the path).
    private func assertRejected(_ text: String, _ fragments: [String], file: StaticString = #filePath, line: UInt = #line) {
        let path = directory + "/r.json"
        XCTAssertThrowsError(try load(text), file: file, line: line) { error in
            guard case BenchError.input(let problem) = error else {
                return XCTFail("expected BenchError.input, got \(error)", file: file, line: line)
            }
            let message = problem.description
            XCTAssertTrue(message.hasPrefix(path + ": "), message, file: file, line: line)
            for fragment in fragments.map({ $0.replacingOccurrences(of: "r.json", with: path) }) {
                XCTAssertTrue(message.contains(fragment), "\(message) lacks \(fragment)", file: file, line: line)
            }
        }
    }

    private func assertRejected(_ results: Results, _ fragments: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        assertRejected(try text(results), fragments, file: file, line: line)
    }

    /// `text` with the first occurrence of `target` replaced.
    private func replacingFirst(_ target: String, with replacement: String, in text: String) -> String {
        guard let range = text.range(of: target) else {
            XCTFail("'\(target)' is not in the text")
            return text
        }
        return text.replacingCharacters(in: range, with: replacement)
    }

    func testARealRunLoadsBackEqual() throws {
        XCTAssertEqual(try load(try text(Self.fresh)), Self.fresh)
    }

    /// Every optional field set, so that a field the reader forgets fails here.
    func testEveryFieldSurvivesTheRoundTrip() throws {
        var results = Self.fresh
        results.processes = 4
        results.instructionCounter = "valgrind-3.19.0 callgrind"
        results.provenance?.gitCommit = String(repeating: "ab", count: 20)
        for i in results.runs.indices {
            results.runs[i].instructions = [.step: 9_000_000, .reuse: 100, .layout: 2_000, .composite: 8_000_000]
            results.runs[i].buffersAllocated = 3
            results.runs[i].eventSteps = [1, 4]
            results.runs[i].eventLabels = ["corner radius 7 → 12", "resize to 375 × 600; select row 2.0"]
        }
        XCTAssertEqual(try load(try text(results)), results)
    }

    // MARK: Layer costs and limits (issue 59, "also seen")

    // MARK: Negative values

    func testALimitGivenTwiceIsRejectedRatherThanTheLooserWinning() throws {
        var results = Self.fresh
        results.limits = [Limit(.offscreenPasses, maximum: 0), Limit(.worstFrameShare, maximum: 1), Limit(.offscreenPasses, maximum: 100)]
        try assertRejected(results, ["r.json: limits[2]: the limit offscreenPasses is already at limits[0]; each measure may be limited once"])
        results.limits = [Limit(.offscreenPasses, maximum: 0), Limit(.worstFrameShare, maximum: 1)]
        XCTAssertEqual(try load(text(results)).limits, results.limits)
    }

    func testALayersPriceWithItsEndsSwappedOrHalfGivenIsRejected() throws {
        var results = Self.fresh
        results.runs[0].layerCosts = [CellLayerCost(layer: "layers[0]", offscreenPasses: 1, screenSplits: 1, tileTrafficBytes: 0, blendedPixels: 0,
                                                    gpuLowNanos: 500, gpuHighNanos: 400)]
        try assertRejected(results, ["r.json: runs[0].layerCosts[0]: gpuLowNanos (500) is above gpuHighNanos (400)"])
        results.runs[0].layerCosts?[0].gpuHighNanos = nil
        try assertRejected(results, ["r.json: runs[0].layerCosts[0]: gpuLowNanos and gpuHighNanos go together"])
        results.runs[0].layerCosts?[0].gpuHighNanos = 500
        XCTAssertEqual(try load(text(results)).runs[0].layerCosts, results.runs[0].layerCosts)
    }

    func testALayersNameIsWrittenAndReadBackAndAFileWithoutNamesStillLoads() throws {
        var results = Self.fresh
        results.runs[0].layerCosts = [CellLayerCost(layer: "layers[0]", name: "avatar", offscreenPasses: 1, screenSplits: 1,
                                                    tileTrafficBytes: 0, blendedPixels: 0),
                                      CellLayerCost(layer: "layers[1]", offscreenPasses: 0, screenSplits: 0, tileTrafficBytes: 0, blendedPixels: 4)]
        let written = try text(results)
        XCTAssertTrue(written.contains(#""name" : "avatar""#), "the name is in the file")
        XCTAssertEqual(try load(written).runs[0].layerCosts?.map(\.name), ["avatar", nil])
        // A file from before names: its layers load without them.
        let older = replacingFirst(#""name" : "avatar","#, with: "", in: written)
        XCTAssertEqual(try load(older).runs[0].layerCosts?.map(\.name), [nil, nil])
        assertRejected(replacingFirst(#""name" : "avatar""#, with: #""name" : """#, in: written),
                           ["r.json: runs[0].layerCosts[0].name: expected a non-empty string"])
    }

    func testAFixsCostRoundTripsAndItsNameEndsAndLayersAreChecked() throws {
        var results = Self.fresh
        results.runs[0].fixes = [CellFixCost(layers: ["layers[0]", "layers[1]"], fix: .preRoundedImage, change: "16 pt corners drawn in, no clip",
                                             offscreenPasses: 0.5, screenSplits: 0.25, tileTrafficBytes: 12, blendedPixels: 300,
                                             gpuLowNanos: 400, gpuHighNanos: 500),
                                 CellFixCost(layers: ["layers[0]"], fix: .rasterize, change: "", offscreenPasses: 1, screenSplits: 1,
                                             tileTrafficBytes: 0, blendedPixels: 0)]
        results.runs[0].fixesLeftOut = ["layers[9]"]
        let loaded = try load(text(results))
        XCTAssertEqual(loaded.runs[0].fixes, results.runs[0].fixes)
        XCTAssertEqual(loaded.runs[0].fixesLeftOut, ["layers[9]"])
        XCTAssertNil(loaded.runs[1].fixes, "a row without fixes loads as before")
        let good = try text(results)
        try assertRejected(good.replacingOccurrences(of: "\"preRoundedImage\"", with: "\"preRoundImage\""),
                           ["r.json: runs[0].fixes[0].fix: unknown fix; did you mean 'preRoundedImage'?"])
        try assertRejected(good.replacingOccurrences(of: "\"gpuHighNanos\" : 500", with: "\"gpuHighNanos\" : 300"),
                           ["r.json: runs[0].fixes[0]: gpuLowNanos (400) is above gpuHighNanos (300)"])
        results.runs[0].fixes?[0].gpuHighNanos = nil
        try assertRejected(results, ["r.json: runs[0].fixes[0]: gpuLowNanos and gpuHighNanos go together"])
        results.runs[0].fixes?[0].gpuHighNanos = 500
        results.runs[0].fixes?[1].layers = []
        try assertRejected(results, ["r.json: runs[0].fixes[1].layers: expected at least one layer path, got an empty array"])
        results.runs[0].fixes?[1].offscreenPasses = -1
        results.runs[0].fixes?[1].layers = ["layers[0]"]
        try assertRejected(results, ["r.json: runs[0].fixes[1].offscreenPasses:"])
    }

    func testANegativeCounterIsRejectedNotPassedAsAnImprovement() throws {
        var results = Self.fresh
        results.runs[0].totals[.blendedPixels] = -5
        try assertRejected(results, ["r.json: runs[0].totals.blendedPixels: expected a non-negative integer, got -5."])
    }

    func testNegativeTimesMeansAndRatiosAreRejected() throws {
        var results = Self.fresh
        results.runs[1].timing[.layout]!.min = -1
        try assertRejected(results, ["runs[1].timing.layout.min: expected a non-negative integer, got -1."])
        results = Self.fresh
        results.runs[0].perStep[.layersDrawn] = -0.5
        try assertRejected(results, ["runs[0].perStep.layersDrawn: expected a non-negative number, got -0.5."])
        results = Self.fresh
        results.runs[0].roundRatios![.stepToFloor]![2] = -1.5
        try assertRejected(results, ["runs[0].roundRatios.stepToFloor[2]: expected a non-negative number, got -1.5."])
        results = Self.fresh
        results.runs[0].samples[.composite]![3] = -7
        try assertRejected(results, ["runs[0].samples.composite[3]: expected a non-negative integer, got -7."])
        results = Self.fresh
        results.floorNanos = -1
        try assertRejected(results, ["r.json: floorNanos: expected a non-negative integer, got -1."])
    }

    // MARK: Empty or inconsistent rows

    func testAFileWithoutRunsIsRejectedRatherThanPassingOnZeroRows() throws {
        var results = Self.fresh
        results.runs = []
        try assertRejected(results, ["r.json: runs: expected a non-empty array, got an empty one."])
    }

    func testEmptySamplesAndRoundsAreRejectedRatherThanPrintedAsNaN() throws {
        var results = Self.fresh
        results.runs[0].samples[.step] = []
        try assertRejected(results, ["runs[0].samples.step: expected 6 values (one per step: the run's steps), got 0."])
        results = Self.fresh
        results.runs[1].rounds![.step] = []
        try assertRejected(results, ["runs[1].rounds.step: expected a non-empty array, got an empty one."])
        results = Self.fresh
        results.runs[1].roundRatios![.stepToNone] = []
        try assertRejected(results, ["runs[1].roundRatios.stepToNone: expected a non-empty array, got an empty one."])
        // Samples may be left out altogether (`{}`, without --samples), but not in part.
        results = Self.fresh
        for i in results.runs.indices { results.runs[i].samples = [:] }
        XCTAssertEqual(try load(try text(results)), results)
    }

    func testATimingSummaryOutOfOrderIsRejected() throws {
        var results = Self.fresh
        results.runs[0].timing[.step] = Summary(median: 5, p90: 4, p99: 9, min: 1, max: 10)
        try assertRejected(results, ["runs[0].timing.step: expected min ≤ median ≤ p90 ≤ p99 ≤ max, got min 1, median 5, p90 4, p99 9, max 10."])
    }

    func testRoundsHaveOneValuePerRoundOrProcess() throws {
        var results = Self.fresh
        results.runs[0].rounds![.layout]!.removeLast()
        try assertRejected(results, ["runs[0].rounds.layout: expected 4 values (one per round, as runs[0].rounds.composite has), got 3."])
        results = Self.fresh
        results.processes = 5
        try assertRejected(results, ["runs[0].rounds.composite: expected 5 values (one per process, as processes says), got 4."])
    }

    func testARowThatAppearsTwiceIsRejected() throws {
        var results = Self.fresh
        results.runs.append(results.runs[0])
        try assertRejected(results, ["r.json: runs[2]: the row long-table/none is already at runs[0]; each (scenario, strategy) may appear once."])
    }

    func testCountersOfTotalsAndPerStepMustMatchAndBeKnown() throws {
        var results = Self.fresh
        results.runs[0].perStep[.rowsVisited] = nil
        try assertRejected(results, ["runs[0].perStep: missing key 'rowsVisited' (runs[0].totals has it"])
        let text = replacingFirst(#""blendedPixels" :"#, with: #""blendedPixel" :"#, in: try self.text(Self.fresh))
        assertRejected(text, ["runs[0].perStep.blendedPixel: unknown counter; did you mean 'blendedPixels'?"])
    }

    func testEventStepsAndPicturesMustLieWithinTheSteps() throws {
        var results = Self.fresh
        results.runs[0].eventSteps = [2, 6]
        try assertRejected(results, ["runs[0].eventSteps[1]: expected a step index from 0 to 5, after 2, got 6."])
        results = Self.fresh
        results.runs[0].pictures["9"] = "00000000"
        try assertRejected(results, ["runs[0].pictures.9: expected a step index from 0 to 5 as the key, got '9'."])
        results = Self.fresh
        results.runs[0].pictures["0"] = "not a crc"
        try assertRejected(results, ["runs[0].pictures.0: expected a CRC-32 as 8 lower-case hex digits, got \"not a crc\"."])
    }

    // MARK: Values no measurement gives

    func testARatioOfZeroOrBelowAThousandthIsRefusedNamingTheRowAndField() throws {
        for (value, shown) in [(0.0, "0"), (Double.leastNonzeroMagnitude, "5e-324"), (1e-9, "1e-09"), (0.000_9, "0.0009")] {
            var results = Self.fresh
            results.runs[1].roundRatios![.stepToNone]![2] = value
            try assertRejected(results, ["r.json: runs[1].roundRatios.stepToNone[2]: ", "the row long-table/per-cell-mask",
                                         "the ratio \(shown)", "from 0.001 to "])
            results = Self.fresh
            results.runs[0].ratios[.stepToFloor] = value
            try assertRejected(results, ["r.json: runs[0].ratios.stepToFloor: ", "the row long-table/none", "the ratio \(shown)"])
        }
        var results = Self.fresh
        results.runs[1].roundRatios![.stepToNone]![0] = 0.001
        XCTAssertEqual(try load(try text(results)), results)
    }

    func testAZeroRatioOverAZeroTrafficBoundStillLoads() throws {
        // The writer writes 0 for a ratio over nothing: a file without a traffic bound says so itself.
        var results = Self.fresh
        results.runs[0].ratios[.compositeToTraffic] = 0
        results.runs[0].roundRatios![.compositeToTraffic] = [0, 0, 0, 0]
        XCTAssertEqual(try load(try text(results)), results)
        results.runs[0].trafficBoundNanos = 80_000
        try assertRejected(results, ["r.json: runs[0].ratios.compositeToTraffic: ", "the ratio 0"])
    }

    func testATimeOfZeroThatEveryStepTakesIsRefused() throws {
        var results = Self.fresh
        results.runs[1].floorNanos = 0
        try assertRejected(results, ["r.json: runs[1].floorNanos: ", "the row long-table/per-cell-mask", "0 ns"])
        results = Self.fresh
        results.copyFloorNanos = 0
        try assertRejected(results, ["r.json: copyFloorNanos: ", "0 ns"])
        results = Self.fresh
        results.runs[0].timing[.step]!.min = 0
        try assertRejected(results, ["r.json: runs[0].timing.step.min: ", "the row long-table/none", "0 ns"])
        results = Self.fresh
        results.runs[1].rounds![.composite]![3] = 0
        try assertRejected(results, ["r.json: runs[1].rounds.composite[3]: ", "0 ns"])
        results = Self.fresh
        results.runs[1].firstStepNanos = 0
        try assertRejected(results, ["r.json: runs[1].firstStepNanos: ", "0 ns"])
        // A phase a step may skip (no layout pass) can take no time.
        results = Self.fresh
        results.runs[1].timing[.layout]!.min = 0
        results.runs[1].samples[.layout]![0] = 0
        XCTAssertEqual(try load(try text(results)), results)
    }

    func testARowWithoutThePerProcessRatiosTheOtherRowsHaveIsRefused() throws {
        var results = Self.fresh
        results.runs[1].roundRatios = nil
        try assertRejected(results, ["r.json: runs[1]: the row long-table/per-cell-mask has no roundRatios", "runs[0] has them"])
        results = ResultsFixtures.run(strategies: ["none", "per-cell-mask"], steps: 6)
        results.processes = 5
        try assertRejected(results, ["r.json: runs[0]: the row long-table/none has no roundRatios, though the file comes from 5 processes"])
        results = Self.fresh
        results.runs[1].roundRatios![.stepToNone] = nil
        try assertRejected(results, ["r.json: runs[1].roundRatios: ", "the row long-table/per-cell-mask", "no stepToNone", "its ratios have"])
    }

    func testAFileWithoutAKeyThatLaterVersionsAddedIsCalledOlderWithWhatToDo() throws {
        let text = try self.text(Self.fresh)
        let withoutPeak = replacingFirst(#""peakMemoryBytes" : 0,"#, with: "", in: text)
        assertRejected(withoutPeak, ["r.json: missing key 'peakMemoryBytes' (an integer)",
                                     "appears to come from an older CornerBench", "scripts/update-baseline.sh"])
        let withoutBuffers = replacingFirst(#""buffersAllocated" : 0,"#, with: "", in: text)
        assertRejected(withoutBuffers, ["r.json: runs[0]: missing key 'buffersAllocated'", "an older CornerBench"])
        // A key every version wrote is missing for another reason than age.
        let withoutSteps = replacingFirst(#""steps" : 6,"#, with: "", in: text)
        XCTAssertThrowsError(try load(withoutSteps)) { XCTAssertFalse("\($0)".contains("older"), "\($0)") }
    }

    // MARK: Duplicate keys

    func testADuplicateKeyIsRejectedWithItsPlaceAndTheFirst() throws {
        let text = try self.text(Self.fresh)
        assertRejected(replacingFirst(#""steps" : 6,"#, with: #""steps" : 6, "steps" : 60,"#, in: text),
                       ["r.json: runs[0]: line ", "duplicate key 'steps' (first at line "])
        assertRejected(replacingFirst("{", with: #"{ "schema" : "cornerbench.results/1","#, in: text),
                       ["r.json: line ", ", column 3: duplicate key 'schema' (first at line 1, column 3)."])
        // Keys equal under Unicode normalization are the same key to whoever reads the file.
        assertRejected(#"{"é": 1, "e\#u{301}": 2}"#, ["duplicate key 'é'"])
    }

    func testAnUnknownKeyOfAMegabyteIsShortenedInItsKeyPath() throws {
        let huge = String(repeating: "h", count: 1 << 20)
        let text = replacingFirst(#""perStep" : {"#, with: #""perStep" : { "\#(huge)" : 1,"#, in: try self.text(Self.fresh))
        let shown = String(repeating: "h", count: 60) + "… (1,048,576 bytes)"
        assertRejected(text, [#"r.json: runs[0].perStep["\#(shown)"]: unknown counter; expected one of "#])
        XCTAssertThrowsError(try load(text)) { XCTAssertLessThan("\($0)".utf8.count, 2_000) }
    }

    // MARK: Steps

    func testStepsOutsideOneToAMillionAreRejected() throws {
        for (steps, shown) in [(-3, "-3"), (0, "0"), (1_000_001, "1,000,001"), (1_000_000_000_000_000, "1,000,000,000,000,000")] {
            var results = Self.fresh
            results.runs[1].steps = steps
            try assertRejected(results, ["r.json: runs[1].steps: expected an integer from 1 to 1,000,000 (the most steps a run may measure), got \(shown)."])
        }
        var results = Self.fresh
        results.runs[0].layoutPasses = 7
        try assertRejected(results, ["runs[0].layoutPasses: expected an integer from 0 to 6 (the run's steps), got 7."])
    }

    func testSamplesWhenPresentHaveOneValuePerStep() throws {
        var results = Self.fresh
        results.runs[1].samples[.reuse]!.append(3)
        try assertRejected(results, ["runs[1].samples.reuse: expected 6 values (one per step: the run's steps), got 7."])
    }

    // MARK: Numbers out of range

    func testAnIntegerBeyondTheRangeNamesItsKey() throws {
        let text = try self.text(Self.fresh)
        let total = Self.fresh.runs[0].totals[.blendedPixels]!
        let totalsStart = text.range(of: #""totals" : {"#)!.upperBound
        let twoTo64 = String(text[..<totalsStart]) + replacingFirst(#""blendedPixels" : \#(total)"#, with: #""blendedPixels" : 18446744073709551616"#,
                                                                     in: String(text[totalsStart...]))
        assertRejected(twoTo64, ["r.json: runs[0].totals.blendedPixels: the number 18446744073709551616 is out of range: expected a non-negative integer up to 9,007,199,254,740,992 (2^53)."])
        var results = Self.fresh
        results.runs[0].totals[.shadedPixels] = 9_007_199_254_740_993  // 2^53 + 1
        try assertRejected(results, ["runs[0].totals.shadedPixels: the number 9,007,199,254,740,993 is out of range"])
        let huge = replacingFirst(#""stepToFloor" : "#, with: #""stepToFloor" : 1e999, "x" : "#, in: text)
        assertRejected(huge, ["runs[0].ratios.stepToFloor: the number 1e999 is out of range: expected a non-negative number up to"])
        assertRejected(replacingFirst(#""cores" : "#, with: #""cores" : 1.5, "x" : "#, in: text),
                       ["r.json: machine.cores: expected an integer ≥ 1, got 1.5."])
    }

    func testNaNAndInfinityAreNotJSON() throws {
        let text = try self.text(Self.fresh)
        assertRejected(replacingFirst(#""stepToFloor" : "#, with: #""stepToFloor" : NaN, "x" : "#, in: text),
                       ["'NaN' is not a JSON value (JSON numbers are finite)."])
        assertRejected(replacingFirst(#""stepToFloor" : "#, with: #""stepToFloor" : -Infinity, "x" : "#, in: text),
                       ["expected a digit after '-'."])
    }

    // MARK: What is still accepted

    func testUnknownKeysAreIgnoredAndNullOptionalsAreAbsent() throws {
        let text = replacingFirst(#""schema" : "#, with: #""processes" : null, "futureField" : {"a": [1, 2.5]}, "schema" : "#,
                                  in: try self.text(Self.fresh))
        XCTAssertEqual(try load(text), Self.fresh)
    }
}
