import Scenarios
import Table

// A described cell's layers by tag, the depth-first place `Layer.costTag` and `layerPaths` give
// them: how `CellVariant` changes one layer of a cell.

extension CellDescription {
    /// The layer at `tag`, counting depth first as `layerPaths` does; nil beyond the last.
    /// - Complexity: O(layers).
    public func layer(atTag tag: Int) -> LayerDescription? {
        var next = 0
        func find(_ layers: [LayerDescription]) -> LayerDescription? {
            for layer in layers {
                if next == tag { return layer }
                next += 1
                if let found = find(layer.sublayers) { return found }
            }
            return nil
        }
        return tag >= 0 ? find(layers) : nil
    }

    /// Changes the layer at `tag` (depth first, as `layerPaths`) by `change`; nothing for a tag
    /// the cell has not.
    /// - Complexity: O(layers).
    mutating func updateLayer(atTag tag: Int, _ change: (inout LayerDescription) -> Void) {
        var next = 0
        func update(_ layers: inout [LayerDescription]) -> Bool {
            for i in layers.indices {
                if next == tag {
                    change(&layers[i])
                    return true
                }
                next += 1
                if update(&layers[i].sublayers) { return true }
            }
            return false
        }
        guard tag >= 0 else { return }
        _ = update(&layers)
    }
}
