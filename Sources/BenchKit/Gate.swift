import Foundation

/// The CI performance gate (DESIGN.md §8): a run compared with a baseline, scenario by scenario
/// and strategy by strategy.
///
/// Counters are exact, so any increase is a regression and any decrease an improvement to record.
/// Pictures are part of the result: a different frame checksum fails the gate (a "speed-up" that
/// draws something else is a bug) until the baseline is updated on purpose. Times are compared
/// only as ratios measured within each run (`stepToFloor`, `stepToNone`) against a tolerance that
/// is never below the machine's own noise; an absolute time never fails a gate. When a time ratio
/// moves, the counters of the same row that moved with it are listed as its likely explanation.
public enum Gate {
    /// What the gate compares and how strictly.
    public struct Options: Sendable {
        /// The relative change of a time ratio that fails the gate (0.25 = 25 % slower).
        public var timeTolerance: Double
        /// The spread of an A/A run (the same suite twice), when measured.
        public var noiseSpread: Double?
        /// The tolerance is at least `noiseMultiplier ×` the A/A spread.
        public var noiseMultiplier: Double
        /// The time ratios gated (all of `Gate.timeRatios` by default).
        public var timeRatios: [String]

        public init(timeTolerance: Double = 0.25, noiseSpread: Double? = nil, noiseMultiplier: Double = 3,
                    timeRatios: [String] = Gate.timeRatios) {
            self.timeTolerance = timeTolerance
            self.noiseSpread = noiseSpread
            self.noiseMultiplier = noiseMultiplier
            self.timeRatios = timeRatios
        }

        /// max(tolerance, k × A/A spread): the smallest change the gate can detect.
        public var effectiveTolerance: Double {
            max(timeTolerance, noiseMultiplier * (noiseSpread ?? 0))
        }
    }

    /// One thing the gate found.
    public struct Finding: Equatable, Sendable {
        /// What kind of finding.
        public enum Kind: String, Sendable {
            case counterRegression, counterImprovement, pictureChanged, timeRegression, timeImprovement, notInBaseline
        }
        public var kind: Kind
        public var scenario: String
        public var strategy: String
        /// A line for people: what changed, from what to what.
        public var message: String

        /// True for the kinds that fail the gate.
        public var fails: Bool { kind == .counterRegression || kind == .pictureChanged || kind == .timeRegression }
    }

    /// The verdict and everything behind it.
    public struct Report: Sendable {
        public var findings: [Finding]
        public var options: Options
        /// Rows compared.
        public var rowsCompared: Int
        /// True when nothing failed.
        public var passed: Bool { !findings.contains { $0.fails } }
    }

    /// The time ratios gated, with their names in results.
    public static let timeRatios = ["stepToFloor", "stepToNone"]

    /// Compares `current` with `baseline`. Throws `BenchError.input` when they cannot be compared:
    /// another schema, other counters, or a scenario/strategy of the baseline missing from the run.
    public static func check(baseline: Results, current: Results, options: Options = Options()) throws -> Report {
        guard baseline.schema == current.schema else {
            throw BenchError.input("the baseline has schema '\(baseline.schema)' but this run has '\(current.schema)'; update the baseline with scripts/update-baseline.sh.")
        }
        var findings: [Finding] = []
        var compared = 0
        let currentRows = Dictionary(current.runs.map { (key($0), $0) }, uniquingKeysWith: { a, _ in a })
        let baselineKeys = Set(baseline.runs.map(key))
        let missing = baseline.runs.filter { currentRows[key($0)] == nil }
        if !missing.isEmpty {
            let names = missing.map { "\($0.scenario)/\($0.strategy)" }.joined(separator: ", ")
            throw BenchError.input("the baseline has rows this run lacks: \(names). Run the same suite, or update the baseline.")
        }
        for old in baseline.runs {
            let new = currentRows[key(old)]!
            compared += 1
            let oldCounters = Set(old.totals.keys), newCounters = Set(new.totals.keys)
            guard oldCounters == newCounters else {
                let only = oldCounters.symmetricDifference(newCounters).sorted().joined(separator: ", ")
                throw BenchError.input("the baseline (tool \(baseline.tool.version)) and this run (tool \(current.tool.version)) count different things (\(only)); update the baseline.")
            }
            guard old.steps == new.steps else {
                throw BenchError.input("\(old.scenario)/\(old.strategy): the baseline measured \(old.steps) steps, this run \(new.steps); run with the baseline's --steps.")
            }
            findings += counterFindings(old, new)
            findings += pictureFindings(old, new)
            findings += timeFindings(old, new, ratios: options.timeRatios, tolerance: options.effectiveTolerance)
        }
        for run in current.runs where !baselineKeys.contains(key(run)) {
            findings.append(Finding(kind: .notInBaseline, scenario: run.scenario, strategy: run.strategy,
                                    message: "not in the baseline: not gated"))
        }
        return Report(findings: findings, options: options, rowsCompared: compared)
    }

    private static func key(_ run: RunResult) -> String { run.scenario + "\u{1F}" + run.strategy }

    private static func counterFindings(_ old: RunResult, _ new: RunResult) -> [Finding] {
        var out: [Finding] = []
        for name in old.totals.keys.sorted() {
            let a = old.totals[name]!, b = new.totals[name]!
            guard a != b else { continue }
            let kind: Finding.Kind = b > a ? .counterRegression : .counterImprovement
            out.append(Finding(kind: kind, scenario: old.scenario, strategy: old.strategy,
                               message: "\(name) \(a) → \(b) (\(percent(Double(b) / Double(max(a, 1)) - 1)))"))
        }
        return out
    }

    private static func pictureFindings(_ old: RunResult, _ new: RunResult) -> [Finding] {
        old.pictures.keys.sorted { Int($0) ?? 0 < Int($1) ?? 0 }.compactMap { step in
            guard let was = old.pictures[step], let now = new.pictures[step], was != now else { return nil }
            return Finding(kind: .pictureChanged, scenario: old.scenario, strategy: old.strategy,
                           message: "the frame at step \(step) changed (checksum \(was) → \(now)); if intended, update the baseline")
        }
    }

    private static func timeFindings(_ old: RunResult, _ new: RunResult, ratios: [String], tolerance: Double) -> [Finding] {
        var out: [Finding] = []
        for name in ratios {
            guard let a = old.ratios[name], let b = new.ratios[name], a > 0, b > 0 else { continue }
            let change = b / a - 1
            guard abs(change) > tolerance else { continue }
            let kind: Finding.Kind = change > 0 ? .timeRegression : .timeImprovement
            let moved = movedCounters(old, new)
            let why = moved.isEmpty ? "no counter moved: look at the code path, or the machine's noise" : moved
            out.append(Finding(kind: kind, scenario: old.scenario, strategy: old.strategy,
                               message: "\(name) \(Results.fixed(a, 2)) → \(Results.fixed(b, 2)) (step ×\(Results.fixed(b / a, 2)), tolerance ±\(magnitude(tolerance))) ← \(why)"))
        }
        return out
    }

    /// The per-step counters of a row that changed, as `name old → new`.
    static func movedCounters(_ old: RunResult, _ new: RunResult) -> String {
        old.perStep.keys.sorted().compactMap { name -> String? in
            guard let a = old.perStep[name], let b = new.perStep[name], a != b else { return nil }
            return "\(name) \(Results.fixed(a, 1)) → \(Results.fixed(b, 1))"
        }.joined(separator: ", ")
    }

    /// A fraction as an unsigned percentage: `12.5 %`.
    static func magnitude(_ fraction: Double) -> String { Results.fixed(abs(fraction) * 100, 1) + " %" }

    /// A change as a signed percentage: `+12.5 %`.
    static func percent(_ fraction: Double) -> String {
        (fraction >= 0 ? "+" : "") + Results.fixed(fraction * 100, 1) + " %"
    }

    /// The spread of an A/A pair: the largest relative difference of any gated time ratio between
    /// two runs of the same suite on this machine.
    public static func noiseSpread(_ a: Results, _ b: Results, ratios: [String] = Gate.timeRatios) -> Double {
        var spread = 0.0
        let rows = Dictionary(b.runs.map { (key($0), $0) }, uniquingKeysWith: { x, _ in x })
        for run in a.runs {
            guard let twin = rows[key(run)] else { continue }
            for name in ratios {
                guard let x = run.ratios[name], let y = twin.ratios[name], x > 0 else { continue }
                spread = max(spread, abs(y / x - 1))
            }
        }
        return spread
    }
}

extension Gate.Report {
    /// The report for a terminal: failures first, then improvements to record, then the verdict.
    public func text() -> String {
        var out = ""
        let failing = findings.filter(\.fails), better = findings.filter { $0.kind == .counterImprovement || $0.kind == .timeImprovement }
        let noted = findings.filter { $0.kind == .notInBaseline }
        if !failing.isEmpty {
            out += "Regressions:\n"
            for f in failing { out += "  ✗ \(f.scenario)/\(f.strategy): \(f.message)\n" }
        }
        if !better.isEmpty {
            out += "Improvements (update the baseline to keep them):\n"
            for f in better { out += "  ✓ \(f.scenario)/\(f.strategy): \(f.message)\n" }
        }
        for f in noted { out += "  · \(f.scenario)/\(f.strategy): \(f.message)\n" }
        let noise = options.noiseSpread.map { " (A/A spread \(Gate.magnitude($0)) × \(Results.fixed(options.noiseMultiplier, 0)))" } ?? ""
        out += "Time tolerance ±\(Gate.magnitude(options.effectiveTolerance))\(noise): the smallest time change this check could detect.\n"
        out += passed ? "PASS: \(rowsCompared) rows match the baseline.\n" : "FAIL: \(failing.count) regression(s) in \(rowsCompared) rows.\n"
        return out
    }

    /// The same as Markdown, for a pull-request comment or `GITHUB_STEP_SUMMARY`.
    public func markdown() -> String {
        var out = "### CornerBench gate: \(passed ? "✅ pass" : "❌ fail")\n\n"
        if findings.isEmpty {
            out += "All \(rowsCompared) rows match the baseline.\n\n"
        } else {
            out += "| | scenario | strategy | finding |\n|---|---|---|---|\n"
            for f in findings {
                let mark = f.fails ? "❌" : (f.kind == .notInBaseline ? "·" : "✅")
                out += "| \(mark) | \(f.scenario) | \(f.strategy) | \(f.message.replacingOccurrences(of: "|", with: "\\|")) |\n"
            }
            out += "\n"
        }
        out += "Time tolerance ±\(Gate.magnitude(options.effectiveTolerance)) (the smallest detectable change).\n"
        return out
    }
}
