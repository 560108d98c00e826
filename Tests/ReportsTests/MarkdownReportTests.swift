import Foundation
@testable import Reports
import Results
import XCTest

/// The Markdown report, on `ReportSample`'s hand-built results.
final class MarkdownReportTests: XCTestCase {
    func testMarkdownTableNumbersAreTheJSONsRoundedAsDocumented() throws {
        let results = ReportSample.sample()
        let markdown = Report(results).rendered(as: .markdown)
        let tables = markdownTables(markdown)
        XCTAssertEqual(Set(tables.keys), Set(ReportSample.scenarios))
        // The column titles a reader sees, mapped to the JSON independently of the report's code.
        let counters = ["blended px": "blendedPixels", "blended frags": "blendedFragments", "shaded px": "shadedPixels",
                        "off-screen passes": "offscreenPasses", "render passes": "renderPasses", "splits": "screenSplits",
                        "tile traffic": "tileTrafficBytes",
                        "raster hits": "rasterHits", "raster misses": "rasterMisses", "layers created": "layersCreated",
                        "paths created": "pathsCreated", "rows visited": "rowsVisited"]
        let medians = ["layout": "layout", "reuse": "reuse", "composite": "composite", "step": "step"]
        var checked = 0
        for run in results.runs {
            let table = try XCTUnwrap(tables[run.scenario])
            XCTAssertEqual(table.rows.count, ReportSample.strategies.count)
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
                case "blended px", "blended frags", "shaded px":
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
        let markdown = Report(ReportSample.sample()).rendered(as: .markdown)
        let tableLines = markdown.split(separator: "\n").filter { $0.hasPrefix("| ") }
        XCTAssertFalse(tableLines.isEmpty)
        // Today's widest table has 8 columns; before the split, one table had 20.
        let widest = tableLines.map { $0.components(separatedBy: " | ").count }.max() ?? 0
        XCTAssertLessThanOrEqual(widest, 8, "a table a pull-request comment shows without scrolling")
        XCTAssertGreaterThanOrEqual(markdown.components(separatedBy: "| strategy |").count - 1, 4 * ReportSample.scenarios.count, "several tables per scenario")
        // Every column's meaning, in the catalogue's words, once: under the first scenario's table.
        for counter in Report.tableCounters {
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
        let slow = ReportSample.sample(optimized: false)
        XCTAssertTrue(Report(slow).rendered(as: .markdown).contains("**WARNING:**"))
        XCTAssertTrue(Report(slow).rendered(as: .markdown).contains("NOT optimized"))
        XCTAssertTrue(Report(slow).rendered(as: .html).contains("WARNING:"))
        let fast = ReportSample.sample()
        XCTAssertFalse(Report(fast).rendered(as: .markdown).contains("WARNING"))
        XCTAssertFalse(Report(fast).rendered(as: .html).contains("WARNING"))
    }
}
