import DeviceModel
import Foundation
import Harness
import HarnessTestSupport
import Results
import XCTest

/// Each row carries the device model's estimate of its GPU time, computed from the row's own
/// counters on the device's GPU, and keeps it through a results file.
final class DeviceTimeTests: XCTestCase {
    func testEachRowCarriesTheModelsEstimateOfItsMeanStepOnTheDevicesGPU() throws {
        var device = Fixtures.device(width: 300, height: 200)
        device.gpu = "a9"
        let scenario = Fixtures.longTable(sections: 20, device: device, steps: 4)
        let results = try Runner().run(scenarios: [scenario], strategies: ["none", "per-cell-mask"])
        let profile = try GPUCatalog.builtIn.profile(id: "a9")
        for row in results.runs {
            let time = try XCTUnwrap(row.deviceTime, row.strategy)
            let p = row.perStep
            let work = FrameWork(renderPasses: p[.renderPasses]!, tileTrafficBytes: p[.tileTrafficBytes]!,
                                 textureBytesRead: p[.keptBytesRead]!, shadedFragments: p[.shadedPixels]!,
                                 blendedFragments: p[.blendedFragments]!)
            let seconds = GPUFrameTime.estimate(work, on: profile)
            XCTAssertEqual(time, DeviceTime(gpu: "a9", refreshHz: device.refreshHz, lowNanos: Int((seconds.lowerBound * 1e9).rounded()),
                                            highNanos: Int((seconds.upperBound * 1e9).rounded())))
            XCTAssertGreaterThan(time.lowNanos, 0)
        }
        let none = try XCTUnwrap(results.runs.first { $0.strategy == "none" }?.deviceTime)
        let masked = try XCTUnwrap(results.runs.first { $0.strategy == "per-cell-mask" }?.deviceTime)
        XCTAssertGreaterThan(masked.lowNanos, none.lowNanos, "masks add passes, which the GPU pays for")
        XCTAssertGreaterThan(masked.highNanos, none.highNanos)
        let reloaded = try Results.decode([UInt8](results.jsonData()), file: "r.json")
        XCTAssertEqual(reloaded.runs.map(\.deviceTime), results.runs.map(\.deviceTime))
    }

    func testADeviceWithoutAGPUHasNoDeviceTimeAndAFileWithoutOneLoads() throws {
        let scenario = Fixtures.longTable(sections: 10, device: Fixtures.device(width: 200, height: 150), steps: 2)
        let results = try Runner().run(scenarios: [scenario], strategies: ["none"])
        XCTAssertNil(results.runs[0].deviceTime)
        XCTAssertFalse(String(decoding: try results.jsonData(), as: UTF8.self).contains("deviceTime"))
        XCTAssertNil(try Results.decode([UInt8](results.jsonData()), file: "r.json").runs[0].deviceTime)
    }

    func testAnEstimateWhoseFastEndIsAboveItsSlowEndIsRefused() throws {
        var device = Fixtures.device(width: 200, height: 150)
        device.gpu = "a13"
        var results = try Runner().run(scenarios: [Fixtures.longTable(sections: 10, device: device, steps: 2)], strategies: ["none"])
        let high = try XCTUnwrap(results.runs[0].deviceTime?.highNanos)
        results.runs[0].deviceTime?.lowNanos = high + 1
        XCTAssertThrowsError(try Results.decode([UInt8](results.jsonData()), file: "r.json")) { error in
            XCTAssertEqual((error as? BenchError)?.exitCode, 2)
            XCTAssertTrue("\(error)".contains("runs[0].deviceTime: lowNanos"), "\(error)")
        }
    }
}
