import Foundation
import Harness
import HarnessTestSupport
import Results
import XCTest

/// The same scenario gives the same JSON, apart from what is measured in time (and memory).
final class DeterminismTests: XCTestCase {
    func testTwoRunsWriteTheSameJSONApartFromTimesAndTimestamps() throws {
        let scenario = Fixtures.longTable(sections: 40, device: Fixtures.device(width: 600, height: 300), steps: 15)
        func stripped() throws -> NSDictionary {
            let results = try Runner().run(scenarios: [scenario], strategies: ["none", "shared-corner-grid", "rasterized-mask"])
            var object = try JSONSerialization.jsonObject(with: results.jsonData()) as! [String: Any]
            for key in ["createdAt", "floorNanos", "copyFloorNanos", "keptCopyFloorNanos", "peakMemoryBytes"] { object[key] = nil }
            object["runs"] = (object["runs"] as! [[String: Any]]).map { run in
                var run = run
                for key in ["timing", "samples", "rounds", "roundRatios", "ratios", "floorNanos", "copyFloorNanos", "keptCopyFloorNanos", "trafficBoundNanos", "firstStepNanos"] { run[key] = nil }
                return run
            }
            return object as NSDictionary
        }
        XCTAssertEqual(try stripped(), try stripped())
    }
}
