import DeviceModel
import Foundation
import Harness
import HarnessTestSupport
import Problems
import Results
import XCTest

/// Each row carries the device model's estimate of its GPU time, computed from the row's own
/// counters on the device's GPU, and keeps it through a results file.
final class DeviceTimeTests: XCTestCase {
    func testEachRowCarriesTheModelsEstimateOfItsMeanStepOnTheDevicesGPU() throws {
        var device = Fixtures.device(width: 300, height: 200)
        device.gpuProfile = Device.chip("a9")
        let scenario = Fixtures.longTable(sections: 20, device: device, steps: 4)
        let results = try Runner().run(scenarios: [scenario], strategies: ["none", "per-cell-mask"])
        let profile = try GPUCatalog.builtIn.profile(id: "a9")
        // Both ends of an estimate of `counters` on the A9 of the fixture's screen.
        func estimate(_ p: [Counter: Double]) -> (low: Int, high: Int) {
            let work = FrameWork(offscreenPasses: p[.offscreenPasses]!, tileTrafficBytes: p[.tileTrafficBytes]!,
                                 textureBytesRead: p[.keptBytesRead]!, shadedFragments: p[.shadedPixels]!,
                                 blendedFragments: p[.blendedFragments]!, screenSplits: p[.screenSplits]!,
                                 screenBytes: Double(device.pixelSize.area * 4))
            let seconds = GPUFrameTime.estimate(work, on: profile)
            return (Int((seconds.lowerBound * 1e9).rounded()), Int((seconds.upperBound * 1e9).rounded()))
        }
        for row in results.runs {
            let time = try XCTUnwrap(row.deviceTime, row.strategy)
            let mean = estimate(row.perStep)
            XCTAssertEqual(time.gpu, "a9")
            XCTAssertEqual(time.refreshHz, device.refreshHz)
            XCTAssertEqual(time.lowNanos, mean.low, row.strategy)
            XCTAssertEqual(time.highNanos, mean.high, row.strategy)
            XCTAssertGreaterThan(time.lowNanos, 0)
            // Each step priced from its own counters, which a run of one step per scenario gives.
            let steps = try XCTUnwrap(time.stepLowNanos, row.strategy)
            XCTAssertEqual(steps.count, row.steps)
            XCTAssertEqual(time.stepHighNanos?.count, row.steps)
            let frames = try XCTUnwrap(time.frames)
            XCTAssertEqual(frames.worstNanos.low, steps.dropFirst().max(), "the worst of the scrolled steps")
            XCTAssertEqual(frames.firstNanos.low, steps[0], "the first appearance, apart")
            XCTAssertLessThanOrEqual(Double(steps.min()!), Double(time.lowNanos) + 1, "the mean step lies among the steps")
            XCTAssertGreaterThanOrEqual(Double(steps.max()!) + 1, Double(time.lowNanos))
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
        device.gpuProfile = Device.chip("a13")
        var results = try Runner().run(scenarios: [Fixtures.longTable(sections: 10, device: device, steps: 2)], strategies: ["none"])
        let high = try XCTUnwrap(results.runs[0].deviceTime?.highNanos)
        results.runs[0].deviceTime?.lowNanos = high + 1
        XCTAssertThrowsError(try Results.decode([UInt8](results.jsonData()), file: "r.json")) { error in
            XCTAssertEqual((error as? BenchError)?.exitCode, 2)
            XCTAssertTrue("\(error)".contains("runs[0].deviceTime: lowNanos"), "\(error)")
        }
    }
}
