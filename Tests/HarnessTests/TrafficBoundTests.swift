import Foundation
import Harness
import HarnessTestSupport
import Results
import XCTest

/// The traffic bound: bytes written at memset's rate plus bytes read at what memcpy adds to it.
final class TrafficBoundTests: XCTestCase {
    func testWritesCostWhatMemsetTakesAndReadsWhatMemcpyAddsToIt() {
        // 1 ns a byte written, 0.6 ns a byte read.
        XCTAssertEqual(TrafficBound.nanos(written: 2_000, read: 500, frameBytes: 1_000, fill: 1_000, copy: 1_600), 2_300)
        XCTAssertEqual(TrafficBound.nanos(written: 1_000, read: 0, frameBytes: 1_000, fill: 1_000, copy: 1_600), 1_000,
                       "one frame written is the memory floor itself")
        XCTAssertEqual(TrafficBound.nanos(written: 1_000, read: 1_000, frameBytes: 1_000, fill: 1_000, copy: 1_600), 1_600,
                       "one frame copied is the copy floor")
        XCTAssertEqual(TrafficBound.nanos(written: 1_000, read: 1_000, frameBytes: 1_000, fill: 0, copy: 0), 0, "no floor, no bound")
    }

    func testARunRecordsEachStrategysBoundAndItsCompositeOverIt() throws {
        let scenario = Fixtures.longTable(sections: 20, device: Fixtures.device(width: 600, height: 300), steps: 6)
        let results = try Runner().run(scenarios: [scenario], strategies: ["none", "per-cell-mask"], rounds: 2)
        let frameBytes = scenario.device.pixelSize.area * 4
        for run in results.runs {
            let expected = TrafficBound.nanos(written: run.perStep[.bytesWritten]!, read: run.perStep[.bytesRead]!,
                                              frameBytes: frameBytes, fill: run.floorNanos, copy: run.copyFloorNanos)
            XCTAssertEqual(run.trafficBoundNanos, expected, run.strategy)
            XCTAssertGreaterThan(run.trafficBoundNanos, 0, run.strategy)
            XCTAssertEqual(run.ratios[.compositeToTraffic]!, Double(run.timing[.composite]!.median) / Double(expected),
                           accuracy: 1e-12, run.strategy)
            XCTAssertEqual(run.roundRatios?[.compositeToTraffic]?.count, 2, run.strategy)
            // Every shaded fragment is written once, and each mask's 8-bit attachment (as large
            // as its content's pass, so half the off-screen pixels of a masked strategy).
            let masks = run.strategy == "per-cell-mask" ? run.totals[.offscreenPixels]! / 2 : 0
            XCTAssertEqual(run.totals[.bytesWritten], 4 * run.totals[.shadedPixels]! + masks, run.strategy)
        }
        let none = results.runs[0], masked = results.runs[1]
        XCTAssertGreaterThan(masked.trafficBoundNanos, none.trafficBoundNanos, "off-screen passes move more bytes")
    }
}
