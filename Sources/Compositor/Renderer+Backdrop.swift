import Raster

// Design note — backdrops. Apple's blur, as WWDC 2014 session 419's slide draws it: "Pass 1 Render
// content" into a texture of its own ("Content"), "Pass 2 Capture content" (downscaled), "Pass 3
// Horizontal blur", "Pass 4 Vertical blur", then a "Compositing pass Upscale and tint" whose output
// is the "Frame Buffer"; four gaps, "about idle time of 0.4 to 0.8ms". So four off-screen passes
// and the screen's: the content behind is rendered apart (here: the screen's list so far, shaded
// into the screen, whose pixels under the bounds are that texture's; the screen's pass is split, as
// for every pass the walk meets), and the compositing pass draws the upscaled, tinted blur on the
// screen. Each pass is counted with the attachment it stores, the pixels it reads and the fragments
// it shades. How far the device downscales is not published ("the downscale depends on the
// hardware"): `backdropDownscale` is an assumption.

extension Renderer {
    /// How many pixels along each axis the capture pass folds into one before the blur: an
    /// assumption (session 419: "The downscale depends on the hardware").
    public static let backdropDownscale = 4

    /// The off-screen passes of a backdrop blur: the content behind rendered, captured and
    /// downscaled, blurred horizontally, then vertically (WWDC 2014 session 419); the upscale and
    /// tint are drawn in the screen's pass.
    public static let backdropPasses = 4

    /// The layer's backdrop, when it has one, drawn into `t` beneath the layer: the pixels behind
    /// its bounds inside the clip, blurred, upscaled and tinted where the layer is. On the screen
    /// the list so far is shaded first, since the blur reads its result; a backdrop inside another
    /// layer's pass (which scenario files do not allow) is drawn as its tint alone.
    func buildBackdrop(_ layer: Layer, px: PixelRect, opacity: Double, into ops: inout [DrawOp], _ t: Target) {
        guard let backdrop = layer.backdrop else { return }
        let region = px.intersection(t.clip)
        guard !region.isEmpty else { return }
        let tint = backdrop.tint.premultiplied.scaled(by: UInt8((opacity * 255).rounded()))
        guard t.isScreen else {
            if tint.alpha > 0 { ops.append(DrawOp(rect: region, paint: .blend(tint), mark: .blended)) }
            return
        }
        // The content behind, shaded now: its pass stores what lies under the bounds, and the
        // screen's pass resumes after the blur.
        flushScreen(&ops)
        countSplit(of: t)
        countBackdropPass(shading: 0, storing: region.area, reading: 0)
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
        // The compositing pass is the screen's: it reads the blurred attachment, upscales and tints
        // it over the bounds (shaded there as a copy: opaque wherever the screen was).
        guard var result = blurred.image.upscaled(to: region.size, factor: k) else { return }
        if tint.alpha > 0 { _ = result.blend(result.bounds, with: tint, kernels: kernels) }
        stats.bytesRead += 4 * small.size.area
        stats.bytesWritten += 4 * region.area
        countReadBack(small.size.area)
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
