import Analysis
import Foundation
@testable import Reports
import Results
import ResultsTestSupport
import XCTest

/// Every export carries the device model's GPU time where a row has it, with both ends of its
/// range, and nothing where the device names no GPU.
final class DeviceTimeExportTests: XCTestCase {
    /// The CSV's last columns, a layer's cost (empty in a run's row), after the estimate's.
    static let layerColumns = ",layer,layerName,layerOffscreenPasses,layerScreenSplits,layerTileTrafficBytes,layerBlendedPixels,"
        + "layerGpuLowNanos,layerGpuHighNanos"
    /// A run's row's empty layer columns.
    static let noLayer = String(repeating: ",", count: 8)

    private func priced() -> Results {
        var results = ResultsFixtures.run(strategies: ["none", "per-cell-mask"])
        results.runs[1].deviceTime = DeviceTime(gpu: "a13", refreshHz: 60, lowNanos: 1_000, highNanos: 3_001)
        return results
    }

    func testEachExportCarriesTheEstimateAndItsRange() throws {
        let results = priced()
        let csv = Report(results).rendered(as: .csv).components(separatedBy: "\r\n")
        XCTAssertTrue(csv[0].hasSuffix(",gpu,deviceTimeLowNanos,deviceTimeHighNanos,frameBudgetNanos,deviceTimeP95LowNanos,"
                                       + "deviceTimeP95HighNanos,deviceTimeWorstLowNanos,deviceTimeWorstHighNanos,framesOverBudgetLow,"
                                       + "framesOverBudgetHigh,hitchMsPerSecondLow,hitchMsPerSecondHigh,deviceTimeFirstLowNanos,"
                                       + "deviceTimeFirstHighNanos" + Self.layerColumns), csv[0])
        XCTAssertTrue(csv[1].hasSuffix(",,,,,,,,,,,,,," + Self.noLayer), "none names no GPU here: \(csv[1])")
        XCTAssertTrue(csv[2].hasSuffix(",a13,1000,3001,16666667,,,,,,,,,," + Self.noLayer), "no steps priced: \(csv[2])")
        let bmf = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(Report(results).rendered(as: .bmf).utf8)) as? [String: [String: Any]])
        XCTAssertEqual(bmf["long-table/per-cell-mask"]?["deviceTime"] as? [String: Int], ["value": 2000, "lower_value": 1000, "upper_value": 3001])
        XCTAssertNil(bmf["long-table/none"]?["deviceTime"])
        let influx = Report(results).rendered(as: .influx).components(separatedBy: "\n")
        XCTAssertTrue(influx[1].contains(",deviceTime=2000i,deviceTimeLow=1000i,deviceTimeHigh=3001i"), influx[1])
        XCTAssertFalse(influx[0].contains("deviceTime"))
        let github = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(Report(results).rendered(as: .githubBenchmark).utf8)) as? [[String: Any]])
        let entry = try XCTUnwrap(github.first { $0["name"] as? String == "long-table/per-cell-mask: deviceTime" })
        XCTAssertEqual(entry["unit"] as? String, "ns/frame")
        XCTAssertEqual(entry["value"] as? Int, 2000)
        XCTAssertEqual(entry["range"] as? String, "model range 1000–3001")
    }
}

/// The worst frame, the 95th percentile, the frames over budget and the hitch-time ratio, from the
/// steps' estimates, in every export; the counts derived here from the steps.
final class DeviceTimeFramesExportTests: XCTestCase {
    func testEachExportCarriesTheWorstFrameAndTheFramesOverBudget() throws {
        var results = ResultsFixtures.run(strategies: ["none", "per-cell-mask"], steps: 20)
        // 20 steps at 60 Hz (16,666,667 ns): one of 40 ms at both ends (two refreshes late), one
        // of 20 ms at the slow end only (one late), the rest 1–2 ms.
        var low = Array(repeating: 1_000_000, count: 20), high = Array(repeating: 2_000_000, count: 20)
        low[7] = 40_000_000; high[7] = 40_000_000
        high[12] = 20_000_000
        results.runs[1].deviceTime = DeviceTime(gpu: "a13", refreshHz: 60, lowNanos: 2_950_000, highNanos: 4_800_000,
                                                stepLowNanos: low, stepHighNanos: high)
        let frames = try XCTUnwrap(results.runs[1].deviceTime?.frames)
        // The first step is the table's first appearance, reported apart; the rest are the scroll.
        XCTAssertTrue(frames.firstNanos == (1_000_000, 2_000_000))
        XCTAssertEqual(frames.scrolledSteps, 19)
        XCTAssertTrue(frames.worstNanos == (40_000_000, 40_000_000))
        XCTAssertTrue(frames.p95Nanos == (40_000_000, 40_000_000), "the 19th of 19 sorted values")
        XCTAssertTrue(frames.overBudget == (1, 2))
        // MetricKit's ratio: the time late over the time the frames were shown. The 40 ms frame
        // takes 3 refreshes (2 late), the 20 ms one 2 (1 late), every other 1: fast end 2 late
        // of 18 + 3 = 21 intervals, slow end 3 of 17 + 3 + 2 = 22.
        XCTAssertEqual(frames.hitchRatio.low, 1000.0 * 2 / 21, accuracy: 1e-6)
        XCTAssertEqual(frames.hitchRatio.high, 1000.0 * 3 / 22, accuracy: 1e-6)

        let csv = Report(results).rendered(as: .csv).components(separatedBy: "\r\n")
        XCTAssertTrue(csv[2].contains(",40000000,40000000,40000000,40000000,1,2,"), csv[2])
        XCTAssertTrue(csv[2].hasSuffix(",1000000,2000000" + DeviceTimeExportTests.noLayer), "the first frame last of the estimate's: \(csv[2])")
        let bmf = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(Report(results).rendered(as: .bmf).utf8)) as? [String: [String: Any]])
        let row = try XCTUnwrap(bmf["long-table/per-cell-mask"])
        XCTAssertEqual(row["deviceTimeWorst"] as? [String: Int], ["value": 40_000_000, "lower_value": 40_000_000, "upper_value": 40_000_000])
        XCTAssertEqual(row["framesOverBudget"] as? [String: Double], ["value": 1.5, "lower_value": 1, "upper_value": 2])
        XCTAssertNotNil(row["deviceTimeP95"])
        XCTAssertNotNil(row["hitchTimeRatio"])
        let influx = Report(results).rendered(as: .influx)
        XCTAssertTrue(influx.contains("deviceTimeWorst=40000000i"), influx)
        let json = String(decoding: try results.jsonData(), as: UTF8.self)
        XCTAssertTrue(json.contains("\"worstHighNanos\" : 40000000"), json)
        let reloaded = try Results.decode([UInt8](results.jsonData()), file: "r.json")
        XCTAssertEqual(reloaded.runs[1].deviceTime, results.runs[1].deviceTime)
    }

    /// Apple's hitch-time ratio cannot reach 1000 ms/s: frames that each take two refreshes are
    /// each one interval late and shown for two, 500 ms/s.
    func testFramesThatEachTakeTwoRefreshesGiveAHitchTimeRatioOf500() {
        let budget = 1e9 / 60
        for steps in [2, 3, 60] {
            let twice = Array(repeating: Int(1.5 * budget), count: steps)
            let frames = DeviceTime.Frames(low: twice, high: twice, budgetNanos: budget)
            XCTAssertEqual(frames.hitchRatio.low, 500, accuracy: 1e-9, "\(steps) steps")
            XCTAssertEqual(frames.hitchRatio.high, 500, accuracy: 1e-9)
            XCTAssertEqual(frames.overBudget.low, steps - 1, "the first appearance is not counted")
        }
        let thrice = Array(repeating: Int(2.5 * budget), count: 10)
        XCTAssertEqual(DeviceTime.Frames(low: thrice, high: thrice, budgetNanos: budget).hitchRatio.low, 1000.0 * 2 / 3, accuracy: 1e-9)
        let onTime = Array(repeating: Int(budget), count: 10)
        XCTAssertEqual(DeviceTime.Frames(low: onTime, high: onTime, budgetNanos: budget).hitchRatio.low, 0)
    }

    /// A dear first appearance (every cache empty) is reported on its own, never as the scroll's
    /// worst frame, a frame over budget or a hitch.
    func testTheFirstAppearanceIsReportedApartFromTheScroll() {
        let budget = 1e9 / 120
        let steps = [15_000_000] + Array(repeating: 2_000_000, count: 59)
        let frames = DeviceTime.Frames(low: steps, high: steps, budgetNanos: budget)
        XCTAssertTrue(frames.firstNanos == (15_000_000, 15_000_000))
        XCTAssertTrue(frames.worstNanos == (2_000_000, 2_000_000))
        XCTAssertTrue(frames.overBudget == (0, 0))
        XCTAssertEqual(frames.hitchRatio.high, 0)
        let one = DeviceTime.Frames(low: [15_000_000], high: [15_000_000], budgetNanos: budget)
        XCTAssertEqual(one.scrolledSteps, 1, "a run of one step has no scroll apart from it")
        XCTAssertTrue(one.worstNanos == (15_000_000, 15_000_000))
    }

    func testAResultsFileWithOnlyOneEndOfTheStepsIsRefused() throws {
        var results = ResultsFixtures.run(strategies: ["none"])
        results.runs[0].deviceTime = DeviceTime(gpu: "a13", refreshHz: 60, lowNanos: 1, highNanos: 2,
                                                stepLowNanos: Array(repeating: 1, count: results.runs[0].steps))
        XCTAssertThrowsError(try Results.decode([UInt8](results.jsonData()), file: "r.json")) { error in
            XCTAssertTrue("\(error)".contains("stepLowNanos and stepHighNanos go together"), "\(error)")
        }
    }
}

/// `bench compare` shows the estimate of both files where they priced the same GPU.
final class DeviceTimeComparisonTests: XCTestCase {
    func testTheComparisonShowsBothEstimatesOrThatTheyAreTheSame() {
        var old = ResultsFixtures.run(strategies: ["none", "per-cell-mask"]), new = old
        old.runs[1].deviceTime = DeviceTime(gpu: "m1", refreshHz: 120, lowNanos: 1_000_000, highNanos: 2_000_000)
        new.runs[1].deviceTime = DeviceTime(gpu: "m1", refreshHz: 120, lowNanos: 1_000_000, highNanos: 2_500_000)
        let text = Comparison(old, new).text()
        XCTAssertTrue(text.contains("GPU ms (model)"), text)
        XCTAssertTrue(text.contains("1.00–2.00 → 1.00–2.50"), text)
        XCTAssertTrue(Comparison(old, old).text().contains("1.00–2.00 (same)"))
        new.runs[1].deviceTime?.gpu = "a9"
        XCTAssertFalse(Comparison(old, new).text().contains("GPU ms (model)"), "another GPU: not compared")
    }
}
