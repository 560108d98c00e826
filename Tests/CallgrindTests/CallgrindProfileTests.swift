import Callgrind
import Results
import XCTest

final class CallgrindProfileTests: XCTestCase {
    /// A dump in callgrind's default compressed form: names defined once as `(id) name` and then
    /// referred to by id, positions relative to the previous line.
    private let compressed = """
        # callgrind format
        version: 1
        creator: callgrind-3.19.0
        positions: line
        events: Ir
        summary: 1000

        fl=(1) main.swift
        fn=(1) main
        10 5
        cfl=(1)
        cfn=(2) $s7Harness10SimulationC4stepAA10StepRecordVyF
        calls=2 20
        +2 900
        +1 3

        fn=(2)
        20 40
        cfn=(3) $s7Harness10SimulationC14compositePhase10Compositor11RenderStatsVyF
        calls=2 30
        * 800
        cfn=(4) $s7Harness10SimulationC10reusePhaseyyF
        calls=1 40
        -1 52
        fn=(3)
        30 800
        fn=(4)
        40 52
        totals: 900
        """

    func testInclusiveCostIsOwnCostPlusEveryCallersLineAfterCalls() throws {
        let profile = try CallgrindProfile(text: compressed[...])
        XCTAssertEqual(profile.functions["main"], .init(exclusive: [8], inclusive: [908]))
        XCTAssertEqual(profile.inclusive(containing: "SimulationC4step"), 40 + 800 + 52)
        XCTAssertEqual(profile.total, 900, "totals: wins over summary:")
    }

    func testPhaseCountsAreTheInclusiveCostsOfThePhaseFunctions() throws {
        let counts = try CallgrindProfile(text: compressed[...]).phaseCounts
        XCTAssertEqual(counts[.step], 892)
        XCTAssertEqual(counts[.composite], 800)
        XCTAssertEqual(counts[.reuse], 52)
        XCTAssertEqual(counts[.layout], 0, "a phase that never ran counts nothing")
    }

    func testTwoPositionColumnsAreSkippedBeforeTheCost() throws {
        let text = "positions: instr line\nevents: Ir Dr\nfn=f\n0x10 3 7 2\n0x14 4 5\n"
        XCTAssertEqual(try CallgrindProfile(text: text[...]).functions["f"]?.exclusive, 12)
    }

    /// A dump of the simulated cache: nine events per cost line, trailing zeros left out, and
    /// the header's description of the caches it simulated.
    private let simulated = """
        # callgrind format
        version: 1
        positions: line
        desc: I1 cache: 32768 B, 64 B, 8-way associative
        desc: D1 cache: 32768 B, 64 B, 8-way associative
        desc: LL cache: 2097152 B, 64 B, 16-way associative
        events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw
        fn=(1) $s7Harness10SimulationC14compositePhase10Compositor11RenderStatsVyF
        1 100 10 40 2 3 20 1 0 16
        2 50 5
        cfn=(2) memset
        calls=1 9
        3 1000 0 1000 0 0 64 0 0 64
        fn=(2)
        9 1000 0 1000 0 0 64 0 0 64
        """

    func testEveryEventIsSummedInclusivelyAndTrailingEventsAreZero() throws {
        let profile = try CallgrindProfile(text: simulated[...])
        let composite = try XCTUnwrap(profile.phaseCacheEvents?[.composite])
        // Ir 100 + 50 + 1000; Dr 10 + 5; Dw 40 + 1000; misses from the first and the call line.
        XCTAssertEqual(composite, CacheEvents([1150, 15, 1040, 2, 3, 84, 1, 0, 80]))
        XCTAssertEqual(profile.phaseCacheEvents?[.reuse], CacheEvents(), "a phase that never ran counts nothing")
        XCTAssertEqual(profile.caches["LL cache"], "2097152 B, 64 B, 16-way associative")
        XCTAssertEqual(profile.caches["LL cache"], CacheModel.standard.ll.valgrindDescription)
        XCTAssertNil(try CallgrindProfile(text: compressed[...]).phaseCacheEvents, "instructions alone are no cache events")
    }

    /// Turner-Trauring's estimate from the counts: L1 hits + 5 × LL hits + 35 × RAM accesses.
    func testEstimatedCyclesWeighL1HitsLastLevelHitsAndRAMAccesses() {
        let events = CacheEvents([1150, 15, 1040, 2, 3, 84, 1, 0, 80])!
        let accesses = 1150 + 15 + 1040, l1Misses = 2 + 3 + 84, ram = 1 + 0 + 80
        XCTAssertEqual(events.l1Misses, l1Misses)
        XCTAssertEqual(events.ramAccesses, ram)
        XCTAssertEqual(events.estimatedCycles, (accesses - l1Misses) + 5 * (l1Misses - ram) + 35 * ram)
        XCTAssertEqual(events.metrics[.dataWrites], 1040)
        XCTAssertEqual(Set(events.metrics.keys), Set(CostMetric.allCases))
    }

    func testTextWithoutAnEventsLineIsRejected() {
        XCTAssertThrowsError(try CallgrindProfile(text: "fn=main\n1 2\n"[...]))
    }
}
