import Analysis
import Foundation
import Results
import ResultsTestSupport
import XCTest

/// GPU times that cannot be compared row by row are named, not passed over: a gate row whose one
/// side has no GPU time, and a merge of shards that priced one scenario on other GPUs.
final class DeviceTimeNoteTests: XCTestCase {
    private static let a13 = DeviceTime(gpu: "a13", refreshHz: 60, lowNanos: 1_000_000, highNanos: 2_000_000)

    private func priced(_ results: Results, _ times: [DeviceTime?]) -> Results {
        var out = results
        for (i, time) in times.enumerated() { out.runs[i].deviceTime = time }
        return out
    }

    func testAGateRowWhoseBaselineLacksAGPUTimeIsNamedNotPassedSilently() throws {
        let fixture = ResultsFixtures.run(strategies: ["none", "per-cell-mask"])
        var tripled = Self.a13
        tripled.lowNanos *= 3
        tripled.highNanos *= 3
        let baseline = priced(fixture, [Self.a13, nil])
        let current = priced(fixture, [Self.a13, tripled])
        let report = try Gate.check(baseline: baseline, current: current)
        let warnings = report.warnings.map(\.description)
        XCTAssertTrue(warnings.contains { $0.contains("GPU times were not gated in 1 row where only this run has one (long-table/per-cell-mask)") },
                      "\(warnings)")
        let other = try Gate.check(baseline: current, current: baseline)
        XCTAssertTrue(other.warnings.map(\.description).contains { $0.contains("where only the baseline has one") }, "\(other.warnings)")
    }

    func testShardsThatPricedAScenarioOnOtherGPUsAreNoted() throws {
        let fixture = ResultsFixtures.run(strategies: ["none", "per-cell-mask", "corner-radius-clip"])
        var first = priced(fixture, [Self.a13, Self.a13, Self.a13]), second = first
        first.runs.removeLast()
        second.runs.remove(at: 1)
        var a17 = Self.a13
        a17.gpu = "a17-pro"
        second = priced(second, [Self.a13, a17])
        let merged = try Results.merging(shards: [("one.json", first), ("two.json", second)], reference: "none", commandLine: ["bench", "merge"])
        let notes = merged.notes.map(\.description)
        XCTAssertTrue(notes.contains { $0.contains("the scenario 'long-table' was priced on more than one GPU (a13 at 60 Hz in one.json, two.json; a17-pro at 60 Hz in two.json)") },
                      "\(notes)")
        second = priced(second, [Self.a13, nil])
        let unpriced = try Results.merging(shards: [("one.json", first), ("two.json", second)], reference: "none", commandLine: ["bench", "merge"])
        XCTAssertTrue(unpriced.notes.map(\.description).contains { $0.contains("no GPU in two.json") }, "\(unpriced.notes)")
        let alike = try Results.merging(shards: [("one.json", priced(first, [Self.a13, Self.a13])), ("two.json", priced(second, [Self.a13, Self.a13]))],
                                        reference: "none", commandLine: ["bench", "merge"])
        XCTAssertFalse(alike.notes.map(\.description).contains { $0.contains("GPU") }, "\(alike.notes)")
    }
}
