import Foundation
import Harness
import Problems
import XCTest

/// `NamePattern`: the wildcards of `bench run --filter`.
final class NamePatternTests: XCTestCase {
    private func matches(_ pattern: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        do {
            return try NamePattern(pattern).matches(name)
        } catch {
            XCTFail("'\(pattern)' did not compile: \(error)", file: file, line: line)
            return false
        }
    }

    func testALiteralMatchesOnlyTheWholeName() {
        XCTAssertTrue(matches("none", "none"))
        XCTAssertFalse(matches("none", "non"))
        XCTAssertFalse(matches("none", "nonee"))
        XCTAssertFalse(matches("none", "None"), "matching is case-sensitive")
        XCTAssertTrue(try NamePattern("per-cell-mask").isLiteral)
        XCTAssertFalse(try NamePattern("per-*").isLiteral)
    }

    func testAStarMatchesAnyRunIncludingNoneAndSlashes() {
        XCTAssertTrue(matches("*", ""))
        XCTAssertTrue(matches("*", "anything/at all"))
        XCTAssertTrue(matches("per-*", "per-cell-mask"))
        XCTAssertTrue(matches("per-*", "per-"))
        XCTAssertFalse(matches("per-*", "precomposited"))
        XCTAssertTrue(matches("*mask", "rasterized-mask"))
        XCTAssertFalse(matches("*mask", "rasterized-mask-stable"))
        XCTAssertTrue(matches("*-mask*", "rasterized-mask-stable"))
        XCTAssertTrue(matches("a*b*c", "a/x/b/y/c"), "a star crosses slashes, since names may hold them")
        XCTAssertTrue(matches("a**b", "ab"))
        XCTAssertFalse(matches("a*b", "a"))
    }

    func testAStarBacktracksToTheLastPossibleSplit() {
        XCTAssertTrue(matches("*ab", "aab"))
        XCTAssertTrue(matches("a*ab*b", "aabab"))
        XCTAssertTrue(matches("*a*b*c*", "xxaxxbxxcxx"))
        XCTAssertFalse(matches("*a*b*c*", "xxcxxbxxaxx"))
        XCTAssertTrue(matches("*x", "xxxx"))
    }

    func testAQuestionMarkMatchesExactlyOneScalar() {
        XCTAssertTrue(matches("ci-?", "ci-a"))
        XCTAssertFalse(matches("ci-?", "ci-"))
        XCTAssertFalse(matches("ci-?", "ci-ab"))
        XCTAssertTrue(matches("a?c", "a/c"))
        XCTAssertTrue(matches("?", "é"), "one scalar")
        XCTAssertTrue(matches("e?", "e\u{301}"), "an e with a combining accent is two scalars")
        XCTAssertTrue(matches("a??b", "a\r\nb"), "\\r\\n is two scalars, though Swift counts one Character")
    }

    func testSetsRangesAndNegation() {
        XCTAssertTrue(matches("ci-[se]*", "ci-scroll"))
        XCTAssertTrue(matches("ci-[se]*", "ci-events"))
        XCTAssertFalse(matches("ci-[se]*", "ci-labels"))
        XCTAssertTrue(matches("shard-[0-9]", "shard-7"))
        XCTAssertFalse(matches("shard-[0-9]", "shard-x"))
        XCTAssertTrue(matches("[a-cx-z]", "y"))
        XCTAssertFalse(matches("[a-cx-z]", "d"))
        XCTAssertTrue(matches("[!a-c]", "d"))
        XCTAssertFalse(matches("[!a-c]", "b"))
        XCTAssertTrue(matches("[^a-c]", "d"), "^ negates like !")
        XCTAssertFalse(matches("[!a-c]", ""), "a negated set still needs one character")
    }

    func testBracketsDashesAndBackslashesCanBeMatchedLiterally() {
        XCTAssertTrue(matches("[]]", "]"), "a ] first in a set is a member")
        XCTAssertTrue(matches("[!]]", "x"))
        XCTAssertFalse(matches("[!]]", "]"))
        XCTAssertTrue(matches("[-a]", "-"))
        XCTAssertTrue(matches("[a-]", "-"))
        XCTAssertTrue(matches("\\*", "*"))
        XCTAssertFalse(matches("\\*", "x"))
        XCTAssertTrue(matches("\\[x]", "[x]"))
        XCTAssertTrue(matches("a\\\\b", "a\\b"))
        XCTAssertTrue(matches("[\\]]", "]"))
        XCTAssertTrue(matches("[*?]", "?"))
        XCTAssertFalse(matches("[*?]", "x"), "wildcards inside a set are members")
    }

    func testMalformedPatternsAreUsageErrorsNamingThePattern() {
        let cases: [(String, String)] = [
            ("", "is empty"),
            ("ci-[se", "opens a '[' set that is never closed"),
            ("[]", "opens a '[' set that is never closed"),
            ("[z-a]", "has the reversed range 'z-a'"),
            ("abc\\", "ends with '\\'"),
        ]
        for (pattern, why) in cases {
            XCTAssertThrowsError(try NamePattern(pattern), pattern) { error in
                guard let error = error as? BenchError, case .usage = error else { return XCTFail("\(error)") }
                let message = error.description
                XCTAssertTrue(message.hasPrefix("the pattern '\(pattern)' \(why)"), message)
            }
        }
    }

    func testAPathologicalPatternAgainstALongNameTakesLinearishTime() throws {
        // Backtracking to every earlier star would take exponential time here.
        let pattern = try NamePattern(String(repeating: "a*", count: 30) + "b")
        let name = String(repeating: "a", count: 20_000)
        let started = Date()
        XCTAssertFalse(pattern.matches(name))
        XCTAssertTrue(pattern.matches(name + "b"))
        XCTAssertLessThan(Date().timeIntervalSince(started), 2)
    }
}
