import Foundation
@testable import Reports
import Results
import XCTest

/// The Markdown, CSV, HTML and trace reports, on a `Results` built by hand (no benchmark runs):
/// every number a report shows must be the JSON's, rounded only as the report documents.
final class ReportTests: XCTestCase {
    private static let strategies = ["none", "per-cell-mask", "precomposited"]
    /// The second name needs CSV quoting (a comma and quotes) and HTML escaping (quotes).
    private static let scenarios = ["scroll", #"fling, "events""#]
    private static let steps = 8

    /// Two scenarios × three strategies with known counters and per-step phase times.
    ///
    /// Each step's time is its three phases plus 40 ns, so the phases fit inside it. One strategy's
    /// slowest step is step 3, the event step of the second scenario; the others' is step 6. The
    /// second scenario has no `stepToNone` ratios, as when `none` did not run.
    private static func sample(optimized: Bool = true) -> Results {
        var runs: [RunResult] = []
        for (s, scenario) in scenarios.enumerated() {
            var scenarioRuns: [RunResult] = []
            for (t, strategy) in strategies.enumerated() {
                let layout = (0..<steps).map { 1_000 + 100 * $0 + 10 * t }
                let reuse = (0..<steps).map { 300 + 7 * $0 }
                var composite = (0..<steps).map { 250_000 * (t + 1) + 1_234 * $0 + 5_000 * s }
                composite[t == 1 ? 3 : 6] += 2_000_000
                let step = (0..<steps).map { layout[$0] + reuse[$0] + composite[$0] + 40 }
                var totals: [Counter: Int] = [:], perStep: [Counter: Double] = [:]
                for (f, counter) in Counter.allCases.enumerated() {
                    // Large enough to need thousands separators, odd enough to need rounding.
                    let total = counter == .blendedPixels ? 9_876_543 * t + s : (f + 1) * 1_003 * (t + 1) + 7 * s
                    totals[counter] = total
                    perStep[counter] = Double(total) / Double(steps)
                }
                let samples: [Phase: [Int]] = [.step: step, .layout: layout, .reuse: reuse, .composite: composite]
                let timing = samples.mapValues { Summary($0) }
                let floor = 81_700 + 1_000 * s
                scenarioRuns.append(RunResult(
                    scenario: scenario, strategy: strategy, steps: steps, layoutPasses: steps - s, totals: totals,
                    perStep: perStep, timing: timing,
                    ratios: [.stepToFloor: Double(timing[.step]!.median) / Double(floor),
                             .compositeToFloor: Double(timing[.composite]!.median) / Double(floor)],
                    samples: samples, eventSteps: s == 1 ? [3] : [], pictures: ["0": "0badcafe"],
                    floorNanos: floor, copyFloorNanos: 280_900 + 1_000 * s))
            }
            if s == 0 {
                let none = Double(scenarioRuns[0].timing[.step]!.median), noneComposite = Double(scenarioRuns[0].timing[.composite]!.median)
                for i in scenarioRuns.indices {
                    scenarioRuns[i].ratios[.stepToNone] = Double(scenarioRuns[i].timing[.step]!.median) / none
                    scenarioRuns[i].ratios[.compositeToNone] = Double(scenarioRuns[i].timing[.composite]!.median) / noneComposite
                }
            }
            runs += scenarioRuns
        }
        return Results(schema: Results.currentSchema,
                       tool: ToolInfo(version: "0.1.0", configuration: "release", optimized: optimized, swift: "6.3"),
                       machine: MachineInfo(os: "Linux 6.8", cores: 2, cpu: "Test CPU"),
                       createdAt: "2025-01-02T03:04:05Z", floorNanos: 81_700, copyFloorNanos: 280_900, runs: runs)
    }

    /// A value rounded as the reports document: to `digits` decimals, halves away from zero.
    private func rounded(_ value: Double, _ digits: Int) -> Double {
        let scale = pow(10, Double(digits))
        return (value * scale).rounded(.toNearestOrAwayFromZero) / scale
    }

    /// A printed number without its thousands separators.
    private func number(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Double? {
        let value = Double(text.replacingOccurrences(of: ",", with: ""))
        XCTAssertNotNil(value, "'\(text)' is not a number", file: file, line: line)
        return value
    }

    // MARK: Markdown

    /// The Markdown tables by scenario, each scenario's tables merged: every column title and, by
    /// strategy, the cell under each title.
    private func markdownTables(_ markdown: String) -> [String: (header: [String], rows: [String: [String: String]])] {
        var tables: [String: (header: [String], rows: [String: [String: String]])] = [:]
        var scenario: String?, header: [String] = []
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("### Scenario ") {
                scenario = String(line.dropFirst("### Scenario ".count))
                tables[scenario!] = ([], [:])
                continue
            }
            guard let name = scenario else { continue }
            // A line that is not a table's ends it; the next table line is a header.
            guard line.hasPrefix("| "), line.hasSuffix(" |") else { header = []; continue }
            // Not the alignment row under the header.
            guard line.contains(where: { !"|:- ".contains($0) }) else { continue }
            let cells = line.dropFirst(2).dropLast(2).components(separatedBy: " | ")
            if header.isEmpty {
                header = cells
                tables[name]!.header += cells.dropFirst()
            } else {
                for (title, cell) in zip(header, cells).dropFirst() { tables[name]!.rows[cells[0], default: [:]][title] = cell }
            }
        }
        return tables
    }

    func testMarkdownTableNumbersAreTheJSONsRoundedAsDocumented() throws {
        let results = Self.sample()
        let markdown = results.report(.markdown)
        let tables = markdownTables(markdown)
        XCTAssertEqual(Set(tables.keys), Set(Self.scenarios))
        // The column titles a reader sees, mapped to the JSON independently of the report's code.
        let counters = ["blended px": "blendedPixels", "blended frags": "blendedFragments", "shaded px": "shadedPixels",
                        "off-screen passes": "offscreenPasses", "off-screen px": "offscreenPixels",
                        "render passes": "renderPasses", "tile traffic": "tileTrafficBytes",
                        "raster hits": "rasterHits", "raster misses": "rasterMisses", "layers created": "layersCreated",
                        "paths created": "pathsCreated", "rows visited": "rowsVisited"]
        let medians = ["layout": "layout", "reuse": "reuse", "composite": "composite", "step": "step"]
        var checked = 0
        for run in results.runs {
            let table = try XCTUnwrap(tables[run.scenario])
            XCTAssertEqual(table.rows.count, Self.strategies.count)
            let row = try XCTUnwrap(table.rows[run.strategy], "no row for \(run.strategy) in \(run.scenario)")
            XCTAssertEqual(Set(row.keys), Set(table.header), "a cell under every title")
            XCTAssertEqual(table.header.count, Set(table.header).count, "each column once")
            func cell(_ title: String) -> String {
                guard let value = row[title] else { XCTFail("no column '\(title)'"); return "" }
                return value
            }
            for (title, key) in counters {
                let value = run.perStep[Counter(rawValue: key)!]!
                // Whole pixels and fragments, MB (10⁶ bytes) at 0.1, the rest at 0.1, as the rounding note says.
                switch title {
                case "blended px", "blended frags", "shaded px", "off-screen px":
                    XCTAssertEqual(number(cell(title)), rounded(value, 0), "\(run.strategy) \(title)")
                case "tile traffic":
                    XCTAssertTrue(cell(title).hasSuffix(" MB"), cell(title))
                    XCTAssertEqual(number(String(cell(title).dropLast(3))), rounded(value / 1e6, 1), "\(run.strategy) \(title)")
                default:
                    XCTAssertEqual(number(cell(title)), rounded(value, 1), "\(run.strategy) \(title)")
                }
                checked += 1
            }
            for (title, phase) in medians {
                XCTAssertEqual(number(cell(title)), rounded(Double(run.timing[Phase(rawValue: phase)!]!.median) / 1000, 1), "\(run.strategy) \(title)")
            }
            XCTAssertEqual(number(cell("step p90")), rounded(Double(run.timing[.step]!.p90) / 1000, 1))
            XCTAssertEqual(number(cell("worst step")), rounded(Double(run.timing[.step]!.max) / 1000, 1))
            let worst = run.samples[.step]!.firstIndex(of: run.samples[.step]!.max()!)!
            XCTAssertEqual(cell("at step"), run.eventSteps.contains(worst) ? "\(worst) (event)" : "\(worst)")
            XCTAssertEqual(number(cell("× floor")), rounded(run.ratios[.stepToFloor]!, 2))
            if let toNone = run.ratios[.stepToNone] {
                // `~` where the step times cannot be told from none's, as in the console.
                let noise = results.referenceTest(run).map { !$0.isSignificant } ?? false
                XCTAssertEqual(cell("× none").hasSuffix(" ~"), noise, "\(run.strategy): \(cell("× none"))")
                XCTAssertEqual(number(cell("× none").replacingOccurrences(of: " ~", with: "")), rounded(toNone, 2))
            } else {
                XCTAssertEqual(cell("× none"), "–")
            }
        }
        XCTAssertEqual(checked, counters.count * results.runs.count)
        // The fixture's large, fractional pixel count prints as whole pixels with separators.
        XCTAssertEqual(tables["scroll"]!.rows["precomposited"]!["blended px"], "2,469,136")
        XCTAssertTrue(markdown.contains(#"3 (event)"#))
    }

    func testMarkdownTablesAreNarrowAndTheFirstOfEachIsExplainedFromTheCatalogue() {
        let markdown = Self.sample().report(.markdown)
        let tableLines = markdown.split(separator: "\n").filter { $0.hasPrefix("| ") }
        XCTAssertFalse(tableLines.isEmpty)
        // Today's widest table has 8 columns; before the split, one table had 20.
        let widest = tableLines.map { $0.components(separatedBy: " | ").count }.max() ?? 0
        XCTAssertLessThanOrEqual(widest, 8, "a table a pull-request comment shows without scrolling")
        XCTAssertGreaterThanOrEqual(markdown.components(separatedBy: "| strategy |").count - 1, 4 * Self.scenarios.count, "several tables per scenario")
        // Every column's meaning, in the catalogue's words, once: under the first scenario's table.
        for counter in Results.tableCounters {
            let entry = "- **\(counter.info.label)**: \(counter.info.meaning)\n"
            XCTAssertEqual(markdown.components(separatedBy: entry).count - 1, 1, counter.name)
        }
        for ratio in [Ratio.stepToFloor, .stepToNone] {
            XCTAssertEqual(markdown.components(separatedBy: "- **\(ratio.info.label)**: \(ratio.info.meaning)\n").count - 1, 1, ratio.name)
        }
        XCTAssertTrue(markdown.contains("- **composite**: the median time of \(Phase.composite.info.meaning)\n"))
        let second = markdown.components(separatedBy: "### Scenario ")[2]
        XCTAssertFalse(second.contains("- **"), "the second scenario's tables are not explained again")
    }

    func testNotOptimizedWarningAppearsOnlyWhenTheHotModulesWereNotOptimized() {
        let slow = Self.sample(optimized: false)
        XCTAssertTrue(slow.report(.markdown).contains("**WARNING:**"))
        XCTAssertTrue(slow.report(.markdown).contains("NOT optimized"))
        XCTAssertTrue(slow.report(.html).contains("WARNING:"))
        let fast = Self.sample()
        XCTAssertFalse(fast.report(.markdown).contains("WARNING"))
        XCTAssertFalse(fast.report(.html).contains("WARNING"))
    }

    // MARK: CSV

    /// Records of RFC 4180 text: quoted fields may hold commas, doubled quotes and line breaks.
    private func parseCSV(_ text: String) -> [[String]] {
        var records: [[String]] = [], record: [String] = [], field = ""
        var quoted = false
        var characters = Array(text)[...]
        while let ch = characters.popFirst() {
            if quoted {
                if ch == "\"" {
                    if characters.first == "\"" { field.append("\""); characters.removeFirst() } else { quoted = false }
                } else {
                    field.append(ch)
                }
            } else if ch == "\"" {
                quoted = true
            } else if ch == "," {
                record.append(field); field = ""
            } else if ch == "\r\n" || ch == "\n" {
                record.append(field); field = ""
                records.append(record); record = []
            } else {
                field.append(ch)
            }
        }
        if !field.isEmpty || !record.isEmpty { record.append(field); records.append(record) }
        return records
    }

    func testCSVHasAHeaderAndOneRowPerRunWithTheResultsNumbers() throws {
        let results = Self.sample()
        let csv = results.report(.csv)
        XCTAssertTrue(csv.hasSuffix("\r\n"))
        XCTAssertTrue(csv.contains(#""fling, ""events""""#), "a name with a comma and quotes is quoted")
        let records = parseCSV(csv)
        XCTAssertEqual(records.count, 1 + results.runs.count)
        let header = records[0]
        XCTAssertEqual(Array(header.prefix(2)), ["scenario", "strategy"])
        XCTAssertEqual(Set(header).count, header.count, "column names are unique")
        for (run, record) in zip(results.runs, records.dropFirst()) {
            XCTAssertEqual(record.count, header.count)
            let row = Dictionary(uniqueKeysWithValues: zip(header, record))
            XCTAssertEqual(row["scenario"], run.scenario)
            XCTAssertEqual(row["strategy"], run.strategy)
            XCTAssertEqual(row["steps"], String(run.steps))
            XCTAssertEqual(row["layoutPasses"], String(run.layoutPasses))
            for counter in Counter.allCases {
                XCTAssertEqual(row["\(counter.name)_total"].flatMap { Int($0) }, run.totals[counter], counter.name)
                XCTAssertEqual(row["\(counter.name)_perStep"].flatMap { Double($0) }, run.perStep[counter], counter.name)
            }
            for phase in ["step", "layout", "reuse", "composite"] {
                let summary = run.timing[Phase(rawValue: phase)!]!
                let expected = ["median": summary.median, "p90": summary.p90, "p99": summary.p99, "min": summary.min, "max": summary.max]
                for (statistic, value) in expected {
                    XCTAssertEqual(row["\(phase)_\(statistic)_ns"].flatMap { Int($0) }, value, "\(phase) \(statistic)")
                }
            }
            for ratio in ["stepToFloor", "compositeToFloor", "stepToNone", "compositeToNone"] {
                let cell = try XCTUnwrap(row[ratio])
                XCTAssertEqual(cell.isEmpty ? nil : Double(cell), run.ratios[Ratio(rawValue: ratio)!], ratio)
            }
        }
    }

    // MARK: HTML

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
        let picture = FramePictureRef(title: #"step 40 <blended> & "overlay""#, pngBytes: [0x89, 0x50, 0x4E, 0x47] + Array(repeating: 0xFF, count: 30))
        let html = Self.sample().report(.html, pictures: [picture])

        let sections = htmlSections(html)
        XCTAssertEqual(sections.count, Self.scenarios.count)
        for section in sections {
            XCTAssertEqual(section.components(separatedBy: "<svg").count - 1, 3 + Self.strategies.count)
            for title in ["Blended pixels per step", "Step time: median", "Off-screen passes per step"] {
                XCTAssertEqual(section.components(separatedBy: ">" + title).count - 1, 1, title)
            }
            XCTAssertEqual(Set(panels(section).keys), Set(Self.strategies), "one step-time chart per strategy")
        }
        XCTAssertEqual(html.components(separatedBy: "<svg").count - 1, (3 + Self.strategies.count) * Self.scenarios.count)

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

        XCTAssertFalse(Self.sample().report(.html).contains("data:image/png"), "no pictures, no images")
    }

    func testAScenariosStepTimeChartsShareOneScaleThatTheColdFirstStepDoesNotSet() throws {
        var results = Self.sample()
        // The first strategy's first step 100 times slower: a cold start.
        results.runs[0].samples[.step]![0] *= 100
        let section = try XCTUnwrap(htmlSections(results.report(.html)).first)
        let charts = panels(section)
        let scales = charts.values.map(verticalScale)
        XCTAssertGreaterThanOrEqual(scales[0].count, 3)
        XCTAssertEqual(Set(scales).count, 1, "every strategy's chart has the same vertical scale")
        let unchanged = try XCTUnwrap(htmlSections(Self.sample().report(.html)).first)
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
        let plain = Results.stepScale([steady, steady])
        XCTAssertGreaterThan(plain.top, 1_049)
        XCTAssertLessThan(plain.top, 1_600, "close above the steps, not above a multiple of them")
        var cold = steady
        cold[0] = 8_000
        XCTAssertEqual(Results.stepScale([cold, steady]).top, plain.top, "the first step is not in the scale")
        var stalled = steady
        stalled[100] = 50_000
        XCTAssertEqual(Results.stepScale([stalled, steady]).top, plain.top, "one stall in 400 steps is above the 99th percentile")
        var slow = steady
        for i in 1..<slow.count { slow[i] *= 3 }
        XCTAssertGreaterThan(Results.stepScale([slow, steady]).top, 3_000, "a slow strategy is in the scale")
        XCTAssertEqual(Results.stepScale([[5_000]]).top, 6_000, "a single step is all there is to scale to")
        XCTAssertEqual(Results.stepScale([[]]).top, 1)
    }

    func testEventsAreNamedOnEveryStepTimeChartAndListed() throws {
        var results = Self.sample()
        for i in results.runs.indices where !results.runs[i].eventSteps.isEmpty { results.runs[i].eventLabels = ["corner radius 7 → 12"] }
        let section = htmlSections(results.report(.html))[1]
        for (strategy, chart) in panels(section) {
            XCTAssertEqual(chart.components(separatedBy: ">corner radius 7 → 12</text>").count - 1, 1, strategy)
            XCTAssertTrue(chart.contains("<line class=\"event\""), strategy)
        }
        XCTAssertTrue(section.contains("<li><span class=\"step\">step 3</span> corner radius 7 → 12</li>"), section)
        XCTAssertFalse(htmlSections(results.report(.html))[0].contains("class=\"event\""), "no events, no event lines")

        // A file without labels: the scenario definition's events, else "event".
        var older = Self.sample()
        older.scenarioDefinitions = [Self.scenarios[1]: ["events": "3: resize 375 × 600; 9: select 0.1"]]
        XCTAssertTrue(htmlSections(older.report(.html))[1].contains(">resize 375 × 600</text>"))
        older.scenarioDefinitions = nil
        XCTAssertTrue(htmlSections(older.report(.html))[1].contains("<span class=\"step\">step 3</span> event</li>"))

        // A label is text from a file: escaped, and shortened.
        var hostile = Self.sample()
        for i in hostile.runs.indices where !hostile.runs[i].eventSteps.isEmpty {
            hostile.runs[i].eventLabels = ["<script>alert(1)</script>\u{1B}[2J" + String(repeating: "x", count: 1 << 20)]
        }
        let page = hostile.report(.html)
        XCTAssertFalse(page.contains("<script"))
        XCTAssertFalse(page.unicodeScalars.contains("\u{1B}"))
        XCTAssertLessThan(page.utf8.count, Self.sample().report(.html).utf8.count + 65_536)
    }

    func testMarkdownLeadsWithEachScenariosVerdictAndFoldsTheNumbersWithTheEventsListed() throws {
        var results = Self.sample()
        for i in results.runs.indices where !results.runs[i].eventSteps.isEmpty { results.runs[i].eventLabels = ["corner radius 7 → 12"] }
        let markdown = results.report(.markdown)
        let summary = try XCTUnwrap(markdown.range(of: "### Summary")), first = try XCTUnwrap(markdown.range(of: "### Scenario "))
        XCTAssertLessThan(summary.lowerBound, first.lowerBound, "the summary comes first")
        let lead = String(markdown[summary.lowerBound..<first.lowerBound])
        for scenario in Self.scenarios {
            XCTAssertTrue(lead.contains("**\(Escape.forMarkdown(scenario))** — " + results.verdict(scenario: scenario).summary.prefix(20)), lead)
        }
        XCTAssertEqual(markdown.components(separatedBy: "<details><summary>All numbers</summary>").count - 1, Self.scenarios.count)
        XCTAssertTrue(markdown.contains("Events: step 3 corner radius 7 → 12."), "the events are listed as the HTML lists them")
        XCTAssertFalse(markdown.contains("hitch"), "no note about a scale no metric uses")
    }

    func testHTMLGivesEveryBuiltInStrategyItsOwnColourAndLeadsWithASummary() throws {
        var results = Self.sample()
        let names = ["none", "shared-corner-grid", "per-cell-mask", "rasterized-mask", "rasterized-mask-stable",
                     "corner-radius-clip", "section-background", "precomposited", "uikit-inset-grouped"]
        let template = results.runs[0]
        results.runs = names.map { name in
            var run = template
            run.strategy = name
            return run
        }
        let html = results.report(.html)
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
        let legend = [FramePictureRef.Legend(colour: "#E61414", meaning: "blended: drawn over what is beneath"),
                      FramePictureRef.Legend(colour: "#14C828", meaning: "opaque: replaces what is beneath")]
        let html = Self.sample().report(.html, pictures: [FramePictureRef(title: "scroll, none, step 4, overlay blended", pngBytes: [1, 2, 3], legend: legend)])
        for entry in legend {
            XCTAssertTrue(html.contains("<span class=\"swatch\" style=\"background: \(entry.colour)\"></span>\(entry.meaning)</li>"), html)
        }
        XCTAssertTrue(html.contains("no tint: drawn by layers this overlay does not mark"))
    }

    func testEventNamesAboveAChartNeitherOverlapNorAreCrossedByAnotherEventsLine() {
        // Three events a quarter of the chart apart with names wider than that, the last near the
        // right edge, as in the CI suite.
        let xs = [160.0, 249, 339], widths = [120.0, 84, 114]
        let layout = Results.eventLabelLayout(xs: xs, widths: widths, left: 0, right: 400, maxRows: 3)
        XCTAssertEqual(layout.compactMap { $0 }.count, 3, "all three fit in three rows")
        XCTAssertEqual(layout[2]?.anchorEnd, true, "the last would cross the right edge, so it ends at its line")
        assertReadable(layout, xs: xs, widths: widths, right: 400)
        // Crowded events: names that find no room are left to the list under the charts.
        let crowdedXs = Array(stride(from: 50.0, to: 60, by: 1)), crowdedWidths = [Double](repeating: 80, count: 10)
        let crowded = Results.eventLabelLayout(xs: crowdedXs, widths: crowdedWidths, left: 0, right: 400, maxRows: 3)
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
        let results = Self.sample()
        let tables = markdownTables(results.report(.markdown))
        for (scenario, section) in zip(Self.scenarios, htmlSections(results.report(.html))) {
            // Every table's cells by strategy and column title.
            var cells: [String: [String: String]] = [:]
            for table in section.components(separatedBy: "<table>").dropFirst() {
                let header = table.components(separatedBy: "<th scope=\"col\">").dropFirst().map { String($0.prefix { $0 != "<" }) }
                for line in table.split(separator: "\n") where line.hasPrefix("<tr><th scope=\"row\">") {
                    let parts = line.components(separatedBy: "</t").map { String($0[($0.range(of: ">", options: .backwards)?.upperBound ?? $0.endIndex)...]) }
                    for (title, cell) in zip(header, parts).dropFirst() { cells[parts[0], default: [:]][title] = cell }
                }
            }
            for strategy in Self.strategies {
                XCTAssertEqual(cells[strategy], tables[scenario]!.rows[strategy], "\(scenario) \(strategy)")
            }
            XCTAssertTrue(section.contains("<dt>blended px</dt><dd>\(Escape.html(Counter.blendedPixels.info.meaning))</dd>"), "the glossary under the table")
        }
    }

    // MARK: Console

    /// Results of one scenario: `none`, `same` (none's step times in another order) and `slow`
    /// (none's × 1.5), with per-step samples, or with `processes` of per-process medians instead.
    private static func noiseSample(processes: Bool) -> Results {
        let base = (0..<30).map { 1_000_000 + ($0 * 37_123) % 100_000 }
        let rows: [(String, [Int])] = [("none", base), ("same", base.reversed()), ("slow", base.map { $0 * 3 / 2 })]
        let runs = rows.map { name, steps -> RunResult in
            let samples: [Phase: [Int]] = [.step: steps, .layout: steps, .reuse: steps, .composite: steps]
            var run = RunResult(scenario: "scroll", strategy: name, steps: steps.count, layoutPasses: 1, totals: [:], perStep: [:],
                                timing: samples.mapValues { Summary($0) },
                                ratios: [.stepToFloor: 1, .stepToNone: Double(Summary(steps).median) / Double(Summary(base).median)],
                                samples: processes ? [:] : samples, eventSteps: [], pictures: [:], floorNanos: 1, copyFloorNanos: 1)
            if processes { run.rounds = [.step: Array(steps.prefix(5))] }
            return run
        }
        var results = Results(tool: ToolInfo(version: "0.1.0", configuration: "release", optimized: true, swift: "6.3"),
                              machine: MachineInfo(os: "Linux", cores: 2, cpu: "Test CPU"), createdAt: "2025-01-02T03:04:05Z",
                              floorNanos: 1, copyFloorNanos: 1, runs: runs)
        if processes { results.processes = 5 }
        return results
    }

    /// The console table's line for `strategy`.
    private func consoleLine(_ table: String, _ strategy: String) -> String {
        table.split(separator: "\n").map(String.init).first { $0.hasPrefix(strategy + " ") } ?? ""
    }

    func testConsoleMarksATimesNoneWithinNoiseWithATildeAndAClearDifferenceWithout() {
        for processes in [false, true] {
            let table = Self.noiseSample(processes: processes).comparisonTable()
            XCTAssertTrue(consoleLine(table, "same").hasSuffix("1.00 ~"), table)
            XCTAssertTrue(consoleLine(table, "slow").hasSuffix("1.50"), table)
            XCTAssertTrue(consoleLine(table, "none").hasSuffix("1.00"), "none is not tested against itself: " + table)
            // The notes are wrapped at 120 columns.
            let prose = table.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            XCTAssertTrue(prose.contains(processes ? "over the 5 processes' median step times" : "over the 30 per-step times of one round"), table)
            XCTAssertFalse(table.split(separator: "\n").contains { $0.count > 120 }, "notes wrapped to 120 columns")
            XCTAssertFalse(table.split(separator: "\n").contains { $0.hasSuffix(" ") }, "no line ends in spaces")
        }
    }

    func testConsoleShowsTheStepP90NextToTheMedianAndKeepsTheBoundAfterTheComposite() throws {
        let results = Self.sample()
        let table = results.comparisonTable(wide: true)
        let header = try XCTUnwrap(table.split(separator: "\n").first { $0.hasPrefix("strategy") }).split(separator: " ", omittingEmptySubsequences: true)
        let titles = header.joined(separator: " ")
        XCTAssertTrue(titles.contains("composite bound × bound step step p90 first load × floor × none"), titles)
        let run = results.runs[1]
        let cells = consoleLine(table, run.strategy).split(separator: " ").map(String.init)
        let median = try XCTUnwrap(cells.firstIndex(of: Format.micros(run.timing[.step]!.median)))
        XCTAssertEqual(cells[median + 1], Format.micros(run.timing[.step]!.p90), table)
        XCTAssertEqual(cells[median - 2], "–", "the bound, before the step")
    }

    /// The default table fits a 120-column terminal and leads to the verdict; `wide` has every column.
    func testTheDefaultConsoleTableFits120ColumnsAndEndsInTheVerdict() throws {
        let results = Self.sample()
        let table = results.comparisonTable()
        for line in table.split(separator: "\n") where line.hasPrefix("strategy") || results.runs.contains(where: { line.hasPrefix($0.strategy + " ") }) {
            XCTAssertLessThanOrEqual(line.count, 120, String(line))
        }
        XCTAssertTrue(table.contains("Verdict: what the device pays, cheapest first"), table)
        XCTAssertTrue(table.contains("not the device's GPU"), table)
        XCTAssertFalse(table.contains("step p90"))
        XCTAssertTrue(results.comparisonTable(wide: true).contains("step p90"))
    }

    // MARK: Trace

    func testThePhaseTableShowsTheCompositeNextToItsTrafficBoundAndTheirRatio() {
        var results = Self.sample()
        for i in results.runs.indices {
            results.runs[i].trafficBoundNanos = 1_234_000
            results.runs[i].ratios[.compositeToTraffic] = 1.25
        }
        let markdown = results.report(.markdown)
        let header = markdown.split(separator: "\n").first { $0.hasPrefix("| strategy | layout | reuse | composite |") }
        XCTAssertEqual(header.map(String.init), "| strategy | layout | reuse | composite | bound | × bound |")
        XCTAssertTrue(markdown.contains("| 1,234.0 | 1.25 |"), markdown)
        results.runs[0].trafficBoundNanos = 0
        XCTAssertTrue(results.report(.markdown).contains("| – |"), "an older file without a bound shows a dash")
    }

    func testTraceNamesEachEventInstantByWhatHappenedAndOlderFilesGenerically() throws {
        var results = Self.sample()
        func instantNames(_ results: Results) throws -> [String] {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(results.report(.trace).utf8)) as? [String: Any])
            let events = try XCTUnwrap(object["traceEvents"] as? [[String: Any]])
            return events.filter { $0["ph"] as? String == "i" }.compactMap { $0["name"] as? String }
        }
        let generic = try instantNames(results)
        XCTAssertFalse(generic.isEmpty)
        XCTAssertTrue(generic.allSatisfy { $0 == "scenario event" }, "\(generic)")
        for i in results.runs.indices where !results.runs[i].eventSteps.isEmpty {
            results.runs[i].eventLabels = results.runs[i].eventSteps.map { "resize at \($0)\n<b>" }
        }
        let named = try instantNames(results)
        XCTAssertEqual(named.count, generic.count)
        XCTAssertTrue(named.allSatisfy { $0.hasPrefix("resize at ") && $0.hasSuffix("\n<b>") }, "names read back exactly: \(named)")
    }

    func testTraceIsJSONWithOneStepSlicePerStepAndPhasesInsideIt() throws {
        let results = Self.sample()
        let trace = results.report(.trace)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(trace.utf8)) as? [String: Any])
        XCTAssertEqual(object["displayTimeUnit"] as? String, "ns")
        let events = try XCTUnwrap(object["traceEvents"] as? [[String: Any]])

        let processes = events.filter { $0["name"] as? String == "process_name" }
        XCTAssertEqual(Set(processes.compactMap { ($0["args"] as? [String: Any])?["name"] as? String }),
                       Set(Self.scenarios.map { "scenario " + $0 }))
        let threads = events.filter { $0["name"] as? String == "thread_name" }
        XCTAssertEqual(threads.count, results.runs.count)

        struct Slice { var ts: Double; var dur: Double }
        var slices: [String: [Int: [String: Slice]]] = [:]
        var instants: [String: Int] = [:]
        for event in events {
            guard let pid = event["pid"] as? Int, let tid = event["tid"] as? Int else { continue }
            let track = "\(pid)/\(tid)"
            if event["ph"] as? String == "i" { instants[track, default: 0] += 1 }
            guard event["ph"] as? String == "X", let name = event["name"] as? String,
                  let step = (event["args"] as? [String: Any])?["step"] as? Int,
                  let ts = (event["ts"] as? NSNumber)?.doubleValue, let dur = (event["dur"] as? NSNumber)?.doubleValue else { continue }
            XCTAssertNil(slices[track, default: [:]][step, default: [:]][name], "one \(name) per step")
            slices[track, default: [:]][step, default: [:]][name] = Slice(ts: ts, dur: dur)
        }
        XCTAssertEqual(slices.count, results.runs.count, "a track per run")
        XCTAssertEqual(instants.values.reduce(0, +), results.runs.map(\.eventSteps.count).reduce(0, +))
        var stepSlices = 0
        for track in slices.values {
            XCTAssertEqual(track.count, Self.steps)
            for (_, phases) in track {
                let step = try XCTUnwrap(phases["step"])
                stepSlices += 1
                var sum = 0.0
                for phase in ["layout", "reuse", "composite"] {
                    let slice = try XCTUnwrap(phases[phase])
                    XCTAssertGreaterThanOrEqual(slice.ts, step.ts - 1e-9)
                    XCTAssertLessThanOrEqual(slice.ts + slice.dur, step.ts + step.dur + 1e-9)
                    sum += slice.dur
                }
                XCTAssertLessThanOrEqual(sum, step.dur + 1e-9)
            }
        }
        XCTAssertEqual(stepSlices, results.runs.count * Self.steps)

        // Durations are the samples, exactly, in microseconds.
        let first = results.runs[0]
        let pid = 1, tid = 1
        for k in 0..<Self.steps {
            let step = try XCTUnwrap(slices["\(pid)/\(tid)"]?[k]?["step"])
            XCTAssertEqual(step.dur, Double(first.samples[.step]![k]) / 1000, accuracy: 1e-9)
        }
    }

    // MARK: Formats and helpers

    func testEveryFormatIsDispatched() {
        let results = Self.sample()
        XCTAssertEqual(ReportFormat.allCases.map(\.rawValue), ["markdown", "csv", "html", "trace", "bmf", "github-benchmark", "influx"])
        XCTAssertEqual(results.report(.markdown), results.markdownReport())
        XCTAssertEqual(results.report(.csv), results.csvReport())
        XCTAssertEqual(results.report(.html), results.htmlReport())
        XCTAssertEqual(results.report(.trace), results.traceReport())
    }

    func testNumbersRoundHalfAwayFromZeroWithSeparators() {
        XCTAssertEqual(Format.decimal(1_234_567.85, 1), "1,234,567.9")
        XCTAssertEqual(Format.decimal(0.25, 1), "0.3")
        XCTAssertEqual(Format.decimal(-0.04, 1), "0.0")
        XCTAssertEqual(Format.decimal(-1_500, 0), "-1,500")
        XCTAssertEqual(Results.microsText(1_014_060), "1,014.1")
    }

    func testChartAxesEndOnRoundNumbers() {
        let pixels = Results.niceTicks(upTo: 1_228_266)
        XCTAssertEqual(pixels.step, 500_000)
        XCTAssertEqual(pixels.top, 1_500_000)
        XCTAssertEqual(pixels.values.map { Results.tickText($0, pixels.step, top: pixels.top) }, ["0", "0.5M", "1.0M", "1.5M"])
        XCTAssertEqual(Results.niceTicks(upTo: 5.1, count: 4).values, [0, 2, 4, 6])
        XCTAssertEqual(Results.niceTicks(upTo: 0).top, 1)
    }
}
