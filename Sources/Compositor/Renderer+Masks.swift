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

extension Renderer {
    /// A layer's contents drawn through its rounded bounds' coverage in the target's own pass
    /// (`CoreAnimationRules.directContentsClip`): the image × the coverage × `opacity`, blended,
    /// over the `visible` part of the layer's pixels `px`. The coverage is the cached mask of the
    /// layer's size, or the visible part's, made now, when the layer is larger than the target's
    /// clip (`Renderer.reachable`). When the contents are not drawn pixel for pixel (scaled, or a
    /// part of the image), the part drawn is first sampled at the coverage's size into a pooled
    /// buffer: the GPU samples the texture in the same shader, so this costs the device nothing
    /// extra and no counter counts it.
    func buildClippedContents(_ layer: Layer, image: Image, source: PixelRect, px: PixelRect, visible: PixelRect, opacity: UInt8,
                              into ops: inout [DrawOp], _ t: Target) {
        let radius = layer.cornerRadius * t.scale
        let whole = Self.reachable(px, in: t) == px
        let window = whole ? PixelRect(origin: .zero, size: px.size) : visible.offsetBy(dx: -px.x, dy: -px.y)
        let made: (mask: CoverageMask, kept: Bool)?
        if whole {
            made = roundedCoverage.mask(px.size, radius: radius, corners: layer.maskedCorners)
        } else {
            made = CoverageMask(window: window, roundedRect: (0, 0, Double(px.width), Double(px.height)), radius: radius,
                                corners: layer.maskedCorners).map { (mask: $0, kept: false) }
        }
        guard let (coverage, kept) = made else { return }
        let origin = PixelPoint(x: px.x + window.x, y: px.y + window.y)
        var pixels = image.pixmap
        if !(whole && source.size == px.size && source.origin == .zero && image.pixmap.size == px.size) {
            guard var sampled = pool.take(window.size) else { return refusedBuffer = window.size }
            let all = (rows: 0..<window.height, span: Span(0, window.width))
            _ = sampled.paint(.fill(.transparent), rows: all.rows, spans: [all.span][...], kernels: kernels)
            let destination = PixelRect(x: -window.x, y: -window.y, width: px.width, height: px.height)
            if case let clippedSource = source.intersection(image.pixmap.bounds), !clippedSource.isEmpty {
                _ = sampled.paint(.scaled(image.pixmap, source: clippedSource, destination: destination, opacity: 255),
                                  rows: all.rows, spans: [all.span][...], kernels: kernels)
            }
            lent.append(sampled)
            pixels = sampled
        }
        ops.append(DrawOp(rect: visible, paint: .masked(pixels, coverage, offset: origin, opacity: opacity), mark: .blended,
                          keptCoverage: kept))
    }
}
