import Foundation
import Text
import XCTest

/// The escapes every output shares (`Escape`): control characters made visible on a terminal,
/// long names shortened for messages.
final class EscapeTests: XCTestCase {
    func testTerminalTextShowsEveryControlCharacterAsAVisibleEscape() {
        XCTAssertEqual(Escape.terminal("a\r\nc"), #"a\r\nc"#, "CR LF is one Character but two escapes")
        XCTAssertEqual(Escape.terminal("\u{1B}[2J\u{1B}]0;title\u{07}"), #"\u{1B}[2J\u{1B}]0;title\u{07}"#)
        XCTAssertEqual(Escape.terminal("\u{9B}31m\u{85}\u{7F}\u{0}\t"), #"\u{9B}31m\u{85}\u{7F}\u{00}\t"#, "C1, DEL, NUL, tab")
        XCTAssertEqual(Escape.terminal("p\u{2028}q\u{2029}"), #"p\u{2028}q\u{2029}"#)
        XCTAssertEqual(Escape.terminal("abc\u{202E}fed\u{2066}"), #"abc\u{202E}fed\u{2066}"#, "bidirectional controls")
        XCTAssertEqual(Escape.terminal("ipad-settings é 日本 👩‍👩‍👧 \\ |"), "ipad-settings é 日本 👩‍👩‍👧 \\ |", "printable text is untouched")
        XCTAssertEqual(Escape.terminal("one\ntwo\r", keepingNewlines: true), "one\ntwo\\r")
    }

    func testShortenedCutsByScalarsAndSaysTheFullLength() {
        XCTAssertEqual(Escape.shortened("abc", limit: 3), "abc")
        XCTAssertEqual(Escape.shortened("abcd", limit: 3), "abc… (4 bytes)")
        let huge = String(repeating: "a", count: 1 << 20)
        XCTAssertEqual(Escape.shortened(huge, limit: 60), String(repeating: "a", count: 60) + "… (1,048,576 bytes)")
        // One Character of a million combining marks is still cut.
        let zalgo = "e" + String(repeating: "\u{301}", count: 1_000_000)
        XCTAssertEqual(zalgo.count, 1)
        XCTAssertLessThan(Escape.shortened(zalgo, limit: 10).utf8.count, 60)
        XCTAssertEqual(Escape.message("\u{1B}" + huge), #"\u{1B}"# + String(repeating: "a", count: 59) + "… (1,048,577 bytes)")
        XCTAssertEqual(Escape.shortened(String(repeating: "n", count: Escape.nameLimit)), String(repeating: "n", count: Escape.nameLimit))
    }
}
