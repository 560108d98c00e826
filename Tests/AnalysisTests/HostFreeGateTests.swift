import Foundation
import ResultsTestSupport
import Analysis
import Results
import XCTest

/// Estimated cycles are gated per phase like instructions; times only between runs on the same
/// kind of host.
final class HostFreeGateTests: XCTestCase {
    /// Events of one phase over the measured steps, with `ram` RAM accesses.
    private static func events(ir: Int, ram: Int) -> CacheEvents {
        CacheEvents([ir, ir / 4, ir / 8, ram * 2, ram * 2, ram * 2, 0, ram, ram])!
    }

    private static let counted: Results = {
        var results = ResultsFixtures.run(strategies: ["none", "per-cell-mask"], steps: 10)
        let phases: [Phase: CacheEvents] = [.step: events(ir: 1_000_000, ram: 20_000), .reuse: events(ir: 20_000, ram: 100),
                                            .layout: events(ir: 30_000, ram: 200), .composite: events(ir: 900_000, ram: 19_000)]
        let keys = results.runs.map(\.key)
        results.attach(instructions: Dictionary(uniqueKeysWithValues: keys.map { ($0, phases.mapValues(\.ir)) }),
                       counter: "valgrind-3.19.0 callgrind")
        results.attach(cost: Dictionary(uniqueKeysWithValues: keys.map { ($0, phases) }), model: .standard)
        return results
    }()

    /// `counted` with per-cell-mask's composite RAM accesses × `factor`: a memory-only change.
    private func withCompositeRAM(_ factor: Double) -> Results {
        var current = Self.counted
        let events = Self.events(ir: 900_000, ram: Int(19_000 * factor))
        current.runs[1].cost![.composite] = events.metrics
        return current
    }

    func testAMemoryOnlySlowdownFailsOnEstimatedCyclesNamingStrategyAndPhase() throws {
        let report = try Gate.check(baseline: Self.counted, current: withCompositeRAM(1.5))
        XCTAssertFalse(report.passed)
        let failures = report.findings.filter(\.fails)
        XCTAssertEqual(failures.map(\.kind), [.cycleRegression], "instructions did not move: only cycles fail")
        XCTAssertEqual(failures.first?.strategy, "per-cell-mask")
        guard case .hostFree(let cycles)? = failures.first?.change else { return XCTFail("\(failures)") }
        XCTAssertEqual(cycles.count, .estimatedCycles)
        XCTAssertEqual(cycles.phase, .composite)
        XCTAssertTrue(report.cyclesGated)
        XCTAssertTrue(report.rows[1].cycles.contains { $0.phase == .composite })
    }

    func testACycleChangeWithinTheToleranceOrFewerCyclesPasses() throws {
        // 19,000 → 19,100 RAM accesses: +3,500 of ~1.3 M cycles, +0.3 %.
        XCTAssertTrue(try Gate.check(baseline: Self.counted, current: withCompositeRAM(1.005)).passed)
        let better = try Gate.check(baseline: Self.counted, current: withCompositeRAM(0.5))
        XCTAssertTrue(better.passed)
        XCTAssertEqual(better.findings.map(\.kind), [.cycleImprovement])
    }

    func testARunWithoutCyclesAgainstABaselineWithThemSaysTheyWereNotGated() throws {
        var current = Self.counted
        for i in current.runs.indices { current.runs[i].cost = nil }
        current.cacheModel = nil
        let report = try Gate.check(baseline: Self.counted, current: current)
        XCTAssertFalse(report.cyclesGated)
        XCTAssertTrue(report.warnings.contains(.runLacks(.estimatedCycles)), "\(report.warnings)")
    }

    func testCyclesUnderAnotherCacheModelAreNotComparedAndTheReportSaysSo() throws {
        var current = withCompositeRAM(2)
        current.cacheModel?.ll.sizeBytes *= 2
        let report = try Gate.check(baseline: Self.counted, current: current)
        XCTAssertTrue(report.passed, "\(report.findings)")
        XCTAssertTrue(report.warnings.contains(.otherCaches), "\(report.warnings)")
    }

    func testCostAndCacheModelRoundTripThroughJSONAndACostWithoutModelIsRefused() throws {
        let path = NSTemporaryDirectory() + "cost-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.counted.jsonData().write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try Results.load(from: path), Self.counted)
        var orphan = Self.counted
        orphan.cacheModel = nil
        try orphan.jsonData().write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try Results.load(from: path)) { error in
            XCTAssertTrue("\(error)".contains("runs[0]: has a cost, but the file records no cacheModel"), "\(error)")
        }
    }

    func testCompareShowsInstructionsAndCyclesExactlyWithoutATest() throws {
        let same = Comparison(Self.counted, Self.counted)
        XCTAssertTrue(same.rows.allSatisfy { $0.cycles != nil && $0.cycles?.old == $0.cycles?.new }, "\(same.rows.map(\.cycles))")
        var slower = withCompositeRAM(1.5)
        slower.runs[1].cost![.step] = slower.runs[1].cost![.composite]
        let moved = try XCTUnwrap(Comparison(Self.counted, slower).rows[1].cycles)
        XCTAssertNotEqual(moved.old, moved.new)
    }

    // MARK: times and hosts

    private let steady: [Double] = [2.0, 2.02, 1.98, 2.01, 1.99]

    /// `results` with the second row's per-process stepToNone set to `values`.
    private func processes(_ results: Results, _ values: [Double]) -> Results {
        var copy = results
        copy.processes = values.count
        copy.runs[1].roundRatios = [.stepToNone: values]
        return copy
    }

    func testTimesAreGatedOnTheSameKindOfHostAndOnlyReportedOnAnother() throws {
        let baseline = processes(Self.counted, steady), slower = processes(Self.counted, steady.map { $0 * 1.3 })
        let same = try Gate.check(baseline: baseline, current: slower)
        XCTAssertTrue(same.timesGated)
        XCTAssertEqual(same.findings.filter(\.fails).map(\.kind), [.timeRegression])

        var elsewhere = baseline
        elsewhere.provenance?.host?.l3Bytes = 8 << 20
        let other = try Gate.check(baseline: elsewhere, current: slower)
        XCTAssertFalse(other.timesGated)
        XCTAssertTrue(other.passed, "\(other.findings)")
        let warning = try XCTUnwrap(other.warnings.first { if case .otherHost = $0 { true } else { false } }).description
        XCTAssertTrue(warning.hasPrefix("times were reported, not gated"), warning)
        XCTAssertTrue(warning.contains("L3 8 MiB"), warning)
        XCTAssertTrue(warning.contains("(L3 8 MiB → 32 MiB)"), "it names what differs: \(warning)")
        let time = try XCTUnwrap(other.rows[1].times.first)
        XCTAssertEqual(time.old, 2.0, accuracy: 1e-9)
        XCTAssertEqual(time.new, 2.6, accuracy: 1e-9)
        XCTAssertNil(time.tolerance, "no tolerance for times that were not gated")

        var unrecorded = baseline
        unrecorded.provenance?.host = nil
        let old = try Gate.check(baseline: unrecorded, current: slower)
        XCTAssertFalse(old.timesGated)
        XCTAssertTrue(old.warnings.contains { if case .otherHost(baseline: nil, current: _) = $0 { true } else { false } }, "\(old.warnings)")
    }

    func testTwoHostsAreToldApartByWhatDiffersAndEqualOnesByNothing() throws {
        let host = try XCTUnwrap(Self.counted.provenance?.host)
        XCTAssertEqual(host.differences(to: host), "")
        var other = host
        other.blendLanes = "portable"
        other.mallocHugePages = false
        XCTAssertEqual(host.differences(to: other), "blend lanes unrecorded → portable; heap in huge pages unrecorded → no")
        other.cpu = "Another CPU"
        XCTAssertTrue(host.differences(to: other).hasPrefix("processor Test CPU → Another CPU; "), host.differences(to: other))
    }
}
