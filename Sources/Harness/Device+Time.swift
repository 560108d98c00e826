import DeviceModel
import Results

extension Device {
    /// The device model's GPU time per frame for a row whose mean counters per step are
    /// `perStep`, on this device's GPU (docs/device-model.md); nil when the device names none.
    /// The counters map onto the model's work as `FrameWork` documents: render passes, tile
    /// traffic, bytes read from kept layer contents (`keptBytesRead`), fragments shaded.
    public func deviceTime(perStep: [Counter: Double]) -> DeviceTime? {
        guard let gpu, let profile = try? GPUCatalog.builtIn.profile(id: gpu) else { return nil }
        let shaded = max(0, perStep[.shadedPixels] ?? 0)
        let work = FrameWork(renderPasses: max(0, perStep[.renderPasses] ?? 0),
                             tileTrafficBytes: max(0, perStep[.tileTrafficBytes] ?? 0),
                             textureBytesRead: max(0, perStep[.keptBytesRead] ?? 0),
                             shadedFragments: shaded,
                             blendedFragments: min(shaded, max(0, perStep[.blendedFragments] ?? 0)))
        let seconds = GPUFrameTime.estimate(work, on: profile)
        return DeviceTime(gpu: gpu, refreshHz: refreshHz, lowNanos: Int((seconds.lowerBound * 1e9).rounded()),
                          highNanos: Int((seconds.upperBound * 1e9).rounded()))
    }
}
