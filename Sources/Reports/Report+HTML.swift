import Foundation
import JSON
import Results
import Scenarios
import Text

/// The HTML report: one self-contained page with charts, tables and frames (for people).
///
/// It must open from an e-mail attachment or a CI artifact with no network: no script, external
/// font, stylesheet or image, and no link out of the page (inline CSS, SVG charts written here,
/// `data:` pictures). Okabe–Ito colours, every bar labelled and every step-time chart one named
/// strategy's, so nothing depends on colour alone. Charts draw the JSON's numbers unrounded, labels
/// the tables' rounding; their view boxes are about a desktop column wide, so their text scales
/// with the page from a phone's width (one chart a row) to a wide screen (two or three).
extension Report {
    /// The results as one HTML page: the context; per scenario three bar charts, a small
    /// step-time chart per strategy with the scenario's events, and the tables; then `pictures`
    /// with their titles.
    public func html(pictures: [FramePNG] = []) -> String {
        var body = "<header>\n<h1>CornerBench results</h1>\n"
        if !tool.optimized {
            body += "<p class=\"warning\"><strong>WARNING:</strong> \(Escape.html(Report.notOptimizedWarning))</p>\n"
        }
        body += "<dl class=\"context\">\n"
        for (label, value) in contextLines() {
            body += "<div><dt>\(Escape.html(label))</dt><dd>\(Escape.html(value))</dd></div>\n"
        }
        body += "</dl>\n</header>\n"
        body += htmlSummary()
        for (index, scenario) in scenarioNames.enumerated() { body += htmlSection(scenario: scenario, index: index) }
        if !pictures.isEmpty { body += Report.htmlPictures(pictures) }
        body += "<footer>\n<h2>How to read the numbers</h2>\n<ul>\n"
        body += Report.roundingNote.map { "<li>\(Report.htmlNote($0))</li>\n" }.joined()
        body += "<li>Charts draw the unrounded values. Colours follow the Okabe–Ito palette, then Paul Tol's muted colours; each strategy keeps its colour in every chart, and every bar and every small chart carries its strategy's name.</li>\n"
        body += "</ul>\n</footer>\n"
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>CornerBench results</title>
            <style>
            \(Report.htmlStyle)</style>
            </head>
            <body>
            <main>
            \(body)</main>
            </body>
            </html>

            """
    }

    /// Okabe & Ito's colour-blind-safe palette, darkest and most distinct first, then four of Paul
    /// Tol's muted scheme (wine, teal, olive, indigo), so the nine built-in strategies and three of a
    /// package's own each get a colour of their own; yellow, the weakest on white, last of Okabe–Ito's.
    static let palette = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442",
                          "#882255", "#44AA99", "#999933", "#332288"]

    /// The page's stylesheet: a layout of at most 1200 px that narrows to a phone's width (charts
    /// stack into one column, scaled so their text stays about the page's size; only tables
    /// scroll sideways, inside their frames) and prints on A4 or Letter.
    static let htmlStyle = """
        :root { color-scheme: light; --ink: #1a1a1a; --muted: #5a5a5a; --rule: #d0d0d0; }
        * { box-sizing: border-box; }
        body { margin: 0; color: var(--ink); background: #fff;
               font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
               -webkit-print-color-adjust: exact; print-color-adjust: exact; }
        main { max-width: 1180px; margin: 0 auto; padding: 24px 20px 40px; }
        h1 { font-size: 26px; margin: 0 0 12px; }
        h2 { font-size: 20px; margin: 36px 0 4px; padding-top: 12px; border-top: 2px solid var(--ink); }
        h3 { font-size: 15px; margin: 20px 0 6px; }
        .warning { background: #fff1e6; border: 2px solid #D55E00; padding: 8px 12px; font-size: 15px; }
        .context { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 2px 16px; margin: 0; }
        .context div { display: contents; }
        .context dt { font-weight: 600; }
        .context dd { margin: 0; overflow-wrap: anywhere; }
        .caption { color: var(--muted); margin: 0 0 12px; }
        .charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 440px), 1fr)); gap: 16px; }
        .panels { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 340px), 1fr)); gap: 12px; }
        .events-title { font-weight: 600; margin: 12px 0 2px; }
        .events { list-style: none; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: 2px 20px; }
        .events .step { font-weight: 600; font-variant-numeric: tabular-nums; }
        figure { margin: 0; break-inside: avoid; }
        .chart { border: 1px solid var(--rule); border-radius: 6px; padding: 8px; }
        svg { display: block; width: 100%; height: auto; font-family: inherit; }
        svg .title { font-size: 14px; font-weight: 600; fill: var(--ink); }
        svg .tick, svg .label { font-size: 11px; fill: var(--muted); }
        svg .name { font-size: 11px; fill: var(--ink); }
        svg .value { font-size: 11px; fill: var(--ink); font-variant-numeric: tabular-nums; }
        svg .grid { stroke: #e6e6e6; stroke-width: 1; }
        svg .axis { stroke: #777; stroke-width: 1; }
        svg .event { stroke: #444; stroke-width: 1; stroke-dasharray: 4 3; }
        svg .event-label { font-size: 10.5px; fill: #222; paint-order: stroke; stroke: #fff; stroke-width: 3px; stroke-linejoin: round; }
        .table-wrap { overflow-x: auto; }
        .glossary { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 1px 12px; margin: 6px 0 8px;
                    font-size: 12px; color: var(--muted); }
        .glossary div { display: contents; }
        .glossary dt { font-weight: 600; color: var(--ink); }
        .glossary dd { margin: 0; }
        table { border-collapse: collapse; font-size: 13px; font-variant-numeric: tabular-nums; }
        th, td { padding: 4px 6px 4px 14px; border-bottom: 1px solid var(--rule); }
        thead th { vertical-align: bottom; text-align: right; font-weight: 600; }
        caption { text-align: left; font-weight: 600; padding: 14px 0 4px; }
        th:first-child, td:first-child { text-align: left; white-space: nowrap; padding-left: 6px; }
        td { text-align: right; white-space: nowrap; }
        tbody tr:nth-child(even) { background: #f6f6f6; }
        .pictures { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 480px), 1fr)); gap: 20px; }
        .pictures img { display: block; max-width: 100%; height: auto; border: 1px solid var(--rule); }
        .pictures figcaption { font-size: 13px; color: var(--muted); margin-top: 4px; }
        .pictures .title { font-weight: 600; color: var(--ink); }
        .thumb { display: inline-block; cursor: zoom-in; }
        /* A whole frame: hidden until a close-up's link names it, then over the page, scrolling. */
        .whole { display: none; }
        .whole:target { display: block; position: fixed; inset: 0; z-index: 1; overflow: auto; padding: 12px;
                        background: rgba(20, 20, 20, 0.92); color: #fff; }
        .whole p { margin: 0 0 8px; }
        .whole a { color: #fff; font-weight: 600; margin-right: 12px; }
        .whole img { max-width: none; border: none; }
        .legend { list-style: none; padding: 0; margin: 4px 0 0; }
        .legend li { display: flex; gap: 6px; align-items: baseline; }
        .swatch { flex: none; display: inline-block; width: 12px; height: 12px; border: 1px solid #333; }
        footer { margin-top: 32px; color: var(--muted); font-size: 13px; }
        footer h2 { color: var(--ink); }
        code { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 0.95em; }
        @media screen and (max-width: 640px) {
          main { padding: 16px 12px 32px; }
          h1 { font-size: 22px; }
          h2 { font-size: 18px; }
          .chart { padding: 6px; }
          table { font-size: 12px; }
        }
        /* Landscape keeps the screen layout at about 0.85 scale: portrait would shrink the charts' text. */
        @page { size: landscape; margin: 10mm; }
        @media print {
          body { font-size: 10pt; }
          main { max-width: none; padding: 0; }
          .charts { gap: 8px; }
          .chart { border: none; padding: 0; }
          section.scenario + section.scenario { break-before: page; }
          table { font-size: 8pt; }
          th, td { padding: 2px 3px; }
          .table-wrap { overflow: visible; break-inside: avoid; }
          h2, h3 { break-after: avoid; }
        }

        """

    /// The answer first: each scenario's verdict, its sentence and its ranking, before any chart.
    private func htmlSummary() -> String {
        var out = "<section class=\"summary\">\n<h2>Summary</h2>\n"
        for scenario in scenarioNames {
            let verdict = verdict(scenario: scenario)
            out += "<p class=\"verdict\"><strong>\(Escape.html(Escape.shortened(scenario))).</strong> \(Escape.html(verdict.summary))</p>\n"
            out += Report.htmlTable(verdict.table(wide: true))
            if let fixes = fixSentence(scenario: scenario) { out += "<p class=\"fixes\">\(Escape.html(fixes))</p>\n" }
        }
        out += "<p class=\"caption\">Ranks: what the modelled device pays (render passes, then tile traffic, then blended pixels; exact) "
            + "beside this host’s time rank, ≠ where they differ. The µs are this host’s CPU running the model, not the device’s GPU.</p>\n"
        return out + "</section>\n"
    }

    /// One scenario: its caption, three bar charts, a small step-time chart per strategy with the
    /// scenario's events, then its tables.
    private func htmlSection(scenario: String, index: Int) -> String {
        let runs = self.runs.filter { $0.scenario == scenario }
        let strategies = strategyNames
        let colour: (String) -> String = { name in
            Report.palette[(strategies.firstIndex(of: name) ?? 0) % Report.palette.count]
        }
        let (caption, tables) = reportTables(scenario: scenario)
        var out = "<section class=\"scenario\" id=\"scenario-\(index + 1)\">\n"
        out += "<h2>Scenario \(Escape.html(Escape.shortened(scenario)))</h2>\n<p class=\"caption\">\(Escape.html(caption))</p>\n"
        out += "<div class=\"charts\">\n"

        let blended = runs.map { run in
            Bar(name: Escape.shortened(run.strategy), value: run.perStep[.blendedPixels] ?? 0, whisker: nil, colour: colour(run.strategy),
                text: Report.counterText(run.perStep[.blendedPixels], unit: Counter.blendedPixels.info.unit) + " px")
        }
        out += figure(Report.barChart(title: "Blended pixels per step", axis: "pixels per step (mean)", bars: blended, atLeast: 1))

        let offscreen = runs.map { run in
            Bar(name: Escape.shortened(run.strategy), value: run.perStep[.offscreenPasses] ?? 0, whisker: nil, colour: colour(run.strategy),
                text: Report.counterText(run.perStep[.offscreenPasses], unit: Counter.offscreenPasses.info.unit))
        }
        out += figure(Report.barChart(title: "Off-screen passes per step", axis: "passes per step (mean)", bars: offscreen,
                                       atLeast: 1))

        let stepTime = runs.map { run in
            let timing = run.timing[.step]
            return Bar(name: Escape.shortened(run.strategy), value: Double(timing?.median ?? 0) / 1000,
                       whisker: timing.map { Double($0.p90) / 1000 }, colour: colour(run.strategy),
                       text: timing.map { "\(Report.microsText($0.median)), p90 \(Report.microsText($0.p90))" } ?? "–")
        }
        out += figure(Report.barChart(title: "Step time: median (bar) and p90 (whisker)", axis: "µs per step", bars: stepTime))
        out += "</div>\n"
        out += stepTimePanels(runs, colour: colour)
        out += "<h3>All numbers</h3>\n" + tables.map(Report.htmlTable).joined() + "</section>\n"
        return out
    }

    /// The step time across the scroll: a small chart per strategy, all on the scales of the
    /// whole scenario, so a line's height compares across charts; the scenario's events named on
    /// every chart and listed under them.
    private func stepTimePanels(_ runs: [RunResult], colour: (String) -> String) -> String {
        var out = "<h3>Step time across the scroll</h3>\n"
        let micros = runs.map { ($0.samples[.step] ?? []).map { Double($0) / 1000 } }
        guard micros.contains(where: { !$0.isEmpty }) else {
            return out + "<p class=\"caption\">These results hold no per-step times (a results file keeps them only with <code>bench run --samples</code>).</p>\n"
        }
        let scale = Report.stepScale(micros)
        let steps = micros.map(\.count).max() ?? 0
        let events = scenarioEvents(runs)
        let reference = runs.firstIndex { $0.strategy == Ratio.referenceStrategy }
        var notes = ["One chart per strategy, all on the same scales: µs per step against the 0-based step."]
        if reference != nil { notes.append("The grey line is \(Ratio.referenceStrategy)’s, for comparison.") }
        notes.append("The vertical scale ends above the 99th percentile of all strategies’ steps after the first (which starts cold); steps above it are drawn at the top edge as ▲.")
        if !events.isEmpty { notes.append("Dashed lines are the scenario’s events.") }
        out += "<p class=\"caption\">\(Escape.html(notes.joined(separator: " ")))</p>\n<div class=\"panels\">\n"
        for (i, run) in runs.enumerated() {
            let summary = run.timing[.step].map { "µs per step: median \(Report.microsText($0.median)), p90 \(Report.microsText($0.p90))" } ?? "µs per step"
            let panel = Panel(name: Escape.shortened(run.strategy), colour: colour(run.strategy), values: micros[i],
                              reference: reference.flatMap { $0 == i ? nil : micros[$0] }, summary: summary)
            out += figure(Report.panelChart(panel, scale: scale, steps: steps, events: events))
        }
        out += "</div>\n"
        if !events.isEmpty {
            out += "<p class=\"events-title\">Events</p>\n<ul class=\"events\">\n"
            out += events.map { "<li><span class=\"step\">step \($0.step)</span> \(Escape.html($0.label))</li>\n" }.joined()
            out += "</ul>\n"
        }
        return out
    }

    /// The scenario's events, by step: each run's `eventLabels`, or for a file without them the
    /// labels its scenario definition makes (`ScenarioDefinition.eventLabels`), or "event".
    func scenarioEvents(_ runs: [RunResult]) -> [ChartEvent] {
        var labels: [Int: String] = [:]
        for run in runs {
            for (i, step) in run.eventSteps.enumerated() where labels[step] == nil {
                if let label = run.eventLabels?[i] { labels[step] = label }
            }
        }
        let defined = runs.first.flatMap { scenarioDefinitions?[$0.scenario]?.typed?.eventLabels } ?? [:]
        for (step, label) in defined where labels[step] == nil { labels[step] = label }
        let steps = Set(runs.flatMap(\.eventSteps)).sorted()
        // A label is text from a file: a megabyte of it must not make the page a megabyte.
        return steps.map { ChartEvent(step: $0, label: Escape.shortened(labels[$0] ?? "event", limit: Escape.messageLimit)) }
    }

    /// A chart in its frame.
    private func figure(_ svg: String) -> String {
        "<figure class=\"chart\">\n\(svg)</figure>\n"
    }

    /// One of the scenario's tables, with what its columns mean under it; wide tables scroll
    /// inside their frame rather than widen the page.
    private static func htmlTable(_ table: ReportTable) -> String {
        var out = "<div class=\"table-wrap\">\n<table>\n<caption>\(Escape.html(table.title))</caption>\n<thead>\n<tr>"
        out += table.header.map { "<th scope=\"col\">\(Escape.html($0))</th>" }.joined() + "</tr>\n</thead>\n<tbody>\n"
        for row in table.rows {
            out += "<tr><th scope=\"row\">\(Escape.html(row[0]))</th>"
            out += row.dropFirst().map { "<td>\(Escape.html($0))</td>" }.joined() + "</tr>\n"
        }
        out += "</tbody>\n</table>\n</div>\n<dl class=\"glossary\">\n"
        out += table.glossary.map { "<div><dt>\(Escape.html($0.label))</dt><dd>\(htmlNote($0.meaning))</dd></div>\n" }.joined()
        return out + "</dl>\n"
    }

    /// The pictures with their titles and legends, each PNG inline as a `data:` URI so the page
    /// stays one file. A picture with a close-up shows the close-up, at its own size (about 480 px
    /// wide: a corner's few pixels are specks in a shrunk frame), linked to the whole picture: a
    /// layer of the page shown over it while the address names it (CSS `:target`), since browsers
    /// refuse to open a `data:` URI from a link and the page has no script.
    private static func htmlPictures(_ pictures: [FramePNG]) -> String {
        var out = "<section id=\"frames\">\n<h2>Frames</h2>\n"
        if pictures.contains(where: { $0.closeUp != nil }) {
            out += "<p class=\"caption\">Each picture is a close-up of a rounded corner, at a step whose frame shows a section’s edge; "
                + "select it to see the whole frame with its legend.</p>\n"
        }
        out += "<div class=\"pictures\">\n"
        var whole: [String] = []
        for (index, picture) in pictures.enumerated() {
            let title = Escape.html(picture.title), id = "frame-\(index + 1)"
            out += "<figure>"
            if let closeUp = picture.closeUp {
                out += "<a class=\"thumb\" href=\"#\(id)\">\(htmlImage(closeUp.pngBytes, alt: "\(title): \(Escape.html(closeUp.caption))"))</a>"
                whole.append("<div class=\"whole\" id=\"\(id)\"><p><a href=\"#frames\">Close</a> \(title)</p>\(htmlImage(picture.pngBytes, alt: title))</div>\n")
            } else {
                out += htmlImage(picture.pngBytes, alt: title)
            }
            out += "<figcaption><span class=\"title\">\(title)</span>"
            if let closeUp = picture.closeUp {
                let size = pngSize(picture.pngBytes).map { " (\($0.width) × \($0.height) px)" } ?? ""
                out += "<br>\(Escape.html(closeUp.caption)). <a href=\"#\(id)\">The whole frame\(size)</a>"
            }
            if !picture.legend.isEmpty {
                out += "<ul class=\"legend\">" + picture.legend.map { entry in
                    "<li><span class=\"swatch\" style=\"background: \(Escape.html(entry.colour))\"></span>\(Escape.html(entry.meaning))</li>"
                }.joined() + "<li><span class=\"swatch\"></span>no tint: drawn by layers this overlay does not mark</li></ul>"
            }
            out += "</figcaption></figure>\n"
        }
        return out + "</div>\n" + whole.joined() + "</section>\n"
    }

    /// An `<img>` of a PNG file's bytes as a `data:` URI, with the size its header gives (so the
    /// page does not move as pictures decode).
    private static func htmlImage(_ png: [UInt8], alt: String) -> String {
        let size = pngSize(png).map { " width=\"\($0.width)\" height=\"\($0.height)\"" } ?? ""
        return "<img src=\"data:image/png;base64,\(Data(png).base64EncodedString())\"\(size) alt=\"\(alt)\">"
    }

    /// The width and height a PNG file's header (its IHDR chunk, first after the signature) gives,
    /// or nil for bytes that do not start a PNG file.
    static func pngSize(_ png: [UInt8]) -> (width: Int, height: Int)? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard png.count >= 24, Array(png[0..<8]) == signature, Array(png[12..<16]) == Array("IHDR".utf8) else { return nil }
        let number = { (at: Int) in png[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }

    /// A note written with Markdown code spans, as HTML with `<code>`.
    private static func htmlNote(_ note: String) -> String {
        var out = "", inCode = false
        for part in Escape.html(note).split(separator: "`", omittingEmptySubsequences: false).enumerated() {
            if part.offset > 0 { out += inCode ? "</code>" : "<code>"; inCode.toggle() }
            out += part.element
        }
        return out
    }
}
