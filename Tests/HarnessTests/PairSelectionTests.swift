import Harness
import Problems
import Results
import XCTest

/// `PairSelection`: which pairs `bench run --filter … --shard i/n` measures.
final class PairSelectionTests: XCTestCase {
    /// Three scenarios × four strategies, scenario by scenario, as a suite would run them.
    private let candidates: [RunKey] = ["ci-scroll", "ci-events", "labels"].flatMap { scenario in
        ["none", "shared-corner-grid", "per-cell-mask", "rasterized-mask"].map { RunKey(scenario: scenario, strategy: $0) }
    }

    private func select(_ patterns: [String], shard: Shard? = nil, from candidates: [RunKey]? = nil) throws -> [String] {
        let selection = PairSelection(patterns: try patterns.map(NamePattern.init), shard: shard, reference: "none")
        return try selection.apply(to: candidates ?? self.candidates).map(\.description)
    }

    func testNoPatternsAndNoShardSelectEveryPairInOrder() throws {
        XCTAssertEqual(try select([]), candidates.map(\.description))
    }

    func testAPatternWithASlashMatchesScenarioSlashStrategy() throws {
        XCTAssertEqual(try select(["ci-*/per-cell-mask"]),
                       ["ci-scroll/none", "ci-scroll/per-cell-mask", "ci-events/none", "ci-events/per-cell-mask"])
        XCTAssertEqual(try select(["labels/none"]), ["labels/none"])
    }

    func testAPatternWithoutASlashMatchesEitherName() throws {
        XCTAssertEqual(try select(["labels"]), candidates.filter { $0.scenario == "labels" }.map(\.description))
        XCTAssertEqual(try select(["*-mask"]), candidates.filter { $0.strategy != "shared-corner-grid" }.map(\.description),
                       "the strategies it matches, with none as their reference")
    }

    /// A scenario named `x/y` beside a scenario `x` that has a strategy `y`.
    private let slashed: [RunKey] = [RunKey(scenario: "x/y", strategy: "none"), RunKey(scenario: "x/y", strategy: "per-cell-mask"),
                                     RunKey(scenario: "x", strategy: "none"), RunKey(scenario: "x", strategy: "y")]

    func testAnEscapedSlashSelectsAScenarioWhoseNameHasOne() throws {
        XCTAssertEqual(try select([#"x\/y"#], from: slashed), ["x/y/none", "x/y/per-cell-mask"], "the scenario x/y, every strategy")
        XCTAssertEqual(try select([#"x\/y/per-cell-mask"#], from: slashed), ["x/y/none", "x/y/per-cell-mask"])
        XCTAssertEqual(try select([#"*\/*"#], from: slashed), ["x/y/none", "x/y/per-cell-mask"], "names with a slash")
        XCTAssertEqual(try select(["x/y"], from: slashed), ["x/none", "x/y"], "an unescaped slash still separates the pair")
    }

    func testASlashedPatternThatSelectsNothingButNamesAScenarioSaysHowToEscapeIt() {
        XCTAssertThrowsError(try select(["x/y"], from: Array(slashed.prefix(2)))) { error in
            XCTAssertTrue("\(error)".contains(#"to select the scenario 'x/y', whose name has a '/', write that slash as '\/': 'x\/y'"#), "\(error)")
        }
    }

    func testSeveralPatternsSelectTheUnionInTheRunsOrder() throws {
        XCTAssertEqual(try select(["labels/rasterized-mask", "ci-scroll/shared-corner-grid"]),
                       ["ci-scroll/none", "ci-scroll/shared-corner-grid", "labels/none", "labels/rasterized-mask"])
    }

    func testTheReferenceIsKeptOnlyWhereItIsACandidate() throws {
        let withoutNone = candidates.filter { $0.strategy != "none" }
        XCTAssertEqual(try select(["ci-scroll/per-cell-mask"], from: withoutNone), ["ci-scroll/per-cell-mask"],
                       "a run without none gets none added nowhere")
    }

    func testANoneOnlySelectionRunsJustTheReference() throws {
        XCTAssertEqual(try select(["none"]), ["ci-scroll/none", "ci-events/none", "labels/none"])
    }

    func testAnEmptySelectionListsTheScenariosAndStrategies() {
        XCTAssertThrowsError(try select(["nope*", "x/y"])) { error in
            XCTAssertEqual((error as? BenchError)?.description, "--filter 'nope*', 'x/y' selects no (scenario, strategy) pair. The scenarios are: ci-scroll, ci-events, labels; the strategies are: none, shared-corner-grid, per-cell-mask, rasterized-mask.")
        }
    }

    func testTheListOfAManyScenarioSelectionIsShortened() {
        let many = (1...40).map { RunKey(scenario: "s\($0)", strategy: "none") }
        XCTAssertThrowsError(try select(["zzz"], from: many)) { error in
            let message = (error as? BenchError)?.description ?? ""
            XCTAssertTrue(message.contains("The scenarios are: s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12 and 28 more;"), message)
        }
    }

    func testShardsPartitionThePairsAndEachRunsTheReferenceOfItsScenarios() throws {
        for count in 1...9 {
            var owners: [String: Int] = [:]
            for index in 1...count {
                let shard = try select([], shard: Shard(index: index, count: count))
                let scenarios = Set(shard.map { $0.split(separator: "/")[0] })
                for scenario in scenarios {
                    XCTAssertTrue(shard.contains("\(scenario)/none"), "shard \(index)/\(count) runs none on \(scenario)")
                }
                for pair in shard where !pair.hasSuffix("/none") {
                    XCTAssertNil(owners[pair], "\(pair) is in shards \(owners[pair] ?? 0) and \(index) of \(count)")
                    owners[pair] = index
                }
                XCTAssertEqual(shard, candidates.map(\.description).filter { shard.contains($0) }, "the run's order")
            }
            XCTAssertEqual(Set(owners.keys), Set(candidates.filter { $0.strategy != "none" }.map(\.description)),
                           "every pair in exactly one of \(count) shards")
        }
    }

    func testShardsDealThePairsRoundRobin() throws {
        XCTAssertEqual(try select([], shard: Shard(index: 2, count: 4)),
                       ["ci-scroll/none", "ci-scroll/per-cell-mask", "ci-events/none", "ci-events/rasterized-mask"],
                       "the 2nd and 6th of the nine pairs other than none")
        XCTAssertEqual(try select(["labels"], shard: Shard(index: 3, count: 3)), ["labels/none", "labels/rasterized-mask"],
                       "the filter first, then the shard")
    }

    func testAScenarioWithOnlyTheReferenceSelectedIsDividedLikeAnyPair() throws {
        let first = try select(["none"], shard: Shard(index: 1, count: 2))
        let second = try select(["none"], shard: Shard(index: 2, count: 2))
        XCTAssertEqual(first, ["ci-scroll/none", "labels/none"])
        XCTAssertEqual(second, ["ci-events/none"])
    }

    func testAShardWithNothingToRunSaysHowManyShardsWould() {
        XCTAssertThrowsError(try select(["labels"], shard: Shard(index: 4, count: 4))) { error in
            XCTAssertEqual(error as? BenchError, .usage(.selection(.emptyShard(shard: "4/4", pairs: 3, reference: "none"))))
            XCTAssertEqual((error as? BenchError)?.description, "--shard 4/4 selects nothing: the selection divides into only 3 pair(s) (the reference 'none' of a scenario with other pairs is not divided), so give at most 3 shard(s).")
        }
    }

    func testShardsAreReadAsIOfNWithinTheLimits() throws {
        XCTAssertEqual(try Shard(parsing: "2/4"), Shard(index: 2, count: 4))
        XCTAssertEqual(try Shard(parsing: "1000/1000").description, "1000/1000")
        for bad in ["0/4", "5/4", "1/1001", "1/0", "2", "a/b", "1/2/3", "-1/4", "/4", "1/", ""] {
            XCTAssertThrowsError(try Shard(parsing: bad), bad) { error in
                XCTAssertEqual(error as? BenchError, .usage(.selection(.badShard(text: bad, maxCount: 1000))))
                XCTAssertEqual((error as? BenchError)?.description, "--shard must be i/n with 1 ≤ i ≤ n ≤ 1,000, such as 2/4, not '\(bad)'.")
            }
        }
    }
}
