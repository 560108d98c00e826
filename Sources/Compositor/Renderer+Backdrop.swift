import Raster

// Design note — backdrops. Apple's blur, as WWDC 2014 session 419's slide draws it: "Pass 1 Render
// content" into a texture of its own ("Content"), "Pass 2 Capture content" (downscaled), "Pass 3
// Horizontal blur", "Pass 4 Vertical blur", then a "Compositing pass Upscale and tint" whose output
// is the "Frame Buffer"; four gaps, "about idle time of 0.4 to 0.8ms". So four off-screen passes, all
// before the screen's, which the blur's result only joins at its end: the screen's pass is not split.
// The content pass renders what lies behind the layer, under its bounds: here the screen's list so
// far, cut to the bounds and shaded into a buffer of its own, its fragments counted as that pass's.
// On the screen the upscaled, tinted blur covers them, so hidden-surface removal shades them there
// no more. How far the device downscales is not published ("the downscale depends on the
// hardware"): `backdropDownscale` is an assumption. Rejected: shading the screen's list into the
// screen mid-walk and reading it back (the first version), which split the screen's pass where the
// slide shows the screen's pass after the blur's.

extension Renderer {
    /// How many pixels along each axis the capture pass folds into one before the blur: an
    /// assumption (session 419: "The downscale depends on the hardware").
    public static let backdropDownscale = 4

    /// The off-screen passes of a backdrop blur: the content behind rendered, captured and
    /// downscaled, blurred horizontally, then vertically (WWDC 2014 session 419); the upscale and
    /// tint are drawn in the screen's pass.
    public static let backdropPasses = 4

    /// The layer's backdrop, when it has one, drawn into `t` beneath the layer: the pixels behind
    /// its bounds inside the clip (what `ops` holds there), blurred, upscaled and tinted where the
    /// layer is. A backdrop inside another layer's pass (which scenario files do not allow), or on
    /// a device that does not blur (`blursBackdrops`), is drawn as its tint alone.
    func buildBackdrop(_ layer: Layer, px: PixelRect, opacity: Double, into ops: inout [DrawOp], _ t: Target) {
        guard let backdrop = layer.backdrop else { return }
        let region = px.intersection(t.clip)
        guard !region.isEmpty else { return }
        let tint = backdrop.tint.premultiplied.scaled(by: UInt8((opacity * 255).rounded()))
        guard t.isScreen, blursBackdrops else {
            if tint.alpha > 0 { ops.append(DrawOp(rect: region, paint: .blend(tint), mark: .blended)) }
            return
        }
        // Pass 1: what lies behind, under the bounds, rendered into a buffer of its own (the size of
        // the target, so that the operations keep their places; only the bounds are shaded).
        guard var content = pool.take(screenSize) else { return refusedBuffer = screenSize }
        var behind = takeOps(DrawOp(rect: region, paint: .fill(.transparent), mark: .opaque))
        for op in ops { if let cut = op.clipped(to: region) { behind.append(cut) } }
        execute(behind, into: &content, onScreen: false)
        give(&behind)
        lent.append(content)
        countBackdropPass(shading: 0, storing: region.area, reading: 0)
        // Pass 2: captured and downscaled; passes 3 and 4: blurred along each axis.
        let k = Self.backdropDownscale
        guard let small = content.downsampled(by: k, in: region) else { return }
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
        // it over the bounds (shaded there as a copy: opaque wherever what lay behind was). The host
        // tints before it upscales: nearest-neighbour sampling repeats pixels, so the picture is the
        // same, for a sixteenth of the work.
        var tinted = blurred.image
        if tint.alpha > 0 {
            _ = tinted.blend(tinted.bounds, with: tint, kernels: kernels)
            stats.bytesRead += 4 * tinted.size.area
            stats.bytesWritten += 4 * tinted.size.area
        }
        guard let result = tinted.upscaled(to: region.size, factor: k) else { return }
        stats.bytesRead += 4 * small.size.area
        stats.bytesWritten += 4 * region.area
        countReadBack(small.size.area)
        let paint: Paint = tinted.isFullyOpaque ? .copy(result, offset: region.origin) : .draw(result, offset: region.origin, opacity: 255)
        ops.append(DrawOp(rect: region, paint: paint, mark: .offscreen))
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
