@testable import BenchCLI
import CLITestSupport
import Foundation
import RasterTestSupport
import Results
import Text
import XCTest

/// `bench` end to end with a scenario whose name is hostile: a line break, a table pipe, HTML and
/// terminal escape sequences. Every output keeps its structure and no control character reaches
/// the terminal; messages quoting a long name stay one short line.
final class HostileNameCLITests: TemporaryDirectoryTestCase {
    /// CR LF (one Swift `Character`), a Markdown pipe, HTML, clear-screen and set-title sequences.
    static let name = "a\r\nc|<script>alert(1)</script>\u{1B}[2J\u{1B}]0;title\u{07}"

    /// A small, fast scenario file named `name`: no cell content, two steps.
    private func scenarioFile(named name: String, device: String = #""iphone-se""#) throws -> String {
        let object: [String: Any] = ["name": name, "table": ["sections": 3, "rowsPerSection": [3], "content": "none"],
                                     "scroll": ["kind": "constant", "pointsPerStep": 12, "steps": 2, "warmupSteps": 0]]
        var data = try JSONSerialization.data(withJSONObject: object)
        data.removeLast()
        data += Data(#", "device": \#(device)}"#.utf8)
        let path = directory + "/scenario.json"
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    private func assertNoControlCharacters(_ text: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let bad = text.unicodeScalars.first { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
        XCTAssertNil(bad.map { "U+" + String($0.value, radix: 16) }, "\(what): \(text.prefix(300).debugDescription)", file: file, line: line)
    }

    func testARunOfAHostileScenarioKeepsEveryOutputIntact() throws {
        let scenario = try scenarioFile(named: Self.name)
        let (md, csv, html, json) = (directory + "/r.md", directory + "/r.csv", directory + "/r.html", directory + "/r.json")
        let run = bench("run", "--scenario-file", scenario, "--strategy", "none,per-cell-mask",
                        "--markdown", md, "--csv", csv, "--html", html, "--json", json)
        XCTAssertEqual(run.code, 0, run.stderr)

        // The terminal, the answer first: the header (two lines); the scenario's name, device and
        // table (two lines); the verdict's title, title row, a row per strategy and its sentence
        // (the GPU times, the worst frames, the note on them and on what no published measurement
        // covers: as many lines as it wraps to at 120 columns, at least five); the counters and
        // host time (their note two lines, the title row and a row per strategy); the note on host
        // times (two); then the note naming the files written (as many lines as the temporary
        // directory's paths take).
        assertNoControlCharacters(run.stdout, "stdout")
        let lines = try XCTUnwrap(run.stdout.components(separatedBy: "\nWrote ").first).split(separator: "\n")
        let verdict = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("Verdict:") }, run.stdout)
        let counters = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("Counters and this host's time") }, run.stdout)
        let sentence = counters - verdict - 1 - 1 - 2
        XCTAssertGreaterThanOrEqual(sentence, 5, run.stdout)
        XCTAssertTrue(lines.allSatisfy { $0.count <= 120 }, run.stdout)
        XCTAssertEqual(lines.count, 2 + 4 + (1 + 1 + 2 + sentence) + (2 + 1 + 2) + 2, run.stdout)
        XCTAssertTrue(run.stdout.unwrapped.hasSuffix("Wrote '\(json)', '\(md)', '\(csv)', '\(html)': 2 row(s) of 1 scenario(s)."), run.stdout)
        XCTAssertTrue(run.stdout.contains(#"scenario a\r\nc|<script>alert(1)</script>\u{1B}[2J\u{1B}]0;title\u{07}: 2 steps"#), run.stdout)

        // Markdown: one heading line, every row of each of the scenario's five tables (the verdict first) with as
        // many cells as its header.
        let markdown = try String(contentsOfFile: md, encoding: .utf8)
        assertNoControlCharacters(markdown, "the Markdown report")
        XCTAssertFalse(markdown.contains("<script"))
        XCTAssertTrue(markdown.contains(#"### Scenario a\r\nc\|&lt;script&gt;"#), markdown)
        let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("|") }
        XCTAssertEqual(rows.count, 5 * (2 + 2), "the verdict and the four tables of numbers")
        let cells = rows.map { $0.replacingOccurrences(of: #"\|"#, with: "").filter { $0 == "|" }.count }
        for table in stride(from: 0, to: cells.count, by: 4) {
            XCTAssertEqual(Set(cells[table..<min(table + 4, cells.count)]).count, 1, "cells per row: \(cells)")
        }

        // CSV: the name is one quoted field, whole; without it, three records of equal width.
        let csvText = try String(contentsOfFile: csv, encoding: .utf8)
        XCTAssertTrue(csvText.contains("\"" + Self.name + "\",none,"), "the name is one quoted field")
        let records = csvText.replacingOccurrences(of: "\"" + Self.name + "\"", with: "N").components(separatedBy: "\r\n").dropLast()
        XCTAssertEqual(records.count, 3)
        XCTAssertEqual(Set(records.map { $0.filter { $0 == "," }.count }).count, 1, "fields per record")

        // HTML: no tag from the name, no control character.
        let page = try String(contentsOfFile: html, encoding: .utf8)
        XCTAssertFalse(page.lowercased().contains("<script"))
        assertNoControlCharacters(page, "the HTML report")

        // The JSON keeps the name exactly.
        XCTAssertEqual(try Results.load(from: json).runs.first?.scenario, Self.name)
    }

    func testTheExportsOfAHostileScenarioKeepTheirShapeAndTheName() throws {
        let name = Self.name + " a,b=\"c\" \\"
        let scenario = try scenarioFile(named: name)
        let (bmf, github, influx) = (directory + "/r.bmf.json", directory + "/r.gab.json", directory + "/r.lp")
        let run = bench("run", "--scenario-file", scenario, "--strategy", "none,per-cell-mask", "--quiet",
                        "--bmf", bmf, "--github-benchmark", github, "--influx", influx)
        XCTAssertEqual(run.code, 0, run.stderr)

        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: bmf))) as? [String: Any])
        XCTAssertEqual(Set(object.keys), [name + "/none", name + "/per-cell-mask"], "BMF keeps the name whole")
        let entries = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: github))) as? [[String: Any]])
        XCTAssertTrue(entries.contains { $0["name"] as? String == name + "/none: step" }, "github-benchmark keeps the name whole")

        // Line protocol: a line per row, the name in one tag with its delimiters escaped.
        let text = try String(contentsOfFile: influx, encoding: .utf8)
        assertNoControlCharacters(text, "the line protocol")
        let lines = text.split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        XCTAssertTrue(lines[0].hasPrefix("cornerbench,scenario=" + Escape.lineProtocol(name) + ",strategy=none "), String(lines[0]))
        XCTAssertTrue(lines[0].hasPrefix(#"cornerbench,scenario=a\r\nc|<script>alert(1)</script>\u{1B}[2J\u{1B}]0;title\u{07}\ a\,b\="c"\ \u{5C},strategy=none "#),
                      String(lines[0]))
    }

    func testCheckAndCompareOfHostileResultsWriteIntactTextAndMarkdown() throws {
        let json = directory + "/r.json", raised = directory + "/raised.json", gate = directory + "/gate.md", diff = directory + "/diff.md"
        XCTAssertEqual(bench("run", "--scenario-file", try scenarioFile(named: Self.name), "--strategy", "none,per-cell-mask",
                             "--json", json, "--quiet").code, 0)
        var results = try Results.load(from: json)
        results.runs[0].totals[.blendedPixels]! += 1
        results.runs[1].strategy = "x|y\r\n<img src=x onerror=alert(1)>"
        try AtomicFile.write(results.jsonData(), to: raised)

        let check = bench("check", "--baseline", json, "--results", raised, "--markdown", gate)
        XCTAssertEqual(check.code, 2, "a strategy missing from the run: \(check.stderr)")
        assertNoControlCharacters(check.stderr, "the check's error")
        XCTAssertTrue(check.stderr.contains(#"a\r\nc|<script>alert(1)</script>\u{1B}[2J"#), check.stderr)

        let compare = bench("compare", json, raised, "--markdown", diff)
        XCTAssertEqual(compare.code, 0, compare.stderr)
        assertNoControlCharacters(compare.stdout, "the comparison")
        let markdown = try String(contentsOfFile: diff, encoding: .utf8)
        assertNoControlCharacters(markdown, "the comparison's Markdown")
        XCTAssertFalse(markdown.contains("<script") || markdown.contains("<img"), markdown)
        XCTAssertTrue(markdown.contains(#"#### a\r\nc\|&lt;script&gt;"#), markdown)
        XCTAssertTrue(markdown.contains(#"- a\r\nc\|&lt;script&gt;alert(1)&lt;/script&gt;\u{1B}\[2J\u{1B}\]0;title\u{07}/x\|y\r\n&lt;img src=x onerror=alert(1)&gt; only in the second"#), markdown)
    }

    func testAnUnknownKeyOfAMegabyteGetsAShortError() throws {
        let path = directory + "/big.json"
        let key = String(repeating: "k", count: 1 << 20)
        try Data(#"{"name": "x", "device": "ipad-11", "table": {"sections": 3, "rowsPerSection": 2, "\#(key)": 1}, "scroll": {"kind": "constant", "steps": 2}}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        let result = bench("run", "--scenario-file", path, "--quiet")
        XCTAssertEqual(result.code, 2)
        let first = try XCTUnwrap(result.stderr.split(separator: "\n").first)
        XCTAssertLessThan(first.utf8.count, 300 + path.utf8.count, String(first.prefix(300)))
        XCTAssertTrue(first.contains("(1,048,576 bytes)"), String(first.prefix(300)))
        XCTAssertLessThan(result.stderr.utf8.count, 2_000)
    }

    func testNamesQuotedInErrorsAreEscapedAndShortened() throws {
        let hostile = "\u{1B}[2J" + String(repeating: "z", count: 100_000)
        for arguments in [["run", "--scenario", hostile], ["run", "--strategy", hostile], ["run", "--steps", hostile],
                          [hostile], ["run", "--" + hostile], ["compare", "a", "b", hostile]] {
            let result = bench(arguments)
            XCTAssertEqual(result.code, 2)
            assertNoControlCharacters(result.stderr, "the error for \(arguments.map { $0.prefix(10) })")
            XCTAssertLessThan(result.stderr.utf8.count, 2_000, String(result.stderr.prefix(300)))
            XCTAssertTrue(result.stderr.contains(#"\u{1B}[2Jzzz"#), String(result.stderr.prefix(300)))
        }
    }

    func testTheBaselinesUnknownScenarioIsQuotedEscaped() throws {
        let json = directory + "/r.json"
        XCTAssertEqual(bench("run", "--scenario-file", try scenarioFile(named: Self.name), "--strategy", "none",
                             "--json", json, "--quiet").code, 0)
        let check = bench("check", "--baseline", json)
        XCTAssertEqual(check.code, 2)
        assertNoControlCharacters(check.stderr, "the check's error")
        XCTAssertTrue(check.stderr.contains(#"he baseline's scenario 'a\r\nc|<script>alert(1)</script>\u{1B}[2J"#), check.stderr)
    }

    func testRenderAndTheProgressLineShowTheNameEscaped() throws {
        let png = directory + "/f.png"
        let render = bench("render", "--scenario-file", try scenarioFile(named: Self.name), "--strategy", "none", "--png", png)
        XCTAssertEqual(render.code, 0, render.stderr)
        assertNoControlCharacters(render.stdout, "render's line")

        let line = RunCommand.progressLine("\u{1B}[2J" + String(repeating: "p", count: 1 << 20) + ": round 2/5, step 3/10")
        XCTAssertTrue(line.hasPrefix(#"\u{1B}[2Jppp"#), line)
        XCTAssertTrue(line.hasSuffix("… (1,048,580 bytes): round 2/5, step 3/10"), line)
        assertNoControlCharacters(line, "the progress line")
    }
}
