/// What a cell costs the device per frame with one fix (`CellFix`) made to some of its layers: the
/// counters of a run of the changed cell, the same scenario, strategy and steps as the row that
/// holds it, and the device model's price of that run's mean frame. Never computed from the row's
/// own figures: what the fix saves is the row's figure minus this run's (`saved(from:)`).
public struct CellFixCost: Encodable, Equatable, Sendable {
    /// The paths of the layers changed (`layers[0]`, `layers[1].sublayers[0]`): one, or every
    /// layer that pays and takes the same fix.
    public var layers: [String]
    public var fix: CellFix
    /// What was changed, in a few words (`16 pt corners drawn in, no clip`).
    public var change: String
    /// The changed cell's run: means per step of the whole frame, as a row's `perStep`.
    public var offscreenPasses: Double
    public var screenSplits: Double
    public var tileTrafficBytes: Double
    public var blendedPixels: Double
    /// The fast and slow ends of the model's price of the changed cell's mean frame (as a row's
    /// `deviceTime`), ns per frame; nil when the device names no GPU.
    public var gpuLowNanos: Int?
    public var gpuHighNanos: Int?

    /// The keys a results file writes, and the only ones its reader (`CellFixCost+Reading.swift`)
    /// allows.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case layers, fix, change, offscreenPasses, screenSplits, tileTrafficBytes, blendedPixels, gpuLowNanos, gpuHighNanos
    }

    public init(layers: [String], fix: CellFix, change: String, offscreenPasses: Double, screenSplits: Double,
                tileTrafficBytes: Double, blendedPixels: Double, gpuLowNanos: Int? = nil, gpuHighNanos: Int? = nil) {
        self.layers = layers
        self.fix = fix
        self.change = change
        self.offscreenPasses = offscreenPasses
        self.screenSplits = screenSplits
        self.tileTrafficBytes = tileTrafficBytes
        self.blendedPixels = blendedPixels
        self.gpuLowNanos = gpuLowNanos
        self.gpuHighNanos = gpuHighNanos
    }

    /// What the fix saves against `row`, the run of the cell as it is: off-screen passes and
    /// splits per frame, and GPU ns per frame at each end (nil unless both are priced). Negative
    /// where the changed cell costs more.
    public func saved(from row: RunResult) -> (passes: Double, splits: Double, gpu: (low: Int, high: Int)?) {
        let passes = (row.perStep[.offscreenPasses] ?? 0) - offscreenPasses
        let splits = (row.perStep[.screenSplits] ?? 0) - screenSplits
        guard let time = row.deviceTime, let low = gpuLowNanos, let high = gpuHighNanos else { return (passes, splits, nil) }
        return (passes, splits, (time.lowNanos - low, time.highNanos - high))
    }
}
