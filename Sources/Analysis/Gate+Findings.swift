import Results
import Text

/// What the gate found and what it compared, as data: which row, what kind of change, and the
/// numbers behind it (old value, new value, tolerance, test). Reports words them
/// (`GateReport+Rendering.swift`), so a report, a test or another tool can reach every figure.
extension Gate {
    /// One thing the gate found.
    public struct Finding: Equatable, Sendable {
        /// What kind of finding.
        public enum Kind: String, Sendable {
            case counterRegression, counterImprovement, pictureChanged, timeRegression, timeImprovement
            case instructionRegression, instructionImprovement, cycleRegression, cycleImprovement, notInBaseline
            case deviceTimeRegression, deviceTimeImprovement
        }
        public var kind: Kind
        public var scenario: String
        public var strategy: String
        /// What changed, from what to what, and what it was held to.
        public var change: Change
        /// False for a change reported and not gated: in a row whose cell changed, every change
        /// but the device's cost (`Gate.isDeviceCost`), and that too when cell changes are only
        /// reported (`Options.gateCellChanges` false).
        public var gated = true

        /// A finding of `kind` in the row (`scenario`, `strategy`).
        public init(kind: Kind, scenario: String, strategy: String, change: Change) {
            self.kind = kind
            self.scenario = scenario
            self.strategy = strategy
            self.change = change
        }

        /// True for the kinds that fail the gate.
        public var fails: Bool {
            gated && (kind == .counterRegression || kind == .pictureChanged || kind == .timeRegression || kind == .instructionRegression
                || kind == .cycleRegression || kind == .deviceTimeRegression)
        }

        /// True for the kinds that record a change for the better.
        public var improves: Bool {
            gated && (kind == .counterImprovement || kind == .timeImprovement || kind == .instructionImprovement
                || kind == .cycleImprovement || kind == .deviceTimeImprovement)
        }
    }

    /// What a finding measured and how it moved, with the figures a report prints.
    public enum Change: Equatable, Sendable {
        /// A counter's total over the measured steps, baseline and current (counters are exact).
        case counter(Counter, old: Int, new: Int)
        /// The frame checksum at a step, as the files hold them (the step and checksums come from
        /// the files: a report shortens and escapes them).
        case picture(step: String, old: String, new: String)
        /// A time ratio that moved significantly and beyond its row's tolerance.
        case time(TimeChange)
        /// A phase's instructions or estimated cycles that moved beyond their tolerance.
        case hostFree(HostFreeChange)
        /// The device model's GPU time per frame, baseline and current, on the same GPU: it follows
        /// from the counters and the model's chip figures, so it is compared exactly.
        case deviceTime(old: DeviceTime, new: DeviceTime)
        /// A row of the run that the baseline lacks: not gated.
        case notInBaseline
    }

    /// A time ratio of a row that the gate found moved: the medians over processes, the test and
    /// the tolerance the row was held to.
    public struct TimeChange: Equatable, Sendable {
        public var ratio: Ratio
        /// The medians of the baseline's and the current processes' values.
        public var old: Double, new: Double
        /// The Mann–Whitney p-value of the current values against the baseline's.
        public var p: Double
        /// Independent values (processes) on each side.
        public var oldProcesses: Int, newProcesses: Int
        /// The row's tolerance: the option's, or `processSpreadMultiplier` × the processes' spread
        /// when that is larger (`raisedBySpread`).
        public var tolerance: Double
        public var raisedBySpread: Bool
        /// The row's per-step counters that moved with it: its likely explanation.
        public var movedCounters: [Comparison.CounterChange]

        /// `new / old - 1`.
        public var change: Double { new / old - 1 }
    }

    /// A host-free count the gate reads per phase.
    public enum HostFreeCount: Sendable {
        /// Instructions counted by valgrind (`RunResult.instructions`).
        case instructions
        /// Estimated cycles under the simulated cache (`RunResult.estimatedCycles`).
        case estimatedCycles
    }

    /// A phase's host-free count that moved beyond its tolerance.
    public struct HostFreeChange: Equatable, Sendable {
        public var count: HostFreeCount
        public var phase: Phase
        /// The totals over the measured steps, baseline and current.
        public var old: Int, new: Int
        /// The steps the totals cover (the baseline's; the gate refuses rows with other steps).
        public var steps: Int
        /// The relative change that fails the gate.
        public var tolerance: Double
        /// The row's per-step counters that moved with it: its likely explanation.
        public var movedCounters: [Comparison.CounterChange]

        /// `new / old - 1` of the totals.
        public var change: Double { Double(new) / Double(old) - 1 }
    }

    /// What the gate compared in one row: how many counters and pictures matched, the instruction
    /// counts and the time ratios, so that a check that passes says what it passed on.
    public struct RowCheck: Sendable {
        public var scenario: String
        public var strategy: String
        /// Counters compared, and how many of them differ.
        public var counters: Int, countersChanged: Int
        /// Frame checksums compared, and how many of them differ.
        public var pictures: Int, picturesChanged: Int
        /// Instructions per step (unrounded means), baseline and current, of each phase both sides
        /// counted.
        public var instructions: [(phase: Phase, old: Double, new: Double)] = []
        /// Estimated cycles per step (unrounded means), baseline and current, of each phase both
        /// sides counted under the same cache model.
        public var cycles: [(phase: Phase, old: Double, new: Double)] = []
        /// Each time ratio compared.
        public var times: [TimeCheck] = []
        /// Whether the row's cell described as layers changed since the baseline (and nothing
        /// else of its scenario).
        public var cellChanged = false
        /// The layers of its cell that changed in description or cost (`layerChanges`).
        public var layers: [LayerChange] = []
    }

    /// One time ratio of a row, baseline against current.
    public struct TimeCheck: Sendable {
        public var ratio: Ratio
        /// The medians of the baseline's and the current values.
        public var old: Double, new: Double
        /// The test's p-value and the row's tolerance; nil when the ratio was not gated (too few
        /// processes, or another kind of host).
        public var p: Double?, tolerance: Double?
    }

    /// The verdict and everything behind it.
    public struct Report: Sendable {
        public var findings: [Finding]
        /// What was compared, row by row, in the baseline's order.
        public var rows: [RowCheck] = []
        /// Differences between the two runs that do not stop the comparison but a reader should
        /// know of (another machine, another tool version, a baseline without provenance).
        public var warnings: [GateWarning] = []
        public var options: Options
        /// Rows compared.
        public var rowsCompared: Int
        /// Whether both sides had instruction counts to gate.
        public var instructionsGated = false
        /// Whether both sides had estimated cycles, under the same cache model, to gate.
        public var cyclesGated = false
        /// Whether times were gated: both runs of the same build on the same kind of host.
        public var timesGated = true
        /// Whether the two runs come from other build configurations, so that only counters,
        /// pictures and GPU times (model) were gated.
        public var otherBuild = false
        /// The host-free counts one side has that were not gated ("instruction counts",
        /// "estimated cycles"), which the verdict names so that a pass never hides them.
        public var notGated: [String] = []
        /// True when nothing failed.
        public var passed: Bool { !findings.contains { $0.fails } }
    }

    /// Every counter whose total differs: an increase of a smaller-is-better counter regresses.
    static func counterFindings(_ old: RunResult, _ new: RunResult) -> [Finding] {
        var out: [Finding] = []
        for counter in Counter.allCases {
            guard let a = old.totals[counter], let b = new.totals[counter], a != b else { continue }
            let worse = counter.info.polarity == .smallerIsBetter ? b > a : b < a
            let kind: Finding.Kind = worse ? .counterRegression : .counterImprovement
            out.append(Finding(kind: kind, scenario: old.scenario, strategy: old.strategy, change: .counter(counter, old: a, new: b)))
        }
        return out
    }

    /// The device model's estimate, where both rows have one on the same GPU and refresh rate and
    /// a figure the gate compares differs: worse when either end of the mean frame, of the worst
    /// frame or of the frames over budget grew (a change of counters or of the model's figures),
    /// better when none grew and one fell. The frames are compared only when both sides priced
    /// every step: a file written before steps were priced, against the same run, has the same
    /// mean and no change.
    static func deviceTimeFindings(_ old: RunResult, _ new: RunResult) -> [Finding] {
        guard let a = old.deviceTime, let b = new.deviceTime, a.prices(sameAs: b) else { return [] }
        var before = [a.lowNanos, a.highNanos], after = [b.lowNanos, b.highNanos]
        if let x = a.frames, let y = b.frames {
            before += [x.worstNanos.low, x.worstNanos.high, x.overBudget.low, x.overBudget.high]
            after += [y.worstNanos.low, y.worstNanos.high, y.overBudget.low, y.overBudget.high]
        }
        guard before != after else { return [] }
        let worse = zip(before, after).contains { $1 > $0 }
        return [Finding(kind: worse ? .deviceTimeRegression : .deviceTimeImprovement, scenario: old.scenario, strategy: old.strategy,
                        change: .deviceTime(old: a, new: b))]
    }

    /// Every frame checksum that differs, in step order.
    static func pictureFindings(_ old: RunResult, _ new: RunResult) -> [Finding] {
        old.pictures.keys.sorted { Int($0) ?? 0 < Int($1) ?? 0 }.compactMap { step in
            guard let was = old.pictures[step], let now = new.pictures[step], was != now else { return nil }
            return Finding(kind: .pictureChanged, scenario: old.scenario, strategy: old.strategy,
                           change: .picture(step: step, old: was, new: now))
        }
    }

    /// A phase's host-free count (`count`, read by `values`) that moved by more than `tolerance`,
    /// per step, named by phase.
    static func phaseFindings(_ old: RunResult, _ new: RunResult, _ count: HostFreeCount, _ values: (RunResult) -> [Phase: Int]?,
                              tolerance: Double, kinds: (worse: Finding.Kind, better: Finding.Kind)) -> [Finding] {
        guard let a = values(old), let b = values(new), old.steps > 0 else { return [] }
        return Phase.allCases.compactMap { phase -> Finding? in
            guard let x = a[phase], let y = b[phase], x > 0 else { return nil }
            let moved = HostFreeChange(count: count, phase: phase, old: x, new: y, steps: old.steps, tolerance: tolerance,
                                       movedCounters: Comparison.CounterChange.between(old, new))
            guard abs(moved.change) > tolerance else { return nil }
            return Finding(kind: moved.change > 0 ? kinds.worse : kinds.better, scenario: old.scenario, strategy: old.strategy,
                           change: .hostFree(moved))
        }
    }

    /// What was compared in one row; `times` from `timeFindings`.
    static func rowCheck(_ old: RunResult, _ new: RunResult, times: [TimeCheck], cycles: Bool) -> RowCheck {
        let counters = Counter.allCases.filter { old.totals[$0] != nil && new.totals[$0] != nil }
        let pictures = old.pictures.keys.filter { new.pictures[$0] != nil }
        var check = RowCheck(scenario: old.scenario, strategy: old.strategy,
                             counters: counters.count, countersChanged: counters.filter { old.totals[$0] != new.totals[$0] }.count,
                             pictures: pictures.count, picturesChanged: pictures.filter { old.pictures[$0] != new.pictures[$0] }.count,
                             times: times)
        if let a = old.instructions, let b = new.instructions, old.steps > 0 {
            check.instructions = Phase.allCases.compactMap { phase in
                guard let x = a[phase], let y = b[phase] else { return nil }
                return (phase, Double(x) / Double(old.steps), Double(y) / Double(new.steps))
            }
        }
        if cycles, let a = old.estimatedCycles, let b = new.estimatedCycles, old.steps > 0 {
            check.cycles = Phase.allCases.compactMap { phase in
                guard let x = a[phase], let y = b[phase] else { return nil }
                return (phase, Double(x) / Double(old.steps), Double(y) / Double(new.steps))
            }
        }
        return check
    }

    /// Each of `ratios` compared over the two rows' processes (appended to `checks`), and a
    /// finding for each that differs significantly and by more than its row's tolerance; a ratio
    /// with too few processes to test is counted in `notGated`, and one whose row lacks the
    /// per-process values its file's process count promises is described in `lacking`.
    static func timeFindings(_ old: RunResult, in baseline: Results, _ new: RunResult, in current: Results,
                             ratios: [Ratio], tolerance: Double, notGated: inout Int, lacking: inout [String],
                             checks: inout [TimeCheck]) -> [Finding] {
        var out: [Finding] = []
        for ratio in ratios {
            let xs = baseline.independentSamples(old, ratio), ys = current.independentSamples(new, ratio)
            guard !xs.isEmpty, !ys.isEmpty, xs.allSatisfy({ $0 > 0 }), ys.allSatisfy({ $0 > 0 }) else { continue }
            let a = Summary.median(sorted: xs.sorted()), b = Summary.median(sorted: ys.sorted())
            // A file of several processes whose row has one value only: the row is at fault, not
            // the process count, and the reader says so rather than "too few processes".
            let short = [("the baseline", baseline, old, xs.count), ("this run", current, new, ys.count)].filter { side in
                (side.1.processes ?? 1) > 1 && side.3 < side.1.processes!
            }
            if !short.isEmpty {
                let why = short.map { side in
                    "\(side.0)'s row has no roundRatios.\(ratio.name) (one value per process), though \(side.0) comes from \(side.1.processes!) processes"
                }
                lacking.append("\(Escape.message(old.key.description)) (\(why.joined(separator: "; ")))")
                checks.append(TimeCheck(ratio: ratio, old: a, new: b))
                continue
            }
            let test = MannWhitney.test(xs, ys)
            guard test.smallestPossibleP < Comparison.alpha else {
                notGated += 1
                checks.append(TimeCheck(ratio: ratio, old: a, new: b))
                continue
            }
            let change = b / a - 1
            let spread = max(relativeRange(xs), relativeRange(ys))
            let rowTolerance = max(tolerance, processSpreadMultiplier * spread)
            checks.append(TimeCheck(ratio: ratio, old: a, new: b, p: test.p, tolerance: rowTolerance))
            guard test.p < Comparison.alpha, abs(change) > rowTolerance else { continue }
            let kind: Finding.Kind = change > 0 ? .timeRegression : .timeImprovement
            let moved = TimeChange(ratio: ratio, old: a, new: b, p: test.p, oldProcesses: xs.count, newProcesses: ys.count,
                                   tolerance: rowTolerance, raisedBySpread: rowTolerance > tolerance,
                                   movedCounters: Comparison.CounterChange.between(old, new))
            out.append(Finding(kind: kind, scenario: old.scenario, strategy: old.strategy, change: .time(moved)))
        }
        return out
    }

    /// (max − min) / median of `values`; 0 for fewer than two.
    static func relativeRange(_ values: [Double]) -> Double {
        guard values.count > 1, let low = values.min(), let high = values.max() else { return 0 }
        let median = Summary.median(sorted: values.sorted())
        return median > 0 ? (high - low) / median : 0
    }
}
