import JSON

/// A fix's cost, read and checked by the type that writes it.
extension CellFixCost {
    /// A fix's cost: the layers changed, the fix, what changed, four means and, priced, two ends
    /// in nanoseconds.
    init(from item: JSONNode) throws {
        let f = try item.object(allowing: CodingKeys.self, expected: "a fix's cost object")
        let layersItem = try f.required(.layers, "an array of layer paths")
        let layers = try layersItem.array().map { try $0.string(nonEmpty: true) }
        guard !layers.isEmpty else { throw layersItem.invalid(.noLayerPaths) }
        let fix = try f.required(.fix, "a fix's name").named(CellFix.self, "fix")
        let change = try f.required(.change, "a string").string()
        let cost = try f.cellCost(of: .fix)
        self.init(layers: layers, fix: fix, change: change, offscreenPasses: cost.offscreenPasses, screenSplits: cost.screenSplits,
                  tileTrafficBytes: cost.tileTrafficBytes, blendedPixels: cost.blendedPixels,
                  gpuLowNanos: cost.gpuLowNanos, gpuHighNanos: cost.gpuHighNanos)
    }
}
