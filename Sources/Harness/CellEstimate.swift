import Compositor
import Raster
import Scenarios
import Table

/// What one table's renderer may hold for a described cell, and the coverage its masks take to
/// make, counted by the renderer's rules before anything is drawn (`WorkEstimate.cellBytes`,
/// `WorkEstimate.maskCoverage`). Every count is an upper bound, so that a run the estimate admits
/// under `ulimit -v` cannot fail to allocate: each surface is counted at the largest it can be
/// (a layer's pixels out to whole pixels and one more, a pass at most what reaches its target),
/// and in every visible cell at once.
///
/// What the renderer allocates, and where it is counted:
/// - a cell's own (`perCell`): its labels' bitmaps; each off-screen pass's buffer, a mask's
///   attachment and the colour buffer a mask or a shadow's shape is drawn in; a rounded clip's
///   coverage; the coverage a mask's path and a shadow's path keep (a path is the cell's); the
///   visible part of a border or rounded background too large for the coverage cache;
/// - a table's (`shared`): the pictures, one per colour they cycle through;
/// - a renderer's: the rounded-coverage cache's shapes (a border's ring, rounded corners), the
///   shadow blur's scratch (4 bytes a
///   value of the largest mask blurred), the rasterization cache (2.5 screens) when a layer is
///   rasterized, and the surfaces the buffer pools keep between frames (64 of each kind) when a
///   surface is cut to what reaches the screen and so changes size as the table scrolls; a
///   surface that keeps its size is reused and already counted in the frame that lends it.
struct CellEstimate {
    /// Bytes every visible cell holds at once.
    private(set) var perCell = 0
    /// Bytes one table holds for all its cells.
    private(set) var shared = 0
    /// Coverage values a cell's masks take to make (each shape over its bounds within the layer,
    /// and the layer once), counted once per cell: a path keeps its coverage.
    private(set) var coveragePerCell = 0.0
    /// The largest colour surface (pixels) and 8-bit surface (bytes) a pass may take.
    private var largestPixmap = 0, largestMask = 0
    /// The largest mask a shadow blurs (values), and the longest side of one.
    private var largestBlur = 0, longestBlurSide = 0
    /// The largest coverage made at once beside the one kept (a union's part, a border's hole).
    private var largestTransient = 0
    /// A surface is cut to what reaches its target, so its size changes with the scroll.
    private var churns = false
    /// A layer is kept in the rasterization cache.
    private var rasterized = false
    /// The coverage the rounded-coverage cache may keep for the cells, by shape (its kind, size
    /// and parameters), each counted once, and what one cell's draws refer to (its shapes).
    private var cacheable: [[Double]: Int] = [:]
    private var cacheablePerCell = 0

    /// The screen in pixels and its scale.
    private let screen: PixelSize, scale: Double

    /// The bound for `cells` on a screen of `screen` pixels at `scale`.
    init(_ cells: [CellDescription], screen: PixelSize, scale: Double) {
        self.screen = screen
        self.scale = scale
        for cell in cells {
            var own = CellEstimate(screen: screen, scale: scale)
            for layer in cell.layers { own.add(layer, scale: scale, clip: screen) }
            // Cells of different descriptions keep reuse pools of their own: each may fill the screen.
            perCell += own.perCell
            coveragePerCell += own.coveragePerCell
            shared += own.shared
            largestPixmap = max(largestPixmap, own.largestPixmap)
            largestMask = max(largestMask, own.largestMask)
            largestBlur = max(largestBlur, own.largestBlur)
            longestBlurSide = max(longestBlurSide, own.longestBlurSide)
            largestTransient = max(largestTransient, own.largestTransient)
            churns = churns || own.churns
            rasterized = rasterized || own.rasterized
            cacheable.merge(own.cacheable) { max($0, $1) }
            // A cell's draws of one shape share its entry: they are drawn one after another.
            cacheablePerCell += own.cacheable.values.reduce(0, +)
        }
    }

    private init(screen: PixelSize, scale: Double) {
        self.screen = screen
        self.scale = scale
    }

    /// The bytes one table's renderer holds for its cells when `rows` of them are visible.
    func bytes(visibleRows rows: Int) -> Int {
        let area = screen.area
        var renderer = 0, perCell = self.perCell
        // The rounded-coverage cache (4 screens of bytes): when the cells' shapes (each in two
        // sizes, as a frame snapped to the pixel grid may span a pixel more) fit in 3 screens,
        // beside the strategy's own (the frame allowance), they stay, each held at most twice
        // (kept, and made again while a frame's draw still holds the old one); otherwise every
        // cell's draws may hold shapes made for them alone, beside a full cache.
        let shapes = 2 * cacheable.values.reduce(0, +)
        if shapes <= 3 * area {
            renderer += 2 * shapes
        } else {
            renderer += 4 * area
            perCell += cacheablePerCell
        }
        renderer += 4 * largestBlur + 4 * longestBlurSide + largestTransient
        if rasterized { renderer += area * 4 * 5 / 2 }
        if churns { renderer += Renderer.pooledSurfaceLimit * (4 * largestPixmap + largestMask) }
        return shared + perCell * rows + renderer
    }

    /// A layer's size in pixels at `scale`: its frame out to whole pixels, and one more, since a
    /// frame snapped to the pixel grid from its position can span one more pixel than its size.
    private static func pixels(_ layer: LayerDescription, scale: Double) -> PixelSize {
        func side(_ points: Double) -> Int { Int((max(0, points) * scale).rounded(.up)) + 1 }
        return PixelSize(width: side(layer.frame.width), height: side(layer.frame.height))
    }

    /// `size` cut to `clip` as `Renderer.reachable` does, and whether it was cut.
    private static func cut(_ size: PixelSize, to clip: PixelSize) -> (size: PixelSize, cut: Bool) {
        guard size.width > clip.width || size.height > clip.height else { return (size, false) }
        return (PixelSize(width: min(size.width, clip.width), height: min(size.height, clip.height)), true)
    }

    /// Adds `layer`, drawn at `scale` into a target whose clip is at most `clip` pixels.
    private mutating func add(_ layer: LayerDescription, scale: Double, clip: PixelSize) {
        guard !layer.isHidden else { return }
        // A rasterized layer the cache keeps is drawn, shadow and border included, into its
        // bitmap at its rasterization scale.
        let bitmap = layer.shouldRasterize ? rasterizedBitmap(layer) : nil
        let scale = bitmap == nil ? scale : layer.rasterizationScale, clip = bitmap ?? clip
        let own = Self.pixels(layer, scale: scale), area = own.area
        let clipArea = clip.area
        // Contents: a picture is the table's, one per colour; a label is the cell's, at the screen's scale.
        switch layer.contents {
        case .image(.picture(let size, let color, _)):
            let drawn = Self.pixels(LayerDescription(frame: Rect(origin: .zero, size: size ?? layer.frame.size)), scale: self.scale)
            shared += drawn.area * 5 * (color == nil ? ContentDrawing.iconColors.count : 1)
        case .image(.symbol), .text:
            perCell += Self.pixels(layer, scale: self.scale).area * 4
        case .none: break
        }
        // A rounded background whose corners do not fit the cache: its visible part, each frame.
        if layer.backgroundColor != nil, layer.cornerRadius > 0 {
            // Its corner tiles, which the cache keeps (`Renderer.roundedBackground`), unless four
            // squares of the radius exceed the screen.
            let side = Int(min(layer.cornerRadius * scale, Double(min(own.width, own.height)) / 2).rounded(.up)) + 1
            if 4 * side * side > screen.area {
                perCell += min(area, clipArea)
            } else {
                cache([0, Double(own.width), Double(own.height), layer.cornerRadius * scale], bytes: min(area, 4 * side * side))
            }
        }
        // The shadow's reach in pixels and what its shape keeps.
        let sigma = (layer.shadow?.radius ?? 0) * scale / 2
        let reach = CoverageMask.blurReach(sigma: sigma)
        if let shadow = layer.shadow {
            let extent = PixelSize(width: own.width + 2 * reach, height: own.height + 2 * reach)
            if shadow.hasPath {
                // The path's blurred coverage, kept with the path; the part clipped by the
                // rounded bounds, made each frame.
                perCell += extent.area + min(extent.area, clipArea)
                blurred(extent)
            } else {
                // The layer drawn to learn its shape (its part whose blur reaches the target when
                // it is larger), its alpha with a margin, blurred.
                let source = Self.cut(own, to: PixelSize(width: clip.width + 2 * reach, height: clip.height + 2 * reach))
                churns = churns || own.width > clip.width || own.height > clip.height
                let shape = PixelSize(width: source.size.width + 2 * reach, height: source.size.height + 2 * reach)
                perCell += 4 * source.size.area + shape.area
                largestPixmap = max(largestPixmap, source.size.area)
                largestMask = max(largestMask, shape.area)
                blurred(shape)
            }
        }
        // The border's ring: kept in the coverage cache when it fits, else its visible part.
        if let border = layer.border, border.width > 0 {
            let ring = Self.ringBytes(own, width: border.width * scale, radius: layer.cornerRadius * scale)
            if ring + Renderer.coverageEntryOverhead <= 4 * screen.area {
                cache([1, Double(own.width), Double(own.height), border.width * scale, layer.cornerRadius * scale], bytes: ring)
            } else {
                perCell += min(ring, clipArea)
            }
            // A piece is made as the outer shape's coverage less the inner's.
            largestTransient = max(largestTransient, 2 * min(ring, max(clipArea, 4 * screen.area)))
        }
        var inner = clip
        if let bitmap {
            // A bitmap the cache keeps (within its 2.5 screens); its sublayers drawn at its scale
            // into it. A clip is baked in with coverage of its size.
            rasterized = true
            // The frame's draw holds the bitmap even when the cache lets it go.
            perCell += 4 * bitmap.area
            if layer.mask != nil || layer.masksToBounds { perCell += bitmap.area }
            addMask(layer, size: bitmap, whole: own)
            for sublayer in layer.sublayers { add(sublayer, scale: scale, clip: bitmap) }
            return
        }
        if needsPass(layer) {
            var picture = own
            if layer.shadow != nil, !(layer.masksToBounds || layer.mask != nil) {
                let dx = Int(abs((layer.shadow?.offset.x ?? 0) * scale).rounded(.up)) + 1
                let dy = Int(abs((layer.shadow?.offset.y ?? 0) * scale).rounded(.up)) + 1
                picture = PixelSize(width: own.width + 2 * reach + dx, height: own.height + 2 * reach + dy)
            }
            let (buffer, cut) = Self.cut(picture, to: clip)
            churns = churns || cut
            perCell += 4 * buffer.area
            largestPixmap = max(largestPixmap, buffer.area)
            if layer.masksToBounds && layer.cornerRadius > 0 { perCell += buffer.area }
            addMask(layer, size: buffer, whole: own)
            inner = buffer
        } else if layer.masksToBounds {
            inner = PixelSize(width: min(clip.width, own.width), height: min(clip.height, own.height))
        }
        for sublayer in layer.sublayers { add(sublayer, scale: scale, clip: inner) }
    }

    /// A mask's attachment of `size`, the colour buffer its shape is drawn in, and its path's
    /// coverage, kept at the layer's `whole` size; the coverage its shapes take to make.
    private mutating func addMask(_ layer: LayerDescription, size: PixelSize, whole: PixelSize) {
        guard let mask = layer.mask else { return }
        perCell += size.area + 4 * size.area + whole.area
        largestMask = max(largestMask, size.area)
        largestPixmap = max(largestPixmap, size.area)
        let wholeScale = Double(whole.width) / max(1, layer.frame.width)
        var work = Double(whole.area)
        if case .roundedRects(let rects) = mask {
            // Each shape over its bounds within the layer (`Path.Shape.coverage`), beside the union.
            largestTransient = max(largestTransient, whole.area)
            for rect in rects {
                let w = min(Double(whole.width), (max(0, rect.frame.width) * wholeScale).rounded(.up) + 1)
                let h = min(Double(whole.height), (max(0, rect.frame.height) * wholeScale).rounded(.up) + 1)
                work += w * h
            }
        }
        coveragePerCell += work
    }

    /// The bytes of the pieces of a border of `width` pixels around a box of `size` rounded by
    /// `radius` pixels (`BorderCoverage.rects`): the top and bottom rows and the side columns of
    /// ⌈width⌉ pixels, and a square at each corner where the inner edge curves; the whole box when
    /// the border fills it.
    private static func ringBytes(_ size: PixelSize, width: Double, radius: Double) -> Int {
        let w = size.width, h = size.height, b = Int(width.rounded(.up))
        guard w > 0, h > 0, b > 0 else { return 0 }
        if 2 * b >= w || 2 * b >= h { return w * h }
        let r = max(0, min(radius, Double(w) / 2, Double(h) / 2))
        let corner = r > width ? max(0, Int(r.rounded(.up)) - b) : 0
        return 2 * w * b + 2 * b * (h - 2 * b) + 4 * corner * corner
    }

    /// Notes coverage of `bytes` the rounded-coverage cache may keep for the shape `key` (its
    /// kind, size and parameters), which every cell's draw refers to.
    private mutating func cache(_ key: [Double], bytes: Int) {
        cacheable[key] = max(cacheable[key] ?? 0, bytes + Renderer.coverageEntryOverhead)
    }

    /// Notes a shadow's mask of `size` that is blurred: the blur's scratch is sized to the largest.
    private mutating func blurred(_ size: PixelSize) {
        largestBlur = max(largestBlur, size.area)
        longestBlurSide = max(longestBlurSide, size.width, size.height)
    }

    /// The size of `layer`'s rasterized bitmap, its shadow included, when the cache can keep it
    /// (at most 2.5 screens); nil when it is drawn as if not rasterized.
    private func rasterizedBitmap(_ layer: LayerDescription) -> PixelSize? {
        let bounds = Self.pixels(layer, scale: layer.rasterizationScale)
        var picture = bounds
        if let shadow = layer.shadow, !(layer.masksToBounds || layer.mask != nil) {
            let reach = CoverageMask.blurReach(sigma: shadow.radius * layer.rasterizationScale / 2)
            let dx = Int(abs(shadow.offset.x * layer.rasterizationScale).rounded(.up)) + 1
            let dy = Int(abs(shadow.offset.y * layer.rasterizationScale).rounded(.up)) + 1
            picture = PixelSize(width: bounds.width + 2 * reach + dx, height: bounds.height + 2 * reach + dy)
        }
        // The renderer keeps a bitmap whose bytes fit the cache: at its exact size, which this
        // bound exceeds by at most a pixel a side, so a bitmap near the limit counts as kept.
        return picture.area * 4 <= screen.area * 4 * 5 / 2 + 4 * (picture.width + picture.height + 1) ? picture : nil
    }

    /// Whether the renderer draws `layer` in an off-screen pass of its own (`Layer.needsOffscreenPass`).
    private func needsPass(_ layer: LayerDescription) -> Bool {
        let hasContent = layer.contents != .none || !layer.sublayers.isEmpty
        if layer.mask != nil || (layer.masksToBounds && layer.cornerRadius > 0 && hasContent) { return true }
        return layer.opacity < 1 && layer.allowsGroupOpacity && !layer.sublayers.isEmpty
    }
}
