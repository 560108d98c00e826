import Analysis
import Results
import ResultsTestSupport
import Text
import XCTest
@testable import Reports

/// `bench check`'s words for limits, from hand-built results.
final class LimitReportTests: XCTestCase {
    /// The fixture's rows priced on the A13 at 60 Hz, each step's slow end `worst` ns at most.
    private func priced(worst: Int) -> Results {
        var results = ResultsFixtures.run(strategies: ["none"])
        let steps = results.runs[0].steps
        let high = (0..<steps).map { worst - 1_000 * $0 }
        results.runs[0].deviceTime = DeviceTime(gpu: "a13", refreshHz: 60, lowNanos: 300_000, highNanos: 400_000,
                                                stepLowNanos: high.map { $0 / 2 }, stepHighNanos: high)
        return results
    }

    /// The two numbers of a breach's sentence `measure a > b`, as written.
    private func sides(_ text: String, _ measure: String) throws -> (String, String) {
        let line = try XCTUnwrap(text.split(separator: "\n").first { $0.contains(": \(measure) ") }, text)
        let words = line.split(separator: " ").map(String.init)
        let at = try XCTUnwrap(words.firstIndex(of: ">"), String(line))
        return (words[at - 1], words[at + 1])
    }

    func testABreachShowsTheValueAndTheLimitWithTheSameDecimalsAndApart() throws {
        let results = priced(worst: 490_078)
        let share = try XCTUnwrap(Limit.Measure.worstFrameShare.value(of: results.runs[0]))
        for below in [0.00001, 0.0001, 0.001, 0.1] {
            let limit = share - below
            let check = LimitCheck(results, limits: [Limit(.worstFrameShare, maximum: limit)])
            XCTAssertEqual(check.breaches.count, 1)
            let (value, maximum) = try sides(check.text(), "worstFrameShare")
            let decimals = { (text: String) in text.split(separator: ".").dropFirst().first?.count ?? 0 }
            XCTAssertEqual(decimals(value), decimals(maximum), "\(value) > \(maximum)")
            XCTAssertNotEqual(value, maximum, "a breach reads as one: \(value) > \(maximum)")
            XCTAssertGreaterThan(try XCTUnwrap(Double(value)), try XCTUnwrap(Double(maximum)))
            XCTAssertEqual(try XCTUnwrap(Double(value)), share, accuracy: pow(10, -Double(decimals(value))) / 2 + 1e-15)
            XCTAssertTrue(check.markdown().contains("worstFrameShare ≤ \(maximum) | \(value)"), check.markdown())
        }
    }

    func testWholeNumbersOnBothSidesOfABreachAreWrittenWhole() throws {
        let results = ResultsFixtures.run(strategies: ["none"])
        let passes = try XCTUnwrap(results.runs[0].perStep[.offscreenPasses])
        XCTAssertEqual(passes, passes.rounded(), "the fixture's counts per step are whole")
        let check = LimitCheck(results, limits: [Limit(.offscreenPasses, maximum: passes - 1)])
        let (value, maximum) = try sides(check.text(), "offscreenPasses")
        XCTAssertEqual(value, Format.grouped(Int(passes)))
        XCTAssertEqual(maximum, Format.grouped(Int(passes) - 1))
    }
}
