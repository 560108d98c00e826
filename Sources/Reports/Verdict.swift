import Results

/// The answer under every report: a scenario's strategies ranked by what the modelled device
/// pays per frame — render passes first, then tile traffic, then blended pixels, the order Apple's
/// Core Animation talks give for fixing rendering cost — each exact, with the ranks by this host's
/// step time (and by estimated cycles, when counted) beside it.
struct Verdict {
    /// One strategy's place.
    struct Entry {
        var strategy: String
        /// Means per frame.
        var renderPasses: Double, tileBytes: Double, blendedPixels: Double
        /// 1 for the cheapest; strategies that pay exactly the same share a rank.
        var deviceRank: Int
        /// The rank by median step time on this host; by estimated cycles when counted.
        var timeRank: Int?, cyclesRank: Int?
        /// How many strategies share `deviceRank`.
        var tied: Int

        /// Whether a host rank disagrees with the device's: it falls outside the places the
        /// strategy's tie spans.
        func disagrees(_ rank: Int?) -> Bool {
            guard let rank else { return false }
            return rank < deviceRank || rank >= deviceRank + tied
        }
    }

    var scenario: String
    /// In device order, cheapest first.
    var entries: [Entry]

    /// The sentence saying what the times are.
    static let timeNote = "µs are this host's CPU running the model, not the device's GPU: they follow this host's caches and memory, "
        + "and rank the model's work here, not the device's."

    /// Ranks `runs` (one scenario's).
    init(scenario: String, runs: [RunResult]) {
        self.scenario = scenario
        func key(_ run: RunResult) -> [Double] {
            [run.perStep[.renderPasses] ?? 0, run.perStep[.tileTrafficBytes] ?? 0, run.perStep[.blendedPixels] ?? 0]
        }
        let ordered = runs.sorted { key($0).lexicographicallyPrecedes(key($1)) }
        let times = Verdict.ranks(runs) { $0.timing[.step].map { Double($0.median) } }
        let cycles = Verdict.ranks(runs) { run in run.estimatedCycles?[.step].map { Double($0) / Double(max(1, run.steps)) } }
        entries = ordered.map { run in
            let place = 1 + ordered.filter { key($0).lexicographicallyPrecedes(key(run)) }.count
            return Entry(strategy: run.strategy, renderPasses: key(run)[0], tileBytes: key(run)[1], blendedPixels: key(run)[2],
                         deviceRank: place, timeRank: times[run.strategy], cyclesRank: cycles[run.strategy],
                         tied: ordered.filter { key($0) == key(run) }.count)
        }
    }

    /// Competition ranks (1, 2, 2, 4) by `value`, smallest first; empty unless every run has one.
    private static func ranks(_ runs: [RunResult], _ value: (RunResult) -> Double?) -> [String: Int] {
        let values = runs.compactMap { run in value(run).map { (run.strategy, $0) } }
        guard values.count == runs.count else { return [:] }
        var out: [String: Int] = [:]
        for (name, v) in values { out[name] = 1 + values.filter { $0.1 < v }.count }
        return out
    }

    /// The answer in one or two sentences: which strategy that rounds the corners costs the
    /// device least, and which most.
    var summary: String {
        let rounding = entries.filter { $0.strategy != Ratio.referenceStrategy }
        guard let best = rounding.first, let worst = rounding.last else { return "" }
        func cost(_ e: Entry) -> String {
            "\(Format.fixed(e.renderPasses, 1)) render passes, \(Format.fixed(e.tileBytes / 1_000_000, 1)) MB of tile traffic, "
                + "\(Format.grouped(Int(e.blendedPixels.rounded()))) blended px a frame"
        }
        let ties = rounding.filter { $0.deviceRank == best.deviceRank }.map(\.strategy)
        let lead = ties.count > 1 ? ties.joined(separator: " and ") + " cost the device least, equally" : "\(best.strategy) costs the device least"
        var text = "Of the strategies that round the corners, \(lead) (\(cost(best)))"
        if worst.deviceRank != best.deviceRank { text += "; \(worst.strategy) costs it most (\(cost(worst)))" }
        return text + "."
    }

    /// The ranking as a table: strategy, rank, the three device costs, the host ranks, and a `≠`
    /// where a host rank disagrees.
    var table: ReportTable {
        let counted = entries.contains { $0.cyclesRank != nil }
        let header = ["strategy", "device rank", "passes", "tile MB", "blended", "time rank"] + (counted ? ["cycles rank"] : [])
        let rows = entries.map { e -> [String] in
            func host(_ rank: Int?) -> String { rank.map { "\($0)" + (e.disagrees($0) ? " ≠" : "") } ?? "–" }
            return [Escape.shortened(e.strategy), "\(e.deviceRank)", Format.fixed(e.renderPasses, 1), Format.fixed(e.tileBytes / 1_000_000, 1),
                    Format.grouped(Int(e.blendedPixels.rounded())), host(e.timeRank)] + (counted ? [host(e.cyclesRank)] : [])
        }
        var glossary: [(label: String, meaning: String)] = [
            ("device rank", "by what the modelled device pays per frame: render passes, then tile traffic, then blended pixels (Apple's order for fixing rendering cost); equal costs share a rank"),
            ("passes, tile MB, blended", "render passes, tile traffic in MB (10⁶ bytes) and blended pixels per frame (means)"),
            ("time rank", "the rank by median step time on this host; ≠ where it differs from the device's. " + Verdict.timeNote),
        ]
        if counted { glossary.append(("cycles rank", "the rank by the step's estimated cycles under the simulated cache, the same on every host; ≠ where it differs from the device's")) }
        return ReportTable(title: "Verdict: what the device pays, cheapest first", header: header, rows: rows, glossary: glossary)
    }
}

extension Results {
    /// The verdict of `scenario`.
    func verdict(scenario: String) -> Verdict {
        Verdict(scenario: scenario, runs: runs.filter { $0.scenario == scenario })
    }
}
