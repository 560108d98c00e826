import Raster
import Scenarios

extension RowContent {
    /// The Settings row's layers for global row `row` in a cell of `size`, laid out as the
    /// system lays out a Settings row: margins 16 pt, the icon, then the title; the detail and
    /// chevron at the right; labels over `labelBackground` (nil: clear labels), each sized to its
    /// text (`ContentDrawing.labelSize`), the detail taking at most half the text's width. The
    /// layers are always icon, title, detail, accessory, so a reused cell keeps them; what a row
    /// does not show is hidden.
    public func description(row: Int, size: Size, labelBackground: Color?, drawing: ContentDrawing) -> CellDescription {
        let margin = 16.0
        let mid = size.height / 2
        var textX = margin
        func hidden() -> LayerDescription {
            var layer = LayerDescription(frame: .zero)
            layer.isHidden = true
            return layer
        }
        var iconLayer = hidden()
        if icon {
            let side = ContentDrawing.iconSide
            iconLayer = LayerDescription(frame: Rect(x: drawing.snap(margin), y: drawing.snap(mid - side / 2), width: side, height: side))
            iconLayer.contents = .image(.picture(size: Size(width: side, height: side),
                                                 color: ContentDrawing.iconColors[row % ContentDrawing.iconColors.count],
                                                 cornerRadius: ContentDrawing.iconRadius))
            textX = margin + side + 12
        }
        var right = size.width - margin
        var accessoryLayer = hidden()
        if accessory == .disclosure {
            let chevron = ContentDrawing.chevronText
            if let fit = drawing.labelSize(chevron, pointSize: ContentDrawing.bodySize, maxWidth: .greatestFiniteMagnitude) {
                accessoryLayer = LayerDescription(frame: Rect(x: drawing.snap(right - fit.width), y: drawing.snap(mid - fit.height / 2),
                                                              width: fit.width, height: fit.height))
                accessoryLayer.contents = .image(.symbol(chevron, pointSize: ContentDrawing.bodySize, color: ContentDrawing.chevronColor))
                right -= fit.width + 6
            }
        }
        let detailText = detailLength > 0 ? ContentText.detail(row: row, length: detailLength) : ""
        let (detailLayer, detailWidth) = label(detailText, color: ContentDrawing.detailColor, background: labelBackground,
                                               maxWidth: max(0, (right - textX) / 2), drawing: drawing) { w, h in
            Rect(x: drawing.snap(right - w), y: drawing.snap(mid - h / 2), width: w, height: h)
        }
        let titleRight = detailWidth > 0 ? right - detailWidth - 8 : right
        let (titleLayer, _) = label(ContentText.title(row: row, length: max(1, titleLength)), color: ContentDrawing.titleColor,
                                    background: labelBackground, maxWidth: max(0, titleRight - textX), drawing: drawing) { w, h in
            Rect(x: drawing.snap(textX), y: drawing.snap(mid - h / 2), width: w, height: h)
        }
        return CellDescription(layers: [iconLayer, titleLayer, detailLayer, accessoryLayer], separatorInset: textX)
    }

    /// A label sized to `text` cut at `maxWidth`, framed by `place` (given its width and height
    /// in points), and its width; hidden and 0 wide when nothing of the text fits.
    private func label(_ text: String, color: Color, background: Color?, maxWidth: Double, drawing: ContentDrawing,
                       place: (Double, Double) -> Rect) -> (LayerDescription, Double) {
        let contents = LayerContents.text(TextContent(source: .literal(text), pointSize: ContentDrawing.bodySize, color: color,
                                                      background: background, maxWidth: maxWidth))
        guard !text.isEmpty, let fit = drawing.labelSize(text, pointSize: ContentDrawing.bodySize, maxWidth: maxWidth) else {
            var layer = LayerDescription(frame: .zero)
            layer.contents = contents
            layer.isHidden = true
            return (layer, 0)
        }
        var layer = LayerDescription(frame: place(fit.width, fit.height))
        layer.contents = contents
        return (layer, fit.width)
    }
}
