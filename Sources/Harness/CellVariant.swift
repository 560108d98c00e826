import Raster
import Results
import Scenarios
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
