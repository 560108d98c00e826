import Compositor
import Harness
import Raster

/// The legend drawn under a frame picture, so the picture explains itself wherever it is shown: a
/// caption (strategy, overlay, scenario, device and step), then each tint of the overlay as a
/// swatch with its meaning, and a white swatch for pixels the overlay does not mark; then, for a
/// described cell, each number on the picture (`LayerLabels`) with the layer's path and what it paid.
///
/// Text is drawn in the tool's built-in font (`Pixmap.drawText`), at a size that grows with the
/// picture's width (`pixelsPerEm(forWidth:)`), so the legend stays readable when the picture is
/// shown shrunk to fit a page: a 1,024 px picture shown 300 px wide in a README still has text
/// about 10 px high. A meaning that does not fit in two lines loses its parenthesised explanations
/// first, then its end (marked `...`).
public struct PictureLegend: Sendable {
    /// One row of the legend: a swatch and what a pixel of that colour shows.
    public struct Entry: Equatable, Sendable {
        /// The swatch's colour: the tint over white, as a tinted white cell shows it.
        public var swatch: PremultipliedColor
        /// What a pixel of that colour shows.
        public var meaning: String
    }

    /// The caption's lines, drawn first.
    public var caption: [String]
    /// The tints, in the overlay's order, then the untinted white; empty without an overlay.
    public var entries: [Entry]
    /// The numbered layers, each drawn as its number's box and its meaning, after the tints.
    public var labels: [LayerLabels.Label]
    /// How many more layers paid without a number (`LayerLabels.maxNumbered`), said in one line
    /// after the numbered ones; 0 for none.
    public var unnumbered: Int

    /// The legend of a picture of `scenario` drawn by `strategy` at `step` with `overlay` (nil:
    /// the plain frame, which gets the caption alone), with `labels` numbered on it.
    public init(scenario: Scenario, strategy: String, step: Int, overlay: Overlay?, labels: LayerLabels = .none) {
        caption = [strategy + (overlay.map { ", overlay \($0.rawValue)" } ?? ""),
                   "\(scenario.name) on \(scenario.device.name), step \(step)"]
        self.labels = labels.labels
        unnumbered = labels.unnumbered
        guard let overlay else {
            entries = []
            return
        }
        let white = Color.white.premultiplied
        entries = overlay.legend.map { Entry(swatch: Overlay.swatch(of: $0.tint), meaning: $0.meaning) }
            + [Entry(swatch: white, meaning: "no tint: drawn by layers this overlay does not mark")]
    }

    /// The text size for a picture `width` pixels wide: a 28th of it, from 11 to 64 pixels per em.
    public static func pixelsPerEm(forWidth width: Int) -> Int { min(64, max(11, width / 28)) }

    /// The largest number of lines a caption line or a meaning may take.
    static let maxLines = 2

    /// `picture` with the legend drawn below it, on white, across its width.
    /// - Complexity: O(pixels of the result).
    public func drawn(below picture: Pixmap) -> Pixmap {
        let layout = Layout(legend: self, width: picture.width)
        guard var out = Pixmap(width: picture.width, height: picture.height + layout.height, fill: Color.white.premultiplied) else {
            return picture
        }
        let kernels = KernelChoice.preferred  // a picture's, untimed: every choice draws the same pixels
        out.copy(picture, from: picture.bounds, to: .zero, kernels: kernels)
        let rule = max(1, layout.em / 16)
        out.fill(PixelRect(x: 0, y: picture.height, width: picture.width, height: rule),
                 with: Color(red: 200, green: 200, blue: 200).premultiplied, kernels: kernels)
        var glyphs = GlyphCache()
        let ink = Color(red: 26, green: 26, blue: 26).premultiplied
        var y = picture.height + layout.padding
        for line in layout.caption {
            out.drawText(line, at: PixelPoint(x: layout.padding, y: y), pixelsPerEm: layout.em, color: ink,
                         maxWidth: layout.captionWidth, glyphs: &glyphs, kernels: kernels)
            y += layout.lineHeight
        }
        y += layout.gap
        let swatch = layout.swatch
        for (entry, lines) in zip(entries, layout.meanings) {
            // The swatch beside the first line, centred on its lower-case letters.
            let top = y + layout.baseline - layout.em * 7 / 20 - swatch / 2
            let box = PixelRect(x: layout.padding, y: top, width: swatch, height: swatch)
            out.fill(box, with: Color(red: 51, green: 51, blue: 51).premultiplied, kernels: kernels)
            out.fill(PixelRect(x: box.x + rule, y: box.y + rule, width: swatch - 2 * rule, height: swatch - 2 * rule),
                     with: entry.swatch, kernels: kernels)
            for line in lines {
                out.drawText(line, at: PixelPoint(x: layout.textX, y: y), pixelsPerEm: layout.em, color: ink,
                             maxWidth: layout.meaningWidth, glyphs: &glyphs, kernels: kernels)
                y += layout.lineHeight
            }
        }
        if !labels.isEmpty { y += layout.gap }
        for (label, lines) in zip(labels, layout.labelMeanings) {
            // The box as the picture shows it, centred as a swatch is.
            let box = LayerLabels.boxSize(label.number, pixelsPerEm: layout.labelEm)
            let top = y + layout.baseline - layout.em * 7 / 20 - box.height / 2
            LayerLabels.drawBox(label.number, at: PixelPoint(x: layout.padding, y: top), pixelsPerEm: layout.labelEm,
                                into: &out, glyphs: &glyphs)
            for line in lines {
                out.drawText(line, at: PixelPoint(x: layout.labelTextX, y: y), pixelsPerEm: layout.em, color: ink,
                             maxWidth: layout.labelWidth, glyphs: &glyphs, kernels: kernels)
                y += layout.lineHeight
            }
        }
        for line in layout.unnumbered {
            out.drawText(line, at: PixelPoint(x: layout.labelTextX, y: y), pixelsPerEm: layout.em, color: ink,
                         maxWidth: layout.labelWidth, glyphs: &glyphs, kernels: kernels)
            y += layout.lineHeight
        }
        return out
    }

    /// The line saying that `count` more layers paid without a number; nil for none.
    static func unnumberedLine(_ count: Int) -> String? {
        guard count > 0 else { return nil }
        return "and \(count) more layer\(count == 1 ? "" : "s") that paid, not numbered here (bench run --cell lists every layer's cost)"
    }

    /// Where everything goes for a picture of one width.
    struct Layout {
        let em: Int, lineHeight: Int, baseline: Int, padding: Int, gap: Int, swatch: Int, textX: Int
        let captionWidth: Int, meaningWidth: Int
        /// The caption's lines and each entry's lines, fitted to their widths.
        let caption: [String], meanings: [[String]]
        /// The numbers' text size (as on the picture), where their meanings start, after the
        /// widest box, and each meaning's lines.
        let labelEm: Int, labelTextX: Int, labelWidth: Int, labelMeanings: [[String]]
        /// The lines saying how many more layers paid without a number; empty for none.
        let unnumbered: [String]

        init(legend: PictureLegend, width: Int) {
            let font = BuiltinFont.standard
            let em = PictureLegend.pixelsPerEm(forWidth: width)
            let padding = em / 2, swatch = em * 4 / 5
            let textX = padding + swatch + em / 2
            let captionWidth = max(1, width - 2 * padding), meaningWidth = max(1, width - textX - padding)
            self.em = em
            lineHeight = font.lineHeight(pixelsPerEm: em)
            baseline = font.baseline(pixelsPerEm: em)
            self.padding = padding
            gap = em / 3
            self.swatch = swatch
            self.textX = textX
            self.captionWidth = captionWidth
            self.meaningWidth = meaningWidth
            caption = legend.caption.flatMap { PictureLegend.lines($0, width: captionWidth, pixelsPerEm: em) }
            meanings = legend.entries.map { PictureLegend.lines($0.meaning, width: meaningWidth, pixelsPerEm: em) }
            let labelEm = LayerLabels.pixelsPerEm(forWidth: width)
            let widest = legend.labels.map { LayerLabels.boxSize($0.number, pixelsPerEm: labelEm).width }.max() ?? 0
            let labelWidth = max(1, width - (padding + widest + em / 2) - padding)
            self.labelEm = labelEm
            labelTextX = padding + widest + em / 2
            self.labelWidth = labelWidth
            labelMeanings = legend.labels.map { PictureLegend.lines($0.meaning, width: labelWidth, pixelsPerEm: em) }
            unnumbered = PictureLegend.unnumberedLine(legend.unnumbered).map { PictureLegend.lines($0, width: labelWidth, pixelsPerEm: em) } ?? []
        }

        /// The legend's height below the picture.
        var height: Int {
            let lines = caption.count + (meanings + labelMeanings).reduce(0) { $0 + $1.count } + unnumbered.count
            return padding + lines * lineHeight + (meanings.isEmpty ? 0 : gap) + (labelMeanings.isEmpty ? 0 : gap) + padding
        }
    }

    /// `text` broken at spaces into at most `maxLines` lines of at most `width` pixels: as it is
    /// when it fits, else without its parenthesised parts, else cut short with `...`.
    static func lines(_ text: String, width: Int, pixelsPerEm: Int) -> [String] {
        // Two lines hold a few hundred letters at most: a name from a file may be a megabyte.
        let text = text.unicodeScalars.count > 500 ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(500))) : text
        let font = BuiltinFont.standard
        func fits(_ line: String) -> Bool { font.width(of: line, pixelsPerEm: pixelsPerEm) <= width }
        func wrapped(_ text: String) -> [String] {
            var lines: [String] = [], line = ""
            for word in text.split(separator: " ") {
                let longer = line.isEmpty ? String(word) : line + " " + word
                if fits(longer) || line.isEmpty {
                    line = longer
                } else {
                    lines.append(line)
                    line = String(word)
                }
            }
            return line.isEmpty ? lines : lines + [line]
        }
        for candidate in [text, withoutParentheses(text)] {
            let lines = wrapped(candidate)
            if lines.count <= maxLines && lines.allSatisfy(fits) { return lines }
        }
        // Cut short: the lines that fit, the last one ending in "..." within the width.
        var lines = Array(wrapped(withoutParentheses(text)).prefix(maxLines))
        guard var last = lines.popLast() else { return [] }
        last += "..."
        while !fits(last) && last.count > 3 {
            last.remove(at: last.index(last.endIndex, offsetBy: -4))
        }
        return lines + [last]
    }

    /// `text` without its parenthesised parts and the spaces before them.
    static func withoutParentheses(_ text: String) -> String {
        var out = "", depth = 0
        for character in text {
            if character == "(" {
                depth += 1
                while out.hasSuffix(" ") { out.removeLast() }
            } else if character == ")" && depth > 0 {
                depth -= 1
            } else if depth == 0 {
                out.append(character)
            }
        }
        return out
    }
}
