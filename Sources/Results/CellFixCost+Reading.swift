import JSON

/// A fix's cost, read and checked by the type that writes it.
extension CellFixCost {
    /// A fix's cost: the layers changed, the fix, what changed, four means and, priced, two ends
    /// in nanoseconds.
    init(from item: JSONNode) throws {
        let f = try item.object(allowing: CodingKeys.allCases.map(\.stringValue), expected: "a fix's cost object")
        let layersItem = try f.required("layers", "an array of layer paths")
        let layers = try layersItem.array().map { try $0.string(nonEmpty: true) }
        guard !layers.isEmpty else { throw layersItem.invalid(.noLayerPaths) }
        self.init(layers: layers, fix: try f.required("fix", "a fix's name").named(CellFix.self, "fix"),
                  change: try f.required("change", "a string").string(),
                  offscreenPasses: try f.required("offscreenPasses", "a number").measure(),
                  screenSplits: try f.required("screenSplits", "a number").measure(),
                  tileTrafficBytes: try f.required("tileTrafficBytes", "a number").measure(),
                  blendedPixels: try f.required("blendedPixels", "a number").measure(),
                  gpuLowNanos: try f.optional("gpuLowNanos")?.count(), gpuHighNanos: try f.optional("gpuHighNanos")?.count())
        try item.checkPriceEnds(gpuLowNanos, gpuHighNanos, of: .fix)
    }
}
