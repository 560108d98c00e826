/// What one layer of a cell described as layers costs the device per frame, as the compositor
/// attributed it (`Layer.costTag`): the off-screen passes its drawing ran, the splits of the
/// screen's pass they made, their tile traffic and its blended pixels on screen, each a mean per
/// step, and the device model's price of its passes, splits and traffic (an estimate, never a
/// measurement; nil when the device names no GPU). Its blended pixels are shown, not priced: a
/// fragment is shaded whoever draws it.
public struct CellLayerCost: Encodable, Equatable, Sendable {
    /// The layer's path in the cell's description: `layers[0]`, `layers[1].sublayers[0]`.
    public var layer: String
    public var offscreenPasses: Double
    public var screenSplits: Double
    public var tileTrafficBytes: Double
    public var blendedPixels: Double
    /// The fast and slow ends of the model's price of its passes, splits and traffic, ns per frame.
    public var gpuLowNanos: Int?
    public var gpuHighNanos: Int?

    public init(layer: String, offscreenPasses: Double, screenSplits: Double, tileTrafficBytes: Double, blendedPixels: Double,
                gpuLowNanos: Int? = nil, gpuHighNanos: Int? = nil) {
        self.layer = layer
        self.offscreenPasses = offscreenPasses
        self.screenSplits = screenSplits
        self.tileTrafficBytes = tileTrafficBytes
        self.blendedPixels = blendedPixels
        self.gpuLowNanos = gpuLowNanos
        self.gpuHighNanos = gpuHighNanos
    }
}
