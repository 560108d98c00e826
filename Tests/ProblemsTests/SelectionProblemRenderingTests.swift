import Problems
import XCTest

/// Each `--filter` and `--shard` problem renders to one exact sentence, in the words `NamePattern`
/// and `PairSelection` used before the problems became values; as a usage error it exits with 2
/// and shows the usage.
final class SelectionProblemRenderingTests: XCTestCase {
    private func assertSentence(_ problem: SelectionProblem, _ sentence: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(problem.description, sentence, file: file, line: line)
    }

    // MARK: Patterns

    func testAnEmptyPatternAsksForANameOrAPattern() {
        assertSentence(.badPattern("", .empty), "the pattern '' is empty; give a name or a pattern such as 'ci-*/none'")
    }

    func testATrailingBackslashSaysHowToWriteOne() {
        assertSentence(.badPattern("ci-\\", .trailingBackslash),
                       "the pattern 'ci-\\' ends with '\\', which escapes nothing; write '\\\\' for a backslash")
    }

    func testAReversedRangeQuotesItsEnds() {
        assertSentence(.badPattern("ci-[z-a]", .reversedRange(low: "z", high: "a")),
                       "the pattern 'ci-[z-a]' has the reversed range 'z-a'; write the lower end first")
    }

    func testAReversedRangeOfControlCharactersShowsThemVisibly() {
        assertSentence(.badPattern("[\u{1F}-\u{01}]", .reversedRange(low: "\u{1F}", high: "\u{01}")),
                       "the pattern '[\\u{1F}-\\u{01}]' has the reversed range '\\u{1F}-\\u{01}'; write the lower end first")
    }

    func testAnUnclosedSetSaysHowToWriteABracket() {
        assertSentence(.badPattern("ci-[ab", .unclosedSet),
                       "the pattern 'ci-[ab' opens a '[' set that is never closed with ']'; write '\\[' for a bracket")
    }

    func testALongPatternIsShortened() {
        let long = String(repeating: "p", count: 100) + "["
        assertSentence(.badPattern(long, .unclosedSet),
                       "the pattern '\(String(repeating: "p", count: 60))… (101 bytes)' opens a '[' set that is never closed with ']'; write '\\[' for a bracket")
    }

    // MARK: Shards

    func testABadShardGivesTheFormTheGroupedMaximumAndTheText() {
        assertSentence(.badShard(text: "5/4", maxCount: 1000), "--shard must be i/n with 1 ≤ i ≤ n ≤ 1,000, such as 2/4, not '5/4'.")
        assertSentence(.badShard(text: "1/\n", maxCount: 1000), "--shard must be i/n with 1 ≤ i ≤ n ≤ 1,000, such as 2/4, not '1/\\n'.")
    }

    func testAnEmptyShardSaysHowManyShardsTheSelectionHas() {
        assertSentence(.emptyShard(shard: "3/4", pairs: 2, reference: "none"),
                       "--shard 3/4 selects nothing: the selection divides into only 2 pair(s) (the reference 'none' of a scenario with other pairs is not divided), so give at most 2 shard(s).")
    }

    // MARK: Selections

    func testNothingToRunSaysNoScenarioOrStrategyWasGiven() {
        assertSentence(.nothingToRun, "there is nothing to run: no scenario or no strategy was given.")
    }

    func testNoPairSelectedQuotesThePatternsAndListsTheNamesOnce() {
        assertSentence(.noPairSelected(patterns: ["ipad*", "x\ty"], scenarios: ["ci-scroll", "ci-events", "ci-scroll"],
                                       strategies: ["none", "per-cell-mask", "none", "per-cell-mask"], slashHint: nil),
                       "--filter 'ipad*', 'x\\ty' selects no (scenario, strategy) pair. The scenarios are: ci-scroll, ci-events; the strategies are: none, per-cell-mask.")
    }

    func testNoPairSelectedCutsTheListsAfterTwelveNames() {
        let scenarios = (1...14).map { "s\($0)" }
        assertSentence(.noPairSelected(patterns: ["zz"], scenarios: scenarios, strategies: ["none"], slashHint: nil),
                       "--filter 'zz' selects no (scenario, strategy) pair. The scenarios are: s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12 and 2 more; the strategies are: none.")
    }

    func testNoPairSelectedWithASlashHintShowsTheEscapedPattern() {
        assertSentence(.noPairSelected(patterns: ["a/b"], scenarios: ["a/b", "c"], strategies: ["none"],
                                       slashHint: SelectionProblem.SlashHint(scenario: "a/b", pattern: "a\\/b")),
                       "--filter 'a/b' selects no (scenario, strategy) pair. The scenarios are: a/b, c; the strategies are: none. A '/' separates the scenario from the strategy: to select the scenario 'a/b', whose name has a '/', write that slash as '\\/': 'a\\/b'.")
    }

    // MARK: As a usage error

    func testASelectionProblemIsAUsageErrorThatShowsTheUsage() {
        for problem: SelectionProblem in [.nothingToRun, .badShard(text: "0/4", maxCount: 1000)] {
            let error = BenchError.usage(.selection(problem))
            XCTAssertEqual(error.description, problem.description)
            XCTAssertEqual(error.exitCode, 2)
            XCTAssertTrue(error.showsUsage)
        }
        XCTAssertEqual(BenchError.usage(.selection(.badShard(text: "0/4", maxCount: 1000))).description,
                       "--shard must be i/n with 1 ≤ i ≤ n ≤ 1,000, such as 2/4, not '0/4'.")
    }
}
