import Raster

extension Renderer {
    /// A display list holding `first`, in storage of one given back (`give`): a frame builds one
    /// list for the screen and one for each off-screen pass, and new arrays growing op by op were a
    /// few per cent of a plain table's composite.
    func takeOps(_ first: DrawOp) -> [DrawOp] {
        var ops = spareOps.popLast() ?? []
        ops.append(first)
        return ops
    }

    /// Keeps `ops`' storage, emptied, for `takeOps`.
    func give(_ ops: inout [DrawOp]) {
        ops.removeAll(keepingCapacity: true)
        spareOps.append(ops)
        ops = []
    }

    /// Shades `ops` into `target` with hidden-surface removal (`HiddenSurfaceShader`) and adds
    /// what was shaded to the frame's stats; `onScreen` for the framebuffer.
    func execute(_ ops: [DrawOp], into target: inout Pixmap, onScreen: Bool) {
        let shaded = shader.shade(ops, into: &target, onScreen: onScreen, kernels: kernels)
        stats.blendedPixels += shaded.blendedPixels
        stats.blendedFragments += shaded.blendedFragments
        stats.shadedPixels += shaded.shadedPixels
        stats.bytesWritten += shaded.bytesWritten
        stats.bytesRead += shaded.bytesRead
        stats.keptBytesRead += shaded.keptBytesRead
        // Blended draws on screen, as `blendedPixels` counts them, by the described layer drawn.
        if onScreen && drewTaggedLayer {
            for op in ops where op.costTag >= 0 && op.blends && !op.rect.isEmpty {
                stats.layerCosts[op.costTag, default: LayerCost()].blendedPixels += op.rect.area
            }
        }
    }
}
