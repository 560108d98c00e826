import Foundation
import Harness
import HarnessTestSupport
import Results
import XCTest

/// The traffic bound: bytes written at the fill floor's rate, bytes read at what a copy from the
/// cache adds to it, and bytes of kept bitmaps at what a copy of a kept image adds.
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

    func testKeptBytesCostWhatAKeptCopyAddsToTheFill() {
        // 1 ns a byte written, 0.6 ns a byte read from the cache, 2 ns a byte of a kept bitmap.
        XCTAssertEqual(TrafficBound.nanos(written: 2_000, read: 500, kept: 100, frameBytes: 1_000, fill: 1_000, copy: 1_600,
                                          keptCopy: 3_000), 2_440, "2,000 written, 400 read from the cache × 0.6, 100 kept × 2")
        XCTAssertEqual(TrafficBound.nanos(written: 1_000, read: 1_000, kept: 1_000, frameBytes: 1_000, fill: 1_000, copy: 1_600,
                                          keptCopy: 3_000), 3_000, "one kept frame copied is the kept-copy floor")
        XCTAssertEqual(TrafficBound.nanos(written: 2_000, read: 500, kept: 100, frameBytes: 1_000, fill: 1_000, copy: 1_600),
                       TrafficBound.nanos(written: 2_000, read: 500, frameBytes: 1_000, fill: 1_000, copy: 1_600),
                       "without a kept-copy floor a kept byte costs a read from the cache")
        XCTAssertEqual(TrafficBound.nanos(written: 2_000, read: 500, kept: 100, frameBytes: 1_000, fill: 1_000, copy: 1_600,
                                          keptCopy: 1_200), 2_300, "a kept byte never costs less than one in the cache")
        XCTAssertEqual(TrafficBound.nanos(written: 0, read: 10, kept: 50, frameBytes: 1_000, fill: 1_000, copy: 1_000,
                                          keptCopy: 2_000), 10, "no more kept bytes than bytes read")
    }

    func testARunRecordsEachStrategysBoundAndItsCompositeOverIt() throws {
        let scenario = Fixtures.longTable(sections: 20, device: Fixtures.device(width: 600, height: 300), steps: 6)
        let results = try Runner().run(scenarios: [scenario], strategies: ["none", "per-cell-mask"], rounds: 2)
        let frameBytes = scenario.device.pixelSize.area * 4
        for run in results.runs {
            let expected = TrafficBound.nanos(written: run.perStep[.bytesWritten]!, read: run.perStep[.bytesRead]!,
                                              kept: run.perStep[.keptBytesRead]!, frameBytes: frameBytes,
                                              fill: run.floorNanos, copy: run.copyFloorNanos, keptCopy: run.keptCopyFloorNanos)
            XCTAssertGreaterThan(run.keptCopyFloorNanos, 0, run.strategy)
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
