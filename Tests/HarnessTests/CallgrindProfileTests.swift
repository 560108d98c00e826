import Harness
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
        XCTAssertEqual(profile.functions["main"], .init(exclusive: 8, inclusive: 908))
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

    func testTextWithoutAnEventsLineIsRejected() {
        XCTAssertThrowsError(try CallgrindProfile(text: "fn=main\n1 2\n"[...]))
    }
}
