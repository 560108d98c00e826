import XCTest
@testable import Reports

/// The terminal page: prose wrapped and tables fitted to its width, counted in `Character`s.
final class ConsoleTests: XCTestCase {
    func testWrappedBreaksAtSpacesAndIndentsTheContinuationLines() {
        XCTAssertEqual(Console.wrapped("Warning: one two three four", indent: 2, width: 14),
                       "Warning: one\n  two three\n  four\n")
        XCTAssertEqual(Console.wrapped("short", indent: 2), "short\n", "a line that fits is left alone")
        XCTAssertEqual(Console.wrapped(""), "\n")
    }

    func testEveryLineFitsAndNothingIsLostAtEveryWidthAndIndent() {
        let text = "Of the strategies that round the corners, shared-corner-grid costs the device least (1.0 render passes, "
            + "24.0 MB of memory traffic; ≈ 0.51–0.68 ms of GPU time, 6–8 % of 8.3 ms) × none µs"
        for width in 12...60 {
            for indent in 0...4 {
                let lines = Console.wrapped(text, indent: indent, width: width).split(separator: "\n")
                for line in lines { XCTAssertLessThanOrEqual(line.count, width, "width \(width), indent \(indent): '\(line)'") }
                for line in lines.dropFirst() { XCTAssertTrue(line.hasPrefix(String(repeating: " ", count: indent))) }
                XCTAssertEqual(lines.joined().filter { $0 != " " }, text.filter { $0 != " " }, "width \(width), indent \(indent)")
                // Words are cut only when wider than a line: "shared-corner-grid" has 18 characters.
                if width - indent >= 18 {
                    XCTAssertEqual(lines.flatMap { $0.split(separator: " ") }, text.split(separator: " "), "width \(width), indent \(indent)")
                }
            }
        }
    }

    func testCountsCharactersSoThatMultiByteSymbolsTakeOneColumn() {
        let text = String(repeating: "×µ– ", count: 10)
        XCTAssertEqual(Console.wrapped(text, width: 7), String(repeating: "×µ– ×µ–\n", count: 5))
    }

    func testAWordWiderThanALineIsCutWhereTheLineEnds() {
        XCTAssertEqual(Console.wrapped("see /a/very/long/path/name ok", indent: 2, width: 10),
                       "see\n  /a/very/\n  long/pat\n  h/name\n  ok\n")
    }

    func testLineBreaksInTheTextAreIndentedAndLeadingSpacesKept() {
        XCTAssertEqual(Console.wrapped("  ✗ row: one two\nthree", indent: 6, width: 12), "  ✗ row: one\n      two\n      three\n")
    }

    func testATableThatFitsIsAlignedAndTrimmed() {
        XCTAssertEqual(Console.table([["strategy", "px", "note"], ["none", "1,000", ""], ["per-cell-mask", "12", "~"]]),
                       "strategy          px  note\nnone           1,000\nper-cell-mask     12     ~\n")
    }

    func testATableTooWideCutsOnlyItsNames() {
        let rows = [["strategy", "value"], [String(repeating: "n", count: 40), "12"], ["short", "3"]]
        XCTAssertEqual(Console.table(rows, width: 30),
                       "strategy                 value\n" + String(repeating: "n", count: 22) + "…     12\nshort                        3\n")
        let narrow = Console.table(rows, width: 10)
        XCTAssertTrue(narrow.contains(String(repeating: "n", count: Console.minimumNameWidth - 1) + "…"),
                      "a name keeps its minimum, even past the width: \(narrow)")
    }

    func testFittedCutsToTheColumnsWithAnEllipsis() {
        XCTAssertEqual(Console.fitted("abcdef", 4), "abc…")
        XCTAssertEqual(Console.fitted("abcd", 4), "abcd")
    }

    func testANumberKeepsItsUnitOnItsLine() {
        let text = "strategies cost the same, within 1 %, and 0.30–0.65 ms of GPU time at 8.3 ms"
        for width in 20...text.count {
            for line in Console.wrapped(text, width: width).split(separator: "\n") {
                XCTAssertFalse(line.hasPrefix("%") || line.hasPrefix("ms"), "width \(width): '\(line)'")
            }
        }
        XCTAssertEqual(Console.wrapped("within 1 %, and more", width: 10), "within\n1 %, and\nmore\n")
    }
}
