import DeviceModel
import Devices
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

    /// Instruments' GPU utilisation leaves out the GPU's idle at switches of render target (WWDC
    /// 2014 session 419), so each step's estimate keeps that part apart: the off-screen passes of
    /// the row's mean step × the GPU's pass cost, both ends, and a file keeps it.
    func testEachStepKeepsItsSwitchIdleApartSoABusyTimeCompares() throws {
        var device = Fixtures.device(width: 300, height: 200)
        device.gpuProfile = Device.chip("a5")
        let steps = 4
        let results = try Runner().run(scenarios: [Fixtures.longTable(sections: 20, device: device, steps: steps)],
                                       strategies: ["none", "per-cell-mask"])
        let cost = try GPUCatalog.builtIn.profile(id: "a5").passCost
        for row in results.runs {
            let time = try XCTUnwrap(row.deviceTime, row.strategy)
            let low = try XCTUnwrap(time.stepIdleLowNanos, row.strategy), high = try XCTUnwrap(time.stepIdleHighNanos)
            XCTAssertEqual(low.count, steps)
            XCTAssertEqual(high.count, steps)
            // The passes of all steps together, priced at each end, are the steps' idle added.
            let passes = try XCTUnwrap(row.totals[.offscreenPasses])
            XCTAssertEqual(Double(low.reduce(0, +)), Double(passes) * cost.low * 1e9, accuracy: Double(steps))
            XCTAssertEqual(Double(high.reduce(0, +)), Double(passes) * cost.high * 1e9, accuracy: Double(steps))
            let mean = try XCTUnwrap(time.scrolledMeanNanos), busy = try XCTUnwrap(time.scrolledBusyNanos)
            let scrolledIdle = Double(low.dropFirst().reduce(0, +)) / Double(steps - 1)
            XCTAssertEqual(busy.low, mean.low - scrolledIdle, accuracy: 1e-6, row.strategy)
            XCTAssertLessThanOrEqual(busy.high, mean.high)
        }
        let masked = try XCTUnwrap(results.runs.first { $0.strategy == "per-cell-mask" }?.deviceTime?.stepIdleLowNanos)
        XCTAssertGreaterThan(masked.reduce(0, +), 0, "the masks' passes each pay a switch")
        let none = try XCTUnwrap(results.runs.first { $0.strategy == "none" }?.deviceTime?.stepIdleLowNanos)
        XCTAssertEqual(none.reduce(0, +), 0, "the plain table switches nowhere")
        let reloaded = try Results.decode([UInt8](results.jsonData()), file: "r.json")
        XCTAssertEqual(reloaded.runs.map(\.deviceTime?.stepIdleLowNanos), results.runs.map(\.deviceTime?.stepIdleLowNanos))
        XCTAssertEqual(reloaded.runs.map(\.deviceTime?.stepIdleHighNanos), results.runs.map(\.deviceTime?.stepIdleHighNanos))
    }

    func testAnIdleAboveItsStepsEstimateOrWithoutItsPairIsRefused() throws {
        var device = Fixtures.device(width: 200, height: 150)
        device.gpuProfile = Device.chip("a5")
        let results = try Runner().run(scenarios: [Fixtures.longTable(sections: 10, device: device, steps: 2)], strategies: ["per-cell-mask"])
        var above = results, lonely = results
        let steps = try XCTUnwrap(results.runs[0].deviceTime?.stepLowNanos)
        above.runs[0].deviceTime?.stepIdleLowNanos = steps.map { $0 + 1 }
        lonely.runs[0].deviceTime?.stepIdleHighNanos = nil
        for (bad, phrase) in [(above, "is above the step's estimate"), (lonely, "go together")] {
            XCTAssertThrowsError(try Results.decode([UInt8](bad.jsonData()), file: "r.json")) { error in
                XCTAssertEqual((error as? BenchError)?.exitCode, 2)
                XCTAssertTrue("\(error)".contains("runs[0].deviceTime: stepIdle"), "\(error)")
                XCTAssertTrue("\(error)".contains(phrase), "\(error)")
            }
        }
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
