import Analysis
import JSON
import Results
import Text

/// `bench check`'s verdict row by row, which its report opens with: each row that failed, with
/// what made it fail (the gate's regressions and the limits' breaches); each row whose cell
/// changed, dearer, cheaper or the same for the device, with the layers whose cost changed and by
/// how much; each row that improved; then the rows that match the baseline, counted. The raw
/// counters, time ratios and findings follow below it.
extension Gate.Report {
    /// One row's verdict: `FAIL` or `PASS`, its name and why, and its changed layers.
    struct RowVerdict {
        var fails: Bool
        var name: String
        var why: String
        var layers: [String]
    }

    /// The verdict of each row with something to say, in the baseline's order (then rows of the
    /// run only in the limits' breaches), and how many rows match the baseline with nothing to say.
    func rowVerdicts(limits: LimitCheck?) -> (rows: [RowVerdict], same: Int) {
        var out: [RowVerdict] = [], same = 0
        func key(_ scenario: String, _ strategy: String) -> String { "\(Escape.shortened(scenario))/\(Escape.shortened(strategy))" }
        var seen = Set<String>()
        for row in rows {
            let mine = findings.filter { $0.scenario == row.scenario && $0.strategy == row.strategy }
            let breaches = limits?.breaches.filter { $0.scenario == row.scenario && $0.strategy == row.strategy } ?? []
            let failing = mine.filter(\.fails), better = mine.filter(\.improves)
            let layers = row.layers.map(Self.layerLine)
            let name = key(row.scenario, row.strategy)
            seen.insert(name)
            let reasons = failing.map(\.brief) + breaches.map(Self.breachBrief)
            if !reasons.isEmpty {
                out.append(RowVerdict(fails: true, name: name, why: (row.cellChanged ? "the new cell is dearer: " : "") + reasons.joined(separator: "; "),
                                      layers: layers))
            } else if row.cellChanged {
                let why = better.isEmpty ? "the new cell costs the device the same" : "the new cell is cheaper: " + better.map(\.brief).joined(separator: "; ")
                out.append(RowVerdict(fails: false, name: name, why: why, layers: layers))
            } else if !better.isEmpty {
                out.append(RowVerdict(fails: false, name: name, why: "better: " + better.map(\.brief).joined(separator: "; "), layers: layers))
            } else {
                same += 1
            }
        }
        // A row of the run the baseline lacks may still break a limit.
        for breach in limits?.breaches ?? [] where !seen.contains(key(breach.scenario, breach.strategy)) {
            let name = key(breach.scenario, breach.strategy)
            if let i = out.firstIndex(where: { $0.name == name }) {
                out[i].why += "; " + Self.breachBrief(breach)
            } else {
                out.append(RowVerdict(fails: true, name: name, why: Self.breachBrief(breach), layers: []))
            }
        }
        return (out, same)
    }

    /// The verdict per row for a terminal: `FAIL row: why`, its layers indented under it, and
    /// `PASS N rows: as the baseline` for the rest. Names through `Escape.terminal`.
    func verdictText(limits: LimitCheck?, width: Int) -> String {
        let (verdicts, same) = rowVerdicts(limits: limits)
        var out = ""
        for verdict in verdicts {
            out += Console.wrapped(Escape.terminal("\(verdict.fails ? "FAIL" : "PASS") \(verdict.name): \(verdict.why)"), indent: 5, width: width)
            for layer in verdict.layers { out += Console.wrapped(Escape.terminal("  " + layer), indent: 7, width: width) }
        }
        if same > 0 {
            let count = verdicts.isEmpty ? (same == 1 ? "1 row" : "all \(same) rows") : "\(same) other row\(same == 1 ? "" : "s")"
            out += "PASS \(count): as the baseline" + (limits == nil ? "" : ", within the limits") + "\n"
        }
        return out
    }

    /// The same as Markdown: a list, names through `Escape.forMarkdown`.
    func verdictMarkdown(limits: LimitCheck?) -> String {
        let (verdicts, same) = rowVerdicts(limits: limits)
        var out = ""
        for verdict in verdicts {
            out += "- \(verdict.fails ? "❌ **FAIL**" : "✅ PASS") \(Escape.forMarkdown(verdict.name)): \(Escape.forMarkdown(verdict.why))\n"
            for layer in verdict.layers { out += "  - \(Escape.forMarkdown(layer))\n" }
        }
        if same > 0 { out += "- ✅ PASS \(same) \(verdicts.isEmpty ? "" : "other ")row(s): as the baseline\n" }
        return out + "\n"
    }

    /// One changed layer: `layers[1]: +mask; +23.1 off-screen passes, +23.1 splits, +4.10–8.90 ms
    /// (model)` — what changed in its description, then what its cost per frame moved by; a layer
    /// its description names is `avatar (layers[1])`.
    static func layerLine(_ change: Gate.LayerChange) -> String {
        var parts: [String] = []
        // A layer added or removed whole: the properties that decide what it costs.
        func costly(_ value: JSONValue?) -> String {
            guard case .object(let members)? = value else { return "" }
            let named = Self.costlyProperties.filter { members[$0] != nil }
            return named.isEmpty ? "" : " (\(named.joined(separator: ", ")))"
        }
        let wholeLayer = change.fields.first { $0.path.isEmpty }
        if change.old == nil, change.new != nil { parts.append("a new layer" + costly(wholeLayer?.new)) }
        if change.new == nil, change.old != nil { parts.append("removed" + costly(wholeLayer?.old)) }
        parts += change.fields.filter { !$0.path.isEmpty }.map { field in
            switch (field.old, field.new) {
            case (nil, _): "+\(field.path)"
            case (_, nil): "−\(field.path)"
            case let (a?, b?): "\(field.path) \(Escape.shortened(a.compactDescription, limit: 40)) → \(Escape.shortened(b.compactDescription, limit: 40))"
            }
        }
        var costs: [String] = []
        func signed(_ x: Double) -> String { (x >= 0 ? "+" : "−") + Format.fixed(abs(x), 1) }
        if abs(change.offscreenPasses) >= 0.05 { costs.append("\(signed(change.offscreenPasses)) off-screen passes") }
        if abs(change.screenSplits) >= 0.05 { costs.append("\(signed(change.screenSplits)) splits") }
        if let gpu = change.gpuNanos, gpu.low != 0 || gpu.high != 0 { costs.append(milliseconds(gpu.low, gpu.high) + " ms (model)") }
        let whole = change.old == nil || change.new == nil
        let cost = costs.isEmpty ? (whole ? "no passes, splits or GPU time (model) of its own" : "its passes, splits and GPU time (model) unchanged")
            : costs.joined(separator: ", ") + " a frame"
        let label = change.name.map { "\(Escape.shortened($0)) (\(Escape.shortened(change.layer)))" } ?? Escape.shortened(change.layer)
        return "\(label): " + (parts.isEmpty ? "" : parts.joined(separator: ", ") + "; ") + cost
    }

    /// The properties of a layer's description that decide what it costs the device, named when
    /// a layer is added or removed whole (docs/scenario-files.md).
    static let costlyProperties = ["mask", "masksToBounds", "clipsToBounds", "cornerRadius", "shadow", "shouldRasterize", "borderWidth",
                                   "opacity", "alpha", "sublayers"]

    /// A change of two ends in nanoseconds as signed milliseconds: `+3.40–6.20` when both grew,
    /// `−0.10–0.20` when both fell, `−0.01–+0.20` otherwise.
    static func milliseconds(_ low: Int, _ high: Int) -> String {
        func ms(_ x: Int) -> String { Format.fixed(Double(abs(x)) / 1e6, 2) }
        if low >= 0 && high >= 0 { return "+\(ms(low))–\(ms(high))" }
        if low <= 0 && high <= 0 { return "−\(ms(low))–\(ms(high))" }
        func signed(_ x: Int) -> String { (x >= 0 ? "+" : "−") + ms(x) }
        return "\(signed(low))–\(signed(high))"
    }

    /// A breach in a few words: `offscreenPasses 46.50 > 4.00 (limit)`.
    static func breachBrief(_ breach: LimitCheck.Breach) -> String {
        let (value, maximum) = Format.apart(breach.value, breach.limit.maximum)
        return "\(breach.limit.measure.rawValue) \(value) > \(maximum) (limit)"
    }
}

extension Gate.Finding {
    /// The finding in a few words, for the verdict per row: what changed, from what to what. The
    /// full sentence (`sentence`) is listed below the tables.
    public var brief: String {
        switch change {
        case .counter(let counter, let a, let b):
            return "\(counter.name) \(Format.grouped(a)) → \(Format.grouped(b))"
        case .picture(let step, _, _):
            return "the frame at step \(Escape.shortened(step, limit: Escape.messageLimit)) changed"
        case .time(let t):
            return "\(t.ratio.name) \(Format.percent(t.change))"
        case .hostFree(let h):
            return "\(h.phase.name) \(h.count == .instructions ? "instructions" : "estimated cycles") \(Format.percent(h.change, digits: 2))"
        case .deviceTime(let a, let b):
            var parts = ["GPU time per frame (model, \(Escape.shortened(a.gpu))) \(Verdict.milliseconds(a.lowNanos, a.highNanos)) → "
                + "\(Verdict.milliseconds(b.lowNanos, b.highNanos)) ms"]
            if let x = a.frames, let y = b.frames {
                if x.worstNanos != y.worstNanos {
                    parts.append("worst frame \(Verdict.milliseconds(x.worstNanos.low, x.worstNanos.high)) → "
                        + "\(Verdict.milliseconds(y.worstNanos.low, y.worstNanos.high)) ms")
                }
                if x.overBudget != y.overBudget {
                    func over(_ f: DeviceTime.Frames) -> String { Verdict.ends(String(f.overBudget.low), String(f.overBudget.high)) }
                    parts.append("frames over budget \(over(x)) → \(over(y))")
                }
            }
            return parts.joined(separator: ", ")
        case .notInBaseline:
            return "not in the baseline"
        }
    }
}
