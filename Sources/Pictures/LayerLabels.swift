import Compositor
import Raster
import Scenarios
import Table
import Text

/// The numbers a frame picture puts on the layers of a described cell (`--cell`) that pay for what
/// its overlay shows — off-screen passes, blended pixels, cache misses — so that a tint can be told
/// apart by layer: a number in a box at the top-left corner of each region the layer drew there
/// (`Renderer.overlayRegions(_:)`), which the legend explains (`PictureLegend`) with the layer's
/// path and what it paid in the frame. A layer that paid nothing gets no number; a frame of
/// built-in rows, none at all.
public struct LayerLabels: Equatable, Sendable {
    /// One numbered layer.
    public struct Label: Equatable, Sendable {
        /// The number drawn: the layer's place in the description's order, depth first, from 0
        /// (`Layer.costTag`), so `layers[3]` of a cell without sublayers is 3, as the per-layer
        /// table counts it.
        public var number: Int
        /// The layer's path in the description (`CellDescription.layerPaths`).
        public var path: String
        /// The layer's `name`, nil when it has none.
        public var name: String?
        /// The legend's line for it: the path and what it paid in the frame.
        public var meaning: String
        /// Where it drew what it paid, in screen pixels at full size, in drawing order: one
        /// number each.
        public var regions: [PixelRect]
    }

    /// The numbered layers, by number.
    public var labels: [Label]
    /// The layers that paid too but got no number: beyond the `maxNumbered` dearest, they paid no more.
    public var unnumbered: Int

    /// The most layers numbered in one picture: the legend gives each a line or two, so a cell
    /// of 1,000 layers would make it tens of thousands of pixels tall, and the picture a field of
    /// boxes. The dearest are numbered; `bench run --cell` lists every layer's cost.
    public static let maxNumbered = 20

    /// No numbers: the frame of a plain picture or of built-in rows.
    public static let none = LayerLabels(labels: [])

    /// These labels, as they are (a test's, or ones made elsewhere), and `unnumbered` more layers
    /// that paid.
    public init(labels: [Label], unnumbered: Int = 0) {
        self.labels = labels
        self.unnumbered = unnumbered
    }

    /// The numbers of a frame drawn with `overlay` whose rows show `cell`: `regions` are where its
    /// layers, by tag, drew what the overlay tints as a cost (`Renderer.overlayRegions(_:)`), and
    /// `costs` what each tag cost in the frame (`RenderStats.layerCosts`).
    public init(overlay: Overlay, cell: CellDescription, regions: [(tag: Int, rect: PixelRect)], costs: [Int: LayerCost]) {
        let paths = cell.layerPaths, names = cell.layerNames
        var byTag: [Int: [PixelRect]] = [:]
        for (tag, rect) in regions where paths.indices.contains(tag) { byTag[tag, default: []].append(rect) }
        let paying = byTag.sorted(by: { $0.key < $1.key }).compactMap { tag, rects in
            let paid = LayerLabels.paid(costs[tag] ?? LayerCost(), for: overlay)
            return paid.amount > 0 ? (tag: tag, rects: rects, paid: paid) : nil
        }
        // The dearest `maxNumbered` (the first in the description on a tie), in description order.
        let numbered = Set(paying.enumerated().sorted { a, b in
            a.element.paid.amount != b.element.paid.amount ? a.element.paid.amount > b.element.paid.amount : a.offset < b.offset
        }.prefix(LayerLabels.maxNumbered).map(\.element.tag))
        var labels: [Label] = []
        for (tag, rects, paid) in paying where numbered.contains(tag) {
            // Each region is the layer in one cell on screen.
            let share = paid.amount % rects.count == 0 ? "\(Format.grouped(paid.amount / rects.count)) per cell"
                : "in \(rects.count) cells"
            // A name is the file's text: its control characters are made visible, as a terminal's are.
            let layer = names[tag].map { "\(Escape.terminal($0)) (\(paths[tag]))" } ?? paths[tag]
            let meaning = "\(layer): \(Format.grouped(paid.amount)) \(paid.amount == 1 ? paid.unit : paid.units) in this frame, \(share)"
            labels.append(Label(number: tag, path: paths[tag], name: names[tag], meaning: meaning, regions: rects))
        }
        self.labels = labels
        unnumbered = paying.count - labels.count
    }

    /// What a layer paid for what `overlay` shows: blended pixels, or off-screen passes (a cache
    /// miss is one).
    static func paid(_ cost: LayerCost, for overlay: Overlay) -> (amount: Int, unit: String, units: String) {
        switch overlay {
        case .blended: return (cost.blendedPixels, "blended pixel", "blended pixels")
        case .offscreen, .raster: return (cost.offscreenPasses, "off-screen pass", "off-screen passes")
        }
    }

    /// The text size of the numbers on a picture `width` pixels wide: three quarters of the
    /// legend's (`PictureLegend.pixelsPerEm(forWidth:)`), so they read wherever the legend does
    /// and cover little of a small layer.
    public static func pixelsPerEm(forWidth width: Int) -> Int { max(11, PictureLegend.pixelsPerEm(forWidth: width) * 3 / 4) }

    /// `picture`, a frame drawn at full size and shrunk by `downscale`, with each number drawn at
    /// its regions' top-left corners there, moved in where a box would cross the picture's edge.
    /// Drawn after shrinking, at the text size of the shrunk picture, so they stay legible.
    /// - Complexity: O(pixels of the boxes).
    public func drawn(on picture: Pixmap, downscale: Int = 1) -> Pixmap {
        guard !labels.isEmpty else { return picture }
        var out = picture
        let em = LayerLabels.pixelsPerEm(forWidth: picture.width), scale = max(1, downscale)
        var glyphs = GlyphCache()
        for label in labels {
            let size = LayerLabels.boxSize(label.number, pixelsPerEm: em)
            for region in label.regions {
                let x = max(0, min(region.x / scale, picture.width - size.width))
                let y = max(0, min(region.y / scale, picture.height - size.height))
                LayerLabels.drawBox(label.number, at: PixelPoint(x: x, y: y), pixelsPerEm: em, into: &out, glyphs: &glyphs)
            }
        }
        return out
    }

    /// The box of `number` at `em`: its digits (0.7 em high) with a quarter em around them, at
    /// least square.
    static func boxSize(_ number: Int, pixelsPerEm em: Int) -> PixelSize {
        let pad = max(2, em / 4), height = Int((0.7 * Double(em)).rounded()) + 2 * pad
        let digits = BuiltinFont.standard.width(of: String(number), pixelsPerEm: em)
        return PixelSize(width: max(height, digits + 2 * pad), height: height)
    }

    /// The box's ink, the legend's text colour, and its digits and edge, white: it reads over any
    /// tint and any layer.
    static let ink = Color(red: 26, green: 26, blue: 26).premultiplied

    /// Draws the box of `number` with its top-left at `origin`: white digits on `ink`, in a white
    /// edge.
    static func drawBox(_ number: Int, at origin: PixelPoint, pixelsPerEm em: Int, into picture: inout Pixmap,
                        glyphs: inout GlyphCache) {
        let font = BuiltinFont.standard, text = String(number)
        let size = boxSize(number, pixelsPerEm: em), edge = max(1, em / 16)
        let box = PixelRect(origin: origin, size: size), white = Color.white.premultiplied
        let kernels = KernelChoice.preferred  // a picture's, untimed: every choice draws the same pixels
        picture.fill(box, with: white, kernels: kernels)
        picture.fill(PixelRect(x: box.x + edge, y: box.y + edge, width: size.width - 2 * edge, height: size.height - 2 * edge),
                     with: ink, kernels: kernels)
        // The digits stand on the baseline, 0.7 em high: centre them, not their line.
        let digitsHeight = Int((0.7 * Double(em)).rounded())
        let top = box.y + (size.height - digitsHeight) / 2 - (font.baseline(pixelsPerEm: em) - digitsHeight)
        let left = box.x + (size.width - font.width(of: text, pixelsPerEm: em)) / 2
        picture.drawText(text, at: PixelPoint(x: left, y: top), pixelsPerEm: em, color: white, glyphs: &glyphs, kernels: kernels)
    }
}
