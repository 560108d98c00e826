import Foundation
@testable import Reports
import Results
import XCTest

/// The trace export and the phase table, on `ReportSample`'s hand-built results.
final class TraceReportTests: XCTestCase {
    func testThePhaseTableShowsTheCompositeNextToItsTrafficBoundAndTheirRatio() {
        var results = ReportSample.sample()
        for i in results.runs.indices {
            results.runs[i].trafficBoundNanos = 1_234_000
            results.runs[i].ratios[.compositeToTraffic] = 1.25
        }
        let markdown = Report(results).rendered(as: .markdown)
        let header = markdown.split(separator: "\n").first { $0.hasPrefix("| strategy | layout | reuse | composite |") }
        XCTAssertEqual(header.map(String.init), "| strategy | layout | reuse | composite | bound | × bound |")
        XCTAssertTrue(markdown.contains("| 1,234.0 | 1.25 |"), markdown)
        results.runs[0].trafficBoundNanos = 0
        XCTAssertTrue(Report(results).rendered(as: .markdown).contains("| – |"), "an older file without a bound shows a dash")
    }

    func testTraceNamesEachEventInstantByWhatHappenedAndOlderFilesGenerically() throws {
        var results = ReportSample.sample()
        func instantNames(_ results: Results) throws -> [String] {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(Report(results).rendered(as: .trace).utf8)) as? [String: Any])
            let events = try XCTUnwrap(object["traceEvents"] as? [[String: Any]])
            return events.filter { $0["ph"] as? String == "i" }.compactMap { $0["name"] as? String }
        }
        let generic = try instantNames(results)
        XCTAssertFalse(generic.isEmpty)
        XCTAssertTrue(generic.allSatisfy { $0 == "scenario event" }, "\(generic)")
        for i in results.runs.indices where !results.runs[i].eventSteps.isEmpty {
            results.runs[i].eventLabels = results.runs[i].eventSteps.map { "resize at \($0)\n<b>" }
        }
        let named = try instantNames(results)
        XCTAssertEqual(named.count, generic.count)
        XCTAssertTrue(named.allSatisfy { $0.hasPrefix("resize at ") && $0.hasSuffix("\n<b>") }, "names read back exactly: \(named)")
    }

    func testTraceIsJSONWithOneStepSlicePerStepAndPhasesInsideIt() throws {
        let results = ReportSample.sample()
        let trace = Report(results).rendered(as: .trace)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(trace.utf8)) as? [String: Any])
        XCTAssertEqual(object["displayTimeUnit"] as? String, "ns")
        let events = try XCTUnwrap(object["traceEvents"] as? [[String: Any]])

        let processes = events.filter { $0["name"] as? String == "process_name" }
        XCTAssertEqual(Set(processes.compactMap { ($0["args"] as? [String: Any])?["name"] as? String }),
                       Set(ReportSample.scenarios.map { "scenario " + $0 }))
        let threads = events.filter { $0["name"] as? String == "thread_name" }
        XCTAssertEqual(threads.count, results.runs.count)

        struct Slice { var ts: Double; var dur: Double }
        var slices: [String: [Int: [String: Slice]]] = [:]
        var instants: [String: Int] = [:]
        for event in events {
            guard let pid = event["pid"] as? Int, let tid = event["tid"] as? Int else { continue }
            let track = "\(pid)/\(tid)"
            if event["ph"] as? String == "i" { instants[track, default: 0] += 1 }
            guard event["ph"] as? String == "X", let name = event["name"] as? String,
                  let step = (event["args"] as? [String: Any])?["step"] as? Int,
                  let ts = (event["ts"] as? NSNumber)?.doubleValue, let dur = (event["dur"] as? NSNumber)?.doubleValue else { continue }
            XCTAssertNil(slices[track, default: [:]][step, default: [:]][name], "one \(name) per step")
            slices[track, default: [:]][step, default: [:]][name] = Slice(ts: ts, dur: dur)
        }
        XCTAssertEqual(slices.count, results.runs.count, "a track per run")
        XCTAssertEqual(instants.values.reduce(0, +), results.runs.map(\.eventSteps.count).reduce(0, +))
        var stepSlices = 0
        for track in slices.values {
            XCTAssertEqual(track.count, ReportSample.steps)
            for (_, phases) in track {
                let step = try XCTUnwrap(phases["step"])
                stepSlices += 1
                var sum = 0.0
                for phase in ["layout", "reuse", "composite"] {
                    let slice = try XCTUnwrap(phases[phase])
                    XCTAssertGreaterThanOrEqual(slice.ts, step.ts - 1e-9)
                    XCTAssertLessThanOrEqual(slice.ts + slice.dur, step.ts + step.dur + 1e-9)
                    sum += slice.dur
                }
                XCTAssertLessThanOrEqual(sum, step.dur + 1e-9)
            }
        }
        XCTAssertEqual(stepSlices, results.runs.count * ReportSample.steps)

        // Durations are the samples, exactly, in microseconds.
        let first = results.runs[0]
        let pid = 1, tid = 1
        for k in 0..<ReportSample.steps {
            let step = try XCTUnwrap(slices["\(pid)/\(tid)"]?[k]?["step"])
            XCTAssertEqual(step.dur, Double(first.samples[.step]![k]) / 1000, accuracy: 1e-9)
        }
    }
}
