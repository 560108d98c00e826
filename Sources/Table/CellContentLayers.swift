import Compositor
import Raster

/// The layers of a Settings row, made once per cell and kept across reuse, as a cell keeps its
/// image view, labels, accessory and separator: the icon, title, detail and chevron in the
/// content view, the separator along the cell's bottom edge above it.
///
/// A label's bitmap is drawn again only when what it shows changes (text, colours or width), as a
/// label redraws its backing store only when it needs display.
final class CellContentLayers {
    let icon: Layer
    let title: Layer
    let detail: Layer
    let accessory: Layer
    let separator: Layer
    private var titleDrawn: LabelKey?
    private var detailDrawn: LabelKey?

    /// What a label's bitmap was drawn for.
    struct LabelKey: Equatable {
        var text: String
        var color: Color
        var background: Color?
        var maxWidth: Double
    }

    /// Adds the layers to `cell`, empty until `update` runs.
    init(in cell: Cell, ledger: Ledger) {
        icon = Layer(ledger: ledger)
        title = Layer(ledger: ledger)
        detail = Layer(ledger: ledger)
        accessory = Layer(ledger: ledger)
        separator = Layer(ledger: ledger)
        for layer in [icon, title, detail, accessory] { cell.contentView.addSublayer(layer) }
        cell.layer.addSublayer(separator)
    }

    /// Shows `content` of global row `row` in a cell of `size`, laid out as the system lays out a
    /// Settings row (margins 16 pt, icon then text, detail and chevron at the right), with labels
    /// over `labelBackground` (nil: clear labels); `separator` draws a one-pixel line along the
    /// bottom, inset to the text.
    func update(_ content: RowContent, row: Int, size: Size, labelBackground: Color?, separator showsSeparator: Bool,
                drawing: ContentDrawing) {
        let margin = 16.0
        let mid = size.height / 2
        var textX = margin
        icon.isHidden = !content.icon
        if content.icon {
            let image = drawing.icon(ContentDrawing.iconColors[row % ContentDrawing.iconColors.count])
            icon.contents = image
            let side = ContentDrawing.iconSide
            icon.frame = Rect(x: drawing.snap(margin), y: drawing.snap(mid - side / 2), width: side, height: side)
            textX = margin + side + 12
        }
        var right = size.width - margin
        accessory.isHidden = content.accessory == .none
        if content.accessory == .disclosure, let chevron = drawing.chevron() {
            let w = Double(chevron.pixmap.width) / drawing.scale, h = Double(chevron.pixmap.height) / drawing.scale
            accessory.contents = chevron
            accessory.frame = Rect(x: drawing.snap(right - w), y: drawing.snap(mid - h / 2), width: w, height: h)
            right -= w + 6
        }
        let detailText = content.detailLength > 0 ? ContentText.detail(row: row, length: content.detailLength) : ""
        let detailWidth = draw(detail, &detailDrawn, LabelKey(text: detailText, color: ContentDrawing.detailColor,
                                                             background: labelBackground, maxWidth: max(0, (right - textX) / 2)),
                               drawing: drawing) { w, h in Rect(x: drawing.snap(right - w), y: drawing.snap(mid - h / 2), width: w, height: h) }
        let titleRight = detailWidth > 0 ? right - detailWidth - 8 : right
        let titleText = ContentText.title(row: row, length: max(1, content.titleLength))
        _ = draw(title, &titleDrawn, LabelKey(text: titleText, color: ContentDrawing.titleColor, background: labelBackground,
                                              maxWidth: max(0, titleRight - textX)),
                 drawing: drawing) { w, h in Rect(x: drawing.snap(textX), y: drawing.snap(mid - h / 2), width: w, height: h) }
        separator.isHidden = !showsSeparator
        if showsSeparator {
            let line = 1 / drawing.scale
            separator.backgroundColor = ContentDrawing.separatorColor
            separator.frame = Rect(x: drawing.snap(textX), y: size.height - line, width: max(0, size.width - drawing.snap(textX)), height: line)
        }
    }

    /// Draws `layer`'s bitmap for `key` unless it already shows it, and frames it with `place`
    /// (given the bitmap's width and height in points); returns the width (0 when hidden).
    private func draw(_ layer: Layer, _ drawn: inout LabelKey?, _ key: LabelKey, drawing: ContentDrawing,
                      place: (Double, Double) -> Rect) -> Double {
        if drawn != key {
            drawn = key
            layer.contents = key.text.isEmpty ? nil
                : drawing.label(key.text, pointSize: ContentDrawing.bodySize, color: key.color, background: key.background,
                                maxWidth: key.maxWidth)
            layer.isOpaque = key.background != nil
        }
        guard let image = layer.contents else {
            layer.isHidden = true
            return 0
        }
        layer.isHidden = false
        let w = Double(image.pixmap.width) / drawing.scale, h = Double(image.pixmap.height) / drawing.scale
        layer.frame = place(w, h)
        return w
    }
}
