import Foundation
import Results

/// The HTML report's charts: SVG written by hand (no script, no external resource), sized in a
/// view box so they scale to the page; every bar and line carries its strategy's name.
extension Results {
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

    /// One line of a line chart.
    struct Series {
        var name: String
        var colour: String
        var values: [Double]
        var p99: Double
    }

    /// A horizontal bar chart: strategies down the side, so long names stay readable.
    static func barChart(title: String, axis: String, bars: [Bar], width: Double = 560) -> String {
        // Room for the longest name and value label (11 px text averages under 6.5 px a character).
        let nameWidth = Double(bars.map(\.name.count).max() ?? 0) * 6.5 + 8
        let valueWidth = Double(bars.map(\.text.count).max() ?? 0) * 6.5 + 12
        let top = 34.0, barHeight = 18.0, gap = 8.0
        let plotLeft = nameWidth + 6, plotRight = width - valueWidth
        let plotHeight = Double(bars.count) * (barHeight + gap) + gap
        let height = top + plotHeight + 40
        let ticks = niceTicks(upTo: bars.map { max($0.value, $0.whisker ?? 0) }.max() ?? 0, count: width < 700 ? 4 : 8)
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

    /// Step times against step index, a polyline per strategy, events as dashed verticals.
    static func lineChart(title: String, series: [Series], events: [Int]) -> String {
        let width = 1140.0, left = 64.0, right = 16.0
        let legendRows = legendLayout(series.map(\.name), width: width - left - right)
        let top = 30.0 + Double(legendRows.count) * 18 + 18
        let plotHeight = 300.0
        let steps = series.map(\.values.count).max() ?? 0
        // A cold first frame or one stall can be several times every other step; an axis scaled
        // to it flattens all the lines. Scale to the highest p99 instead and mark what lies above.
        let highest = series.flatMap(\.values).max() ?? 0
        let highestP99 = series.map(\.p99).max() ?? 0
        let ticks = niceTicks(upTo: highest > 1.5 * highestP99 && highestP99 > 0 ? highestP99 * 1.15 : highest)
        let clipped = series.reduce(0) { count, item in count + item.values.filter { $0 > ticks.top }.count }
        let height = top + plotHeight + (clipped > 0 ? 62 : 44)
        let xSteps = niceTicks(upTo: Double(max(steps - 1, 1)), count: 10)
        let plotRight = width - right
        let x = { (step: Double) in left + (plotRight - left) * step / Double(max(steps - 1, 1)) }
        let y = { (value: Double) in top + plotHeight - plotHeight * min(max(0, value), ticks.top) / ticks.top }

        var out = svgOpen(width: width, height: height, label: title)
        out += "<text class=\"title\" x=\"0\" y=\"16\">\(Escape.html(title))</text>\n"
        for (row, entries) in legendRows.enumerated() {
            let ly = 34.0 + Double(row) * 18
            for entry in entries {
                let item = series[entry.index]
                out += "<line x1=\"\(n(left + entry.x))\" y1=\"\(n(ly - 4))\" x2=\"\(n(left + entry.x + 18))\" y2=\"\(n(ly - 4))\" stroke=\"\(item.colour)\" stroke-width=\"3\"/>"
                out += "<text class=\"name\" x=\"\(n(left + entry.x + 23))\" y=\"\(n(ly))\">\(Escape.html(item.name))</text>\n"
            }
        }
        if !events.isEmpty, let last = legendRows.last {
            let ly = 34.0 + Double(legendRows.count - 1) * 18
            let ex = left + (last.last.map { $0.x + 23 + Double($0.width) } ?? 0) + 16
            out += "<line class=\"event\" x1=\"\(n(ex))\" y1=\"\(n(ly - 10))\" x2=\"\(n(ex))\" y2=\"\(n(ly + 3))\"/>"
            out += "<text class=\"name\" x=\"\(n(ex + 6))\" y=\"\(n(ly))\">scenario event</text>\n"
        }
        for tick in ticks.values {
            out += "<line class=\"grid\" x1=\"\(n(left))\" y1=\"\(n(y(tick)))\" x2=\"\(n(plotRight))\" y2=\"\(n(y(tick)))\"/>"
            out += "<text class=\"tick\" x=\"\(n(left - 6))\" y=\"\(n(y(tick) + 4))\" text-anchor=\"end\">\(tickText(tick, ticks.step, top: ticks.top))</text>\n"
        }
        for tick in xSteps.values where tick <= Double(max(steps - 1, 0)) {
            out += "<line class=\"axis\" x1=\"\(n(x(tick)))\" y1=\"\(n(top + plotHeight))\" x2=\"\(n(x(tick)))\" y2=\"\(n(top + plotHeight + 4))\"/>"
            out += "<text class=\"tick\" x=\"\(n(x(tick)))\" y=\"\(n(top + plotHeight + 16))\" text-anchor=\"middle\">\(tickText(tick, xSteps.step, top: xSteps.top))</text>\n"
        }
        out += "<line class=\"axis\" x1=\"\(n(left))\" y1=\"\(n(top))\" x2=\"\(n(left))\" y2=\"\(n(top + plotHeight))\"/>"
        out += "<line class=\"axis\" x1=\"\(n(left))\" y1=\"\(n(top + plotHeight))\" x2=\"\(n(plotRight))\" y2=\"\(n(top + plotHeight))\"/>\n"
        out += "<text class=\"label\" x=\"\(n((left + plotRight) / 2))\" y=\"\(n(top + plotHeight + 36))\" text-anchor=\"middle\">step (0-based)</text>\n"
        out += "<text class=\"label\" transform=\"translate(14 \(n(top + plotHeight / 2))) rotate(-90)\" text-anchor=\"middle\">µs per step</text>\n"
        var lastLabelEnd = -Double.infinity
        for step in events {
            let ex = x(Double(step))
            out += "<line class=\"event\" x1=\"\(n(ex))\" y1=\"\(n(top))\" x2=\"\(n(ex))\" y2=\"\(n(top + plotHeight))\"/>"
            // Labels of events closer than a label's width would overprint: the line alone says it.
            let label = "event, step \(step)"
            if ex + 3 >= lastLabelEnd {
                out += "<text class=\"event-label\" x=\"\(n(ex + 3))\" y=\"\(n(top + 10))\">\(label)</text>"
                lastLabelEnd = ex + 3 + Double(label.count) * 5.5 + 6
            }
            out += "\n"
        }
        for item in series where !item.values.isEmpty {
            let points = item.values.enumerated().map { "\(n(x(Double($0.offset)))),\(n(y($0.element)))" }
            out += "<polyline fill=\"none\" stroke=\"\(item.colour)\" stroke-width=\"1.5\" stroke-linejoin=\"round\" points=\"\(points.joined(separator: " "))\"><title>\(Escape.html(item.name))</title></polyline>\n"
        }
        for item in series {
            for (step, value) in item.values.enumerated() where value > ticks.top {
                let text = "\(item.name): \(Format.decimal(value, 1)) µs at step \(step)"
                out += "<path d=\"M\(n(x(Double(step)) - 4)) \(n(top - 1))h8l-4-7z\" fill=\"\(item.colour)\" stroke=\"#333\" stroke-width=\"0.5\"><title>\(Escape.html(text))</title></path>\n"
            }
        }
        if clipped > 0 {
            let note = "▲ \(clipped) step time\(clipped == 1 ? "" : "s") above \(Format.decimal(ticks.top, 0)) µs drawn at the top edge "
                + "(highest \(Format.decimal(highest, 1)) µs; see “worst step” in the table)"
            out += "<text class=\"label\" x=\"\(n(plotRight))\" y=\"\(n(top + plotHeight + 56))\" text-anchor=\"end\">\(Escape.html(note))</text>\n"
        }
        return out + "</svg>\n"
    }

    /// Legend entries placed left to right, wrapping into rows of at most `width`.
    private static func legendLayout(_ names: [String], width: Double) -> [[(index: Int, x: Double, width: Int)]] {
        var rows: [[(index: Int, x: Double, width: Int)]] = [[]]
        var cursor = 0.0
        for (index, name) in names.enumerated() {
            // 11 px system-ui text averages under 6.5 px a character.
            let textWidth = Int((Double(name.count) * 6.5).rounded(.up))
            let entry = 23 + Double(textWidth) + 18
            if cursor + entry > width && !rows[rows.count - 1].isEmpty {
                rows.append([])
                cursor = 0
            }
            rows[rows.count - 1].append((index, cursor, textWidth))
            cursor += entry
        }
        return rows
    }

    /// An SVG's opening tag. No `xmlns`: HTML parsers do not need it, and it would be a URL.
    private static func svgOpen(width: Double, height: Double, label: String) -> String {
        "<svg viewBox=\"0 0 \(n(width)) \(n(height))\" role=\"img\" aria-label=\"\(Escape.html(label))\">\n"
    }

    /// Axis ticks from 0 to a round number at or above `maximum`, about `count` of them, at steps
    /// of 1, 2 or 5 × 10ⁿ.
    static func niceTicks(upTo maximum: Double, count: Int = 5) -> (step: Double, top: Double, values: [Double]) {
        guard maximum > 0, maximum.isFinite else { return (1, 1, [0, 1]) }
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
