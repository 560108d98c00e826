import Analysis
import Foundation
@testable import Reports
import Results
import ResultsTestSupport
import XCTest

/// Every export carries the device model's GPU time where a row has it, with both ends of its
/// range, and nothing where the device names no GPU.
final class DeviceTimeExportTests: XCTestCase {
    private func priced() -> Results {
        var results = ResultsFixtures.run(strategies: ["none", "per-cell-mask"])
        results.runs[1].deviceTime = DeviceTime(gpu: "a13", refreshHz: 60, lowNanos: 1_000, highNanos: 3_001)
        return results
    }

    func testEachExportCarriesTheEstimateAndItsRange() throws {
        let results = priced()
        let csv = results.report(.csv).components(separatedBy: "\r\n")
        XCTAssertTrue(csv[0].hasSuffix(",gpu,deviceTimeLowNanos,deviceTimeHighNanos,frameBudgetNanos"), csv[0])
        XCTAssertTrue(csv[1].hasSuffix(",,,,"), "none names no GPU here: \(csv[1])")
        XCTAssertTrue(csv[2].hasSuffix(",a13,1000,3001,16666667"), csv[2])
        let bmf = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(results.report(.bmf).utf8)) as? [String: [String: Any]])
        XCTAssertEqual(bmf["long-table/per-cell-mask"]?["deviceTime"] as? [String: Int], ["value": 2000, "lower_value": 1000, "upper_value": 3001])
        XCTAssertNil(bmf["long-table/none"]?["deviceTime"])
        let influx = results.report(.influx).components(separatedBy: "\n")
        XCTAssertTrue(influx[1].contains(",deviceTime=2000i,deviceTimeLow=1000i,deviceTimeHigh=3001i"), influx[1])
        XCTAssertFalse(influx[0].contains("deviceTime"))
        let github = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(results.report(.githubBenchmark).utf8)) as? [[String: Any]])
        let entry = try XCTUnwrap(github.first { $0["name"] as? String == "long-table/per-cell-mask: deviceTime" })
        XCTAssertEqual(entry["unit"] as? String, "ns/frame")
        XCTAssertEqual(entry["value"] as? Int, 2000)
        XCTAssertEqual(entry["range"] as? String, "model range 1000–3001")
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
