import Raster

// Design note — the renderer: a frame is drawn as a tile-based deferred GPU and Core Animation's
// render server draw it (docs/cost-model.md §1, §7). One walk of the layer tree, back to front,
// builds the screen's display list; a subtree that needs an off-screen pass (a mask, a rounded
// clip, group opacity, a raster-cache miss, a shadow without a path) gets a list of its own,
// shaded into its buffer as the walk meets it, and is one blended draw in its parent's. Positions
// snap to the pixel grid from absolute points, so a subtree drawn off-screen lands on the pixels
// it would cover on screen (the pixel-equivalence tests). Counters are added where work is done.
// Rejected: the helpers of Renderer+*.swift in this file, 0.005–0.02 % fewer composite
// instructions in the debug build, which does not inline across files.

/// Draws layer trees into a framebuffer and measures what each frame cost.
public final class Renderer {
    /// The screen in pixels.
    public let screenSize: PixelSize
    /// Pixels per point.
    public let scale: Double
    /// The kernels every frame and off-screen pass is shaded with (`KernelChoice`).
    public let kernels: KernelChoice
    /// The last frame drawn.
    public private(set) var framebuffer: Pixmap
    /// The rasterization cache, kept across frames.
    public private(set) var rasterCache: RasterCache
    /// The colour the framebuffer is cleared to; hidden wherever the tree is opaque.
    public var clearColor = Color.black.premultiplied
    /// Keep the last frame's operations so `overlay(_:)` can draw them.
    public var recordsOverlay = false
    /// The iOS version whose rules decide the off-screen passes (`CoreAnimationRules`); the
    /// newest the model knows unless set.
    public var rules = CoreAnimationRules.newest
    /// Whether a backdrop is blurred (`Layer.backdrop`); false on a device where Apple applies its
    /// tint alone (WWDC 2014 session 419: "we only do the tinting on the iPad 2 and iPad 3rd
    /// generation, we just apply the tint and we skip the blur steps").
    public var blursBackdrops = true

    var stats = RenderStats()
    /// The passes, splits and traffic attributed to described cell layers so far this frame, so
    /// a layer's share excludes what its tagged sublayers took (`buildAttributed`).
    private var claimed = LayerCost()
    /// Whether a described cell layer was drawn this frame, so only such frames look for its draws.
    var drewTaggedLayer = false
    /// What the last frame's walk read, asked of the cache before the next walk. Unchecked for
    /// exclusive access like `shader`: only the walk uses it, on the renderer's one thread.
    @exclusivity(unchecked) private var walkMemory = WalkMemory()
    private var time: Double = 0
    var pool = BufferPool<Pixmap>()
    /// The 8-bit alpha attachments of mask passes.
    var maskPool = BufferPool<CoverageMask>()
    /// The size of a buffer a pass asked for and was refused (memory ran out), since the last
    /// `render`; nil when none was. The pass could not be drawn, so the frame and its counters are
    /// not the device's: the caller must report it, not use the frame.
    public internal(set) var refusedBuffer: PixelSize?
    /// Pooled buffers and attachments in use this frame, given back when the frame is done.
    var lent: [Pixmap] = []
    var lentMasks: [CoverageMask] = []
    /// Emptied display lists whose storage the next ones reuse (`takeOps`).
    var spareOps: [[DrawOp]] = []
    /// What `framebuffer` holds while the frame is drawn in it, shared by every renderer.
    private static let placeholder = Pixmap(width: 1, height: 1)!
    /// The last frame's operations on screen, how each shows in the overlays and the described
    /// layer it draws for (`DrawOp.costTag`), when `recordsOverlay` is set (`overlay(_:)` draws
    /// them, `overlayRegions(_:)` reads where the described layers are).
    private(set) var overlayOps: [(rect: PixelRect, mark: OverlayMark, costTag: Int)] = []
    /// Rounded-rectangle coverage by (size, radius in pixels, corners): the same few shapes are
    /// drawn every frame, so they are computed once. Rounded backgrounds keep only their corners;
    /// the clips of off-screen buffers keep whole masks. Capped at `roundedCoverageCapacity`.
    var roundedCoverage: CoverageCache
    /// The largest visible-part coverage `roundedBackground` has made, in bytes.
    var largestVisiblePart = 0
    /// Shades each display list; it keeps its scratch space, so a steady frame allocates nothing.
    /// Unchecked for exclusive access: only `execute` uses it, on the renderer's one thread, and a
    /// checked access held while a list is shaded would lengthen every access check the kernels
    /// make meanwhile (each scans the accesses in progress).
    @exclusivity(unchecked) var shader = HiddenSurfaceShader()
    /// The shadow blur's working space, kept so that a steady frame allocates none.
    var blurScratch = BlurScratch()

    /// Creates a renderer for a screen of `screenSize` pixels at `scale`, drawing by `kernels`;
    /// nil for an empty size.
    public init?(screenSize: PixelSize, scale: Double, kernels: KernelChoice = .preferred) {
        guard let fb = Pixmap(size: screenSize), scale > 0, scale.isFinite else { return nil }
        self.screenSize = screenSize
        self.scale = scale
        self.kernels = kernels
        self.framebuffer = fb
        // Core Animation: the cache holds at most 2.5 × the screen's pixel area (docs/cost-model.md §7).
        self.rasterCache = RasterCache(capacityBytes: screenSize.area * 4 * 5 / 2)
        self.roundedCoverage = CoverageCache(capacity: screenSize.area * 4)
    }

    /// Off-screen buffers and mask attachments allocated so far (not taken from the pools): flat
    /// in a steady state.
    public var buffersAllocated: Int { pool.allocations + maskPool.allocations }

    /// Draws `root` (its frame in screen points) as the frame at simulated `time` (seconds) and
    /// returns what it cost.
    /// - Complexity: O(layers × bands + pixels shaded).
    public func render(_ root: Layer, time: Double) -> RenderStats {
        stats = RenderStats()
        claimed = LayerCost()
        drewTaggedLayer = false
        refusedBuffer = nil
        self.time = time
        var fb = framebuffer
        framebuffer = Renderer.placeholder  // hand the buffer over without a copy
        let screen = Target(scale: scale, origin: .zero, clip: fb.bounds, isScreen: true)
        var ops = takeOps(DrawOp(rect: fb.bounds, paint: .fill(clearColor), mark: .opaque))
        walkMemory.prefetchNoted()
        build(root, parentOrigin: .zero, opacity: 1, into: &ops, screen)
        execute(ops, into: &fb, onScreen: true)
        countPass(storing: fb.bounds.area)
        overlayOps = recordsOverlay ? ops.dropFirst().map { ($0.rect, $0.mark, $0.costTag) } : []
        give(&ops)
        for buffer in lent { pool.give(buffer) }
        lent.removeAll(keepingCapacity: true)
        for attachment in lentMasks { maskPool.give(attachment) }
        lentMasks.removeAll(keepingCapacity: true)
        rasterCache.evictIdle(at: time)
        rasterCache.reuseDropped { pool.give($0) }
        stats.rasterBytes = rasterCache.bytes
        framebuffer = fb
        return stats
    }

    /// Where a subtree is being drawn: the buffer's scale, the absolute pixel position of its
    /// top-left, the clip in buffer pixels (always inside the buffer), and whether the buffer is
    /// the screen's (an off-screen pass begun from it splits the screen's pass).
    struct Target {
        var scale: Double
        var origin: PixelPoint
        var clip: PixelRect
        var isScreen = false
    }

    // MARK: - Building the display list

    func build(_ layer: Layer, parentOrigin: Point, opacity: Double, into ops: inout [DrawOp], _ t: Target) {
        guard !layer.isHidden, layer.opacity > 0, opacity > 0 else { return }
        guard layer.costTag < 0 else { return buildAttributed(layer, parentOrigin: parentOrigin, opacity: opacity, into: &ops, t) }
        buildUntagged(layer, parentOrigin: parentOrigin, opacity: opacity, into: &ops, t)
    }

    /// A described cell layer's drawing, with what it caused attributed to it: the passes,
    /// splits and tile traffic counted while it was drawn, less what its tagged sublayers took,
    /// and the on-screen draws it appended that no sublayer claimed.
    private func buildAttributed(_ layer: Layer, parentOrigin: Point, opacity: Double, into ops: inout [DrawOp], _ t: Target) {
        let before = LayerCost(passes: stats.offscreenPasses, splits: stats.screenSplits, traffic: stats.tileTrafficBytes)
        let claimedBefore = claimed
        let start = ops.count
        drewTaggedLayer = true
        buildUntagged(layer, parentOrigin: parentOrigin, opacity: opacity, into: &ops, t)
        let during = LayerCost(passes: stats.offscreenPasses, splits: stats.screenSplits, traffic: stats.tileTrafficBytes) - before
        let own = during - (claimed - claimedBefore)
        claimed += own
        stats.layerCosts[layer.costTag, default: LayerCost()] += own
        for i in start..<ops.count where ops[i].costTag < 0 { ops[i].costTag = layer.costTag }
    }

    private func buildUntagged(_ layer: Layer, parentOrigin: Point, opacity: Double, into ops: inout [DrawOp], _ t: Target) {
        stats.layersDrawn += 1
        walkMemory.note(layer)
        let abs = Point(x: parentOrigin.x + layer.frame.origin.x, y: parentOrigin.y + layer.frame.origin.y)
        let px = Rect(origin: abs, size: layer.frame.size).pixelRect(scale: t.scale)
            .offsetBy(dx: -t.origin.x, dy: -t.origin.y)
        let alpha = opacity * layer.opacity
        if layer.drawsShadowOrBorder {
            // The one check for shadows and borders (Renderer+Shadow.swift) on the walk's path.
            buildDecorated(layer, abs: abs, px: px, opacity: alpha, into: &ops, t)
        } else if layer.shouldRasterize {
            buildRasterized(layer, abs: abs, px: px, opacity: alpha, into: &ops, t)
        } else if layer.needsOffscreenPass(rules) {
            buildOffscreen(layer, abs: abs, px: px, opacity: alpha, into: &ops, t)
        } else {
            buildOwn(layer, px: px, opacity: alpha, into: &ops, t)
            buildSublayers(layer, abs: abs, px: px, opacity: alpha, into: &ops, t)
        }
    }

    /// A rasterized layer whose bitmap is too large to keep, drawn as if it were not rasterized:
    /// in an off-screen pass when it needs one, with its shadow and border when it has them.
    func buildUnrasterized(_ layer: Layer, abs: Point, px: PixelRect, opacity: Double, into ops: inout [DrawOp], _ t: Target) {
        if layer.needsOffscreenPass(rules) {
            buildOffscreen(layer, abs: abs, px: px, opacity: opacity, into: &ops, t)
        } else if layer.drawsShadowOrBorder {
            buildDecorated(layer, abs: abs, px: px, opacity: opacity, rasterizes: false, into: &ops, t)
        } else {
            buildOwn(layer, px: px, opacity: opacity, into: &ops, t)
            buildSublayers(layer, abs: abs, px: px, opacity: opacity, into: &ops, t)
        }
    }

    func buildSublayers(_ layer: Layer, abs: Point, px: PixelRect, opacity: Double,
                        into ops: inout [DrawOp], _ t: Target) {
        guard !layer.sublayers.isEmpty else { return }
        var inner = t
        if layer.masksToBounds { inner.clip = t.clip.intersection(px) }
        let origin = Point(x: abs.x - layer.boundsOrigin.x, y: abs.y - layer.boundsOrigin.y)
        walkMemory.note(storageOf: layer.sublayers)
        for sublayer in layer.sublayers {
            build(sublayer, parentOrigin: origin, opacity: opacity, into: &ops, inner)
        }
    }

    /// Background, contents and shape of one layer (not its sublayers). `clipped` is true inside
    /// the layer's own off-screen pass when that pass is clipped to the rounded bounds: the
    /// background is then drawn square and rounded once, by the clip (rounding it here too would
    /// apply the corner's coverage twice).
    func buildOwn(_ layer: Layer, px: PixelRect, opacity: Double, clipped: Bool = false,
                  into ops: inout [DrawOp], _ t: Target) {
        let rect = px.intersection(t.clip)
        guard !rect.isEmpty else { return }
        let alpha8 = UInt8((opacity * 255).rounded())
        if let background = layer.backgroundColor, background.alpha > 0 {
            let color = background.premultiplied.scaled(by: alpha8)
            if layer.cornerRadius > 0, !clipped, let paint = roundedBackground(color, px: px, visible: rect,
                                                                      radius: layer.cornerRadius * t.scale,
                                                                      corners: layer.maskedCorners) {
                // Core Animation: cornerRadius alone rounds the background without an off-screen pass.
                ops.append(DrawOp(rect: rect, paint: paint, mark: .blended))
            } else if color.isOpaque {
                ops.append(DrawOp(rect: rect, paint: .fill(color), mark: .opaque))
            } else {
                ops.append(DrawOp(rect: rect, paint: .blend(color), mark: .blended))
            }
        }
        if let image = layer.contents {
            walkMemory.note(image)
            walkMemory.note(storageOf: image.pixmap.pixels)
            let cr = layer.contentsRect
            let iw = Double(image.pixmap.width), ih = Double(image.pixmap.height)
            let source = Rect(x: cr.minX * iw, y: cr.minY * ih, width: cr.width * iw, height: cr.height * ih)
                .pixelRect(scale: 1)
            let offset = PixelPoint(x: px.x - source.x, y: px.y - source.y)
            if layer.clipsToRoundedBounds, !clipped, rules.clipsDirectly(layer) {
                // iOS 10 and later: a rounded clip of contents alone is applied as they are drawn,
                // in this pass (CoreAnimationRules.directContentsClip).
                buildClippedContents(layer, image: image, source: source, px: px, visible: rect, opacity: alpha8, into: &ops, t)
            } else if source.size == px.size && image.pixmap.bounds.contains(source) {
                // Opaque only when its pixels are: `CALayer.isOpaque` describes the layer's own
                // backing store (what `draw(in:)` fills), not contents set on it.
                if image.isOpaque && alpha8 == 255 {
                    ops.append(DrawOp(rect: rect, paint: .copy(image.pixmap, offset: offset), mark: .opaque))
                } else {
                    ops.append(DrawOp(rect: rect, paint: .draw(image.pixmap, offset: offset, opacity: alpha8), mark: .blended))
                }
            } else if case let clippedSource = source.intersection(image.pixmap.bounds), !clippedSource.isEmpty {
                ops.append(DrawOp(rect: rect, paint: .scaled(image.pixmap, source: clippedSource, destination: px, opacity: alpha8),
                                  mark: .blended))
            }
        }
        if let shape = layer as? ShapeLayer, let path = shape.path, shape.fillColor.alpha > 0,
           let (coverage, kept) = path.coverage(size: px.size, scale: t.scale, cornerTiles: cornerTiles) {
            let color = shape.fillColor.premultiplied.scaled(by: alpha8)
            ops.append(DrawOp(rect: rect, paint: .shape(color, coverage, offset: px.origin), mark: .blended, keptCoverage: kept))
        }
    }

    // MARK: - Off-screen passes

    /// Core Animation: a mask, rounded clipping of contents/sublayers, or group opacity renders the
    /// subtree into its own buffer (sized to the layer's bounds), then composites it blended. A
    /// shadow and a border are drawn in the buffer too, beneath and above the rest, since the
    /// opacity and the mask apply to them (Renderer+Shadow.swift); a shadow the layer does
    /// not clip grows the buffer to hold it.
    func buildOffscreen(_ layer: Layer, abs: Point, px: PixelRect, opacity: Double,
                        into ops: inout [DrawOp], _ t: Target) {
        let whole = layer.drawsShadowOrBorder ? pictureRect(layer, px: px, scale: t.scale) : px
        let picture = Self.reachable(whole, in: t)
        let rect = picture.intersection(t.clip)
        guard !rect.isEmpty else { return }
        guard var buffer = pool.take(picture.size) else { return refusedBuffer = picture.size }
        countSplit(of: t)
        stats.offscreenPasses += 1
        stats.offscreenPixels += picture.area
        let inner = Target(scale: t.scale, origin: PixelPoint(x: t.origin.x + picture.x, y: t.origin.y + picture.y), clip: buffer.bounds)
        // The layer's own pixels in the buffer: all of it, unless a shadow grew it.
        let own = px.offsetBy(dx: -picture.x, dy: -picture.y)
        var sub = takeOps(DrawOp(rect: buffer.bounds, paint: .fill(.transparent), mark: .opaque))
        if layer.drawsShadowOrBorder { buildShadow(layer, abs: abs, px: own, opacity: 1, clip: buffer.bounds, into: &sub, inner) }
        buildOwn(layer, px: own, opacity: 1, clipped: layer.clipsToRoundedBounds, into: &sub, inner)
        buildSublayers(layer, abs: abs, px: own, opacity: 1, into: &sub, inner)
        if layer.drawsShadowOrBorder { buildBorder(layer, px: own, opacity: 1, clipped: layer.clipsToRoundedBounds, into: &sub, inner) }
        execute(sub, into: &buffer, onScreen: false)
        give(&sub)
        countPass(storing: buffer.bounds.area, readBack: rect.area)
        lent.append(buffer)
        let alpha8 = UInt8((opacity * 255).rounded())
        // A clip or mask keeps the buffer to the bounds (`pictureRect`), so it is `px.size` here,
        // or the part of them the buffer was cut to.
        let window = picture == px ? nil : picture.offsetBy(dx: -px.x, dy: -px.y)
        if let (coverage, kept) = clipCoverage(layer, abs: abs, size: px.size, window: window, readBack: rect.area, inner) {
            ops.append(DrawOp(rect: rect, paint: .masked(buffer, coverage, offset: picture.origin, opacity: alpha8), mark: .offscreen,
                              keptCoverage: kept))
        } else {
            ops.append(DrawOp(rect: rect, paint: .draw(buffer, offset: picture.origin, opacity: alpha8), mark: .offscreen))
        }
    }

    /// `picture` (target pixels), or the part of it within `t`'s clip when it is larger than the
    /// clip in either direction: a layer larger than the screen (or the buffer it is drawn in)
    /// gets a buffer for what can reach it, not for its whole bounds (docs/cost-model.md §7,
    /// "What can reach the screen"). A picture that fits keeps its whole buffer, as a cell does
    /// while it scrolls partly off screen.
    static func reachable(_ picture: PixelRect, in t: Target) -> PixelRect {
        picture.width > t.clip.width || picture.height > t.clip.height ? picture.intersection(t.clip) : picture
    }

    /// Core Animation: `shouldRasterize` draws a cached bitmap of the subtree; a miss renders it
    /// off-screen first. The bitmap is drawn blended, with the layer's opacity applied then. A
    /// shadow and a border are rasterized with the layer (Apple's `shouldRasterize`
    /// documentation), the bitmap grown to hold a shadow the layer does not clip.
    func buildRasterized(_ layer: Layer, abs: Point, px: PixelRect, opacity: Double, into ops: inout [DrawOp], _ t: Target) {
        let scale = layer.rasterizationScale
        let bounds = Rect(origin: .zero, size: layer.frame.size).pixelRect(scale: scale)
        guard !bounds.isEmpty else { return }
        let picture = layer.drawsShadowOrBorder ? pictureRect(layer, px: bounds, scale: scale) : bounds
        // A bitmap larger than the whole cache could never be kept (Core Animation's cache holds
        // 2.5 screens): the layer is drawn as if not rasterized, a miss in every frame, its pass
        // (when it needs one) cut to what reaches the screen (docs/cost-model.md §7).
        if picture.area * 4 > rasterCache.capacityBytes {
            stats.rasterMisses += 1
            return buildUnrasterized(layer, abs: abs, px: px, opacity: opacity, into: &ops, t)
        }
        // Where the bitmap lands: the layer's pixels, or the grown picture's, at the screen's scale.
        let destination = picture == bounds ? px
            : Rect(x: abs.x + Double(picture.x) / scale, y: abs.y + Double(picture.y) / scale,
                   width: Double(picture.width) / scale, height: Double(picture.height) / scale)
                .pixelRect(scale: t.scale).offsetBy(dx: -t.origin.x, dy: -t.origin.y)
        let rect = destination.intersection(t.clip)
        guard !rect.isEmpty else { return }
        let bitmap: Pixmap
        let mark: OverlayMark
        if let cached = rasterCache.lookup(layer, size: picture.size, time: time) {
            stats.rasterHits += 1
            bitmap = cached
            mark = .rasterHit
        } else {
            stats.rasterMisses += 1
            countSplit(of: t)
            stats.offscreenPasses += 1
            stats.offscreenPixels += picture.area
            // A surface of a dropped bitmap when one of the size is free, cleared like any pass's.
            guard var fresh = pool.take(picture.size) else { return refusedBuffer = picture.size }
            let inner = Target(scale: scale, origin: picture.origin, clip: fresh.bounds)
            let own = bounds.offsetBy(dx: -picture.x, dy: -picture.y)
            var sub = takeOps(DrawOp(rect: fresh.bounds, paint: .fill(.transparent), mark: .opaque))
            if layer.drawsShadowOrBorder { buildShadow(layer, abs: .zero, px: own, opacity: 1, clip: fresh.bounds, into: &sub, inner) }
            buildOwn(layer, px: own, opacity: 1, clipped: layer.clipsToRoundedBounds, into: &sub, inner)
            buildSublayers(layer, abs: .zero, px: own, opacity: 1, into: &sub, inner)
            if layer.drawsShadowOrBorder { buildBorder(layer, px: own, opacity: 1, clipped: layer.clipsToRoundedBounds, into: &sub, inner) }
            execute(sub, into: &fresh, onScreen: false)
            give(&sub)
            countPass(storing: fresh.bounds.area)
            if let (coverage, kept) = clipCoverage(layer, abs: .zero, size: fresh.size, window: nil, readBack: fresh.size.area, inner) {
                // Baking the clip in reads every coverage value and each pixel it scales.
                let scaled = fresh.multiply(by: coverage, kernels: kernels)
                stats.bytesRead += coverage.size.area + 4 * scaled
                if kept { stats.keptBytesRead += coverage.size.area }
                stats.bytesWritten += 4 * scaled
            }
            rasterCache.store(fresh, for: layer, time: time)
            bitmap = fresh
            mark = .rasterMiss
        }
        countReadBack(rect.area)
        let alpha8 = UInt8((opacity * 255).rounded())
        if bitmap.size == destination.size {
            ops.append(DrawOp(rect: rect, paint: .draw(bitmap, offset: destination.origin, opacity: alpha8), mark: mark))
        } else {
            ops.append(DrawOp(rect: rect, paint: .scaled(bitmap, source: bitmap.bounds, destination: destination, opacity: alpha8),
                              mark: mark))
        }
    }
}
