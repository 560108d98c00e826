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

    /// The Markdown tables by scenario: the header cells and the rows by strategy.
    private func markdownTables(_ markdown: String) -> [String: (header: [String], rows: [String: [String]])] {
        var tables: [String: (header: [String], rows: [String: [String]])] = [:]
        var scenario: String?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("### Scenario ") {
                scenario = String(line.dropFirst("### Scenario ".count))
                continue
            }
            // Table lines only, not the alignment row under the header.
            guard let name = scenario, line.hasPrefix("| "), line.hasSuffix(" |"),
                  line.contains(where: { !"|:- ".contains($0) }) else { continue }
            let cells = line.dropFirst(2).dropLast(2).components(separatedBy: " | ")
            if tables[name] == nil {
                tables[name] = (cells, [:])
            } else {
                tables[name]!.rows[cells[0]] = cells
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
            XCTAssertEqual(row.count, table.header.count)
            func cell(_ title: String) -> String {
                guard let index = table.header.firstIndex(of: title) else { XCTFail("no column '\(title)'"); return "" }
                return row[index]
            }
            for (title, key) in counters {
                XCTAssertEqual(number(cell(title)), rounded(run.perStep[Counter(rawValue: key)!]!, 1), "\(run.strategy) \(title)")
                checked += 1
            }
            for (title, phase) in medians {
                XCTAssertEqual(number(cell(title)), rounded(Double(run.timing[Phase(rawValue: phase)!]!.median) / 1000, 1), "\(run.strategy) \(title)")
            }
            XCTAssertEqual(number(cell("step p99")), rounded(Double(run.timing[.step]!.p99) / 1000, 1))
            XCTAssertEqual(number(cell("worst step")), rounded(Double(run.timing[.step]!.max) / 1000, 1))
            let worst = run.samples[.step]!.firstIndex(of: run.samples[.step]!.max()!)!
            XCTAssertEqual(cell("at step"), run.eventSteps.contains(worst) ? "\(worst) (event)" : "\(worst)")
            XCTAssertEqual(number(cell("× floor")), rounded(run.ratios[.stepToFloor]!, 2))
            if let toNone = run.ratios[.stepToNone] {
                XCTAssertEqual(number(cell("× none")), rounded(toNone, 2))
            } else {
                XCTAssertEqual(cell("× none"), "–")
            }
        }
        XCTAssertEqual(checked, counters.count * results.runs.count)
        // The fixture's large, fractional counter prints with separators and one decimal.
        XCTAssertEqual(tables["scroll"]!.rows["precomposited"]![1], "2,469,135.8")
        XCTAssertTrue(markdown.contains(#"3 (event)"#))
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

    func testHTMLHasFourChartsPerScenarioAndNothingFromTheNetwork() throws {
        // Bytes whose Base64 is all slashes: the URL check below must look past data: URIs.
        let picture = FramePictureRef(title: #"step 40 <blended> & "overlay""#, pngBytes: [0x89, 0x50, 0x4E, 0x47] + Array(repeating: 0xFF, count: 30))
        let html = Self.sample().report(.html, pictures: [picture])

        let sections = html.components(separatedBy: "<section class=\"scenario\"").dropFirst()
        XCTAssertEqual(sections.count, Self.scenarios.count)
        for section in sections {
            XCTAssertEqual(section.components(separatedBy: "<svg").count - 1, 4)
            for title in ["Blended pixels per step", "Step time: median", "Step time across the scroll", "Off-screen passes per step"] {
                XCTAssertEqual(section.components(separatedBy: ">" + title).count - 1, 1, title)
            }
        }
        XCTAssertEqual(html.components(separatedBy: "<svg").count - 1, 4 * Self.scenarios.count)

        let base64 = Data(picture.pngBytes).base64EncodedString()
        XCTAssertTrue(base64.contains("//"))
        XCTAssertTrue(html.contains("src=\"data:image/png;base64,\(base64)\""))
        XCTAssertTrue(html.contains("step 40 &lt;blended&gt; &amp; &quot;overlay&quot;"))
        XCTAssertFalse(html.contains("<blended>"))
        XCTAssertTrue(html.contains("fling, &quot;events&quot;"))

        let lowered = html.lowercased()
        for forbidden in ["http://", "https://", "<script", "<link", "@import", "url(", "href="] {
            XCTAssertFalse(lowered.contains(forbidden), forbidden)
        }
        let withoutDataURIs = html.replacingOccurrences(of: #"data:image/png;base64,[A-Za-z0-9+/=]*"#, with: "", options: .regularExpression)
        XCTAssertFalse(withoutDataURIs.contains("//"), "no protocol-relative or other URL reference")
        XCTAssertEqual(lowered.components(separatedBy: "src=\"").count - 1, 1, "the picture is the only source")

        XCTAssertFalse(Self.sample().report(.html).contains("data:image/png"), "no pictures, no images")
    }

    func testHTMLTablesHoldTheMarkdownTablesCells() {
        let results = Self.sample()
        let tables = markdownTables(results.report(.markdown))
        let html = results.report(.html)
        let sections = html.components(separatedBy: "<section class=\"scenario\"").dropFirst()
        for (scenario, section) in zip(Self.scenarios, sections) {
            // Each strategy has a row in the counters table and one in the times table.
            var cells: [String: [String]] = [:]
            for line in section.split(separator: "\n") where line.hasPrefix("<tr><th scope=\"row\">") {
                let parts = line.components(separatedBy: "</t").map { String($0[($0.range(of: ">", options: .backwards)?.upperBound ?? $0.endIndex)...]) }
                let name = parts[0]
                cells[name, default: [name]] += parts.dropFirst().filter { !$0.isEmpty }
            }
            for strategy in Self.strategies {
                XCTAssertEqual(cells[strategy], tables[scenario]!.rows[strategy], "\(scenario) \(strategy)")
            }
        }
    }

    // MARK: Trace

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
        XCTAssertEqual(ReportFormat.allCases.map(\.rawValue), ["markdown", "csv", "html", "trace"])
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
