import Foundation
import ResultsTestSupport
import TestSupport
import Analysis
import Results
import XCTest

/// What the analysis does with large samples: files of a million steps compared in seconds, tie
/// groups of millions, ranks merged rather than pooled.
final class LargeSampleTests: TemporaryDirectoryTestCase {
    /// The CPU time this process has used, in seconds.
    private func cpuSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// A results file of one row of `steps` steps with every per-step sample kept, as
    /// `bench run --steps <steps> --samples` writes it (about 60 MB for a million steps).
    static func longRunText(steps: Int) -> String {
        func samples(_ a: Int, _ b: Int) -> String {
            let pair = "          \(a),\n          \(b),\n"
            let body = String(repeating: pair, count: steps / 2) + (steps % 2 == 1 ? "          \(a),\n" : "")
            return "[\n" + body.dropLast(2) + "\n        ]"
        }
        let counters = Counter.allCases.map { "\"\($0.name)\" : \(steps * 3)" }.joined(separator: ", ")
        let means = Counter.allCases.map { "\"\($0.name)\" : 3" }.joined(separator: ", ")
        let summary = #"{ "max" : 9000000, "median" : 4700000, "min" : 3600000, "p90" : 8000000, "p99" : 8500000 }"#
        return """
            { "copyFloorNanos" : 4126846, "createdAt" : "2026-11-23T17:24:00Z", "floorNanos" : 2691068,
              "machine" : { "cores" : 2, "cpu" : "AMD EPYC", "os" : "Linux" }, "peakMemoryBytes" : 325722112,
              "runs" : [ {
                "buffersAllocated" : 0, "copyFloorNanos" : 4126846, "eventSteps" : [ ], "floorNanos" : 2691068,
                "layoutPasses" : \(steps), "perStep" : { \(means) },
                "pictures" : { "0" : "69bb302b", "\(steps / 2)" : "d200ce9d", "\(steps - 1)" : "ad3fb88f" },
                "ratios" : { "compositeToFloor" : 1.74, "compositeToNone" : 1, "stepToFloor" : 1.76, "stepToNone" : 1 },
                "roundRatios" : { "compositeToFloor" : [ 1.74 ], "compositeToNone" : [ 1 ], "stepToFloor" : [ 1.76 ], "stepToNone" : [ 1 ] },
                "rounds" : { "composite" : [ 4691745 ], "layout" : [ 0 ], "reuse" : [ 0 ], "step" : [ 4738588 ] },
                "samples" : { "composite" : \(samples(10610821, 7864942)), "layout" : \(samples(0, 2940)),
                              "reuse" : \(samples(0, 41230)), "step" : \(samples(10700000, 7900000)) },
                "scenario" : "ipad-settings", "steps" : \(steps), "strategy" : "none",
                "timing" : { "composite" : \(summary), "layout" : \(summary), "reuse" : \(summary), "step" : \(summary) },
                "totals" : { \(counters) } } ],
              "schema" : "cornerbench.results/1",
              "tool" : { "configuration" : "debug", "optimized" : true, "swift" : "6.3", "version" : "0.1.0" } }

            """
    }

    /// `bench compare` of two million-step files with samples took more than two minutes;
    /// reading is one pass over the bytes now, and nothing in a comparison grows faster than
    /// n log n in the samples.
    func testLoadingAndComparingTwoMillionStepFilesTakesSecondsNotMinutes() throws {
        let steps = 1_000_000
        let bytes = Data(Self.longRunText(steps: steps).utf8)
        XCTAssertGreaterThan(bytes.count, 50_000_000)
        try bytes.write(to: URL(fileURLWithPath: directory + "/old.json"))
        try bytes.write(to: URL(fileURLWithPath: directory + "/new.json"))
        // The CPU time of the whole process is bounded, so reading the two files at once on the
        // machine's cores (loading is a pure function of a file) asks as much of the bound.
        let start = cpuSeconds()
        let loaded = try [directory + "/old.json", directory + "/new.json"].concurrentMap { try Results.load(from: $0) }
        let old = loaded[0], new = loaded[1]
        let comparison = Comparison(old, new)
        let report = try Gate.check(baseline: old, current: new)
        let seconds = cpuSeconds() - start
        XCTAssertEqual(old.runs[0].samples[.step]?.count, steps)
        XCTAssertEqual(comparison.rows.count, 1)
        XCTAssertTrue(report.passed)
        // About 1 s on the 2-core VM; the JSONSerialization and JSONDecoder passes it replaced
        // took 11 s of CPU for the same two files.
        XCTAssertLessThan(seconds, 5, "loading and comparing two million-step files took \(seconds) s of CPU")
    }

    /// Beyond 40 values the test is the normal approximation, computed in doubles: a tie group of
    /// millions (t³ beyond Int.max) cannot overflow it.
    func testMillionsOfTiedValuesDoNotOverflowTheTest() {
        let ties = [Double](repeating: 7, count: 1_100_000)
        XCTAssertEqual(MannWhitney.test(ties, ties).p, 1, accuracy: 1e-12)
        XCTAssertNil(Comparison.smallestDetectable([1, 1, 1, 1, 1], [0, 0, 0, 0, 0]), "a zero median leaves nothing to scale")
    }

    /// Merging sorted samples gives the same ranks as sorting them together.
    func testTheMergedRanksAgreeWithAPooledSort() {
        let xs: [Double] = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4, 6, 2, 6, 4, 3]
        let ys: [Double] = [2, 7, 1, 8, 2, 8, 1, 8, 2, 8, 4, 5, 9, 0, 4, 5, 2, 3, 5, 3, 6, 0, 2, 8]
        // The rank sum as the test computed it before: one pooled sort, mid-ranks for ties.
        let pooled = (xs.map { ($0, true) } + ys.map { ($0, false) }).sorted { $0.0 < $1.0 }
        var rankSum = 0.0
        var i = 0
        while i < pooled.count {
            var j = i
            while j + 1 < pooled.count, pooled[j + 1].0 == pooled[i].0 { j += 1 }
            rankSum += Double(pooled[i...j].filter(\.1).count) * Double(i + j + 2) / 2
            i = j + 1
        }
        let u = rankSum - Double(xs.count * (xs.count + 1)) / 2
        let result = MannWhitney.test(xs, ys)
        XCTAssertEqual(result.p, MannWhitney.test(xs.reversed(), ys.shuffled()).p, accuracy: 1e-12)
        XCTAssertEqual(u, 333.5, "the data's U")
        // The normal approximation with the tie correction, as computed from these ranks by hand
        // (z = (|U − nm/2| − 0.5) / σ).
        XCTAssertEqual(result.p, 0.5061675332232943, accuracy: 1e-12)
    }
}
