@testable import Compositor
import Raster

/// A 40 × 30 pt layer at (`x`, `y`) with corners of `radius` that clips (`masksToBounds`) an opaque
/// child filling it, so the clip has something to clip; charged to `tag` (-1: untagged). The one
/// clipped layer the counting tests build their trees from.
func clippedLayer(x: Double, y: Double = 10, radius: Double = 8, tag: Int = -1, ledger: Ledger) -> Layer {
    let layer = Layer(frame: Rect(x: x, y: y, width: 40, height: 30), ledger: ledger)
    layer.cornerRadius = radius
    layer.masksToBounds = true
    layer.costTag = tag
    let child = Layer(frame: Rect(x: 0, y: 0, width: 40, height: 30), ledger: ledger)
    child.backgroundColor = .black
    layer.addSublayer(child)
    return layer
}
