import Foundation
@testable import Reports
import Text
import XCTest

/// The escaping helpers of the report formats (`Escape+Formats`), on the characters each must
/// handle.
final class EscapeFormatsTests: XCTestCase {
    func testMarkdownEscapesInlineSyntaxHTMLAndLineBreaks() {
        XCTAssertEqual(Escape.forMarkdown("x|y"), #"x\|y"#)
        XCTAssertEqual(Escape.forMarkdown(##"\ ` * _ [ ] # ~ $"##), ##"\\ \` \* \_ \[ \] \# \~ \$"##)
        XCTAssertEqual(Escape.forMarkdown("<script>alert(1)</script>"), "&lt;script&gt;alert(1)&lt;/script&gt;")
        XCTAssertEqual(Escape.forMarkdown("&lt;"), "&amp;lt;", "an entity in a name shows as written")
        XCTAssertEqual(Escape.forMarkdown("a\r\nc\u{2028}d\u{2029}e\n"), #"a\r\nc\u{2028}d\u{2029}e\n"#)
        XCTAssertEqual(Escape.forMarkdown("\u{1B}[2J"), #"\u{1B}\[2J"#)
        XCTAssertEqual(Escape.forMarkdown("ipad-settings (2×)"), "ipad-settings (2×)")
    }

    func testHTMLEscapesMarkupQuotesSlashAndControls() {
        XCTAssertEqual(Escape.html(#"<img src=x onerror="a('b')">&"#), "&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt;&amp;")
        XCTAssertEqual(Escape.html("a//b"), "a&#47;&#47;b")
        XCTAssertEqual(Escape.html("a\r\nc\u{1B}"), #"a\r\nc\u{1B}"#)
    }

    func testCSVQuotesByRFC4180AndGuardsFormulas() {
        XCTAssertEqual(Escape.csv("plain"), "plain")
        XCTAssertEqual(Escape.csv(#"fling, "events""#), #""fling, ""events""""#)
        XCTAssertEqual(Escape.csv("a\r\nc"), "\"a\r\nc\"", "line breaks stay, quoted")
        XCTAssertEqual(Escape.csv("a\rb"), "\"a\rb\"")
        for formula in ["=1+1", "+1", "-1", "@SUM(A1)", "\t=1", "\r=1"] {
            XCTAssertEqual(Escape.csv(formula), "\"'" + formula + "\"", formula.debugDescription)
        }
        XCTAssertEqual(Escape.csv(#"=HYPERLINK("x")"#), #""'=HYPERLINK(""x"")""#)
        XCTAssertEqual(Escape.csv("a=1"), "a=1", "only a leading sign starts a formula")
    }

    func testLineProtocolEscapesItsDelimitersEveryBackslashAndShowsControls() {
        XCTAssertEqual(Escape.lineProtocol("a b,c=d"), #"a\ b\,c\=d"#, "space, comma and = would end a tag")
        XCTAssertEqual(Escape.lineProtocol(#"ends in \"#), #"ends\ in\ \u{5C}"#, "InfluxDB cannot read a value ending in a backslash")
        XCTAssertEqual(Escape.lineProtocol(#"a\b \,"#), #"a\u{5C}b\ \u{5C}\,"#, "a backslash of the name never reaches InfluxDB raw")
        XCTAssertEqual(Escape.lineProtocol("a\nb\r\n\t\u{1B}"), #"a\nb\r\n\t\u{1B}"#, "a line break would end the point")
        XCTAssertEqual(Escape.lineProtocol(#"say "hi" {x}"#), #"say\ "hi"\ {x}"#, "quotes are plain text in a tag")
        XCTAssertEqual(Escape.lineProtocol("ipad-settings é 日本"), #"ipad-settings\ é\ 日本"#)
    }

    /// The names that the line protocol's escapes could confuse: a trailing backslash and its
    /// escape written out, a control character and its visible escape written out, a backslash
    /// before each delimiter, a backslash before a backslash.
    private static let confusable = ["trail\\", #"trail\u{5C}"#, "a\nb", #"a\nb"#, "\\", #"\\"#, #"\\\"#, "\u{1B}", #"\u{1B}"#,
                                     "a b", #"a\ b"#, "a,b", #"a\,b"#, #"a\\,b"#, "a=b", #"a\=b"#, "\\\n", "\\n", "x\u{202E}", #"x\u{202E}"#]

    /// A tag value as InfluxDB stores it from line protocol: 1.x removes the backslash before a
    /// space, comma or `=` only; 2.x's documentation also reads `\\` as one backslash.
    private static func stored(_ tag: String, collapsingBackslashes: Bool) -> String {
        var out = "", scalars = Array(tag.unicodeScalars), i = 0
        while i < scalars.count {
            if scalars[i] == "\\", i + 1 < scalars.count, [" ", ",", "="].contains(scalars[i + 1]) || (collapsingBackslashes && scalars[i + 1] == "\\") {
                i += 1
            }
            out.unicodeScalars.append(scalars[i])
            i += 1
        }
        return out
    }

    func testLineProtocolKeepsNamesThatDifferDistinctForEveryInfluxDB() {
        let written = Self.confusable.map(Escape.lineProtocol)
        for (name, tag) in zip(Self.confusable, written) {
            XCTAssertFalse(tag.hasSuffix("\\"), "\(name.debugDescription) ends in a backslash: \(tag)")
            XCTAssertFalse(tag.unicodeScalars.contains { $0.value < 0x20 }, "\(name.debugDescription) keeps a control: \(tag)")
        }
        for collapsing in [false, true] {
            let stored = written.map { Self.stored($0, collapsingBackslashes: collapsing) }
            for i in stored.indices {
                for j in stored.indices where j > i {
                    XCTAssertNotEqual(stored[i], stored[j], "\(Self.confusable[i].debugDescription) and \(Self.confusable[j].debugDescription) are one series (\(collapsing ? "2.x" : "1.x"))")
                }
            }
        }
    }

    func testJSONTextEscapesWhatTheEncoderLeavesRawAndReadsBackExactly() throws {
        let names = ["a\r\nc", "q\"b\\s/", "\u{0}\u{1B}\u{7F}\u{85}\u{9B}", "p\u{2028}q\u{2029}", "abc\u{202E}fed", "日本 👩‍👩‍👧", ""]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
        for name in names {
            let text = Escape.jsonText(String(decoding: try encoder.encode([name]), as: UTF8.self))
            XCTAssertFalse(text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || [0x2028, 0x2029, 0x202E].contains($0.value) }, text)
            let decoded = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String]
            XCTAssertEqual(decoded, [name])
        }
        XCTAssertEqual(Escape.jsonText("[\"\u{7F}\u{2028}\"]"), #"["\u007F\u2028"]"#)
        XCTAssertEqual(Escape.jsonText("{\n  \"a\" : 1\n}"), "{\n  \"a\" : 1\n}", "the layout's line breaks stay")
    }
}
