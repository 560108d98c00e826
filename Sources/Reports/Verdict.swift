import DeviceModel
import Results
import Text

/// The answer under every report: a scenario's strategies ranked by what the modelled device
/// pays per frame — render passes first, then memory traffic (tile traffic and reads of layer
/// contents: what the GPU moves to and from memory), then blended pixels, the order Apple's
/// Core Animation talks give for fixing rendering cost — each exact, with the ranks by this host's
/// step time (and by estimated cycles, when counted) beside it.
struct Verdict {
    /// One strategy's place.
    struct Entry {
        var strategy: String
        /// Means per frame.
        var renderPasses: Double, memoryBytes: Double, blendedPixels: Double
        /// Mean splits of the screen's pass per frame.
        var screenSplits: Double
        /// 1 for the cheapest; strategies that pay exactly the same share a rank.
        var deviceRank: Int
        /// The rank by median step time on this host; by estimated cycles when counted.
        var timeRank: Int?, cyclesRank: Int?
        /// How many strategies share `deviceRank`.
        var tied: Int
        /// The device model's GPU time per frame, when the device names a GPU: an estimate.
        var deviceTime: DeviceTime?
        /// The measured steps.
        var steps: Int

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
    /// Whether the device model's estimate ranked them (every row has one, on one GPU).
    var rankedByModel: Bool

    /// The sentence saying what the times are.
    static let timeNote = "µs are this host's CPU running the model, not the device's GPU: they follow this host's caches and memory, "
        + "and rank the model's work here, not the device's."

    /// Ranks `runs` (one scenario's).
    init(scenario: String, runs: [RunResult]) {
        self.scenario = scenario
        func costs(_ run: RunResult) -> [Double] {
            [run.perStep[.renderPasses] ?? 0, (run.perStep[.tileTrafficBytes] ?? 0) + (run.perStep[.keptBytesRead] ?? 0),
             run.perStep[.blendedPixels] ?? 0]
        }
        // Where every row has the device model's estimate on one GPU, it ranks them: it weighs the
        // passes, the memory traffic and the fragments by the chip's figures, where the order of the
        // counters alone let a few kilobytes of corner bitmaps outrank a million blended pixels.
        // The centre of the range, since both ends move with the same work.
        let modelled = !runs.isEmpty && runs.allSatisfy { $0.deviceTime != nil }
            && Set(runs.compactMap { $0.deviceTime?.gpu }).count == 1
        rankedByModel = modelled
        func key(_ run: RunResult) -> [Double] {
            guard modelled, let time = run.deviceTime else { return costs(run) }
            return [Double(time.lowNanos + time.highNanos) / 2] + costs(run)
        }
        let ordered = runs.sorted { key($0).lexicographicallyPrecedes(key($1)) }
        let times = Verdict.ranks(runs) { $0.timing[.step].map { Double($0.median) } }
        let cycles = Verdict.ranks(runs) { run in run.estimatedCycles?[.step].map { Double($0) / Double(max(1, run.steps)) } }
        // Places: equal costs share one; by the model, so do estimates within `equalWithin` of the
        // first of their group, which the device cannot tell apart and a rank would only order noise.
        var places: [Int] = []
        for (i, run) in ordered.enumerated() {
            guard i > 0 else { places.append(1); continue }
            let first = ordered[places[i - 1] - 1]
            let same = modelled ? key(run)[0] <= key(first)[0] * (1 + Verdict.equalWithin) : key(run) == key(first)
            places.append(same ? places[i - 1] : i + 1)
        }
        entries = ordered.enumerated().map { i, run in
            Entry(strategy: run.strategy, renderPasses: costs(run)[0], memoryBytes: costs(run)[1], blendedPixels: costs(run)[2],
                  screenSplits: run.perStep[.screenSplits] ?? 0,
                  deviceRank: places[i], timeRank: times[run.strategy], cyclesRank: cycles[run.strategy],
                  tied: places.filter { $0 == places[i] }.count, deviceTime: run.deviceTime, steps: run.steps)
        }
    }

    /// How close two estimates of the device model must be (the centres of their ranges) to be
    /// called equal for the device: 1 %.
    static let equalWithin = 0.01

    /// The estimate of the reference strategy (`none`), which the others' are multiples of.
    private var referenceTime: DeviceTime? { entries.first { $0.strategy == Ratio.referenceStrategy }?.deviceTime }

    /// `0.51–0.68 ms`: an estimate's two ends in milliseconds.
    static func milliseconds(_ time: DeviceTime) -> String { milliseconds(time.lowNanos, time.highNanos) + " ms" }

    /// `0.51–0.68`: two ends in nanoseconds as milliseconds.
    static func milliseconds(_ low: Int, _ high: Int) -> String {
        "\(Format.fixed(Double(low) / 1e6, 2))–\(Format.fixed(Double(high) / 1e6, 2))"
    }

    /// `3` or `0–3`: a pair of ends, one number when they agree.
    static func ends(_ low: String, _ high: String) -> String { low == high ? low : "\(low)–\(high)" }

    /// `6–8 % of 8.3 ms`, with what it means for the frame when the estimate can exceed the budget.
    static func budget(_ time: DeviceTime) -> String {
        let share = time.budgetShare
        let text = "\(Format.fixed(share.low * 100, 0))–\(Format.fixed(share.high * 100, 0)) % of \(Format.fixed(time.budgetNanos / 1e6, 1)) ms"
        return text + (time.overBudget ? ", over budget" : time.possiblyOverBudget ? ", may be over budget" : "")
    }

    /// `the worst frame 0.62–0.81 ms, 0–3 of 119 frames over budget (0–4 ms/s of hitches); the first
    /// frame 12.30–16.86 ms`: what the steps' estimates say of the scroll, and of the table's first
    /// appearance apart; nil in files from before steps were priced.
    static func frames(_ time: DeviceTime) -> String? {
        guard let f = time.frames else { return nil }
        var text = "the worst frame \(milliseconds(f.worstNanos.low, f.worstNanos.high)) ms, "
        if f.overBudget.high == 0 {
            text += "none over budget"
        } else {
            text += "\(ends(String(f.overBudget.low), String(f.overBudget.high))) of \(f.scrolledSteps) frames over budget"
                + " (\(ends(Format.fixed(f.hitchRatio.low, 0), Format.fixed(f.hitchRatio.high, 0))) ms/s of hitches)"
        }
        guard f.scrolledSteps < (time.stepLowNanos?.count ?? 0) else { return text }
        return text + "; the first frame (the table's first appearance) \(milliseconds(f.firstNanos.low, f.firstNanos.high)) ms"
    }

    /// `2.0–6.6 × none`: an estimate over the reference's, end by end; nil without both.
    private func timesNone(_ time: DeviceTime?) -> String? {
        guard let time, let none = referenceTime, none.prices(sameAs: time), none.lowNanos > 0, none.highNanos > 0 else { return nil }
        let ends = [Double(time.lowNanos) / Double(none.lowNanos), Double(time.highNanos) / Double(none.highNanos)].sorted()
            .map { Format.fixed($0, 1) }
        return (ends[0] == ends[1] ? ends[0] : "\(ends[0])–\(ends[1])") + " × none"
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
            var text = "\(Format.fixed(e.renderPasses, 1)) render passes, \(Format.fixed(e.memoryBytes / 1_000_000, 1)) MB of memory traffic, "
                + "\(Format.grouped(Int(e.blendedPixels.rounded()))) blended px a frame"
            if let time = e.deviceTime {
                text += "; ≈ \(Verdict.milliseconds(time)) of GPU time, \(Verdict.budget(time)) on the \(time.gpu) GPU"
                    + (time.ios.map { " under iOS \($0)'s rules" } ?? "")
                    + (time.calibration.map { " (its profile \($0))" } ?? "")
                if let multiple = timesNone(time), e.strategy != Ratio.referenceStrategy { text += ", \(multiple)" }
                if let frames = Verdict.frames(time) { text += "; \(frames)" }
            }
            return text
        }
        if entries.allSatisfy({ $0.deviceRank == 1 }), entries.count > 1 {
            // Each strategy's own figure: they are equal within 1 %, not the same numbers.
            let each = entries.map { e in
                "\(e.strategy) " + (e.deviceTime.map { "≈ \(Verdict.milliseconds($0))" }
                                    ?? "\(Format.fixed(e.renderPasses, 1)) passes, \(Format.grouped(Int(e.blendedPixels.rounded()))) blended px")
            }
            return "Every strategy costs the device the same here" + (rankedByModel ? ", within 1 %" : "")
                + " (\(each.joined(separator: "; "))): for this device and table the way of rounding does not matter to the GPU."
                + (entries[0].deviceTime.map { " " + Verdict.modelNote + (Verdict.coverage($0).map { " " + $0 } ?? "") } ?? "")
        }
        let equal = rankedByModel ? "the same, within 1 %," : "the same"
        let ties = rounding.filter { $0.deviceRank == best.deviceRank }.map(\.strategy)
        let lead = ties.count > 1 ? "\(Format.list(ties)) cost the device \(equal) and least" : "\(best.strategy) costs the device least"
        var text = "Of the strategies that round the corners, \(lead) (\(cost(best)))"
        if worst.deviceRank != best.deviceRank {
            let dearest = rounding.filter { $0.deviceRank == worst.deviceRank }.map(\.strategy)
            text += dearest.count > 1 ? "; \(Format.list(dearest)) cost it \(equal) and most (\(cost(worst)))"
                : "; \(worst.strategy) costs it most (\(cost(worst)))"
        }
        return text + "." + (best.deviceTime.map { " " + Verdict.modelNote + (Verdict.coverage($0).map { " " + $0 } ?? "") } ?? "")
    }

    /// What the published measurements say of the chip and iOS version that `time` priced: how
    /// far the model was from the cases measured on that GPU, and which way (`onChip`), and, when
    /// no case covers the chip or the iOS version, that the stated accuracy was not measured there.
    static func coverage(_ time: DeviceTime) -> String? {
        let chip = PublishedAccuracy.accuracy(onGPU: time.gpu)
        let ios = time.ios.map { PublishedAccuracy.iosVersions.contains($0) } ?? true
        var phrases = chip.map { [onChip($0)] } ?? []
        if chip == nil || !ios {
            let order = GPUCatalog.builtIn.ids
            let gpus = PublishedAccuracy.gpus.sorted { (order.firstIndex(of: $0) ?? 0) < (order.firstIndex(of: $1) ?? 0) }
            let versions = PublishedAccuracy.iosVersions.sorted().map(String.init)
            let uncovered = [chip != nil ? nil : "the \(time.gpu) GPU", ios ? nil : time.ios.map { "iOS \($0)" }].compactMap { $0 }
            phrases.append("No published measurement covers \(uncovered.joined(separator: " or ")): the model's error is measured on the "
                + "\(gpus.joined(separator: ", ")) and iOS \(versions.joined(separator: ", ")) only.")
        }
        return phrases.isEmpty ? nil : phrases.joined(separator: " ")
    }

    /// The model's error on one GPU, in one sentence: "On the a5 GPU it is within ×1.42 of the 21
    /// published measurements made there (clipped layers, masks, shadows, rasterized layers and
    /// blended overlays), worst ×1.95; their times ran ×1.29 longer than its centre on average."
    /// Which way matters: longer means the estimate there is too low.
    static func onChip(_ accuracy: PublishedAccuracy.ByGPU) -> String {
        let way = accuracy.publishedLonger ? "longer" : "shorter"
        let by = Format.fixed(accuracy.bias, 2)
        let of = Format.list(accuracy.mechanisms.map(\.noun))
        guard accuracy.cases > 1 else {
            return "On the \(accuracy.gpu) GPU one published measurement is compared, of \(of): its time ran ×\(by) \(way) than the model's centre."
        }
        return "On the \(accuracy.gpu) GPU it is within ×\(Format.fixed(accuracy.typicalFactor, 2)) of the \(accuracy.cases) published "
            + "measurements made there (\(of)), worst ×\(Format.fixed(accuracy.worstFactor, 2)); their times ran ×\(by) \(way) than its centre on average."
    }

    /// How far the model is from published measurements (`PublishedAccuracy`), in one phrase:
    /// "within ×1.36 of 32 published on-device measurements (geometric mean), worst ×1.95; ×1.32 of the
    /// 26 whose frames missed the refresh, ×1.53 of the 6 light frames that kept it, read at the top
    /// power state": the frames that decide a hitch apart from light ones, which a GPU with slack may
    /// run at a lower power state than the model prices (`PublishedAccuracy.powerStateRatio`).
    static let accuracy = "within ×\(Format.fixed(PublishedAccuracy.typicalFactor, 2)) of \(PublishedAccuracy.cases) published "
        + "on-device measurements (geometric mean), worst ×\(Format.fixed(PublishedAccuracy.worstFactor, 2)); "
        + "×\(Format.fixed(PublishedAccuracy.gpuBound.typicalFactor, 2)) of the \(PublishedAccuracy.gpuBound.cases) whose frames missed the refresh, "
        + "×\(Format.fixed(PublishedAccuracy.keepingTheRefresh.typicalFactor, 2)) of the \(PublishedAccuracy.keepingTheRefresh.cases) "
        + "light frames that kept it, read at the top power state"

    /// What the GPU times are, wherever they are shown.
    static let modelNote = "GPU times are the device model's estimate from the counted work and published chip figures "
        + "(docs/device-model.md), not a measurement: its centre is \(Verdict.accuracy). A range spans the chips' "
        + "figures, fast end to slow end; the truth can lie outside it."

    /// The ranking as a table: strategy, rank, what the device pays, the host ranks, and a `≠`
    /// where a host rank disagrees. With the device model's estimates the GPU's time takes the
    /// place of the memory and blended columns (the counters are in the table above it): its mean,
    /// its worst frame (and 95th percentile when `wide`), its share of the budget, the frames over
    /// budget and their hitch-time ratio.
    func table(wide: Bool = false) -> ReportTable {
        let counted = entries.contains { $0.cyclesRank != nil }
        let modelled = entries.contains { $0.deviceTime != nil }
        let framed = entries.contains { $0.deviceTime?.frames != nil }
        var header = ["strategy", "rank", "passes", "splits"]
        header += modelled ? ["GPU ms (model)"] + (framed ? (wide ? ["first", "p95"] : []) + ["worst"] : []) + ["of budget"]
            + (framed ? ["over", "hitch"] : []) : ["memory MB", "blended"]
        header += ["time rank"] + (counted ? ["cycles rank"] : [])
        let rows = entries.map { e -> [String] in
            func host(_ rank: Int?) -> String { rank.map { "\($0)" + (e.disagrees($0) ? " ≠" : "") } ?? "–" }
            var cells = [Escape.shortened(e.strategy), "\(e.deviceRank)", Format.fixed(e.renderPasses, 1), Format.fixed(e.screenSplits, 1)]
            if modelled {
                let columns = 2 + (framed ? (wide ? 5 : 3) : 0)
                if let time = e.deviceTime {
                    let share = time.budgetShare
                    cells.append(Verdict.milliseconds(time.lowNanos, time.highNanos))
                    let f = time.frames
                    if framed {
                        if wide {
                            cells.append(f.map { Verdict.milliseconds($0.firstNanos.low, $0.firstNanos.high) } ?? "–")
                            cells.append(f.map { Verdict.milliseconds($0.p95Nanos.low, $0.p95Nanos.high) } ?? "–")
                        }
                        cells.append(f.map { Verdict.milliseconds($0.worstNanos.low, $0.worstNanos.high) } ?? "–")
                    }
                    cells.append("\(Format.fixed(share.low * 100, 0))–\(Format.fixed(share.high * 100, 0)) %"
                                 + (time.overBudget ? " over" : time.possiblyOverBudget ? " over?" : ""))
                    if framed {
                        cells.append(f.map { Verdict.ends(String($0.overBudget.low), String($0.overBudget.high)) } ?? "–")
                        cells.append(f.map { Verdict.ends(Format.fixed($0.hitchRatio.low, 0), Format.fixed($0.hitchRatio.high, 0)) } ?? "–")
                    }
                } else {
                    cells += Array(repeating: "–", count: columns)
                }
            } else {
                cells += [Format.fixed(e.memoryBytes / 1_000_000, 1), Format.grouped(Int(e.blendedPixels.rounded()))]
            }
            return cells + [host(e.timeRank)] + (counted ? [host(e.cyclesRank)] : [])
        }
        var glossary: [(label: String, meaning: String)] = [
            ("rank", rankedByModel
                ? "by the device model's GPU time per frame (the centre of its range), which weighs the passes, splits, memory traffic and fragments by the chip's figures; estimates within 1 % of each other share a rank"
                : "by what the modelled device pays per frame: render passes, then memory traffic, then blended pixels (Apple's order for fixing rendering cost); equal costs share a rank"),
            ("passes, splits", "render passes per frame, and the times an off-screen pass interrupts the screen's, each storing the screen's pixels and loading them again (means)"),
        ]
        if modelled {
            glossary.append(("GPU ms (model), of budget", "the device model's estimate of the GPU's time for the mean frame on the device's chip, fast end to slow end, and its share of the frame budget (16.7 ms at 60 Hz, 8.3 ms at 120 Hz; 'over' when even the fast end exceeds it, 'over?' when the slow end does). " + Verdict.modelNote))
            if framed {
                glossary.append(((wide ? "first, p95, " : "") + "worst, over, hitch", (wide ? "the first step's estimate (the table's first appearance, every cell and cache new: kept out of the rest), the 95th percentile and " : "") + "the worst of the scrolled steps' estimates in ms, the scrolled steps whose estimate exceeds the budget (fast end–slow end), and Apple's hitch-time ratio (MetricKit's hitchTimeRatio): ms late per s the frames were shown, a frame taking k refreshes late by k − 1 and shown for k, so frames that each take two give 500 (WWDC 2020: good under 5, warning 5–10, critical from 10); the GPU's time alone, as if it had the whole interval"))
            }
        } else {
            glossary.append(("memory MB, blended", "memory traffic in MB (10⁶ bytes: tile traffic and bytes read from layer contents) and blended pixels per frame (means)"))
        }
        glossary += [
            ("time rank", "the rank by median step time on this host; ≠ where it differs from the device's. " + Verdict.timeNote),
        ]
        if counted { glossary.append(("cycles rank", "the rank by the step's estimated cycles under the simulated cache, the same on every host; ≠ where it differs from the device's")) }
        return ReportTable(title: "Verdict: what the device pays, cheapest first", header: header, rows: rows, glossary: glossary)
    }
}

extension Report {
    /// The verdict of `scenario`.
    func verdict(scenario: String) -> Verdict {
        Verdict(scenario: scenario, runs: runs.filter { $0.scenario == scenario })
    }
}
