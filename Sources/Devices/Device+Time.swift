import DeviceModel
import Results
import Table
import Text

extension Device {
    /// The device model's GPU time per frame for a row whose mean counters per step are
    /// `perStep`, on this device's GPU (docs/device-model.md), with the estimate of each of
    /// `steps` beside it; nil when the device names no GPU.
    /// The counters map onto the model's work as `FrameWork` documents: render passes, tile
    /// traffic, bytes read from kept layer contents (`keptBytesRead`), fragments shaded, and the
    /// splits of the screen's pass, each storing and loading this device's screen. Each step's
    /// switch idle (its off-screen passes × the pass cost) is kept apart too, the part a GPU
    /// utilisation leaves out.
    public func deviceTime(perStep: [Counter: Double], steps: [FrameStats] = []) -> DeviceTime? {
        guard let profile = gpuProfile else { return nil }
        let mean = nanos(GPUFrameTime.estimate(work { perStep[$0] ?? 0 }, on: profile))
        let each = steps.map { step in GPUFrameTime.terms(work { Double(step[$0]) }, on: profile) }
        let total = each.map { nanos($0.total) }, idle = each.map { nanos($0.passes) }
        var time = DeviceTime(gpu: profile.id, ios: ios, refreshHz: refreshHz, lowNanos: mean.low, highNanos: mean.high,
                              stepLowNanos: each.isEmpty ? nil : total.map(\.low), stepHighNanos: each.isEmpty ? nil : total.map(\.high))
        if !each.isEmpty {
            time.stepIdleLowNanos = idle.map(\.low)
            time.stepIdleHighNanos = idle.map(\.high)
        }
        time.calibration = profile.calibration.map(Device.describe)
        return time
    }

    /// The device model's price of what one layer of a cell caused per frame (`cost`, means per
    /// step): its off-screen passes, their tile traffic and the splits of the screen's pass they
    /// made, in nanoseconds, both ends; nil when the device names no GPU.
    public func layerTime(_ cost: CellLayerCost) -> (low: Int, high: Int)? {
        guard let profile = gpuProfile else { return nil }
        return nanos(GPUFrameTime.estimate(FrameWork(offscreenPasses: max(0, cost.offscreenPasses), tileTrafficBytes: max(0, cost.tileTrafficBytes),
                                                     screenSplits: max(0, cost.screenSplits), screenBytes: Double(pixelSize.area * 4)), on: profile))
    }

    /// What a calibration did, in words: "calibrated to a measured 12.30 ms: memoryBandwidth
    /// 25.6–34.1 → 21.3 GB/s".
    public static func describe(_ note: GPUCalibration.Note) -> String {
        func figure(_ x: Double) -> String {
            switch note.parameter {
            case .passCost: Format.fixed(x * 1e6, 1)
            case .memoryBandwidth, .fillRate: Format.fixed(x / 1e9, 2)
            }
        }
        let unit = switch note.parameter { case .passCost: "µs"; case .memoryBandwidth: "GB/s"; case .fillRate: "Gpix/s" }
        let before = note.before.lowerBound == note.before.upperBound ? figure(note.before.lowerBound)
            : "\(figure(note.before.lowerBound))–\(figure(note.before.upperBound))"
        return "calibrated to a measured \(Format.fixed(note.measuredSeconds * 1e3, 2)) ms: \(note.parameter.rawValue) \(before) → \(figure(note.after)) \(unit)"
    }

    /// The work of a frame whose mean counters per step are `perStep`, on this device's screen:
    /// what `deviceTime(perStep:steps:)` prices, for a calibration to fit.
    public func frameWork(perStep: [Counter: Double]) -> FrameWork { work { perStep[$0] ?? 0 } }

    /// The work of a frame whose counters `counter` gives, on this device's screen.
    private func work(_ counter: (Counter) -> Double) -> FrameWork {
        let shaded = max(0, counter(.shadedPixels))
        return FrameWork(offscreenPasses: max(0, counter(.offscreenPasses)), tileTrafficBytes: max(0, counter(.tileTrafficBytes)),
                         textureBytesRead: max(0, counter(.keptBytesRead)), shadedFragments: shaded,
                         blendedFragments: min(shaded, max(0, counter(.blendedFragments))),
                         screenSplits: max(0, counter(.screenSplits)), screenBytes: Double(pixelSize.area * 4))
    }

    /// Both ends of an estimate in seconds, in whole nanoseconds.
    private func nanos(_ seconds: ClosedRange<Double>) -> (low: Int, high: Int) {
        (Int((seconds.lowerBound * 1e9).rounded()), Int((seconds.upperBound * 1e9).rounded()))
    }
}
