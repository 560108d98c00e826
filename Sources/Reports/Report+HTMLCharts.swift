import Foundation
import Results
import Text

/// The HTML report's charts: SVG written by hand (no script, no external resource), sized in a
/// view box so they scale to the page; every bar and line carries its strategy's name.
extension Report {
    /// One bar of a bar chart.
    struct Bar {
        var name: String
        var value: Double
        /// Where a thin whisker beyond the bar ends (a higher percentile), if any.
        var whisker: Double?
        var colour: String
        /// The value as labelled beside the bar.
        var text: String
    }

    /// One strategy's step times, drawn as one of a scenario's small charts.
    struct Panel {
        /// The strategy's name.
        var name: String
        var colour: String
        /// µs per step, in step order.
        var values: [Double]
        /// The reference strategy's µs per step, drawn in grey behind; nil for the reference itself.
        var reference: [Double]?
        /// The line under the name: the median and the spread.
        var summary: String
    }

    /// A scenario event as the charts name it.
    struct ChartEvent: Equatable {
        /// The 0-based measured step.
        var step: Int
        /// What happened (`corner radius 7 → 12`).
        var label: String
    }

    /// A horizontal bar chart: strategies down the side, so long names stay readable; the value
    /// axis runs from 0 to at least `minimumTop` (`niceTicks`).
    static func barChart(title: String, axis: String, bars: [Bar], atLeast minimumTop: Double = 0, width: Double = 560) -> String {
        // Room for the longest name and value label (11 px text averages under 6.5 px a character).
        let nameWidth = Double(bars.map(\.name.count).max() ?? 0) * 6.5 + 8
        let valueWidth = Double(bars.map(\.text.count).max() ?? 0) * 6.5 + 12
        let top = 34.0, barHeight = 18.0, gap = 8.0
        let plotLeft = nameWidth + 6, plotRight = width - valueWidth
        let plotHeight = Double(bars.count) * (barHeight + gap) + gap
        let height = top + plotHeight + 40
        let ticks = niceTicks(upTo: bars.map { max($0.value, $0.whisker ?? 0) }.max() ?? 0, count: width < 700 ? 4 : 8, atLeast: minimumTop)
        let x = { (value: Double) in plotLeft + (plotRight - plotLeft) * max(0, value) / ticks.top }

        var out = svgOpen(width: width, height: height, label: title)
        out += "<text class=\"title\" x=\"0\" y=\"16\">\(Escape.html(title))</text>\n"
        for tick in ticks.values {
            out += "<line class=\"grid\" x1=\"\(n(x(tick)))\" y1=\"\(n(top))\" x2=\"\(n(x(tick)))\" y2=\"\(n(top + plotHeight))\"/>"
            out += "<text class=\"tick\" x=\"\(n(x(tick)))\" y=\"\(n(top + plotHeight + 14))\" text-anchor=\"middle\">\(tickText(tick, ticks.step, top: ticks.top))</text>\n"
        }
        out += "<line class=\"axis\" x1=\"\(n(plotLeft))\" y1=\"\(n(top))\" x2=\"\(n(plotLeft))\" y2=\"\(n(top + plotHeight))\"/>"
        out += "<line class=\"axis\" x1=\"\(n(plotLeft))\" y1=\"\(n(top + plotHeight))\" x2=\"\(n(plotRight))\" y2=\"\(n(top + plotHeight))\"/>\n"
        out += "<text class=\"label\" x=\"\(n((plotLeft + plotRight) / 2))\" y=\"\(n(top + plotHeight + 32))\" text-anchor=\"middle\">\(Escape.html(axis))</text>\n"
        for (i, bar) in bars.enumerated() {
            let y = top + gap + Double(i) * (barHeight + gap)
            let middle = y + barHeight / 2
            out += "<g><title>\(Escape.html(bar.name)): \(Escape.html(bar.text))</title>"
            out += "<text class=\"name\" x=\"\(n(nameWidth))\" y=\"\(n(middle + 4))\" text-anchor=\"end\">\(Escape.html(bar.name))</text>"
            out += "<rect x=\"\(n(plotLeft))\" y=\"\(n(y))\" width=\"\(n(x(bar.value) - plotLeft))\" height=\"\(n(barHeight))\" fill=\"\(bar.colour)\" stroke=\"#333\" stroke-width=\"0.5\"/>"
            var labelX = x(bar.value)
            if let whisker = bar.whisker, whisker > bar.value {
                out += "<line x1=\"\(n(x(bar.value)))\" y1=\"\(n(middle))\" x2=\"\(n(x(whisker)))\" y2=\"\(n(middle))\" stroke=\"#333\" stroke-width=\"1.5\"/>"
                out += "<line x1=\"\(n(x(whisker)))\" y1=\"\(n(y + 3))\" x2=\"\(n(x(whisker)))\" y2=\"\(n(y + barHeight - 3))\" stroke=\"#333\" stroke-width=\"1.5\"/>"
                labelX = x(whisker)
            }
            out += "<text class=\"value\" x=\"\(n(labelX + 4))\" y=\"\(n(middle + 4))\">\(Escape.html(bar.text))</text></g>\n"
        }
        return out + "</svg>\n"
    }

    /// The vertical axis shared by a scenario's step-time charts: from 0 to a round number above
    /// the `quantile` of every strategy's step times after the first.
    ///
    /// The first measured step renders a fresh table (cold caches, first allocations) and is often
    /// several times the median, and one stall can be too; an axis scaled to them flattens every
    /// line. Step 0 is therefore left out of the scale, and of the rest only the top 1 % may lie
    /// above it: those points are drawn at the top edge and marked. The quantile is the
    /// nearest-rank one of all strategies' steps pooled, so the charts share one scale.
    static func stepScale(_ series: [[Double]], quantile: Double = 0.99) -> (step: Double, top: Double, values: [Double]) {
        // Without a second step there is nothing else to scale to.
        let pooled = series.flatMap { $0.count > 1 ? Array($0.dropFirst()) : $0 }.filter(\.isFinite).sorted()
        guard !pooled.isEmpty else { return niceTicks(upTo: 0, count: 4) }
        let rank = Int((quantile * Double(pooled.count)).rounded(.up))
        let robust = pooled[max(0, min(pooled.count - 1, rank - 1))]
        // A little headroom, so the highest points in scale do not sit on the frame.
        return niceTicks(upTo: robust * 1.05, count: 4)
    }

    /// One strategy's step times against the step index, in a small chart of fixed scales (shared
    /// by its scenario's charts): the reference strategy's line in grey behind, events as dashed
    /// verticals named above the plot, points above the scale drawn at its top edge and marked ▲.
    static func panelChart(_ panel: Panel, scale: (step: Double, top: Double, values: [Double]), steps: Int,
                           events: [ChartEvent]) -> String {
        let width = 400.0, left = 42.0, right = 8.0, plotHeight = 130.0, rowHeight = 13.0
        let plotRight = width - right
        let lastStep = Double(max(steps - 1, 1))
        let x = { (step: Double) in left + (plotRight - left) * step / lastStep }
        // The events' names in rows above the plot, each beside its line; every chart of a
        // scenario has the same events, so the same rows and the same height.
        let names = events.map { clipped($0.label, to: 40) }
        let placed = eventLabelLayout(xs: events.map { x(Double($0.step)) }, widths: names.map { Double($0.unicodeScalars.count) * 6 },
                                      left: 0, right: width, maxRows: 3)
        let rows = (placed.compactMap { $0?.row }.max() ?? -1) + 1
        let top = 52 + Double(rows) * rowHeight, bottom = top + plotHeight
        let y = { (value: Double) in bottom - plotHeight * min(max(0, value), scale.top) / scale.top }
        let offScale = panel.values.enumerated().filter { $0.element > scale.top }
        let height = bottom + 22 + (offScale.isEmpty ? 0 : 16)

        var out = svgOpen(width: width, height: height, label: "Step time of \(panel.name) across the scroll")
        out += "<rect x=\"0\" y=\"4\" width=\"11\" height=\"11\" fill=\"\(panel.colour)\" stroke=\"#333\" stroke-width=\"0.5\"/>"
        out += "<text class=\"title\" x=\"16\" y=\"14\">\(Escape.html(clipped(panel.name, to: 44)))<title>\(Escape.html(panel.name))</title></text>\n"
        out += "<text class=\"label\" x=\"0\" y=\"31\">\(Escape.html(panel.summary))</text>\n"
        for tick in scale.values {
            out += "<line class=\"grid\" x1=\"\(n(left))\" y1=\"\(n(y(tick)))\" x2=\"\(n(plotRight))\" y2=\"\(n(y(tick)))\"/>"
            out += "<text class=\"tick\" x=\"\(n(left - 5))\" y=\"\(n(y(tick) + 4))\" text-anchor=\"end\">\(tickText(tick, scale.step, top: scale.top))</text>\n"
        }
        let xTicks = niceTicks(upTo: lastStep, count: 4)
        for tick in xTicks.values where tick <= Double(max(steps - 1, 0)) {
            out += "<line class=\"axis\" x1=\"\(n(x(tick)))\" y1=\"\(n(bottom))\" x2=\"\(n(x(tick)))\" y2=\"\(n(bottom + 4))\"/>"
            out += "<text class=\"tick\" x=\"\(n(x(tick)))\" y=\"\(n(bottom + 16))\" text-anchor=\"middle\">\(tickText(tick, xTicks.step, top: xTicks.top))</text>\n"
        }
        out += "<line class=\"axis\" x1=\"\(n(left))\" y1=\"\(n(top))\" x2=\"\(n(left))\" y2=\"\(n(bottom))\"/>"
        out += "<line class=\"axis\" x1=\"\(n(left))\" y1=\"\(n(bottom))\" x2=\"\(n(plotRight))\" y2=\"\(n(bottom))\"/>\n"

        // An event's line reaches up to its name; one whose name found no room stops at the plot
        // (the list under the charts names every event).
        for (i, event) in events.enumerated() {
            let ex = x(Double(event.step))
            let labelY = placed[i].map { top - 4 - Double($0.row) * rowHeight }
            out += "<g><title>step \(event.step): \(Escape.html(event.label))</title>"
            out += "<line class=\"event\" x1=\"\(n(ex))\" y1=\"\(n(labelY.map { $0 - 9 } ?? top))\" x2=\"\(n(ex))\" y2=\"\(n(bottom))\"/>"
            if let place = placed[i], let labelY {
                let tx = place.anchorEnd ? ex - 3 : ex + 3
                out += "<text class=\"event-label\" x=\"\(n(tx))\" y=\"\(n(labelY))\"\(place.anchorEnd ? " text-anchor=\"end\"" : "")>\(Escape.html(names[i]))</text>"
            }
            out += "</g>\n"
        }
        func polyline(_ values: [Double], colour: String, width: Double) -> String {
            let points = values.enumerated().map { "\(n(x(Double($0.offset)))),\(n(y($0.element)))" }.joined(separator: " ")
            return "<polyline fill=\"none\" stroke=\"\(colour)\" stroke-width=\"\(n(width))\" stroke-linejoin=\"round\" points=\"\(points)\"/>\n"
        }
        if let reference = panel.reference, !reference.isEmpty { out += polyline(reference, colour: "#b8b8b8", width: 1.25) }
        if !panel.values.isEmpty { out += polyline(panel.values, colour: lineColour(panel.colour), width: 1.75) }
        // Off-scale points: a ▲ just inside the top edge, where their clipped line ends.
        for (step, value) in offScale {
            out += "<path d=\"M\(n(x(Double(step)) - 4.5)) \(n(top + 9))h9l-4.5-8z\" fill=\"\(panel.colour)\" stroke=\"#333\" stroke-width=\"0.6\"><title>\(Format.decimal(value, 1)) µs at step \(step)</title></path>\n"
        }
        if let highest = offScale.max(by: { $0.element < $1.element }) {
            let first = highest.offset == 0 ? " (the first, cold)" : ""
            let note = offScale.count == 1
                ? "▲ off scale: \(Format.decimal(highest.element, 1)) µs at step \(highest.offset)\(first)"
                : "▲ \(offScale.count) steps off scale, highest \(Format.decimal(highest.element, 1)) µs at step \(highest.offset)\(first)"
            out += "<text class=\"label\" x=\"0\" y=\"\(n(bottom + 34))\">\(Escape.html(note))</text>\n"
        }
        return out + "</svg>\n"
    }

    /// Where each event's name goes above a chart: a row (0 nearest the plot) and whether it ends
    /// at its line (when starting there would cross `right`); nil when it finds no room.
    ///
    /// Each event's line rises from the plot to its name. A name must therefore sit above every
    /// line that would rise through it, and must not overlap another name in its row; a name that
    /// would need more than `maxRows` rows is left out (its line stops at the plot, and the list
    /// under the charts names it). Rows only grow, so this settles.
    static func eventLabelLayout(xs: [Double], widths: [Double], left: Double, right: Double,
                                 maxRows: Int) -> [(row: Int, anchorEnd: Bool)?] {
        let count = min(xs.count, widths.count)
        // Typed step by step: inferred in two expressions, these took the type checker 31 s.
        var anchorEnd: [Bool] = []
        var spans: [ClosedRange<Double>] = []
        for index in 0..<count {
            let x: Double = xs[index], width: Double = widths[index]
            let before: Double = x - 3 - width, after: Double = x + 3 + width
            let end: Bool = after > right && before >= left
            anchorEnd.append(end)
            spans.append(end ? before...x : x...after)
        }
        // A little air between neighbours, and around a line passing a name.
        let padded: [ClosedRange<Double>] = spans.map { (span: ClosedRange<Double>) -> ClosedRange<Double> in
            (span.lowerBound - 6)...(span.upperBound + 6)
        }
        var rows: [Int?] = Array(repeating: 0, count: count)
        var changed = true
        while changed {
            changed = false
            for i in 0..<count {
                guard let start = rows[i] else { continue }
                var row = start, bumped = true
                while bumped && row < maxRows {
                    bumped = false
                    for j in 0..<count where j != i {
                        guard let other = rows[j] else { continue }
                        let crosses = spans[i].contains(xs[j]) && other >= row
                        let overlaps = j < i && other == row && padded[i].overlaps(spans[j])
                        if crosses || overlaps {
                            row = max(row, other) + 1
                            bumped = true
                        }
                    }
                }
                if row != start {
                    rows[i] = row < maxRows ? row : nil
                    changed = true
                }
            }
        }
        return (0..<count).map { i in rows[i].map { ($0, anchorEnd[i]) } }
    }

    /// A palette colour (`#RRGGBB`) darkened until a thin line of it stands out on white: at most
    /// 0.25 relative luminance, a contrast of at least 3.5:1 (the palette's yellow, orange and
    /// sky blue have less). Bars keep the palette's colour: their dark outline shows them.
    static func lineColour(_ hex: String) -> String {
        guard hex.count == 7, let value = Int(hex.dropFirst(), radix: 16) else { return hex }
        let bytes: [Int] = [(value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF]
        var channels: [Double] = bytes.map { (byte: Int) -> Double in Double(byte) / 255 }
        func luminance(_ c: [Double]) -> Double {
            let linear: [Double] = c.map { (v: Double) -> Double in v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
            return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
        }
        while luminance(channels) > 0.25 { channels = channels.map { $0 * 0.95 } }
        return "#" + channels.map { channel in
            let byte = String(Int((channel * 255).rounded()), radix: 16, uppercase: true)
            return byte.count == 1 ? "0" + byte : byte
        }.joined()
    }

    /// `text` cut to `limit` Unicode scalars, the last of them `…`, when it is longer: a chart has
    /// room for so much, and the full text is in its tooltip and the page.
    static func clipped(_ text: String, to limit: Int) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > limit else { return text }
        var out = String.UnicodeScalarView(scalars.prefix(max(0, limit - 1)))
        out.append("…")
        return String(out)
    }

    /// An SVG's opening tag. No `xmlns`: HTML parsers do not need it, and it would be a URL.
    private static func svgOpen(width: Double, height: Double, label: String) -> String {
        "<svg viewBox=\"0 0 \(n(width)) \(n(height))\" role=\"img\" aria-label=\"\(Escape.html(label))\">\n"
    }

    /// Axis ticks from 0 to a round number at or above `maximum` and `minimumTop`, about `count`
    /// of them, at steps of 1, 2 or 5 × 10ⁿ.
    ///
    /// An axis always starts at zero, so a bar's length is its value. `minimumTop` keeps small
    /// values looking small: off-screen passes of 0.1 a step on an axis to 0.15 filled the chart
    /// as 22 passes would; on an axis to at least 1 (a count's floor) they are a tenth of it.
    static func niceTicks(upTo maximum: Double, count: Int = 5, atLeast minimumTop: Double = 0) -> (step: Double, top: Double, values: [Double]) {
        let maximum = max(maximum.isFinite ? maximum : 0, minimumTop.isFinite ? minimumTop : 0)
        guard maximum > 0 else { return (1, 1, [0, 1]) }
        let raw = maximum / Double(count)
        let magnitude = pow(10, floor(log10(raw)))
        let fraction = raw / magnitude
        let step = (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10) * magnitude
        let intervals = Int((maximum / step - 1e-9).rounded(.up))
        return (step, Double(intervals) * step, (0...intervals).map { Double($0) * step })
    }

    /// A tick value as short text: in millions (M) or thousands (k) when the axis reaches
    /// 10⁶ or 10⁴, with the decimals `step` needs, so an axis reads 0, 0.5M, 1M, 1.5M.
    static func tickText(_ value: Double, _ step: Double, top: Double) -> String {
        let (divisor, suffix) = top >= 1_000_000 ? (1_000_000.0, "M") : top >= 10_000 ? (1000.0, "k") : (1.0, "")
        let scaledStep = step / divisor
        let digits = scaledStep >= 1 ? 0 : Int((-log10(scaledStep)).rounded(.up))
        return value == 0 ? "0" : Format.decimal(value / divisor, digits) + suffix
    }

    /// A coordinate with one decimal, enough for a 1200 px page.
    static func n(_ value: Double) -> String { Format.fixed(value, 1) }
}
