import DeviceModel
import Results
import Table

extension Device {
    /// The device model's GPU time per frame for a row whose mean counters per step are
    /// `perStep`, on this device's GPU (docs/device-model.md), with the estimate of each of
    /// `steps` beside it; nil when the device names no GPU.
    /// The counters map onto the model's work as `FrameWork` documents: render passes, tile
    /// traffic, bytes read from kept layer contents (`keptBytesRead`), fragments shaded, and the
    /// splits of the screen's pass, each storing and loading this device's screen.
    public func deviceTime(perStep: [Counter: Double], steps: [FrameStats] = []) -> DeviceTime? {
        guard let gpu, let profile = try? GPUCatalog.builtIn.profile(id: gpu) else { return nil }
        let mean = nanos(work { perStep[$0] ?? 0 }, on: profile)
        let each = steps.map { step in nanos(work { Double(step[$0]) }, on: profile) }
        return DeviceTime(gpu: gpu, ios: ios, refreshHz: refreshHz, lowNanos: mean.low, highNanos: mean.high,
                          stepLowNanos: each.isEmpty ? nil : each.map(\.low), stepHighNanos: each.isEmpty ? nil : each.map(\.high))
    }

    /// The device model's price of what one layer of a cell caused per frame (`cost`, means per
    /// step): its off-screen passes, their tile traffic and the splits of the screen's pass they
    /// made, in nanoseconds, both ends; nil when the device names no GPU.
    public func layerTime(_ cost: CellLayerCost) -> (low: Int, high: Int)? {
        guard let gpu, let profile = try? GPUCatalog.builtIn.profile(id: gpu) else { return nil }
        return nanos(FrameWork(renderPasses: max(0, cost.offscreenPasses), offscreenPasses: max(0, cost.offscreenPasses), tileTrafficBytes: max(0, cost.tileTrafficBytes),
                               screenSplits: max(0, cost.screenSplits), screenBytes: Double(pixelSize.area * 4)), on: profile)
    }

    /// The work of a frame whose counters `counter` gives, on this device's screen.
    private func work(_ counter: (Counter) -> Double) -> FrameWork {
        let shaded = max(0, counter(.shadedPixels))
        return FrameWork(renderPasses: max(0, counter(.renderPasses)), offscreenPasses: max(0, counter(.offscreenPasses)), tileTrafficBytes: max(0, counter(.tileTrafficBytes)),
                         textureBytesRead: max(0, counter(.keptBytesRead)), shadedFragments: shaded,
                         blendedFragments: min(shaded, max(0, counter(.blendedFragments))),
                         screenSplits: max(0, counter(.screenSplits)), screenBytes: Double(pixelSize.area * 4))
    }

    /// Both ends of the estimate of `work` on `profile`, in whole nanoseconds.
    private func nanos(_ work: FrameWork, on profile: GPUProfile) -> (low: Int, high: Int) {
        let seconds = GPUFrameTime.estimate(work, on: profile)
        return (Int((seconds.lowerBound * 1e9).rounded()), Int((seconds.upperBound * 1e9).rounded()))
    }
}
