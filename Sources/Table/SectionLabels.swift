import Compositor
import Raster
import Scenarios

/// The header and footer labels of the sections on screen, as a table view's header and footer
/// views: taken from a pool as a section comes into view and given back when it leaves, so a
/// scroll creates layers only until the pool holds enough.
///
/// The labels lie on the grouped background, outside every cell, so they cost every strategy the
/// same: a clear label blends its bitmap over the background.
final class SectionLabels {
    private var shown: [Key: Shown] = [:]
    private var spare: [Layer] = []

    /// A section's header or footer.
    struct Key: Hashable, Comparable {
        var section: Int
        var isFooter: Bool
        static func < (a: Key, b: Key) -> Bool { (a.section, a.isFooter ? 1 : 0) < (b.section, b.isFooter ? 1 : 0) }
    }

    private struct Shown {
        var layer: Layer
        var drawnFor: Double
    }

    /// Shows the labels of `sections` and gives back the others' layers; each label is laid out
    /// in `column` (its text at the cells' 16 pt margin), a header's baseline 6 pt above the first
    /// row, a footer 4 pt below the last, drawn only when its section leaves room for its line.
    /// - Complexity: O(sections shown), plus drawing the labels that came into view.
    func update(_ sections: Range<Int>, geometry: TableGeometry, content: ContentPattern, column: (x: Double, width: Double),
                table: Layer, ledger: Ledger, drawing: ContentDrawing) {
        var wanted: [Key] = []
        let lineHeight = drawing.lineHeight(pointSize: ContentDrawing.footnoteSize)
        for section in sections {
            let spec = geometry.sections[section]
            if content.headerLength > 0, spec.headerHeight >= lineHeight + 6 { wanted.append(Key(section: section, isFooter: false)) }
            if content.footerLength > 0, spec.footerHeight >= lineHeight + 2 { wanted.append(Key(section: section, isFooter: true)) }
        }
        let keep = Set(wanted)
        for key in shown.keys.sorted() where !keep.contains(key) {
            let layer = shown.removeValue(forKey: key)!.layer
            layer.removeFromSuperlayer()
            spare.append(layer)
        }
        let margin = 16.0
        for key in wanted {
            let spec = geometry.sections[key.section]
            var entry = shown[key] ?? Shown(layer: spare.popLast() ?? Layer(ledger: ledger), drawnFor: -1)
            if shown[key] == nil { table.addSublayer(entry.layer) }
            let width = max(0, column.width - 2 * margin)
            if entry.drawnFor != width {
                let text = key.isFooter ? ContentText.footer(section: key.section, length: content.footerLength)
                                        : ContentText.header(section: key.section, length: content.headerLength)
                entry.layer.contents = drawing.label(text, pointSize: ContentDrawing.footnoteSize, color: ContentDrawing.sectionTextColor,
                                                     background: nil, maxWidth: width)
                entry.drawnFor = width
            }
            if let image = entry.layer.contents {
                let top = key.isFooter ? geometry.sectionBottom(key.section) - spec.footerHeight + 2
                                       : geometry.sectionTops[key.section] + spec.headerHeight - 6 - lineHeight
                entry.layer.frame = Rect(x: drawing.snap(column.x + margin), y: drawing.snap(top),
                                         width: Double(image.pixmap.width) / drawing.scale,
                                         height: Double(image.pixmap.height) / drawing.scale)
            }
            shown[key] = entry
        }
    }
}
