import JSON

/// A layer's cost, read and checked by the type that writes it.
extension CellLayerCost {
    /// A layer's cost: its path, four means and, priced, two ends in nanoseconds.
    init(from item: JSONNode) throws {
        let f = try item.object(allowing: CodingKeys.allCases.map(\.stringValue), expected: "a layer's cost object")
        self.init(layer: try f.required("layer", "a layer's path").string(nonEmpty: true),
                  name: try f.optional("name")?.string(nonEmpty: true),
                  offscreenPasses: try f.required("offscreenPasses", "a number").measure(),
                  screenSplits: try f.required("screenSplits", "a number").measure(),
                  tileTrafficBytes: try f.required("tileTrafficBytes", "a number").measure(),
                  blendedPixels: try f.required("blendedPixels", "a number").measure(),
                  gpuLowNanos: try f.optional("gpuLowNanos")?.count(), gpuHighNanos: try f.optional("gpuHighNanos")?.count())
        try item.checkPriceEnds(gpuLowNanos, gpuHighNanos, of: .layer)
    }
}
