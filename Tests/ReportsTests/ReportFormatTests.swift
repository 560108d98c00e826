import Foundation
@testable import Reports
import Results
import Text
import XCTest

/// Format dispatch and number formatting, on `ReportSample`'s hand-built results.
final class ReportFormatTests: XCTestCase {
    func testEveryFormatIsDispatched() {
        let results = ReportSample.sample()
        XCTAssertEqual(ReportFormat.allCases.map(\.rawValue), ["markdown", "csv", "html", "trace", "bmf", "github-benchmark", "influx"])
        XCTAssertEqual(Report(results).rendered(as: .markdown), Report(results).markdown())
        XCTAssertEqual(Report(results).rendered(as: .csv), Report(results).csv())
        XCTAssertEqual(Report(results).rendered(as: .html), Report(results).html())
        XCTAssertEqual(Report(results).rendered(as: .trace), Report(results).trace())
    }

    func testNumbersRoundHalfAwayFromZeroWithSeparators() {
        XCTAssertEqual(Format.decimal(1_234_567.85, 1), "1,234,567.9")
        XCTAssertEqual(Format.decimal(0.25, 1), "0.3")
        XCTAssertEqual(Format.decimal(-0.04, 1), "0.0")
        XCTAssertEqual(Format.decimal(-1_500, 0), "-1,500")
        XCTAssertEqual(Report.microsText(1_014_060), "1,014.1")
    }

    func testChartAxesEndOnRoundNumbers() {
        let pixels = Report.niceTicks(upTo: 1_228_266)
        XCTAssertEqual(pixels.step, 500_000)
        XCTAssertEqual(pixels.top, 1_500_000)
        XCTAssertEqual(pixels.values.map { Report.tickText($0, pixels.step, top: pixels.top) }, ["0", "0.5M", "1.0M", "1.5M"])
        XCTAssertEqual(Report.niceTicks(upTo: 5.1, count: 4).values, [0, 2, 4, 6])
        XCTAssertEqual(Report.niceTicks(upTo: 0).top, 1)
    }
}
