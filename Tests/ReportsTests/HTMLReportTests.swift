import Foundation
import JSON
@testable import Reports
import Results
import ResultsTestSupport
import Scenarios
import Text
import XCTest

/// The HTML report, on `ReportSample`'s hand-built results.
final class HTMLReportTests: XCTestCase {
    /// The page's scenario sections, in order.
    private func htmlSections(_ html: String) -> [String] {
        Array(html.components(separatedBy: "<section class=\"scenario\"").dropFirst())
    }

    /// The step-time charts of a section, by strategy.
    private func panels(_ section: String) -> [String: String] {
        var out: [String: String] = [:]
        for svg in section.components(separatedBy: "<svg").dropFirst() {
            guard let start = svg.range(of: "aria-label=\"Step time of "), let end = svg.range(of: " across the scroll\"") else { continue }
            out[String(svg[start.upperBound..<end.lowerBound])] = svg
        }
        return out
    }

    /// A chart's vertical scale: its grid lines and their tick labels, in order.
    private func verticalScale(_ svg: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: #"<line class="grid"[^>]*/><text class="tick"[^>]*>[^<]*</text>"#)
        return regex.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)).map { String(svg[Range($0.range, in: svg)!]) }
    }

    func testHTMLHasThreeBarChartsAndAStepTimeChartPerStrategyAndNothingFromTheNetwork() throws {
        // Bytes whose Base64 is all slashes: the URL check below must look past data: URIs.
        let picture = FramePNG(title: #"step 40 <blended> & "overlay""#, pngBytes: [0x89, 0x50, 0x4E, 0x47] + Array(repeating: 0xFF, count: 30))
        let html = Report(ReportSample.sample()).rendered(as: .html, pictures: [picture])

        let sections = htmlSections(html)
        XCTAssertEqual(sections.count, ReportSample.scenarios.count)
        for section in sections {
            XCTAssertEqual(section.components(separatedBy: "<svg").count - 1, 3 + ReportSample.strategies.count)
            for title in ["Blended pixels per step", "Step time: median", "Off-screen passes per step"] {
                XCTAssertEqual(section.components(separatedBy: ">" + title).count - 1, 1, title)
            }
            XCTAssertEqual(Set(panels(section).keys), Set(ReportSample.strategies), "one step-time chart per strategy")
        }
        XCTAssertEqual(html.components(separatedBy: "<svg").count - 1, (3 + ReportSample.strategies.count) * ReportSample.scenarios.count)

        let base64 = Data(picture.pngBytes).base64EncodedString()
        XCTAssertTrue(base64.contains("//"))
        XCTAssertTrue(html.contains("src=\"data:image/png;base64,\(base64)\""))
        XCTAssertTrue(html.contains("step 40 &lt;blended&gt; &amp; &quot;overlay&quot;"))
        XCTAssertFalse(html.contains("<blended>"))
        XCTAssertTrue(html.contains("fling, &quot;events&quot;"))

        let lowered = html.lowercased()
        for forbidden in ["http://", "https://", "<script", "<link", "@import", "url(", "href=", "@font-face"] {
            XCTAssertFalse(lowered.contains(forbidden), forbidden)
        }
        let withoutDataURIs = html.replacingOccurrences(of: #"data:image/png;base64,[A-Za-z0-9+/=]*"#, with: "", options: .regularExpression)
        XCTAssertFalse(withoutDataURIs.contains("//"), "no protocol-relative or other URL reference")
        XCTAssertEqual(lowered.components(separatedBy: "src=\"").count - 1, 1, "the picture is the only source")

        XCTAssertFalse(Report(ReportSample.sample()).rendered(as: .html).contains("data:image/png"), "no pictures, no images")
    }

    func testAScenariosStepTimeChartsShareOneScaleThatTheColdFirstStepDoesNotSet() throws {
        var results = ReportSample.sample()
        // The first strategy's first step 100 times slower: a cold start.
        results.runs[0].samples[.step]![0] *= 100
        let section = try XCTUnwrap(htmlSections(Report(results).rendered(as: .html)).first)
        let charts = panels(section)
        let scales = charts.values.map(verticalScale)
        XCTAssertGreaterThanOrEqual(scales[0].count, 3)
        XCTAssertEqual(Set(scales).count, 1, "every strategy's chart has the same vertical scale")
        let unchanged = try XCTUnwrap(htmlSections(Report(ReportSample.sample()).rendered(as: .html)).first)
        XCTAssertEqual(scales[0], verticalScale(try XCTUnwrap(panels(unchanged)["none"])), "the cold step leaves the scale alone")
        let cold = try XCTUnwrap(charts["none"])
        XCTAssertTrue(cold.contains("at step 0 (the first, cold)"), "the clipped step is marked and named")
        XCTAssertTrue(cold.contains("<title>\(Format.decimal(Double(results.runs[0].samples[.step]![0]) / 1000, 1)) µs at step 0</title>"))
        // The same x scale: every chart's step ticks are the same.
        let ticks = charts.values.map { $0.components(separatedBy: "text-anchor=\"middle\">").count }
        XCTAssertEqual(Set(ticks).count, 1)
    }

    func testStepScaleLeavesOutTheFirstStepAndTheTopPercent() {
        let steady = (0..<200).map { 1_000 + Double($0 % 50) }   // 1,000 ... 1,049 µs
        let plain = Report.stepScale([steady, steady])
        XCTAssertGreaterThan(plain.top, 1_049)
        XCTAssertLessThan(plain.top, 1_600, "close above the steps, not above a multiple of them")
        var cold = steady
        cold[0] = 8_000
        XCTAssertEqual(Report.stepScale([cold, steady]).top, plain.top, "the first step is not in the scale")
        var stalled = steady
        stalled[100] = 50_000
        XCTAssertEqual(Report.stepScale([stalled, steady]).top, plain.top, "one stall in 400 steps is above the 99th percentile")
        var slow = steady
        for i in 1..<slow.count { slow[i] *= 3 }
        XCTAssertGreaterThan(Report.stepScale([slow, steady]).top, 3_000, "a slow strategy is in the scale")
        XCTAssertEqual(Report.stepScale([[5_000]]).top, 6_000, "a single step is all there is to scale to")
        XCTAssertEqual(Report.stepScale([[]]).top, 1)
    }

    func testEventsAreNamedOnEveryStepTimeChartAndListed() throws {
        var results = ReportSample.sample()
        for i in results.runs.indices where !results.runs[i].eventSteps.isEmpty { results.runs[i].eventLabels = ["corner radius 7 → 12"] }
        let section = htmlSections(Report(results).rendered(as: .html))[1]
        for (strategy, chart) in panels(section) {
            XCTAssertEqual(chart.components(separatedBy: ">corner radius 7 → 12</text>").count - 1, 1, strategy)
            XCTAssertTrue(chart.contains("<line class=\"event\""), strategy)
        }
        XCTAssertTrue(section.contains("<li><span class=\"step\">step 3</span> corner radius 7 → 12</li>"), section)
        XCTAssertFalse(htmlSections(Report(results).rendered(as: .html))[0].contains("class=\"event\""), "no events, no event lines")

        // A file without labels: the scenario definition's events, else "event".
        var older = ReportSample.sample()
        var definition = ResultsFixtures.definition()
        definition.events = [.init(atStep: 3, action: .resize(width: 375, height: 600)), .init(atStep: 9, action: .select(.init(row: 1, section: 0)))]
        older.scenarioDefinitions = [ReportSample.scenarios[1]: .typed(definition)]
        XCTAssertTrue(htmlSections(Report(older).rendered(as: .html))[1].contains(">resize to 375 × 600</text>"))
        // A definition in the older format (prose) is not parsed.
        older.scenarioDefinitions = [ReportSample.scenarios[1]: .prose(["events": "3: resize 375 × 600; 9: select 0.1"])]
        XCTAssertTrue(htmlSections(Report(older).rendered(as: .html))[1].contains("<span class=\"step\">step 3</span> event</li>"))
        older.scenarioDefinitions = nil
        XCTAssertTrue(htmlSections(Report(older).rendered(as: .html))[1].contains("<span class=\"step\">step 3</span> event</li>"))

        // A label is text from a file: escaped, and shortened.
        var hostile = ReportSample.sample()
        for i in hostile.runs.indices where !hostile.runs[i].eventSteps.isEmpty {
            hostile.runs[i].eventLabels = ["<script>alert(1)</script>\u{1B}[2J" + String(repeating: "x", count: 1 << 20)]
        }
        let page = Report(hostile).rendered(as: .html)
        XCTAssertFalse(page.contains("<script"))
        XCTAssertFalse(page.unicodeScalars.contains("\u{1B}"))
        XCTAssertLessThan(page.utf8.count, Report(ReportSample.sample()).rendered(as: .html).utf8.count + 65_536)
    }

    func testMarkdownLeadsWithEachScenariosVerdictAndFoldsTheNumbersWithTheEventsListed() throws {
        var results = ReportSample.sample()
        for i in results.runs.indices where !results.runs[i].eventSteps.isEmpty { results.runs[i].eventLabels = ["corner radius 7 → 12"] }
        let markdown = Report(results).rendered(as: .markdown)
        let summary = try XCTUnwrap(markdown.range(of: "### Summary")), first = try XCTUnwrap(markdown.range(of: "### Scenario "))
        XCTAssertLessThan(summary.lowerBound, first.lowerBound, "the summary comes first")
        let lead = String(markdown[summary.lowerBound..<first.lowerBound])
        for scenario in ReportSample.scenarios {
            XCTAssertTrue(lead.contains("**\(Escape.forMarkdown(scenario))** — " + Report(results).verdict(scenario: scenario).summary.prefix(20)), lead)
        }
        XCTAssertEqual(markdown.components(separatedBy: "<details><summary>All numbers</summary>").count - 1, ReportSample.scenarios.count)
        XCTAssertTrue(markdown.contains("Events: step 3 corner radius 7 → 12."), "the events are listed as the HTML lists them")
        XCTAssertFalse(markdown.contains("hitch"), "no note about a scale no metric uses")
    }

    func testHTMLGivesEveryBuiltInStrategyItsOwnColourAndLeadsWithASummary() throws {
        var results = ReportSample.sample()
        let names = ["none", "shared-corner-grid", "per-cell-mask", "rasterized-mask", "rasterized-mask-stable",
                     "corner-radius-clip", "section-background", "precomposited", "uikit-inset-grouped"]
        let template = results.runs[0]
        results.runs = names.map { name in
            var run = template
            run.strategy = name
            return run
        }
        let html = Report(results).rendered(as: .html)
        let section = try XCTUnwrap(htmlSections(html).first)
        var colours: [String: String] = [:]
        for name in names {
            // Each strategy's small step-time chart carries its colour in its legend square.
            let chart = try XCTUnwrap(panels(section)[name], name)
            let fill = try XCTUnwrap(chart.components(separatedBy: "fill=\"").dropFirst().first { $0.hasPrefix("#") }, name)
            colours[name] = String(fill.prefix(7))
        }
        XCTAssertEqual(Set(colours.values).count, names.count, "one colour per strategy: \(colours)")
        let summary = try XCTUnwrap(html.range(of: "<h2>Summary</h2>")), scenario = try XCTUnwrap(html.range(of: "<section class=\"scenario\""))
        XCTAssertLessThan(summary.lowerBound, scenario.lowerBound)
    }

    func testAPictureInTheHTMLCarriesALegendForEachOfItsColours() {
        let legend = [FramePNG.Legend(colour: "#E61414", meaning: "blended: drawn over what is beneath"),
                      FramePNG.Legend(colour: "#14C828", meaning: "opaque: replaces what is beneath")]
        let html = Report(ReportSample.sample()).rendered(as: .html, pictures: [FramePNG(title: "scroll, none, step 4, overlay blended", pngBytes: [1, 2, 3], legend: legend)])
        for entry in legend {
            XCTAssertTrue(html.contains("<span class=\"swatch\" style=\"background: \(entry.colour)\"></span>\(entry.meaning)</li>"), html)
        }
        XCTAssertTrue(html.contains("no tint: drawn by layers this overlay does not mark"))
    }

    func testEventNamesAboveAChartNeitherOverlapNorAreCrossedByAnotherEventsLine() {
        // Three events a quarter of the chart apart with names wider than that, the last near the
        // right edge, as in the CI suite.
        let xs = [160.0, 249, 339], widths = [120.0, 84, 114]
        let layout = Report.eventLabelLayout(xs: xs, widths: widths, left: 0, right: 400, maxRows: 3)
        XCTAssertEqual(layout.compactMap { $0 }.count, 3, "all three fit in three rows")
        XCTAssertEqual(layout[2]?.anchorEnd, true, "the last would cross the right edge, so it ends at its line")
        assertReadable(layout, xs: xs, widths: widths, right: 400)
        // Crowded events: names that find no room are left to the list under the charts.
        let crowdedXs = Array(stride(from: 50.0, to: 60, by: 1)), crowdedWidths = [Double](repeating: 80, count: 10)
        let crowded = Report.eventLabelLayout(xs: crowdedXs, widths: crowdedWidths, left: 0, right: 400, maxRows: 3)
        XCTAssertLessThan(crowded.compactMap { $0 }.count, 10)
        XCTAssertFalse(crowded.allSatisfy { $0 == nil })
        XCTAssertTrue(crowded.allSatisfy { ($0?.row ?? 0) < 3 })
        assertReadable(crowded, xs: crowdedXs, widths: crowdedWidths, right: 400)
    }

    /// Fails when two placed names overlap in a row, a name crosses `right`, or an event's line,
    /// which rises to its own name, passes through another name.
    private func assertReadable(_ layout: [(row: Int, anchorEnd: Bool)?], xs: [Double], widths: [Double], right: Double,
                                file: StaticString = #filePath, line: UInt = #line) {
        for i in xs.indices {
            guard let a = layout[i] else { continue }
            let span = a.anchorEnd ? (xs[i] - 3 - widths[i])...xs[i] : xs[i]...(xs[i] + 3 + widths[i])
            XCTAssertLessThanOrEqual(span.upperBound, right, file: file, line: line)
            for j in xs.indices where j != i {
                guard let b = layout[j] else { continue }
                let other = b.anchorEnd ? (xs[j] - 3 - widths[j])...xs[j] : xs[j]...(xs[j] + 3 + widths[j])
                if a.row == b.row { XCTAssertFalse(span.overlaps(other), "\(i) and \(j) share a row", file: file, line: line) }
                if span.contains(xs[j]) { XCTAssertLessThan(b.row, a.row, "\(j)'s line crosses \(i)'s name", file: file, line: line) }
            }
        }
    }

    func testHTMLTablesHoldTheMarkdownTablesCells() throws {
        let results = ReportSample.sample()
        let tables = markdownTables(Report(results).rendered(as: .markdown))
        for (scenario, section) in zip(ReportSample.scenarios, htmlSections(Report(results).rendered(as: .html))) {
            // Every table's cells by strategy and column title.
            var cells: [String: [String: String]] = [:]
            for table in section.components(separatedBy: "<table>").dropFirst() {
                let header = table.components(separatedBy: "<th scope=\"col\">").dropFirst().map { String($0.prefix { $0 != "<" }) }
                for line in table.split(separator: "\n") where line.hasPrefix("<tr><th scope=\"row\">") {
                    let parts = line.components(separatedBy: "</t").map { String($0[($0.range(of: ">", options: .backwards)?.upperBound ?? $0.endIndex)...]) }
                    for (title, cell) in zip(header, parts).dropFirst() { cells[parts[0], default: [:]][title] = cell }
                }
            }
            for strategy in ReportSample.strategies {
                XCTAssertEqual(cells[strategy], tables[scenario]!.rows[strategy], "\(scenario) \(strategy)")
            }
            XCTAssertTrue(section.contains("<dt>blended px</dt><dd>\(Escape.html(Counter.blendedPixels.info.meaning))</dd>"), "the glossary under the table")
        }
    }
}
