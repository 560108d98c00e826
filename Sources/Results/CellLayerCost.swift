/// What one layer of a cell described as layers costs the device per frame, as the compositor
/// attributed it (`Layer.costTag`): the off-screen passes its drawing ran, the splits of the
/// screen's pass they made, their tile traffic and its blended pixels on screen, each a mean per
/// step, and the device model's price of its passes, splits and traffic (an estimate, never a
/// measurement; nil when the device names no GPU). Its blended pixels are shown, not priced: a
/// fragment is shaded whoever draws it.
public struct CellLayerCost: Encodable, Equatable, Sendable {
    /// The layer's path in the cell's description: `layers[0]`, `layers[1].sublayers[0]`.
    public var layer: String
    /// The `name` its description gives it (`avatar`), shown beside the path; nil when it has
    /// none, and in older files.
    public var name: String?
    public var offscreenPasses: Double
    public var screenSplits: Double
    public var tileTrafficBytes: Double
    public var blendedPixels: Double
    /// The fast and slow ends of the model's price of its passes, splits and traffic, ns per frame.
    public var gpuLowNanos: Int?
    public var gpuHighNanos: Int?

    /// The keys a results file writes, and the only ones its reader (`CellLayerCost+Reading.swift`)
    /// allows.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case layer, name, offscreenPasses, screenSplits, tileTrafficBytes, blendedPixels, gpuLowNanos, gpuHighNanos
    }

    /// How reports name the layer: `avatar (layers[1])`, or its path alone when it has no name.
    /// Unescaped: each format escapes it as it escapes every name.
    public var label: String { name.map { "\($0) (\(layer))" } ?? layer }

    public init(layer: String, name: String? = nil, offscreenPasses: Double, screenSplits: Double, tileTrafficBytes: Double,
                blendedPixels: Double, gpuLowNanos: Int? = nil, gpuHighNanos: Int? = nil) {
        self.layer = layer
        self.name = name
        self.offscreenPasses = offscreenPasses
        self.screenSplits = screenSplits
        self.tileTrafficBytes = tileTrafficBytes
        self.blendedPixels = blendedPixels
        self.gpuLowNanos = gpuLowNanos
        self.gpuHighNanos = gpuHighNanos
    }
}
