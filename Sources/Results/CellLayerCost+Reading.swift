import JSON

/// A layer's cost, read and checked by the type that writes it.
extension CellLayerCost {
    /// A layer's cost: its path, four means and, priced, two ends in nanoseconds.
    init(from item: JSONNode) throws {
        let f = try item.object(allowing: CodingKeys.self, expected: "a layer's cost object")
        let layer = try f.required(.layer, "a layer's path").string(nonEmpty: true)
        let name = try f.optional(.name)?.string(nonEmpty: true)
        let cost = try f.cellCost(of: .layer)
        self.init(layer: layer, name: name, offscreenPasses: cost.offscreenPasses, screenSplits: cost.screenSplits,
                  tileTrafficBytes: cost.tileTrafficBytes, blendedPixels: cost.blendedPixels,
                  gpuLowNanos: cost.gpuLowNanos, gpuHighNanos: cost.gpuHighNanos)
    }
}
