import Raster

extension Renderer {
    /// The coverage that clips an off-screen buffer of a layer of `size`, of which `readBack`
    /// pixels are composited: rounded bounds (`masksToBounds` with a radius) times the mask
    /// layer's alpha; and whether it was made in an earlier frame (a rounded clip held by the
    /// coverage cache), not in this one (a mask's attachment, rendered every frame). `window`:
    /// the part of the layer the buffer holds (layer pixels), when it was cut to what reaches the
    /// screen (`Renderer.reachable`); the coverage is then that part's, made in this frame. Nil
    /// when nothing clips.
    func clipCoverage(_ layer: Layer, abs: Point, size layerSize: PixelSize, window: PixelRect?, readBack: Int,
                      _ t: Target) -> (mask: CoverageMask, kept: Bool)? {
        var coverage: (mask: CoverageMask, kept: Bool)?
        let size = window?.size ?? layerSize
        if layer.clipsToRoundedBounds {
            // Core Animation: a rounded clip is applied as the content is composited, no pass of its own.
            if let window {
                coverage = CoverageMask(window: window, roundedRect: (0, 0, Double(layerSize.width), Double(layerSize.height)),
                                        radius: layer.cornerRadius * t.scale, corners: layer.maskedCorners).map { (mask: $0, kept: false) }
            } else {
                coverage = roundedCoverage.mask(size, radius: layer.cornerRadius * t.scale, corners: layer.maskedCorners)
            }
        }
        guard let mask = layer.mask else { return coverage }
        guard var attachment = maskPool.take(size) else {
            refusedBuffer = size
            return coverage
        }
        // Core Animation renders a mask in a pass of its own every frame the layer is drawn,
        // before the content's, and the composite applies it (docs/cost-model.md §7).
        if window == nil, let shape = mask as? ShapeLayer, shape.isPlainFill(of: size, scale: t.scale), let path = shape.path,
           let (pathCoverage, kept) = path.coverage(size: size, scale: t.scale, cornerTiles: cornerTiles) {
            // A shape filling the layer: its path's coverage, every pixel of the 8-bit attachment
            // written; read from a mask kept since an earlier frame when the path was drawn before.
            stats.layersDrawn += 1
            let bytes = attachment.overwrite(with: pathCoverage)
            stats.bytesWritten += bytes
            stats.bytesRead += bytes
            if kept { stats.keptBytesRead += bytes }
            countMaskPass(size, bytesPerPixel: 1, readBack: readBack)
        } else if var alpha = pool.take(size) {
            // Any other layer renders in colour; its alpha is what masks.
            var sub = takeOps(DrawOp(rect: alpha.bounds, paint: .fill(.transparent), mark: .opaque))
            build(mask, parentOrigin: abs, opacity: 1, into: &sub, Target(scale: t.scale, origin: t.origin, clip: alpha.bounds))
            execute(sub, into: &alpha, onScreen: false)
            give(&sub)
            countMaskPass(size, bytesPerPixel: 4, readBack: readBack)
            let pixels = attachment.overwrite(alphaOf: alpha)
            stats.bytesRead += 4 * pixels
            stats.bytesWritten += pixels
            pool.give(alpha)
        } else {
            refusedBuffer = size
            maskPool.give(attachment)
            return coverage
        }
        if let clip = coverage { attachment.multiply(by: clip.mask) }
        lentMasks.append(attachment)
        return (attachment, false)
    }
}
