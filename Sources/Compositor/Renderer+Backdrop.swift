import Raster

// Design note — backdrops. Apple's blur (WWDC 2014 session 419) renders the content to be blurred,
// captures and downscales it, blurs it horizontally then vertically, then upscales and tints it:
// five passes with four gaps between them, "about idle time of 0.4 to 0.8ms". Here the content
// behind is what the screen's list holds when the walk reaches the layer: it is shaded into the
// screen then (the screen's pass stored, a split), read under the layer's bounds, and the four
// passes follow, each counted with the attachment it stores and the pixels it reads and shades.
// How far the device downscales is not published ("the downscale depends on the hardware"):
// `backdropDownscale` is an assumption. Rejected: shading the content behind a second time into a
// buffer of its own. The talk's content pass is the screen's: of vibrancy over a blur it counts "the
// first five passes ... for the dark blur", then one for the layer's content, "and then in the final
// compositing pass we take the layer content and apply filter and composite it on top of the blur":
// the screen's pass resumes after the blur, so it was stored before it.

extension Renderer {
    /// How many pixels along each axis the capture pass folds into one before the blur: an
    /// assumption (session 419: "The downscale depends on the hardware").
    public static let backdropDownscale = 4

    /// The off-screen passes of a backdrop blur after the content behind it: capture and
    /// downscale, horizontal blur, vertical blur, upscale and tint (WWDC 2014 session 419).
    public static let backdropPasses = 4

    /// The layer's backdrop, when it has one, drawn into `t` beneath the layer: the pixels behind
    /// its bounds inside the clip, blurred and tinted, copied back. On the screen the list so far
    /// is shaded first, since the blur reads its result; a backdrop inside another layer's pass
    /// (which scenario files do not allow) is drawn as its tint alone.
    func buildBackdrop(_ layer: Layer, px: PixelRect, opacity: Double, into ops: inout [DrawOp], _ t: Target) {
        guard let backdrop = layer.backdrop else { return }
        let region = px.intersection(t.clip)
        guard !region.isEmpty else { return }
        let tint = backdrop.tint.premultiplied.scaled(by: UInt8((opacity * 255).rounded()))
        guard t.isScreen else {
            if tint.alpha > 0 { ops.append(DrawOp(rect: region, paint: .blend(tint), mark: .blended)) }
            return
        }
        // The content behind, shaded now: the screen's pass ends here and resumes after the blur.
        flushScreen(&ops)
        countSplit(of: t)
        let k = Self.backdropDownscale
        guard let captured = screenPixels.cropped(to: region) else { return }
        let small = captured.downsampled(by: k)
        stats.bytesRead += 4 * region.area
        stats.bytesWritten += 4 * small.size.area
        countBackdropPass(shading: small.size.area, storing: small.size.area, reading: region.area)
        let sigma = backdrop.radius * t.scale / 2 / Double(k)
        let blurred = small.blurred(sigma: sigma, scratch: &blurScratch)
        stats.bytesRead += blurred.read
        stats.bytesWritten += blurred.written
        countBackdropPass(shading: small.size.area, storing: small.size.area, reading: small.size.area)
        countBackdropPass(shading: small.size.area, storing: small.size.area, reading: small.size.area)
        guard var result = blurred.image.upscaled(to: region.size, factor: k) else { return }
        if tint.alpha > 0 { _ = result.blend(result.bounds, with: tint, kernels: kernels) }
        stats.bytesRead += 4 * small.size.area + 4 * region.area
        stats.bytesWritten += 4 * region.area
        countBackdropPass(shading: region.area, storing: region.area, reading: small.size.area)
        // Composited where the screen's pass resumes: read from memory, copied (it is opaque
        // wherever the screen was).
        countReadBack(region.area)
        let paint: Paint = result.isFullyOpaque ? .copy(result, offset: region.origin) : .draw(result, offset: region.origin, opacity: 255)
        ops.append(DrawOp(rect: region, paint: paint, mark: .offscreen))
    }

    /// Shades the screen's list so far into the screen's pixels and empties it: the screen's pass
    /// up to here, which a backdrop reads.
    func flushScreen(_ ops: inout [DrawOp]) {
        execute(ops, into: &screenPixels, onScreen: true)
        if recordsOverlay { flushedOps.append(contentsOf: ops) }
        ops.removeAll(keepingCapacity: true)
    }

    /// One off-screen pass of a backdrop blur: its attachment of `storing` pixels stored, `reading`
    /// pixels of its input read, `shading` fragments shaded.
    private func countBackdropPass(shading: Int, storing: Int, reading: Int) {
        stats.offscreenPasses += 1
        stats.offscreenPixels += storing
        stats.shadedPixels += shading
        countPass(storing: storing, readBack: reading)
    }
}
