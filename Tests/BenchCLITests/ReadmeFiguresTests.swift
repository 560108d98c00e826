import CLITestSupport
import Foundation
import RasterTestSupport
import Results
import Strategies
import Text
import XCTest

/// The README's counters (blended pixels, passes, tile traffic, cache hits and misses) are
/// deterministic, so they are held to a run of the current build: a change to the model that
/// moves them fails here until the README is regenerated. Times in the same tables are not
/// checked: they follow the host. The iPhone SE table is checked in `swift test`, so a change
/// that moves the counters fails there; the default and opaque-labels tables run the iPad's 180
/// steps in full and are checked by `.ci/run` (`SlowTests`).
final class ReadmeFiguresTests: TemporaryDirectoryTestCase {
    /// The repository's root directory.
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The repository's README: the answer, with the verdicts of the iPad and the iPhone SE.
    private static let readme = (try? String(contentsOfFile: root + "/README.md", encoding: .utf8)) ?? ""
    /// The guide (docs/guide.md): the full tables the README points to.
    private static let guide = (try? String(contentsOfFile: root + "/docs/guide.md", encoding: .utf8)) ?? ""

    /// The `n`-th fenced block (from 0) after the line that starts with `heading`.
    private func block(after heading: String, in text: String = ReadmeFiguresTests.guide, _ n: Int = 0) throws -> [String] {
        let lines = text.components(separatedBy: "\n")
        let start = try XCTUnwrap(lines.firstIndex { $0.hasPrefix(heading) }, "the document has '\(heading)'")
        var open = try XCTUnwrap(lines[start...].firstIndex { $0.hasPrefix("```") })
        for _ in 0..<n {
            let close = try XCTUnwrap(lines[(open + 1)...].firstIndex { $0.hasPrefix("```") })
            open = try XCTUnwrap(lines[(close + 1)...].firstIndex { $0.hasPrefix("```") })
        }
        let close = try XCTUnwrap(lines[(open + 1)...].firstIndex { $0.hasPrefix("```") })
        return Array(lines[(open + 1)..<close])
    }

    /// The cells of the Markdown table rows that name a strategy (`` | `name` | … ``) in the guide's
    /// section under `heading`, up to the next heading.
    private func strategyTable(after heading: String) throws -> [[String]] {
        let lines = Self.guide.components(separatedBy: "\n")
        let start = try XCTUnwrap(lines.firstIndex { $0.hasPrefix(heading) }, "the guide has '\(heading)'")
        return lines[(start + 1)...].prefix { !$0.hasPrefix("#") }.filter { $0.hasPrefix("| `") }
            .map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }
    }

    /// The rows of a console table that name a strategy, split on spaces, in order; a strategy
    /// named in two tables (the counters, then the verdict) appears twice.
    private func strategyRows(_ lines: [String]) -> [[String]] {
        let names = Set(StrategyCatalog.builtIn.names)
        return lines.map { $0.split(separator: " ").map(String.init) }.filter { $0.first.map(names.contains) ?? false }
    }

    /// The README's verdict (block `n` of "## The answer", the verdict's rows alone) against the
    /// verdict of `fresh`, a run's whole output.
    private func assertVerdict(_ n: Int, fresh: String, _ what: String) throws {
        let lines = fresh.components(separatedBy: "\n")
        let start = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("Verdict:") }, "a run prints its verdict")
        assertCounters(readme: try block(after: "## The answer", in: Self.readme, n), fresh: Array(lines[start...]), what)
    }

    /// Each README row's counter columns equal those of the same strategy's row in `fresh`: the
    /// first table's blended px, off-screen and render passes, splits, tile MB and hit / miss; the
    /// verdict's rank, passes and splits, and with a GPU its GPU ms and worst frame (without one,
    /// memory MB and blended px).
    private func assertCounters(readme: [String], fresh: [String], _ what: String) {
        let old = strategyRows(readme), new = strategyRows(fresh)
        XCTAssertFalse(old.isEmpty, "\(what): the README shows a table")
        var seen: [String: Int] = [:]
        for row in old {
            let occurrence = seen[row[0], default: 0]
            seen[row[0]] = occurrence + 1
            let matches = new.filter { $0[0] == row[0] }
            guard occurrence < matches.count else { return XCTFail("\(what): \(row[0]) is not in a fresh run's table") }
            // The verdict's rank, passes, splits, GPU ms and worst frame (deterministic: an
            // estimate from the counters), where the README's row has it.
            let counted = occurrence == 0 ? 1...8 : 1...min(5, row.count - 2)
            XCTAssertEqual(Array(row[counted]), Array(matches[occurrence][counted]),
                           "\(what): \(row[0])'s counters in the README differ from a run of this build; regenerate the README's table")
        }
    }

    func testTheDefaultTableMatchesARunOfThisBuild() throws {
        try SlowTests.require()
        let result = bench("run")
        XCTAssertEqual(result.code, 0, result.stderr)
        assertCounters(readme: try block(after: "## Reading the table"), fresh: result.stdout.components(separatedBy: "\n"),
                       "the guide's default table")
        try assertVerdict(0, fresh: result.stdout, "the README's iPad verdict")
        let fresh = strategyRows(result.stdout.components(separatedBy: "\n"))
        // The counters' row, which follows the verdict's.
        func blended(_ name: String) throws -> Int { try XCTUnwrap(Int(try XCTUnwrap(fresh.last { $0[0] == name })[1].replacingOccurrences(of: ",", with: ""))) }
        let corners = try blended("shared-corner-grid") - blended("none")
        XCTAssertTrue(Self.guide.contains("\(Format.grouped(corners)) more blended pixels"),
                      "the guide's prose gives the grid's \(corners) corner pixels")
    }

    func testTheIPhoneSETableMatchesARunOfThisBuild() throws {
        let result = bench("run", "--suite", Self.root + "/Benchmarks/devices.json", "--scenario", "settings-iphone-se")
        XCTAssertEqual(result.code, 0, result.stderr)
        assertCounters(readme: try block(after: "### On an iPhone"), fresh: result.stdout.components(separatedBy: "\n"),
                       "the guide's iPhone SE table")
        try assertVerdict(1, fresh: result.stdout, "the README's iPhone SE verdict")
    }

    func testTheOpaqueLabelsTableMatchesARunOfThisBuild() throws {
        try SlowTests.require()
        let rows = try strategyTable(after: "### Opaque labels")
        XCTAssertFalse(rows.isEmpty, "the README shows the opaque-labels table")
        let strategies = rows.map { $0[0].trimmingCharacters(in: CharacterSet(charactersIn: "`")) }
        let result = bench("run", "--suite", Self.root + "/Benchmarks/labels.json", "--strategy", strategies.joined(separator: ","))
        XCTAssertEqual(result.code, 0, result.stderr)
        // Two tables per scenario (verdict, then counters): the last rows of each scenario are the counters.
        let scenarios = result.stdout.components(separatedBy: "\nscenario ")
        func blended(_ scenario: String, _ strategy: String) throws -> String {
            let table = try XCTUnwrap(scenarios.first { $0.hasPrefix(scenario + ":") }, "a table for \(scenario)")
            // The counters' row, which follows the verdict's.
            return try XCTUnwrap(strategyRows(table.components(separatedBy: "\n")).last { $0[0] == strategy })[1]
        }
        for (row, strategy) in zip(rows, strategies) {
            XCTAssertEqual(row[1], try blended("clear-labels", strategy), "\(strategy), clear labels")
            XCTAssertEqual(row[2], try blended("opaque-labels", strategy), "\(strategy), opaque labels")
        }
    }

    func testTheGuidesOwnCellTableMatchesARunOfThisBuild() throws {
        let rows = try strategyTable(after: "### Your own cell")
        XCTAssertEqual(rows.count, 3, "the guide shows three strategies")
        let strategies = rows.map { $0[0].trimmingCharacters(in: CharacterSet(charactersIn: "`")) }
        for (column, cell) in [(1, "two-rounded-images"), (3, "two-masked-images")] {
            let path = directory + "/\(cell).json"
            let result = bench("run", "--cell", Self.root + "/Benchmarks/cells/\(cell).json", "--device", "iphone-se",
                               "--strategy", strategies.joined(separator: ","), "--steps", "60", "--quiet", "--json", path)
            XCTAssertEqual(result.code, 0, result.stderr)
            let runs = try Results.load(from: path).runs
            for (row, strategy) in zip(rows, strategies) {
                let run = try XCTUnwrap(runs.first { $0.strategy == strategy })
                let time = try XCTUnwrap(run.deviceTime)
                XCTAssertEqual(row[column], String(format: "%.1f", run.perStep[.offscreenPasses] ?? -1), "\(cell), \(strategy)")
                XCTAssertEqual(row[column + 1], String(format: "%.2f–%.2f", Double(time.lowNanos) / 1e6, Double(time.highNanos) / 1e6),
                               "\(cell), \(strategy)")
            }
        }
    }

    /// The README's app example: its command, run as written, prints the verdict row it shows.
    func testTheReadmesIPhone6sCellVerdictMatchesARunOfThisBuild() throws {
        let lines = Self.readme.components(separatedBy: "\n")
        let command = try XCTUnwrap(lines.first { $0.hasPrefix("swift run bench run --device iphone-6s --ios 9 --cell ") },
                                    "the README runs the iPhone 6s on iOS 9")
        let arguments = command.split(separator: " ").dropFirst(3).map(String.init)
            .map { $0.hasPrefix("Benchmarks/") ? Self.root + "/" + $0 : $0 }
        let result = bench(arguments)
        XCTAssertEqual(result.code, 0, result.stderr)
        let shown = try block(after: "## Your device, your table, your cell", in: Self.readme, 1)
        let row = try XCTUnwrap(shown.first { $0.hasPrefix("none ") }, "the README shows none's verdict row")
        let fresh = result.stdout.components(separatedBy: "\n")
        let start = try XCTUnwrap(fresh.firstIndex { $0.hasPrefix("Verdict:") })
        let freshRow = try XCTUnwrap(fresh[start...].first { $0.hasPrefix("none ") })
        // Everything but the host's time rank is deterministic.
        XCTAssertEqual(row.split(separator: " ").dropLast(), freshRow.split(separator: " ").dropLast(), "regenerate the README's iPhone 6s row")
    }

    func testTheReadmeNamesEverySuiteOfBenchmarks() throws {
        let suites = try FileManager.default.contentsOfDirectory(atPath: Self.root + "/Benchmarks").filter { $0.hasSuffix(".json") }
        XCTAssertGreaterThan(suites.count, 5)
        for suite in suites { XCTAssertTrue(Self.guide.contains("`\(suite)`"), "the guide's list of suites names \(suite)") }
    }
}
