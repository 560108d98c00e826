import Text
import XCTest

/// How numbers are written for people where two are compared, a count is named or a limit was broken.
final class FormatTests: XCTestCase {
    func testACountIsSingularOnlyForOne() {
        XCTAssertEqual(Format.count(0, "row"), "0 rows")
        XCTAssertEqual(Format.count(1, "row"), "1 row")
        XCTAssertEqual(Format.count(1_000, "row"), "1,000 rows")
        XCTAssertEqual(Format.count(2, "breach", plural: "breaches"), "2 breaches")
    }

    func testAWholeNumberIsWrittenWithoutAFractionGroupedOrAsADefinitionHoldsIt() {
        XCTAssertEqual(Format.number(1_000), "1,000")
        XCTAssertEqual(Format.number(1_000, grouped: false), "1000")
        XCTAssertEqual(Format.number(-375, grouped: false), "-375")
        for grouped in [true, false] {
            XCTAssertEqual(Format.number(2.5, grouped: grouped), "2.5")
            XCTAssertEqual(Format.number(1e15, grouped: grouped), "1000000000000000.0", "from 10^15, as Swift prints it")
            XCTAssertEqual(Format.number(.infinity, grouped: grouped), "inf")
        }
        XCTAssertEqual(Format.limit(8_192), "8,192", "a limit's whole number as number writes it")
    }

    func testTwoNumbersApartShareTheirDecimalsAndDiffer() {
        for (a, b) in [(0.0294147, 0.0294047), (2.19, 0.5), (1.000001, 1.0), (321_598.5, 300_000.25)] {
            let (x, y) = Format.apart(a, b)
            let decimals = { (text: String) in text.split(separator: ".").dropFirst().first?.count ?? 0 }
            XCTAssertEqual(decimals(x), decimals(y), "\(x) and \(y)")
            XCTAssertNotEqual(x, y)
            XCTAssertGreaterThanOrEqual(decimals(x), 2)
        }
        XCTAssertEqual(Format.apart(24, 23).0, "24", "whole numbers stay whole")
        XCTAssertEqual(Format.apart(1_234, 5).0, "1,234")
    }

    func testAValueJustAboveALimitIsShownWithTheDecimalsThatKeepItAbove() {
        XCTAssertEqual(Format.above(2730.67 * 3, limit: 8192), "8,192.01")
        XCTAssertEqual(Format.above(12_288, limit: 8192), "12,288")
        XCTAssertEqual(Format.above(8192.0004, limit: 8192), "8,192.0004")
    }

    func testAListOfNamesReadsAsASentence() {
        XCTAssertEqual(Format.list([]), "")
        XCTAssertEqual(Format.list(["a"]), "a")
        XCTAssertEqual(Format.list(["a", "b"]), "a and b")
        XCTAssertEqual(Format.list(["a", "b", "c"]), "a, b and c")
    }
}
