import Raster

// Design note — shadows. Core Animation draws a layer's shadow beneath it and applies opacity and
// mask after it (docs/cost-model.md §7), so the shadow is the first draw of the layer's picture
// wherever the picture goes — the target's list, its off-screen buffer, its rasterized bitmap —
// clipped by `masksToBounds` and `mask` like the rest, in a buffer grown to hold it when the layer
// does not clip. With a `shadowPath` its coverage is blurred once and kept with the path; without,
// the layer is rendered every frame in a pass of its own to learn its shape (WWDC 2014 session 419,
// WWDC 2010 session 425), its alpha blurred with a margin (CoverageMask+Blur.swift). The device
// blurs in passes of its own: Apple's Tech Talk 10857 counts five off-screen passes for a shadow
// without a path, the shape's and four for the blur (`Renderer.shadowBlurPasses`), each counted
// where the blur is done, with the attachment it stores and reads and the fragments it shades.

extension Renderer {
    /// A layer with a shadow, a border or a backdrop (`Layer.drawsShadowOrBorder`): drawn as any
    /// layer, with its backdrop and shadow beneath and its border above. Rasterized and off-screen layers draw both in
    /// their bitmap or buffer; any other layer draws them in the target's list, its shadow clipped
    /// to its bounds when it masks to them (it has nothing else to clip, or it would be
    /// off-screen).
    /// `rasterizes`: false when a rasterized layer's bitmap is too large to keep
    /// (`buildUnrasterized`).
    func buildDecorated(_ layer: Layer, abs: Point, px: PixelRect, opacity: Double, rasterizes: Bool = true,
                        into ops: inout [DrawOp], _ t: Target) {
        if layer.backdrop != nil { buildBackdrop(layer, px: px, opacity: opacity, into: &ops, t) }
        if rasterizes && layer.shouldRasterize { return buildRasterized(layer, abs: abs, px: px, opacity: opacity, into: &ops, t) }
        if layer.needsOffscreenPass(rules) { return buildOffscreen(layer, abs: abs, px: px, opacity: opacity, into: &ops, t) }
        if layer.clipsShadow {
            buildShadow(layer, abs: abs, px: px, opacity: opacity, clip: t.clip.intersection(px),
                        roundedClip: layer.clipsToRoundedBounds, into: &ops, t)
        } else {
            buildShadow(layer, abs: abs, px: px, opacity: opacity, clip: t.clip, into: &ops, t)
        }
        buildOwn(layer, px: px, opacity: opacity, into: &ops, t)
        buildSublayers(layer, abs: abs, px: px, opacity: opacity, into: &ops, t)
        buildBorder(layer, px: px, opacity: opacity, clipped: false, into: &ops, t)
    }

    /// The pixels the layer's picture covers when its pixels are `px` at `scale`: `px`, grown to
    /// hold the shadow's extent when the layer has a shadow it does not clip.
    func pictureRect(_ layer: Layer, px: PixelRect, scale: Double) -> PixelRect {
        guard layer.shadowOpacity > 0, !layer.clipsShadow else { return px }
        let shadow = shadowExtent(layer, px: px, scale: scale)
        let x0 = min(px.x, shadow.x), y0 = min(px.y, shadow.y)
        return PixelRect(x: x0, y: y0, width: max(px.maxX, shadow.maxX) - x0, height: max(px.maxY, shadow.maxY) - y0)
    }

    /// The σ of the layer's shadow blur in pixels at `scale`: `shadowRadius × scale / 2`.
    private func shadowSigma(_ layer: Layer, scale: Double) -> Double { layer.shadowRadius * scale / 2 }

    /// The pixels the layer's shadow covers when the layer's pixels are `px` at `scale`: the
    /// shape's pixels (the path's bounds out to whole pixels, or the layer's), grown by the blur's
    /// reach and moved by `shadowOffset` rounded to whole pixels.
    func shadowExtent(_ layer: Layer, px: PixelRect, scale: Double) -> PixelRect {
        let sigma = shadowSigma(layer, scale: scale), reach = CoverageMask.blurReach(sigma: sigma)
        let local = layer.shadowPath?.shadowBounds(scale: scale, sigma: sigma)
            ?? PixelRect(x: -reach, y: -reach, width: px.width + 2 * reach, height: px.height + 2 * reach)
        let offset = layer.shadowOffset
        return local.offsetBy(dx: px.x + Int((offset.x * scale).rounded()), dy: px.y + Int((offset.y * scale).rounded()))
    }

    /// The layer's shadow, when it has one, as one blended operation over its extent inside
    /// `clip` (target pixels), the layer's pixels being `px`. `roundedClip`: the layer clips to
    /// its rounded bounds without a pass of its own, so the shadow's coverage is multiplied by
    /// them here. Marked off-screen when it cost a pass (no `shadowPath`).
    func buildShadow(_ layer: Layer, abs: Point, px: PixelRect, opacity: Double, clip: PixelRect, roundedClip: Bool = false,
                     into ops: inout [DrawOp], _ t: Target) {
        guard layer.shadowOpacity > 0 else { return }
        let extent = shadowExtent(layer, px: px, scale: t.scale)
        let rect = extent.intersection(clip)
        guard !rect.isEmpty else { return }
        let sigma = shadowSigma(layer, scale: t.scale)
        var coverage: CoverageMask
        var kept = false
        let mark: OverlayMark
        // Where the coverage's first pixel lands (target pixels): the extent's, unless the shape
        // was rendered for its visible part only.
        var offset = extent.origin
        if let path = layer.shadowPath {
            guard let made = path.shadowCoverage(scale: t.scale, sigma: sigma, scratch: &blurScratch) else { return }
            coverage = made.mask
            kept = made.kept
            stats.bytesRead += made.traffic.read
            stats.bytesWritten += made.traffic.written
            mark = .blended
        } else {
            guard let shape = shadowShape(layer, abs: abs, px: px, visible: rect, margin: CoverageMask.blurReach(sigma: sigma),
                                          sigma: sigma, t) else {
                return
            }
            coverage = shape.mask
            offset = shape.origin
            mark = .offscreen
        }
        if roundedClip {
            // Only the part inside the rounded bounds shows: its coverage times theirs, made now.
            let window = rect.offsetBy(dx: -px.x, dy: -px.y)
            guard var clipped = CoverageMask(window: window, roundedRect: (0, 0, Double(px.width), Double(px.height)),
                                             radius: layer.cornerRadius * t.scale, corners: layer.maskedCorners) else { return }
            clipped.multiply(by: coverage, at: PixelPoint(x: rect.x - offset.x, y: rect.y - offset.y))
            stats.bytesRead += 2 * window.area
            stats.bytesWritten += window.area
            if kept { stats.keptBytesRead += window.area }
            coverage = clipped
            kept = false
            offset = rect.origin
        }
        let alpha8 = UInt8((opacity * min(1, layer.shadowOpacity) * 255).rounded())
        let color = layer.shadowColor.premultiplied.scaled(by: alpha8)
        ops.append(DrawOp(rect: rect, paint: .shape(color, coverage, offset: offset), mark: mark, keptCoverage: kept))
    }

    /// The shape of the shadow of a layer without a `shadowPath`, whose pixels are `px` in `t`:
    /// the layer rendered in an off-screen pass of its size (its own drawing, sublayers and
    /// border), its alpha taken into an attachment with `margin` pixels around it, blurred by
    /// `sigma` pixels; and where the attachment's first pixel lands in `t`. A layer larger than
    /// `t`'s clip renders only the part whose blur reaches `visible`, the shadow's pixels that
    /// show (`Renderer.reachable`). Nil when a buffer was refused.
    private func shadowShape(_ layer: Layer, abs: Point, px: PixelRect, visible: PixelRect, margin: Int, sigma: Double,
                             _ t: Target) -> (mask: CoverageMask, origin: PixelPoint)? {
        let moved = PixelPoint(x: Int((layer.shadowOffset.x * t.scale).rounded()), y: Int((layer.shadowOffset.y * t.scale).rounded()))
        var source = px
        if Self.reachable(px, in: t) != px {
            let reached = PixelRect(x: visible.x - moved.x - margin, y: visible.y - moved.y - margin,
                                    width: visible.width + 2 * margin, height: visible.height + 2 * margin)
            source = reached.intersection(px)
        }
        guard !source.isEmpty else { return nil }
        let size = PixelSize(width: source.width + 2 * margin, height: source.height + 2 * margin)
        guard var colour = pool.take(source.size) else {
            refusedBuffer = source.size
            return nil
        }
        guard var shape = maskPool.take(size) else {
            pool.give(colour)
            refusedBuffer = size
            return nil
        }
        countSplit(of: t)
        let inner = Target(scale: t.scale, origin: PixelPoint(x: t.origin.x + source.x, y: t.origin.y + source.y), clip: colour.bounds)
        // The layer's pixels in the buffer: all of it, unless only a part reaches the screen.
        let own = px.offsetBy(dx: -source.x, dy: -source.y)
        var sub = takeOps(DrawOp(rect: colour.bounds, paint: .fill(.transparent), mark: .opaque))
        buildOwn(layer, px: own, opacity: 1, into: &sub, inner)
        buildSublayers(layer, abs: abs, px: own, opacity: 1, into: &sub, inner)
        buildBorder(layer, px: own, opacity: 1, clipped: false, into: &sub, inner)
        execute(sub, into: &colour, onScreen: false)
        give(&sub)
        // Core Animation: a shadow without a path renders the layer off-screen to learn its shape
        // (docs/cost-model.md §7): stored, then read back where its alpha is taken.
        countMaskPass(source.size, bytesPerPixel: 4, readBack: source.area)
        let pixels = shape.overwrite(alphaOf: colour, at: PixelPoint(x: margin, y: margin))
        stats.bytesRead += 4 * pixels
        stats.bytesWritten += size.area
        pool.give(colour)
        let traffic = shape.blur(sigma: sigma, scratch: &blurScratch)
        stats.bytesRead += traffic.read
        stats.bytesWritten += traffic.written
        countBlurPasses(size)
        lentMasks.append(shape)
        return (shape, PixelPoint(x: source.x - margin + moved.x, y: source.y - margin + moved.y))
    }
}
