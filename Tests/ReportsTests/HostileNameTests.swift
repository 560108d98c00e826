import Analysis
import Foundation
import Problems
import Reports
import Results
import XCTest

/// Scenario and strategy names come from users' files and may hold anything. Every output must
/// keep its structure whatever they hold: each test renders the same results twice, once with
/// plain names and once with hostile ones, and checks that the structure (lines, table cells,
/// CSV fields, HTML tags) is the same, that no control character reaches text meant for a
/// terminal or a page, and that a name of a megabyte does not make the output a megabyte.
final class HostileNameTests: XCTestCase {
    /// A line break as Swift's one `Character` `\r\n`, Markdown table and inline syntax, HTML,
    /// terminal escape sequences (clear screen, window title, C1 CSI), line and paragraph
    /// separators, a bidirectional override, and spreadsheet formulas.
    static let hostile = [
        "a\r\nc",
        "x|y",
        "<script>alert(1)</script>",
        "\u{1B}[2J",
        "\u{1B}]0;title\u{07}",
        "<img src=x onerror=alert(1)>",
        "**bold** _it_ `code` [link](x) ~~gone~~ $x$ #h",
        "=HYPERLINK(\"http://example.com\")",
        "+1",
        "@SUM(A1)",
        "-2",
        "para\u{2029}line\u{2028}nel\u{85}csi\u{9B}31m",
        "abc\u{202E}fed",
        "tab\there\u{0}nul\u{7F}del",
    ]
    /// A name of a megabyte.
    static let huge = String(repeating: "h", count: 1 << 20)

    /// Results with a row per scenario and strategy, plain numbers throughout.
    static func results(scenarios: [String], strategies: [String] = ["none", "per-cell-mask"], cpu: String = "Test CPU") -> Results {
        let steps = 4
        var runs: [RunResult] = []
        for scenario in scenarios {
            for (t, strategy) in strategies.enumerated() {
                let step = (0..<steps).map { 10_000 + 1_000 * $0 + 500 * t }
                let phase = step.map { $0 / 4 }
                let samples: [Phase: [Int]] = [.step: step, .layout: phase, .reuse: phase, .composite: phase]
                var totals: [Counter: Int] = [:], perStep: [Counter: Double] = [:]
                for counter in Counter.allCases {
                    totals[counter] = 8 * (t + 1)
                    perStep[counter] = Double(8 * (t + 1)) / Double(steps)
                }
                runs.append(RunResult(scenario: scenario, strategy: strategy, steps: steps, layoutPasses: steps,
                                      totals: totals, perStep: perStep, timing: samples.mapValues { Summary($0) },
                                      ratios: [.stepToFloor: 1.5 + Double(t), .stepToNone: 1 + Double(t)],
                                      samples: samples, eventSteps: [1], pictures: ["0": "0badcafe"],
                                      floorNanos: 8_000, copyFloorNanos: 9_000))
            }
        }
        return Results(tool: ToolBuild(version: "0.1.0", configuration: "debug", optimized: true, swift: "6.3"),
                       machine: MachineInfo(os: "Linux", cores: 2, cpu: cpu), createdAt: "2025-01-02T03:04:05Z",
                       floorNanos: 8_000, copyFloorNanos: 9_000, runs: runs)
    }

    /// The hostile names as scenarios, with hostile strategy names too (a results file can hold
    /// any), and the same shape with plain names.
    static let pair: (hostile: Results, plain: Results) = {
        let names = hostile + [huge]
        let strategies = ["none", "x|y\r\n<b>\u{1B}[1m"]
        return (results(scenarios: names, strategies: strategies),
                results(scenarios: names.indices.map { "scenario-\($0)" }, strategies: ["none", "other"]))
    }()

    /// Fails when `text` holds a control character other than `\n`: C0 (ESC, CR, NUL…), DEL, C1,
    /// the line and paragraph separators, or a bidirectional override.
    func assertNoControlCharacters(_ text: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let bad = text.unicodeScalars.first { scalar in
            let v = scalar.value
            return (v < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029 || (0x202A...0x202E).contains(v)
        }
        XCTAssertNil(bad.map { "U+" + String($0.value, radix: 16) }, "\(what) holds a control character", file: file, line: line)
    }

    /// Fails when the `hostile` output is more than 64 KB longer than the `plain` one: the
    /// megabyte name was not shortened.
    func assertShortened(_ hostile: String, _ plain: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertLessThan(hostile.utf8.count, plain.utf8.count + 65_536, "\(what) holds the megabyte name whole", file: file, line: line)
    }

    /// The lines of `text`, split at `\n` only (by scalar, so a `\r\n` inside a line shows).
    func lines(_ text: String) -> [Substring.UnicodeScalarView] {
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// Fails unless a report's `text` and `markdown` with hostile names keep the structure of the
    /// same report with plain names (`reference`, `plainMarkdown`): as many lines, no control
    /// characters, the megabyte name shortened; in Markdown also as many cells a row, headings
    /// where the plain one has them, and no raw HTML or emphasis. `what` names the report.
    func assertKeepsStructure(text: String, reference: String, markdown: String, plainMarkdown: String, of what: String,
                              file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(lines(text).count, lines(reference).count, file: file, line: line)
        assertNoControlCharacters(text, "\(what)'s text", file: file, line: line)
        assertShortened(text, reference, "\(what)'s text", file: file, line: line)

        let got = lines(markdown), expected = lines(plainMarkdown)
        XCTAssertEqual(got.count, expected.count, file: file, line: line)
        for (a, b) in zip(got, expected) {
            XCTAssertEqual(markdownCells(a), markdownCells(b), "cells of: \(String(a))", file: file, line: line)
            XCTAssertEqual(a.starts(with: "#".unicodeScalars), b.starts(with: "#".unicodeScalars), "headings stay headings: \(String(a))",
                           file: file, line: line)
        }
        for raw in ["<script", "<img", "<b>", "**bold**"] {
            XCTAssertFalse(markdown.contains(raw), "raw \(raw) in \(what)'s Markdown", file: file, line: line)
        }
        assertNoControlCharacters(markdown, "\(what)'s Markdown", file: file, line: line)
        assertShortened(markdown, plainMarkdown, "\(what)'s Markdown", file: file, line: line)
    }

    /// The cells of a Markdown table row: split at every `|` that no backslash escapes.
    func markdownCells(_ line: Substring.UnicodeScalarView) -> Int {
        var count = 0, escaped = false
        for scalar in line {
            if escaped { escaped = false } else if scalar == "\\" { escaped = true } else if scalar == "|" { count += 1 }
        }
        return count
    }

    // MARK: Terminal

    func testComparisonTableKeepsOneLinePerRowAndNoControlCharacters() {
        let (hostile, plain) = Self.pair
        let text = Report(hostile).comparisonTable(), reference = Report(plain).comparisonTable()
        XCTAssertEqual(lines(text).count, lines(reference).count, "a name added or removed lines")
        assertNoControlCharacters(text, "the comparison table")
        assertShortened(text, reference, "the comparison table")
        XCTAssertTrue(text.contains(#"scenario a\r\nc: "#), "a line break is shown as an escape")
        XCTAssertTrue(text.contains(#"scenario \u{1B}[2J: "#), "ESC is shown as an escape")
    }

    // MARK: Markdown

    func testMarkdownReportKeepsItsTablesCellsAndHasNoHTMLFromNames() {
        let (hostile, plain) = Self.pair
        let text = Report(hostile).rendered(as: .markdown), reference = Report(plain).rendered(as: .markdown)
        let got = lines(text), expected = lines(reference)
        XCTAssertEqual(got.count, expected.count, "a name added or removed lines")
        for (a, b) in zip(got, expected) {
            XCTAssertEqual(markdownCells(a), markdownCells(b), "cells of: \(String(a))")
            XCTAssertEqual(a.starts(with: "#".unicodeScalars), b.starts(with: "#".unicodeScalars), "headings stay headings: \(String(a))")
        }
        for raw in ["<script", "<img", "<b>", "**bold**", "[link]", "`code`"] {
            XCTAssertFalse(text.contains(raw), "raw \(raw) in the Markdown")
        }
        assertNoControlCharacters(text, "the Markdown report")
        assertShortened(text, reference, "the Markdown report")
        XCTAssertTrue(text.contains(#"### Scenario a\r\nc"#), text)
    }

    // MARK: HTML

    /// The page's tags in order (`h2`, `/h2`, `td`…): a name that opened a tag would add one.
    private func tags(_ html: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: "<(/?[A-Za-z!][A-Za-z0-9-]*)")
        return regex.matches(in: html, range: NSRange(html.startIndex..., in: html)).map {
            String(html[Range($0.range(at: 1), in: html)!]).lowercased()
        }
    }

    func testHTMLReportHasTheSameTagsWithHostileNamesAndNoControlCharacters() {
        let (hostile, plain) = Self.pair
        let pictures = [FramePNG(title: "\u{1B}[2J</figcaption><script>", pngBytes: [0x89, 0x50])]
        let text = Report(hostile).rendered(as: .html, pictures: pictures)
        let reference = Report(plain).rendered(as: .html, pictures: [FramePNG(title: "frame", pngBytes: [0x89, 0x50])])
        XCTAssertEqual(tags(text), tags(reference))
        XCTAssertFalse(text.lowercased().contains("<script"))
        XCTAssertFalse(text.lowercased().contains("<img src=x"))
        assertNoControlCharacters(text, "the HTML report")
        assertShortened(text, reference, "the HTML report")
    }

    // MARK: CSV

    /// RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks. Walks
    /// scalars, so a `\r\n` inside a quoted field stays in it.
    private func parseCSV(_ text: String) -> [[String]] {
        var records: [[String]] = [], record: [String] = [], field = String.UnicodeScalarView()
        var quoted = false
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            if quoted {
                if scalar == "\"" {
                    if scalars.first == "\"" { field.append("\""); scalars.removeFirst() } else { quoted = false }
                } else {
                    field.append(scalar)
                }
            } else if scalar == "\"" {
                quoted = true
            } else if scalar == "," {
                record.append(String(field)); field = .init()
            } else if scalar == "\r", scalars.first == "\n" {
                scalars.removeFirst()
                record.append(String(field)); field = .init()
                records.append(record); record = []
            } else {
                field.append(scalar)
            }
        }
        if !field.isEmpty || !record.isEmpty { record.append(String(field)); records.append(record) }
        return records
    }

    func testCSVHasEveryFieldAndNoCellAFormulaCouldStartIn() {
        let (hostile, _) = Self.pair
        let records = parseCSV(Report(hostile).rendered(as: .csv))
        XCTAssertEqual(records.count, 1 + hostile.runs.count)
        let width = records[0].count
        for (record, run) in zip(records.dropFirst(), hostile.runs) {
            XCTAssertEqual(record.count, width, "fields of \(run.scenario.prefix(40).debugDescription)")
            for field in record.prefix(2) {
                XCTAssertFalse(["=", "+", "-", "@"].contains(field.unicodeScalars.first), "a formula: \(field.prefix(40).debugDescription)")
            }
            // The name is kept whole (a formula behind a leading apostrophe), as in the JSON.
            let name = run.scenario
            XCTAssertEqual(record[0], ["=", "+", "-", "@"].contains(name.unicodeScalars.first) ? "'" + name : name)
            XCTAssertEqual(record[1], run.strategy)
        }
        XCTAssertEqual(records.dropFirst().first { $0[0].hasPrefix("'=HYPERLINK") }?[0], "'=HYPERLINK(\"http://example.com\")")
    }

    // MARK: Trace

    func testTraceIsValidJSONWhoseNamesReadBackExactly() throws {
        let (hostile, _) = Self.pair
        let text = Report(hostile).rendered(as: .trace)
        XCTAssertFalse(text.unicodeScalars.contains { $0.value == 0x2028 || $0.value == 0x2029 || (0x7F...0x9F).contains($0.value) },
                       "separators and C1 controls are \\u escapes, for JavaScript readers")
        assertNoControlCharacters(text, "the trace")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let events = try XCTUnwrap(object["traceEvents"] as? [[String: Any]])
        let processes = events.filter { $0["name"] as? String == "process_name" }.compactMap { ($0["args"] as? [String: Any])?["name"] as? String }
        XCTAssertEqual(processes, (Self.hostile + [Self.huge]).map { "scenario " + $0 })
        let threads = Set(events.filter { $0["name"] as? String == "thread_name" }.compactMap { ($0["args"] as? [String: Any])?["name"] as? String })
        XCTAssertEqual(threads, ["none", "x|y\r\n<b>\u{1B}[1m"])
    }

    // MARK: Gate and compare

    /// A gate report with a finding in every row: the hostile run's counters all went up.
    private func gateReports() throws -> (hostile: Gate.Report, plain: Gate.Report) {
        func report(_ baseline: Results) throws -> Gate.Report {
            var current = baseline
            current.machine.cpu = "\u{1B}]0;pwned\u{07}|<script>" + Self.huge
            for i in current.runs.indices { current.runs[i].totals[.blendedPixels]! += 1 }
            return try Gate.check(baseline: baseline, current: current)
        }
        return (try report(Self.pair.hostile), try report(Self.pair.plain))
    }

    func testGateTextAndMarkdownKeepTheirStructureWithHostileNames() throws {
        let (hostile, plain) = try gateReports()
        XCTAssertFalse(hostile.passed)
        // Unwrapped: a long name wraps onto more lines than a short one on a 120-column page.
        assertKeepsStructure(text: hostile.text(width: .max), reference: plain.text(width: .max),
                             markdown: hostile.markdown(), plainMarkdown: plain.markdown(), of: "the gate")
    }

    func testCompareTextAndMarkdownKeepTheirStructureWithHostileNames() {
        // Rows only in one file are listed too: drop the last scenario from the new side.
        func comparison(_ results: Results) -> Comparison {
            var new = results
            new.runs.removeLast()
            var old = results
            old.runs.removeFirst()
            return Comparison(old, new)
        }
        let hostile = comparison(Self.pair.hostile), plain = comparison(Self.pair.plain)
        XCTAssertEqual(hostile.unmatched.count, 2)
        // Unwrapped: a long name wraps onto more lines than a short one on a 120-column page.
        assertKeepsStructure(text: hostile.text(width: .max), reference: plain.text(width: .max),
                             markdown: hostile.markdown(), plainMarkdown: plain.markdown(), of: "the comparison")
    }
}
