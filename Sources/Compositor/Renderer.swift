import Raster

// Design note — the renderer.
//
// The renderer draws a layer tree into a real framebuffer, back to front, with the rules Core
// Animation follows (FACTS.md "Core Animation rules"): opaque regions are bulk fills or copies,
// everything translucent is a source-over blend, masks / rounded clipping / group opacity render
// the subtree into a separate buffer first (an off-screen pass), and `shouldRasterize` layers are
// drawn from a cache keyed by layer identity. Counters are added where the pixels are written, from
// the counts the kernels return, so a counter cannot drift from the work.
//
// Positions are snapped to the pixel grid from absolute point coordinates, so a subtree drawn
// off-screen lands on exactly the pixels it would have covered on screen — the property the
// pixel-equivalence tests rely on.

/// Draws layer trees into a framebuffer and measures what each frame cost.
public final class Renderer {
    /// The screen in pixels.
    public let screenSize: PixelSize
    /// Pixels per point.
    public let scale: Double
    /// The last frame drawn.
    public private(set) var framebuffer: Pixmap
    /// The rasterization cache, kept across frames.
    public private(set) var rasterCache: RasterCache
    /// The colour the framebuffer is cleared to when the root does not cover it opaquely.
    public var clearColor = Color.black.premultiplied

    private var stats = FrameStats()
    private var time: Double = 0
    /// Rounded-rectangle coverage by (size, radius in pixels, corners): the same few shapes are
    /// drawn every frame, so they are computed once.
    private var roundedCoverage: [RoundedKey: CoverageMask] = [:]

    /// Creates a renderer for a screen of `screenSize` pixels at `scale`; nil for an empty size.
    public init?(screenSize: PixelSize, scale: Double) {
        guard let fb = Pixmap(size: screenSize), scale > 0 else { return nil }
        self.screenSize = screenSize
        self.scale = scale
        self.framebuffer = fb
        // Core Animation: the cache holds at most 2.5 × the screen's pixel area (FACTS.md).
        self.rasterCache = RasterCache(capacityBytes: screenSize.area * 4 * 5 / 2)
    }

    /// Draws `root` (its frame in screen points) as the frame at simulated `time` (seconds) and
    /// returns what it cost.
    /// - Complexity: O(layers + pixels written).
    public func render(_ root: Layer, time: Double) -> FrameStats {
        stats = FrameStats()
        self.time = time
        var fb = framebuffer
        framebuffer = Pixmap(width: 1, height: 1)!  // hand the buffer over without a copy
        let screen = Target(scale: scale, origin: .zero, clip: fb.bounds, onScreen: true)
        if !coversOpaquely(root, fb.bounds) {
            count(fb.fill(fb.bounds, with: clearColor), blended: false, screen)
        }
        draw(root, parentOrigin: .zero, opacity: 1, into: &fb, screen)
        rasterCache.evictIdle(at: time)
        stats.rasterBytes = rasterCache.bytes
        framebuffer = fb
        return stats
    }

    /// Where and how a subtree is being drawn: the buffer's scale, the absolute pixel position of
    /// its top-left, the clip in buffer pixels, and whether the buffer is the screen.
    struct Target {
        var scale: Double
        var origin: PixelPoint
        var clip: PixelRect
        var onScreen: Bool
    }

    struct RoundedKey: Hashable {
        var size: PixelSize
        var radius: Double
        var corners: Corners
    }

    // MARK: - Tree walk

    private func draw(_ layer: Layer, parentOrigin: Point, opacity: Double, into target: inout Pixmap, _ t: Target) {
        guard !layer.isHidden, layer.opacity > 0, opacity > 0 else { return }
        stats.layersDrawn += 1
        let abs = Point(x: parentOrigin.x + layer.frame.origin.x, y: parentOrigin.y + layer.frame.origin.y)
        let px = Rect(origin: abs, size: layer.frame.size).pixelRect(scale: t.scale)
            .offsetBy(dx: -t.origin.x, dy: -t.origin.y)
        let alpha = opacity * layer.opacity
        if layer.shouldRasterize {
            drawRasterized(layer, px: px, opacity: alpha, into: &target, t)
        } else if layer.needsOffscreenPass {
            drawOffscreen(layer, abs: abs, px: px, opacity: alpha, into: &target, t)
        } else {
            drawOwn(layer, px: px, opacity: alpha, into: &target, t)
            drawSublayers(layer, abs: abs, px: px, opacity: alpha, into: &target, t)
        }
    }

    private func drawSublayers(_ layer: Layer, abs: Point, px: PixelRect, opacity: Double,
                               into target: inout Pixmap, _ t: Target) {
        guard !layer.sublayers.isEmpty else { return }
        var inner = t
        if layer.masksToBounds { inner.clip = t.clip.intersection(px) }
        let origin = Point(x: abs.x - layer.boundsOrigin.x, y: abs.y - layer.boundsOrigin.y)
        for sublayer in layer.sublayers {
            draw(sublayer, parentOrigin: origin, opacity: opacity, into: &target, inner)
        }
    }

    /// Background, contents and shape of one layer (not its sublayers).
    private func drawOwn(_ layer: Layer, px: PixelRect, opacity: Double, into target: inout Pixmap, _ t: Target) {
        let alpha8 = UInt8((opacity * 255).rounded())
        if let background = layer.backgroundColor, background.alpha > 0 {
            let color = background.premultiplied.scaled(by: alpha8)
            if layer.cornerRadius > 0, let coverage = rounded(px.size, radius: layer.cornerRadius * t.scale,
                                                              corners: layer.maskedCorners) {
                // Core Animation: cornerRadius alone rounds the background without an off-screen pass.
                count(target.blend(color, mask: coverage, at: px.origin, clip: t.clip), blended: true, t)
            } else if color.isOpaque {
                count(target.fill(px, with: color, clip: t.clip), blended: false, t)
            } else {
                count(target.blend(px, with: color, clip: t.clip), blended: true, t)
            }
        }
        if let image = layer.contents {
            let cr = layer.contentsRect
            let iw = Double(image.pixmap.width), ih = Double(image.pixmap.height)
            let source = Rect(x: cr.minX * iw, y: cr.minY * ih, width: cr.width * iw, height: cr.height * ih)
                .pixelRect(scale: 1)
            if source.size == px.size {
                if (image.isOpaque || layer.isOpaque) && alpha8 == 255 {
                    count(target.copy(image.pixmap, from: source, to: px.origin, clip: t.clip), blended: false, t)
                } else {
                    count(target.draw(image.pixmap, from: source, to: px.origin, opacity: alpha8, clip: t.clip), blended: true, t)
                }
            } else {
                count(target.drawScaled(image.pixmap, from: source, to: px, opacity: alpha8, clip: t.clip), blended: true, t)
            }
        }
        if let shape = layer as? ShapeLayer, let path = shape.path, shape.fillColor.alpha > 0,
           let coverage = path.coverage(size: px.size, scale: t.scale) {
            let color = shape.fillColor.premultiplied.scaled(by: alpha8)
            count(target.blend(color, mask: coverage, at: px.origin, clip: t.clip), blended: true, t)
        }
    }

    // MARK: - Off-screen passes

    /// Core Animation: a mask, rounded clipping of contents/sublayers, or group opacity renders the
    /// subtree into its own buffer (sized to the layer's bounds), then composites it blended.
    private func drawOffscreen(_ layer: Layer, abs: Point, px: PixelRect, opacity: Double,
                               into target: inout Pixmap, _ t: Target) {
        guard !px.intersection(t.clip).isEmpty, var buffer = Pixmap(size: px.size) else { return }
        stats.offscreenPasses += 1
        stats.offscreenPixels += px.area
        let inner = Target(scale: t.scale, origin: PixelPoint(x: t.origin.x + px.x, y: t.origin.y + px.y),
                           clip: buffer.bounds, onScreen: false)
        drawOwn(layer, px: buffer.bounds, opacity: 1, into: &buffer, inner)
        drawSublayers(layer, abs: abs, px: buffer.bounds, opacity: 1, into: &buffer, inner)
        let alpha8 = UInt8((opacity * 255).rounded())
        if let coverage = clipCoverage(layer, abs: abs, size: px.size, inner) {
            count(target.draw(buffer, mask: coverage, at: px.origin, opacity: alpha8, clip: t.clip), blended: true, t)
        } else {
            count(target.draw(buffer, from: buffer.bounds, to: px.origin, opacity: alpha8, clip: t.clip), blended: true, t)
        }
    }

    /// Core Animation: `shouldRasterize` draws a cached bitmap of the subtree; a miss renders it
    /// off-screen first. The bitmap is drawn blended, with the layer's opacity applied then.
    private func drawRasterized(_ layer: Layer, px: PixelRect, opacity: Double,
                                into target: inout Pixmap, _ t: Target) {
        guard !px.intersection(t.clip).isEmpty else { return }
        let bitmapRect = Rect(origin: .zero, size: layer.frame.size).pixelRect(scale: layer.rasterizationScale)
        guard !bitmapRect.isEmpty else { return }
        let bitmap: Pixmap
        if let cached = rasterCache.lookup(layer, size: bitmapRect.size, time: time) {
            stats.rasterHits += 1
            bitmap = cached
        } else {
            stats.rasterMisses += 1
            stats.offscreenPasses += 1
            stats.offscreenPixels += bitmapRect.area
            guard var fresh = Pixmap(size: bitmapRect.size) else { return }
            let inner = Target(scale: layer.rasterizationScale, origin: .zero, clip: fresh.bounds, onScreen: false)
            drawOwn(layer, px: fresh.bounds, opacity: 1, into: &fresh, inner)
            drawSublayers(layer, abs: .zero, px: fresh.bounds, opacity: 1, into: &fresh, inner)
            if let coverage = clipCoverage(layer, abs: .zero, size: fresh.size, inner) {
                fresh.multiply(by: coverage)
            }
            rasterCache.store(fresh, for: layer, time: time)
            bitmap = fresh
        }
        let alpha8 = UInt8((opacity * 255).rounded())
        if bitmap.size == px.size {
            count(target.draw(bitmap, from: bitmap.bounds, to: px.origin, opacity: alpha8, clip: t.clip), blended: true, t)
        } else {
            count(target.drawScaled(bitmap, from: bitmap.bounds, to: px, opacity: alpha8, clip: t.clip), blended: true, t)
        }
    }

    /// The coverage that clips an off-screen buffer: rounded bounds (`masksToBounds` with a
    /// radius) times the mask layer's alpha. Nil when nothing clips.
    private func clipCoverage(_ layer: Layer, abs: Point, size: PixelSize, _ t: Target) -> CoverageMask? {
        var coverage: CoverageMask?
        if layer.masksToBounds && layer.cornerRadius > 0 {
            coverage = rounded(size, radius: layer.cornerRadius * t.scale, corners: layer.maskedCorners)
        }
        if let mask = layer.mask, var alpha = Pixmap(size: size) {
            // Core Animation: the mask is rendered too (FACTS.md: "render the mask, render the content").
            draw(mask, parentOrigin: abs, opacity: 1, into: &alpha, t)
            var maskCoverage = CoverageMask(alphaOf: alpha)
            if let clip = coverage { maskCoverage.multiply(by: clip) }
            coverage = maskCoverage
        }
        return coverage
    }

    private func rounded(_ size: PixelSize, radius: Double, corners: Corners) -> CoverageMask? {
        let key = RoundedKey(size: size, radius: radius, corners: corners)
        if let cached = roundedCoverage[key] { return cached }
        let d = (Double(size.width), Double(size.height))
        guard let mask = CoverageMask(size: size, roundedRect: (0, 0, d.0, d.1), radius: radius, corners: corners) else {
            return nil
        }
        if roundedCoverage.count > 256 { roundedCoverage.removeAll() }
        roundedCoverage[key] = mask
        return mask
    }

    // MARK: - Counting

    @inline(__always)
    private func count(_ written: Int, blended: Bool, _ t: Target) {
        stats.shadedPixels += written
        if blended {
            stats.blendedFragments += written
            if t.onScreen { stats.blendedPixels += written }
        }
    }

    /// True when `root` alone paints every pixel of `screen` opaquely, so clearing first would be
    /// overwritten (a GPU's clear is free on tile memory; here it would cost a full write).
    private func coversOpaquely(_ root: Layer, _ screen: PixelRect) -> Bool {
        guard !root.isHidden, root.opacity == 1, root.cornerRadius == 0, root.mask == nil,
              let bg = root.backgroundColor, bg.alpha == 255 else { return false }
        return root.frame.pixelRect(scale: scale).contains(screen)
    }
}
