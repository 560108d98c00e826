import Foundation
@testable import Reports
import Results
import XCTest

/// The CSV export, on `ReportSample`'s hand-built results.
final class CSVReportTests: XCTestCase {
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
        let results = ReportSample.sample()
        let csv = Report(results).rendered(as: .csv)
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
}
