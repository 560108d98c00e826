import DeviceModel
@testable import Reports
import Results
import ResultsTestSupport
import Text
import XCTest

/// The verdict speaks in the device's milliseconds where the device names a GPU: each strategy's
/// estimate and its share of the frame budget, the ranking by it, magnitudes in its sentence, and
/// plain words when every strategy costs the device the same.
final class VerdictDeviceTimeTests: XCTestCase {
    /// `results` with each row's estimate set to `times` (fast end, slow end) in nanoseconds, on
    /// a 120 Hz device's `m1`.
    private func withTimes(_ results: Results, _ times: [(Int, Int)]) -> Results {
        var results = results
        for (i, time) in times.enumerated() {
            results.runs[i].deviceTime = DeviceTime(gpu: "m1", refreshHz: 120, lowNanos: time.0, highNanos: time.1)
        }
        return results
    }

    func testTheVerdictShowsEachEstimateAndBudgetShareAndSaysItIsAModel() throws {
        let results = withTimes(ResultsFixtures.run(strategies: ["none", "per-cell-mask", "precomposited"]),
                                [(500_000, 700_000), (1_000_000, 9_000_000), (600_000, 800_000)])
        let text = Report(results).comparisonTable()
        XCTAssertTrue(text.contains("GPU ms (model)"), text)
        // 1.00–9.00 ms of 8.33 ms: 12–108 %, over budget at the slow end only.
        XCTAssertTrue(text.contains("1.00–9.00") && text.contains("12–108 % over?"), text)
        XCTAssertTrue(text.contains("0.50–0.70") && text.contains("6–8 %"), text)
        let summary = Report(results).verdict(scenario: "long-table").summary
        XCTAssertTrue(summary.contains("precomposited costs the device least"), summary)
        XCTAssertTrue(summary.contains("≈ 0.60–0.80 ms of GPU time, 7–10 % of 8.3 ms on the m1 GPU, 1.1–1.2 × none"), summary)
        XCTAssertTrue(summary.contains("per-cell-mask costs it most"), summary)
        XCTAssertTrue(summary.contains("2.0–12.9 × none"), summary)
        XCTAssertTrue(summary.contains("the device model's estimate"), summary)
    }

    func testTheModelRanksTheStrategiesWhereEveryRowHasAnEstimateOnOneGPU() {
        // The fixture's counters grow with the strategy's place; the estimates here say otherwise.
        let fixture = ResultsFixtures.run(strategies: ["none", "a", "b"])
        let modelled = withTimes(fixture, [(500_000, 700_000), (900_000, 1_100_000), (600_000, 800_000)])
        XCTAssertEqual(Report(modelled).verdict(scenario: "long-table").entries.map(\.strategy), ["none", "b", "a"])
        var mixed = modelled
        mixed.runs[2].deviceTime?.gpu = "a9"
        XCTAssertEqual(Report(mixed).verdict(scenario: "long-table").entries.map(\.strategy), ["none", "a", "b"],
                       "estimates on two GPUs do not rank: the counters do")
    }

    func testEqualCostsForTheDeviceAreSaidPlainly() {
        var results = withTimes(ResultsFixtures.run(strategies: ["none", "a", "b"]),
                                [(500_000, 700_000), (500_000, 700_000), (500_000, 700_000)])
        for i in results.runs.indices { results.runs[i].perStep = results.runs[0].perStep }
        let summary = Report(results).verdict(scenario: "long-table").summary
        XCTAssertTrue(summary.hasPrefix("Every strategy costs the device the same here"), summary)
    }

    /// Estimates within 1 % of each other share a rank, and the sentence says they are equal.
    func testEstimatesWithinOnePercentAreEqualForTheDevice() {
        let results = withTimes(ResultsFixtures.run(strategies: ["none", "a", "b", "c"]),
                                [(500_000, 700_000), (502_000, 703_000), (504_000, 705_000), (900_000, 1_300_000)])
        let verdict = Report(results).verdict(scenario: "long-table")
        XCTAssertEqual(verdict.entries.map(\.deviceRank), [1, 1, 1, 4])
        XCTAssertTrue(verdict.summary.hasPrefix("Of the strategies that round the corners, a and b cost the device the same, within 1 %, and least"),
                      verdict.summary)
        XCTAssertTrue(verdict.summary.contains("; c costs it most"), verdict.summary)
    }

    /// Where the published cases cover the GPU priced, the verdict says how far the model was from
    /// them there and which way; where they cover neither the GPU nor the iOS version, it says so.
    func testTheVerdictStatesTheModelsErrorOnTheGPUItPricesOrThatNoCaseCoversIt() throws {
        let a5 = try XCTUnwrap(PublishedAccuracy.accuracy(onGPU: "a5"))
        XCTAssertGreaterThan(a5.cases, 1)
        let onA5 = try XCTUnwrap(Verdict.coverage(DeviceTime(gpu: "a5", ios: 9, refreshHz: 60, lowNanos: 1, highNanos: 2)))
        XCTAssertEqual(onA5, "On the a5 GPU it is within ×\(Format.fixed(a5.typicalFactor, 2)) of the \(a5.cases) published measurements "
                       + "made there (clipped layers, masks, shadows, rasterized layers and blended overlays), "
                       + "worst ×\(Format.fixed(a5.worstFactor, 2)); their times ran ×\(Format.fixed(a5.bias, 2)) "
                       + (a5.publishedLonger ? "longer" : "shorter") + " than its centre on average.")
        // A GPU with one case, on an iOS no case ran: both said.
        let a7 = try XCTUnwrap(PublishedAccuracy.accuracy(onGPU: "a7"))
        XCTAssertEqual(a7.cases, 1)
        let onA7 = try XCTUnwrap(Verdict.coverage(DeviceTime(gpu: "a7", ios: 12, refreshHz: 60, lowNanos: 1, highNanos: 2)))
        XCTAssertTrue(onA7.hasPrefix("On the a7 GPU one published measurement is compared, of backdrop blurs: its time ran ×\(Format.fixed(a7.bias, 2)) "
                                     + (a7.publishedLonger ? "longer" : "shorter") + " than the model's centre. "), onA7)
        XCTAssertTrue(onA7.contains("No published measurement covers iOS 12: "), onA7)
        // A GPU no case covers: no figure of its own, and the chips that have one.
        let onM1 = try XCTUnwrap(Verdict.coverage(DeviceTime(gpu: "m1", ios: 17, refreshHz: 120, lowNanos: 1, highNanos: 2)))
        XCTAssertTrue(onM1.hasPrefix("No published measurement covers the m1 GPU or iOS 17: the model's error is measured on the a4, a5, "), onM1)
        XCTAssertFalse(onM1.contains("On the"), onM1)
    }
}
