import Foundation

/// `bench compare A.json B.json`: what changed between two runs, strategy by strategy, with the
/// change of step time given as a ratio and a 95 % confidence interval, as benchstat does.
public struct Comparison: Sendable {
    /// One (scenario, strategy) present in both runs.
    public struct Row: Sendable {
        public var scenario: String
        public var strategy: String
        /// Counters per step that differ: name, old, new.
        public var counters: [(counter: Counter, old: Double, new: Double)]
        /// New step time over old, each normalised by its own run's memory floor.
        public var stepRatio: Double
        /// The 95 % bootstrap confidence interval of `stepRatio`.
        public var interval: (low: Double, high: Double)
        /// True when the interval contains 1: the change is within noise (`~`).
        public var withinNoise: Bool { interval.low <= 1 && interval.high >= 1 }
    }

    public var rows: [Row]
    /// Rows only in A or only in B.
    public var unmatched: [String]

    /// Compares `a` (old) with `b` (new). Step times are divided by each run's floor, so runs from
    /// different moments compare by how far each was from its machine's memory floor.
    public init(_ a: Results, _ b: Results, resamples: Int = 2000) {
        var rows: [Row] = []
        var unmatched: [String] = []
        let bRows = b.runsByKey
        let aKeys = Set(a.runs.map(\.key))
        for old in a.runs {
            guard let new = bRows[old.key] else {
                unmatched.append("\(old.key) only in the first")
                continue
            }
            let counters = Counter.allCases.compactMap { counter -> (Counter, Double, Double)? in
                guard let x = old.perStep[counter], let y = new.perStep[counter], x != y else { return nil }
                return (counter, x, y)
            }
            let xs = (old.samples[.step] ?? []).map { Double($0) / Double(max(old.floorNanos, 1)) }
            let ys = (new.samples[.step] ?? []).map { Double($0) / Double(max(new.floorNanos, 1)) }
            let (ratio, interval) = Comparison.medianRatio(xs, ys, resamples: resamples)
            rows.append(Row(scenario: old.scenario, strategy: old.strategy, counters: counters,
                            stepRatio: ratio, interval: interval))
        }
        for run in b.runs where !aKeys.contains(run.key) {
            unmatched.append("\(run.key) only in the second")
        }
        self.rows = rows
        self.unmatched = unmatched
    }

    /// median(ys) / median(xs) and its 95 % percentile-bootstrap interval, resampling both
    /// samples with a fixed seed so the same inputs always give the same interval.
    public static func medianRatio(_ xs: [Double], _ ys: [Double], resamples: Int) -> (Double, (low: Double, high: Double)) {
        guard !xs.isEmpty, !ys.isEmpty else { return (.nan, (.nan, .nan)) }
        func median(_ v: [Double]) -> Double { Summary.median(sorted: v.sorted()) }
        let point = median(ys) / median(xs)
        var rng = SplitMix(seed: 0xC0FFEE)
        var ratios: [Double] = []
        ratios.reserveCapacity(resamples)
        var bx = xs, by = ys
        for _ in 0..<resamples {
            for i in bx.indices { bx[i] = xs[Int(rng.next() % UInt64(xs.count))] }
            for i in by.indices { by[i] = ys[Int(rng.next() % UInt64(ys.count))] }
            ratios.append(median(by) / median(bx))
        }
        ratios.sort()
        let low = ratios[Int(Double(resamples - 1) * 0.025)], high = ratios[Int(Double(resamples - 1) * 0.975)]
        return (point, (low, high))
    }

    /// A plain-text table per scenario.
    public func text() -> String { render(markdown: false) }

    /// The same as Markdown, for a pull-request comment.
    public func markdown() -> String { render(markdown: true) }

    private func render(markdown: Bool) -> String {
        var out = markdown ? "### CornerBench comparison\n" : ""
        var scenarios: [String] = []
        for row in rows where !scenarios.contains(row.scenario) { scenarios.append(row.scenario) }
        for scenario in scenarios {
            out += markdown ? "\n#### \(scenario)\n\n" : "\nscenario \(scenario): step time new/old (each over its memory floor), 95 % CI; ~ = within noise\n"
            var table = [["strategy", "step new/old", "95 % CI", "counters per step (old → new)"]]
            for row in rows where row.scenario == scenario {
                let mark = row.withinNoise ? "~" : ""
                let counters = row.counters.isEmpty ? "unchanged"
                    : row.counters.map { "\($0.counter.name) \(Format.fixed($0.old, 1)) → \(Format.fixed($0.new, 1)) (\(Format.percent($0.new / max($0.old, 1e-9) - 1)))" }.joined(separator: ", ")
                table.append([row.strategy, "×" + Format.fixed(row.stepRatio, 3) + mark,
                              "[" + Format.fixed(row.interval.low, 3) + ", " + Format.fixed(row.interval.high, 3) + "]", counters])
            }
            if markdown {
                out += "| " + table[0].joined(separator: " | ") + " |\n|" + String(repeating: "---|", count: table[0].count) + "\n"
                for line in table.dropFirst() { out += "| " + line.joined(separator: " | ") + " |\n" }
            } else {
                out += Format.align(table)
            }
        }
        for note in unmatched { out += (markdown ? "\n- " : "\n") + note }
        return out + "\n"
    }
}

/// SplitMix64: a small deterministic generator, so bootstrap intervals repeat exactly.
struct SplitMix: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
