import Results
import Text

/// `bench compare A.json B.json`: what changed between two runs, strategy by strategy, as
/// benchstat reports it. Times are compared by one value per process (`Results.independentSamples`):
/// steps and rounds of one process share its luck (cache placement, allocator state) and called
/// noise significant, so only the spread between processes is what a change must stand out from.
/// The test is Mann–Whitney U at α = 0.05; a change not significant is printed `~`. Counters,
/// instructions and estimated cycles are exact on any host, so every difference is listed, untested.
public struct Comparison: Sendable {
    /// The significance level.
    public static let alpha = 0.05

    /// One (scenario, strategy) present in both runs.
    public struct Row: Sendable {
        public var scenario: String
        public var strategy: String
        /// Counters per step that differ: which, old, new.
        public var counters: [CounterChange]
        /// The phase compared (`step`).
        public var phase: Phase
        /// Median of the round medians, nanoseconds, in the old and the new run.
        public var old: Double, new: Double
        /// Rounds in the old and the new run.
        public var oldRounds: Int, newRounds: Int
        /// The test of the new rounds against the old.
        public var test: MannWhitney.Result
        /// The smallest relative change these rounds could have shown significant (0.05 = 5 %);
        /// nil when there are too few rounds to show any.
        public var smallestDetectable: Double?
        /// The step's time over `none`'s in the same process (`stepToNone`), old and new medians
        /// over processes, and the test of the new processes' ratios against the old: a ratio
        /// shares each process's luck with `none`, so it can show a change that absolute times,
        /// which differ from process to process, hide. Nil for `none` and for runs without it.
        public var toNone: (old: Double, new: Double, test: MannWhitney.Result)?
        /// The step's instructions per step, old and new; nil unless both runs counted them.
        public var instructions: (old: Double, new: Double)?
        /// The step's estimated cycles per step, old and new; nil unless both runs have them
        /// under the same cache model.
        public var cycles: (old: Double, new: Double)?
        /// The device model's GPU time per frame, old and new; nil unless both rows priced the
        /// same GPU at the same refresh rate.
        public var deviceTime: (old: DeviceTime, new: DeviceTime)?

        /// `new / old - 1`.
        public var change: Double { new / old - 1 }
        /// True when the change is significant at `Comparison.alpha`.
        public var isSignificant: Bool { test.p < Comparison.alpha }
    }

    /// A per-step counter that differs between two rows: which, and its old and new mean.
    public struct CounterChange: Equatable, Sendable {
        public var counter: Counter
        /// The means per step, old and new.
        public var old: Double, new: Double

        /// The per-step counters of `old` and `new` that differ, in the catalogue's order: what a
        /// comparison lists, and what the gate gives as the likely explanation of a moved time.
        public static func between(_ old: RunResult, _ new: RunResult) -> [CounterChange] {
            Counter.allCases.compactMap { counter in
                guard let x = old.perStep[counter], let y = new.perStep[counter], x != y else { return nil }
                return CounterChange(counter: counter, old: x, new: y)
            }
        }
    }

    /// A row of one file that the other lacks.
    public struct Unmatched: Equatable, Sendable {
        /// The row.
        public var key: RunKey
        /// True when the row is in the first (old) file only, false when in the second only.
        public var inFirst: Bool

        /// The row `key`, in the first file only when `inFirst`, else in the second only.
        public init(key: RunKey, inFirst: Bool) {
            self.key = key
            self.inFirst = inFirst
        }
    }

    public var rows: [Row]
    /// Rows only in A or only in B: A's in A's order, then B's.
    public var unmatched: [Unmatched]
    /// What makes the two files measure something else than the code alone (`Comparison.notes`):
    /// printed above the tables, so that no such comparison passes without a word.
    public var notes: [ComparisonNote] = []

    /// Compares `a` (old) with `b` (new).
    public init(_ a: Results, _ b: Results) {
        var rows: [Row] = []
        var unmatched: [Unmatched] = []
        let bRows = b.runsByKey
        let aKeys = Set(a.runs.map(\.key))
        for old in a.runs {
            guard let new = bRows[old.key] else {
                unmatched.append(Unmatched(key: old.key, inFirst: true))
                continue
            }
            let counters = CounterChange.between(old, new)
            let xs = a.independentSamples(old, .step), ys = b.independentSamples(new, .step)
            var row = Row(scenario: old.scenario, strategy: old.strategy, counters: counters, phase: .step,
                          old: Summary.median(sorted: xs.sorted()), new: Summary.median(sorted: ys.sorted()),
                          oldRounds: xs.count, newRounds: ys.count, test: MannWhitney.test(xs, ys),
                          smallestDetectable: Comparison.smallestDetectable(xs, ys))
            func perStep(_ values: (RunResult) -> [Phase: Int]?) -> (old: Double, new: Double)? {
                guard let x = values(old)?[.step], let y = values(new)?[.step] else { return nil }
                return (Double(x) / Double(old.steps), Double(y) / Double(new.steps))
            }
            let ratioXs = a.independentSamples(old, Ratio.stepToNone), ratioYs = b.independentSamples(new, Ratio.stepToNone)
            if old.strategy != Ratio.referenceStrategy, !ratioXs.isEmpty, !ratioYs.isEmpty {
                row.toNone = (Summary.median(sorted: ratioXs.sorted()), Summary.median(sorted: ratioYs.sorted()),
                              MannWhitney.test(ratioXs, ratioYs))
            }
            row.instructions = perStep(\.instructions)
            if a.cacheModel == b.cacheModel { row.cycles = perStep(\.estimatedCycles) }
            if let x = old.deviceTime, let y = new.deviceTime, x.prices(sameAs: y) { row.deviceTime = (x, y) }
            rows.append(row)
        }
        for run in b.runs where !aKeys.contains(run.key) {
            unmatched.append(Unmatched(key: run.key, inFirst: false))
        }
        self.rows = rows
        self.unmatched = unmatched
        self.notes = Comparison.notes(a, b)
    }

    /// What differs between `a` and `b` besides the code, each a note for the reader: another
    /// build configuration, a scenario defined differently, rows measured over other steps, times
    /// from another kind of host. `bench check` refuses the first three (and does not gate times
    /// across hosts); `compare` only describes two files, and comparing two builds is a question
    /// it may be asked, so it shows the comparison and says what else changed.
    static func notes(_ a: Results, _ b: Results) -> [ComparisonNote] {
        var out: [ComparisonNote] = []
        if !Gate.sameBuild(a.tool, b.tool) { out.append(.otherBuild(first: a.tool, second: b.tool)) }
        for (scenario, changes) in Gate.definitionChanges(a, b) { out.append(.otherDefinition(scenario: scenario, changes: changes)) }
        let formats = Gate.otherFormatDefinitions(a, b)
        if !formats.olderInFirst.isEmpty { out.append(.olderDefinitions(scenarios: formats.olderInFirst, inFirst: true)) }
        if !formats.olderInSecond.isEmpty { out.append(.olderDefinitions(scenarios: formats.olderInSecond, inFirst: false)) }
        let bRows = b.runsByKey
        var steps: [(scenario: String, old: Int, new: Int)] = []
        for old in a.runs {
            guard let new = bRows[old.key], old.steps != new.steps,
                  !steps.contains(where: { $0.scenario == old.scenario && $0.old == old.steps && $0.new == new.steps }) else { continue }
            steps.append((old.scenario, old.steps, new.steps))
        }
        for (scenario, old, new) in steps { out.append(.otherSteps(scenario: scenario, first: old, second: new)) }
        if let x = a.provenance?.host, let y = b.provenance?.host, x != y { out.append(.otherHost(differences: x.differences(to: y))) }
        return out
    }

    /// The smallest relative change `d` that this pair of runs could have shown significant in
    /// either direction: the new values, re-centred on the old median, scaled by `1 + d` and by
    /// `1 / (1 + d)`; nil when no change could (too few processes). Both directions, because one
    /// slow process makes a rise easy to detect and a fall hard. U moves one way as the scale does,
    /// so a change the test calls not significant is always smaller than this figure.
    /// - Complexity: O(N log N) to sort the N = n + m values once, then about 120 tests of O(N)
    ///   each: scaling by a positive factor keeps the order, so the tests merge sorted arrays.
    public static func smallestDetectable(_ xs: [Double], _ ys: [Double]) -> Double? {
        guard !xs.isEmpty, !ys.isEmpty, MannWhitney.test(xs, ys).smallestPossibleP < alpha else { return nil }
        let sortedXs = xs.sorted(), sortedYs = ys.sorted()
        let centre = Summary.median(sorted: sortedXs) / Summary.median(sorted: sortedYs)
        // A zero median (a zero time) leaves nothing to scale.
        guard centre.isFinite, centre > 0 else { return nil }
        let aligned = sortedYs.map { $0 * centre }
        // The rescalings mostly keep the ranks, and so the exact distribution: counted once each.
        let counts = MannWhitney.ExactCounts()
        func smallest(_ factor: (Double) -> Double) -> Double? {
            func detects(_ d: Double) -> Bool {
                MannWhitney.test(sortedXs: sortedXs, sortedYs: aligned.map { $0 * factor(d) }, counts: counts).p < alpha
            }
            var low = 0.0, high = 1.0
            while !detects(high) {
                high *= 2
                if high > 1e6 { return nil }
            }
            for _ in 0..<40 {
                let mid = (low + high) / 2
                if detects(mid) { high = mid } else { low = mid }
            }
            return high
        }
        guard let rise = smallest({ 1 + $0 }), let fall = smallest({ 1 / (1 + $0) }) else { return nil }
        return max(rise, fall)
    }
}
