import Raster
import Results
import Table
import Text

/// A described cell with one fix (`CellFix`) made to some of its layers: what `FixPricing` runs to
/// learn what the fix saves.
///
/// A fix is offered for a layer only where its description shows that the change keeps the
/// picture, so that the saving is the fix's and not a different cell's (docs/scenario-files.md,
/// "What a fix saves"):
///
/// | fix | applies to a layer that | changes |
/// |---|---|---|
/// | `shadowPath` | has a shadow without a path | `shadowPath` to the rounded bounds |
/// | `preRoundedImage` | shows a picture clipped by `cornerRadius` + `masksToBounds` or by a mask of its rounded bounds, with no shadow (the clip hides it) and no sublayer reaching past the rounded bounds | the picture's corners cut by the radius, no clip, no mask |
/// | `rasterize` | is not rasterized | `shouldRasterize`, at the screen's scale |
/// | `dropClip` | clips to its rounded bounds, with no mask or shadow, and draws nothing past them (no contents, or a picture already rounded as much; sublayers inside) | `masksToBounds` off |
/// | `plainBackground` | has a mask of its rounded bounds (a rounded rectangle, a circle) | the mask replaced by `cornerRadius` + `masksToBounds` (Tech Talk 10857) |
/// | `plainBackground` | clips an opaque picture to its rounded bounds over a background colour, with nothing else to clip | no background colour (the picture hides it) |
///
/// An opaque background colour in place of a clear one decides no pass under the model's rules
/// (a clear colour is no background: `Layer.clipsOnlyItsContents`), so it is not offered.
public struct CellVariant: Equatable, Sendable {
    /// The layers changed, as tags: places in `CellDescription.layerPaths`, in increasing order.
    public var tags: [Int]
    public var fix: CellFix
    /// What was changed, in a few words (`16 pt corners drawn in, no clip`).
    public var change: String
    /// The cell with the change made.
    public var cell: CellDescription

    public init(tags: [Int], fix: CellFix, change: String, cell: CellDescription) {
        self.tags = tags
        self.fix = fix
        self.change = change
        self.cell = cell
    }

    /// One fix of one layer: what it is called, what it changes in words, and the change, which
    /// touches the layer's own properties only (never its sublayers), so that fixes of a layer and
    /// of its sublayer can be made one after the other.
    struct LayerFix {
        var fix: CellFix
        var change: String
        var apply: (inout LayerDescription) -> Void
    }

    /// The fixes that apply to the layer of `cell` at `tag`, each made alone, in `CellFix`'s
    /// order; empty for a tag the cell has not.
    /// - Complexity: O(layers of the cell) per fix.
    public static func variants(of cell: CellDescription, tag: Int, screenScale: Double) -> [CellVariant] {
        guard let layer = cell.layer(atTag: tag) else { return [] }
        return fixes(of: layer, screenScale: screenScale).map { fix in
            var changed = cell
            changed.updateLayer(atTag: tag, fix.apply)
            return CellVariant(tags: [tag], fix: fix.fix, change: fix.change, cell: changed)
        }
    }

    /// For each fix that applies to two or more of the layers at `tags`, the cell with it made to
    /// all of them: what fixing a kind of view everywhere in the cell saves.
    /// - Complexity: O(tags × layers of the cell).
    public static func combined(of cell: CellDescription, tags: [Int], screenScale: Double) -> [CellVariant] {
        let sorted = Array(Set(tags)).sorted()
        let fixesByTag = sorted.compactMap { tag in cell.layer(atTag: tag).map { (tag, fixes(of: $0, screenScale: screenScale)) } }
        return CellFix.allCases.compactMap { kind in
            let applying = fixesByTag.compactMap { tag, fixes in fixes.first { $0.fix == kind }.map { (tag, $0) } }
            guard applying.count >= 2 else { return nil }
            var changed = cell
            for (tag, fix) in applying { changed.updateLayer(atTag: tag, fix.apply) }
            var changes: [String] = []
            for (_, fix) in applying where !changes.contains(fix.change) { changes.append(fix.change) }
            return CellVariant(tags: applying.map(\.0), fix: kind, change: changes.joined(separator: "; "), cell: changed)
        }
    }

    /// The fixes that apply to `layer` on a screen of `screenScale`, by the table above.
    static func fixes(of layer: LayerDescription, screenScale: Double) -> [LayerFix] {
        var out: [LayerFix] = []
        if let shadow = layer.shadow, !shadow.hasPath {
            out.append(LayerFix(fix: .shadowPath, change: "shadowPath = rounded bounds") { $0.shadow?.hasPath = true })
        }
        let clip = layer.roundedClip
        if let r = clip, layer.shadow == nil, case .image(.picture(let size, let color, let radius)) = layer.contents,
           let drawn = layer.pictureRadius(r, size: size), radius < drawn, layer.sublayersStayInside(radius: r) {
            let masked = layer.mask != nil
            out.append(LayerFix(fix: .preRoundedImage,
                                change: "\(Format.number(r)) pt corners drawn in, " + (masked ? "no mask" : "no clip")) { layer in
                layer.contents = .image(.picture(size: size, color: color, cornerRadius: drawn))
                layer.masksToBounds = false
                layer.mask = nil
                // The mask rounded the background too; now the radius does.
                if layer.cornerRadius == 0 { layer.cornerRadius = r }
            })
        }
        if !layer.shouldRasterize {
            out.append(LayerFix(fix: .rasterize, change: "shouldRasterize at \(Format.number(screenScale))×") { layer in
                layer.shouldRasterize = true
                layer.rasterizationScale = screenScale
            })
        }
        if let r = clip, layer.mask == nil, layer.shadow == nil, layer.contentsStayInside(radius: r), layer.sublayersStayInside(radius: r) {
            out.append(LayerFix(fix: .dropClip, change: "masksToBounds off") { $0.masksToBounds = false })
        }
        if let r = clip, layer.mask != nil {
            out.append(LayerFix(fix: .plainBackground, change: "cornerRadius \(Format.number(r)) pt for the mask") { layer in
                layer.mask = nil
                layer.masksToBounds = true
                if layer.cornerRadius == 0 { layer.cornerRadius = r }
            })
        } else if clip != nil, (layer.backgroundColor?.alpha ?? 0) > 0, layer.sublayers.isEmpty, layer.shadow == nil, layer.border == nil,
                  case .image(.picture(_, let color, let radius)) = layer.contents, radius == 0, (color?.alpha ?? 255) == 255 {
            out.append(LayerFix(fix: .plainBackground, change: "no colour behind the opaque image") { $0.backgroundColor = nil })
        }
        return out
    }
}

extension LayerDescription {
    /// The radius of the rounded bounds the layer clips its drawing to, in points: its
    /// `cornerRadius` with `masksToBounds`, or its mask's when the mask is its rounded bounds
    /// (with no other radius, or the same one); nil when it clips to no such shape. Radii above
    /// half the shorter side are that half, as the compositor clamps them.
    var roundedClip: Double? {
        let half = Swift.min(frame.width, frame.height) / 2
        guard half > 0 else { return nil }
        if let mask {
            guard let r = mask.boundsRadius(of: frame.size), r > 0 else { return nil }
            return cornerRadius == 0 || Swift.min(cornerRadius, half) == r ? r : nil
        }
        return masksToBounds && cornerRadius > 0 ? Swift.min(cornerRadius, half) : nil
    }

    /// The radius, in the picture's own points, that draws a picture of `size` (nil: the layer's)
    /// with corners of `radius` points on the layer, which scales it to its bounds; nil when the
    /// scaling is not uniform, so no radius would.
    func pictureRadius(_ radius: Double, size: Size?) -> Double? {
        guard let size else { return radius }
        let sx = size.width / frame.width, sy = size.height / frame.height
        guard sx.isFinite, abs(sx - sy) <= 1e-9 * Swift.max(sx, sy) else { return nil }
        return radius * sx
    }

    /// Whether the layer's contents draw nothing outside its bounds rounded by `radius`: none, or a
    /// picture whose own corners are cut at least as far.
    func contentsStayInside(radius: Double) -> Bool {
        switch contents {
        case .none: return true
        case .image(.picture(let size, _, let own)):
            guard let needed = pictureRadius(radius, size: size) else { return false }
            return own >= needed
        case .image(.symbol), .text: return false
        }
    }

    /// Whether every visible sublayer, with its own sublayers and shadows, lies inside the bounds
    /// rounded by `radius`: a rounded rectangle is convex, so a rectangle is inside when its four
    /// corners are.
    func sublayersStayInside(radius: Double) -> Bool {
        let size = frame.size
        func inside(_ x: Double, _ y: Double) -> Bool {
            guard x >= 0, y >= 0, x <= size.width, y <= size.height else { return false }
            let dx = Swift.max(radius - x, x - (size.width - radius), 0), dy = Swift.max(radius - y, y - (size.height - radius), 0)
            return dx * dx + dy * dy <= radius * radius * (1 + 1e-12)
        }
        return sublayers.allSatisfy { sublayer in
            guard let e = sublayer.extent else { return true }
            return inside(e.minX, e.minY) && inside(e.maxX, e.minY) && inside(e.minX, e.maxY) && inside(e.maxX, e.maxY)
        }
    }

    /// Where the layer and its sublayers can draw, in its parent's space: its frame, grown by an
    /// unclipped shadow's blur (⌈3σ⌉ pixels with σ = radius × scale / 2: at most 1.5 × radius + 1
    /// points) and by unclipped sublayers; nil when it draws nothing (hidden, or transparent).
    var extent: Rect? {
        guard !isHidden, opacity > 0 else { return nil }
        var rect = frame
        let clips = masksToBounds || mask != nil
        if let shadow, !clips {
            let grow = 1.5 * shadow.radius + 1
            rect = rect.union(Rect(x: frame.minX + shadow.offset.x - grow, y: frame.minY + shadow.offset.y - grow,
                                   width: frame.width + 2 * grow, height: frame.height + 2 * grow))
        }
        if !clips {
            for sublayer in sublayers {
                guard let e = sublayer.extent else { continue }
                rect = rect.union(Rect(x: frame.minX + e.minX, y: frame.minY + e.minY, width: e.width, height: e.height))
            }
        }
        return rect
    }
}

extension MaskShape {
    /// The radius of the mask when it is the rounded bounds of a layer of `size` (a rounded
    /// rectangle filling them, a circle, one rounded rectangle exactly the bounds), clamped to
    /// half the shorter side; nil for any other shape (an ellipse, several rectangles).
    func boundsRadius(of size: Size) -> Double? {
        let half = Swift.min(size.width, size.height) / 2
        switch self {
        case .roundedRect(let radius): return Swift.min(radius, half)
        case .oval: return size.width == size.height ? half : nil
        case .roundedRects(let shapes):
            guard shapes.count == 1, shapes[0].frame == Rect(x: 0, y: 0, width: size.width, height: size.height) else { return nil }
            return Swift.min(shapes[0].radius, half)
        }
    }
}

extension Rect {
    /// The smallest rectangle holding both.
    func union(_ other: Rect) -> Rect {
        let x = Swift.min(minX, other.minX), y = Swift.min(minY, other.minY)
        return Rect(x: x, y: y, width: Swift.max(maxX, other.maxX) - x, height: Swift.max(maxY, other.maxY) - y)
    }
}

extension CellDescription {
    /// The layer at `tag`, counting depth first as `layerPaths` does; nil beyond the last.
    /// - Complexity: O(layers).
    public func layer(atTag tag: Int) -> LayerDescription? {
        var next = 0
        func find(_ layers: [LayerDescription]) -> LayerDescription? {
            for layer in layers {
                if next == tag { return layer }
                next += 1
                if let found = find(layer.sublayers) { return found }
            }
            return nil
        }
        return tag >= 0 ? find(layers) : nil
    }

    /// Changes the layer at `tag` (depth first, as `layerPaths`) by `change`; nothing for a tag
    /// the cell has not.
    /// - Complexity: O(layers).
    mutating func updateLayer(atTag tag: Int, _ change: (inout LayerDescription) -> Void) {
        var next = 0
        func update(_ layers: inout [LayerDescription]) -> Bool {
            for i in layers.indices {
                if next == tag {
                    change(&layers[i])
                    return true
                }
                next += 1
                if update(&layers[i].sublayers) { return true }
            }
            return false
        }
        guard tag >= 0 else { return }
        _ = update(&layers)
    }
}
