import Analysis
import Results
import Text

/// `bench check`'s report, for a terminal and as Markdown, worded from the gate's data
/// (`Gate.Report`, `Gate.Finding`): what was compared row by row, the regressions and
/// improvements, the warnings, the tolerances and the verdict.
extension Gate.Report {
    /// The report for a terminal, every line within the `Console`'s 120 columns: the verdict per
    /// row first (`verdictText`: each failing or changed row with why, and its changed layers),
    /// then what was compared (`consoleTables`), failures, improvements to record, warnings, the
    /// tolerances, the limits' breaches and notes when `limits` were held, and one verdict for
    /// both; a finding or warning longer than a line continues indented under it. Names are
    /// shortened to `Escape.nameLimit` (and in the tables to what fits), and every line from the
    /// files is written as `Escape.terminal` writes it.
    public func text(width: Int = Console.width, limits: LimitCheck? = nil) -> String {
        func row(_ f: Gate.Finding) -> String {
            Escape.terminal("\(Escape.shortened(f.scenario))/\(Escape.shortened(f.strategy)): \(f.sentence)")
        }
        var out = verdictText(limits: limits, width: width)
        if !rows.isEmpty {
            let tables = consoleTables { Escape.terminal($0) }
            out += Console.wrapped(tables.counts.title + ":", indent: 2, width: width) + Console.table([tables.counts.header] + tables.counts.rows, width: width)
            if let times = tables.times {
                out += Console.wrapped(times.title + ":", indent: 2, width: width) + Console.table([times.header] + times.rows, width: width)
            }
        }
        let failing = findings.filter(\.fails), better = findings.filter(\.improves)
        let noted = findings.filter { $0.kind == .notInBaseline }
        let reported = findings.filter { !$0.gated && $0.kind != .pictureChanged }
        if !reported.isEmpty {
            out += "Changes of the cell (reported, not gated):\n"
            for f in reported { out += Console.wrapped("  · \(row(f))", indent: 6, width: width) }
        }
        if !failing.isEmpty {
            out += "Regressions:\n"
            for f in failing { out += Console.wrapped("  ✗ \(row(f))", indent: 6, width: width) }
        }
        if !better.isEmpty {
            out += "Improvements (update the baseline to keep them):\n"
            for f in better { out += Console.wrapped("  ✓ \(row(f))", indent: 6, width: width) }
        }
        for f in noted { out += Console.wrapped("  · \(row(f))", indent: 6, width: width) }
        for warning in warnings { out += Console.wrapped("Warning: \(Escape.terminal(warning.description)).", indent: 2, width: width) }
        for line in toleranceLines.split(separator: "\n") { out += Console.wrapped(String(line), indent: 2, width: width) }
        if let limits { out += limits.bodyText(width: width) }
        out += Console.wrapped(verdictLine(limits: limits), indent: 2, width: width)
        return out
    }

    /// The one verdict of a check, against the baseline and, when held, the limits: a PASS only
    /// when both pass, so PASS and FAIL never print together.
    func verdictLine(limits: LimitCheck?) -> String {
        let failing = findings.filter(\.fails).count, one = rowsCompared == 1
        let rows = Format.count(rowsCompared, "row")
        guard let limits else {
            return passed ? "PASS: \(rows) \(one ? "matches" : "match") the baseline\(notGatedClause)."
                          : "FAIL: \(failing) regression(s) in \(rows)\(notGatedClause)."
        }
        if passed && limits.passed {
            return "PASS: \(rows) \(one ? "matches" : "match") the baseline and \(one ? "is" : "are") within "
                + "\(one ? "its" : "their") limits\(notGatedClause)\(limits.unjudgedClause)."
        }
        let parts = (passed ? [] : ["\(failing) regression(s) against the baseline"])
            + (limits.passed ? [] : ["\(limits.breaches.count) breach(es) of a limit"])
        return "FAIL: \(parts.joined(separator: " and ")) in \(rows)\(notGatedClause)\(limits.unjudgedClause)."
    }

    /// What was compared, narrowed for a terminal: a table of the counters and frames with the
    /// step's instructions and estimated cycles per step (every phase is gated, and listed under
    /// Regressions when it fails; the Markdown shows each), and, when time ratios were compared, a
    /// table of them, each ratio as its medians baseline → current, its change, p-value and
    /// tolerance in columns of their own. Names through `escape`.
    func consoleTables(_ escape: (String) -> String) -> (counts: ReportTable, times: ReportTable?) {
        let full = comparedTable(escape)
        let exact = full.header.indices.filter { ["counters", "frames", "step instr.", "step cycles"].contains(full.header[$0]) }
        let counts = ReportTable(title: "Compared with the baseline: " + countsCaption, header: ["row"] + exact.map { full.header[$0] },
                                 rows: full.rows.map { row in [row[0]] + exact.map { row[$0] } }, glossary: [])
        let ratios = options.timeRatios.filter { ratio in rows.contains { $0.times.contains { $0.ratio == ratio } } }
        guard !ratios.isEmpty else { return (counts, nil) }
        let header = ["row"] + ratios.flatMap { [$0.name, "change", "p", "tolerance"] }
        let cells = rows.map { row -> [String] in
            [escape("\(Escape.shortened(row.scenario))/\(Escape.shortened(row.strategy))")] + ratios.flatMap { ratio -> [String] in
                guard let time = row.times.first(where: { $0.ratio == ratio }) else { return ["–", "–", "–", "–"] }
                return ["\(Format.fixed(time.old, 3)) → \(Format.fixed(time.new, 3))", Format.percent(time.new / time.old - 1),
                        time.p.map { Format.fixed($0, 2) } ?? "–",
                        time.tolerance.map { "±" + Format.magnitude($0) } ?? (timesGated ? "not gated" : otherBuild ? "other build" : "other host")]
            }
        }
        let times = ReportTable(title: "Time ratios, medians baseline → current; a change fails when it is significant and beyond "
                                    + "its row's tolerance", header: header, rows: cells, glossary: [])
        return (counts, times)
    }

    /// What the terminal's first table holds, for its title.
    var countsCaption: String {
        let instructions = rows.contains { !$0.instructions.isEmpty }, cycles = rows.contains { !$0.cycles.isEmpty }
        let counted = [instructions ? "instructions" : nil, cycles ? "estimated cycles" : nil].compactMap { $0 }
        guard !counted.isEmpty else { return "counters and frames, exactly" }
        return "counters and frames exactly, and the step's \(counted.joined(separator: " and ")) per step"
    }

    /// The same as Markdown, for a pull-request comment or `GITHUB_STEP_SUMMARY`: every cell and
    /// warning is written as `Escape.forMarkdown` writes it, names shortened to `Escape.nameLimit`.
    public func markdown(limits: LimitCheck? = nil) -> String {
        let pass = passed && (limits?.passed ?? true)
        var out = "### CornerBench gate: \(pass ? "✅ pass" : "❌ fail")\(notGated.isEmpty ? "" : " (\(notGated.joined(separator: " and ")) not gated)")\n\n"
        out += verdictMarkdown(limits: limits)
        if findings.isEmpty {
            out += (rowsCompared == 1 ? "The row matches" : "All \(Format.count(rowsCompared, "row")) match") + " the baseline\(notGatedClause).\n\n"
        }
        if !rows.isEmpty {
            out += comparedTable { $0 }.markdown() + "\n"
        }
        if !findings.isEmpty {
            let table = ReportTable(title: "Findings", header: ["", "scenario", "strategy", "finding"], rows: findings.map { f in
                [f.fails ? "❌" : (f.kind == .notInBaseline || !f.gated ? "·" : "✅"), Escape.shortened(f.scenario), Escape.shortened(f.strategy),
                 f.sentence]
            }, glossary: [])
            out += table.markdown(delimiters: .plain) + "\n"
        }
        for warning in warnings { out += "> **Warning:** \(Escape.forMarkdown(warning.description)).\n\n" }
        out += toleranceLines
        if let limits { out += "\n" + limits.bodyMarkdown() }
        return out
    }

    /// The tolerances applied, a line each: time, then instructions and estimated cycles when
    /// gated.
    var toleranceLines: String {
        var out = timeToleranceLine + "\n"
        if instructionsGated { out += "Instruction tolerance ±\(Format.magnitude(options.instructionTolerance)) per phase.\n" }
        if cyclesGated { out += "Estimated-cycle tolerance ±\(Format.magnitude(options.cycleTolerance)) per phase.\n" }
        return out
    }

    /// How time was gated, in the words of docs/cli.md ("Samples, significance and tolerances"): a
    /// row's tolerance is the larger of the option (raised by an A/A run) and twice the spread of
    /// either side's processes, so the line says both, and each row shows its own.
    var timeToleranceLine: String {
        guard timesGated else { return "Times were reported, not gated (another \(otherBuild ? "build" : "kind of host"); see the warning)." }
        let noise = options.noiseSpread.map { ", raised by the A/A spread \(Format.magnitude($0)) × \(Format.fixed(options.noiseMultiplier, 0))" } ?? ""
        return "Time tolerance: ±\(Format.magnitude(options.effectiveTolerance))\(noise), or twice the spread of either side's processes "
            + "where that is larger (each row shows its own); a significant change within its row's tolerance passes."
    }

    /// What the verdict adds when a host-free count was not gated (`notGated`): it names them, so
    /// a PASS read alone, without the warnings above it, cannot be taken to cover them.
    var notGatedClause: String {
        notGated.isEmpty ? "" : ", but \(notGated.joined(separator: " and ")) were NOT gated (see the warnings)"
    }

    /// What the compared table's columns hold, for its title.
    var comparedColumns: String {
        var parts: [String] = []
        if rows.contains(where: { !$0.instructions.isEmpty }) { parts.append("instructions") }
        if rows.contains(where: { !$0.cycles.isEmpty }) { parts.append("estimated cycles") }
        let perStep = parts.isEmpty ? [] : [parts.joined(separator: " and ") + " per step"]
        return (perStep + ["time ratios as medians baseline → current"]).joined(separator: "; ")
    }

    /// What was compared, a row per (scenario, strategy), names through `escape`: how many
    /// counters and frames matched, each phase's instructions and estimated cycles per step with
    /// its change, and each time ratio baseline → current (medians) with its change, p-value and
    /// tolerance, or "not gated".
    func comparedTable(_ escape: (String) -> String) -> ReportTable {
        let phases = Phase.allCases.filter { phase in rows.contains { $0.instructions.contains { $0.phase == phase } } }
        let cyclePhases = Phase.allCases.filter { phase in rows.contains { $0.cycles.contains { $0.phase == phase } } }
        let ratios = options.timeRatios.filter { ratio in rows.contains { $0.times.contains { $0.ratio == ratio } } }
        func matched(_ count: Int, _ changed: Int) -> String {
            count == 0 ? "–" : changed == 0 ? "\(count) same" : "\(changed) of \(count) changed"
        }
        // Counts to three or four figures: the change says the rest.
        func perStep(_ count: (phase: Phase, old: Double, new: Double)?) -> String {
            guard let count else { return "–" }
            let short = count.new >= 1_000_000 ? Format.fixed(count.new / 1e6, 2) + "M"
                : count.new >= 10_000 ? Format.fixed(count.new / 1e3, 1) + "k" : Format.fixed(count.new, 0)
            return short + (count.old > 0 ? " " + Format.percent(count.new / count.old - 1, digits: 2) : "")
        }
        let header = ["row", "counters", "frames"] + phases.map { "\($0.name) instr." } + cyclePhases.map { "\($0.name) cycles" }
            + ratios.map(\.name)
        let cells = rows.map { row -> [String] in
            var cells = [escape("\(Escape.shortened(row.scenario))/\(Escape.shortened(row.strategy))"),
                         matched(row.counters, row.countersChanged), matched(row.pictures, row.picturesChanged)]
            cells += phases.map { phase in perStep(row.instructions.first { $0.phase == phase }) }
            cells += cyclePhases.map { phase in perStep(row.cycles.first { $0.phase == phase }) }
            for ratio in ratios {
                guard let time = row.times.first(where: { $0.ratio == ratio }) else { cells.append("–"); continue }
                let values = "\(Format.fixed(time.old, 3)) → \(Format.fixed(time.new, 3))"
                if let p = time.p, let tolerance = time.tolerance {
                    cells.append(values + " (\(Format.percent(time.new / time.old - 1)), p \(Format.fixed(p, 2)), ±\(Format.magnitude(tolerance)))")
                } else {
                    cells.append(values + (timesGated ? " (not gated)" : otherBuild ? " (other build: not gated)" : " (other host: not gated)"))
                }
            }
            return cells
        }
        return ReportTable(title: "Compared with the baseline (\(comparedColumns))", header: header, rows: cells, glossary: [])
    }
}

extension Gate.Finding {
    /// The finding in words, as `bench check` prints it after the row's name: what changed, from
    /// what to what, and what it was held to. Values from the files (a picture's step and
    /// checksums) are shortened to `Escape.messageLimit`; the caller escapes for its medium.
    public var sentence: String {
        switch change {
        case .counter(let counter, let a, let b):
            return "\(counter.name) \(a) → \(b) (\(Format.percent(Double(b) / Double(max(a, 1)) - 1)))"
        case .picture(let step, let was, let now):
            func short(_ text: String) -> String { Escape.shortened(text, limit: Escape.messageLimit) }
            return "the frame at step \(short(step)) changed (checksum \(short(was)) → \(short(now))); if intended, update the baseline"
        case .time(let t):
            let spread = t.raisedBySpread ? " = \(Format.fixed(Gate.processSpreadMultiplier, 0)) × the processes' spread" : ""
            return "\(t.ratio.name) \(Format.fixed(t.old, 3)) → \(Format.fixed(t.new, 3)) (\(Format.percent(t.change)), "
                + "p = \(Format.fixed(t.p, 3)) over \(t.oldProcesses)/\(t.newProcesses) processes, tolerance ±\(Format.magnitude(t.tolerance))\(spread))"
                + " ← \(Gate.Finding.explanation(t.movedCounters))"
        case .hostFree(let h):
            let what = h.count == .instructions ? "instructions" : "estimated cycles"
            return "\(h.phase.name) \(what) per step \(Format.grouped(h.old / h.steps)) → \(Format.grouped(h.new / h.steps)) "
                + "(\(Format.percent(h.change, digits: 2)), tolerance ±\(Format.magnitude(h.tolerance))) ← \(Gate.Finding.explanation(h.movedCounters))"
        case .deviceTime(let a, let b):
            func ms(_ low: Int, _ high: Int) -> String { "\(Format.fixed(Double(low) / 1e6, 3))–\(Format.fixed(Double(high) / 1e6, 3)) ms" }
            var text = "GPU time per frame (model, \(Escape.shortened(a.gpu))) \(ms(a.lowNanos, a.highNanos)) → \(ms(b.lowNanos, b.highNanos))"
            if let x = a.frames, let y = b.frames {
                func over(_ f: DeviceTime.Frames) -> String { Verdict.ends(String(f.overBudget.low), String(f.overBudget.high)) }
                text += ", worst frame \(ms(x.worstNanos.low, x.worstNanos.high)) → \(ms(y.worstNanos.low, y.worstNanos.high))"
                    + ", frames over budget \(over(x)) → \(over(y))"
            }
            return text + "; it follows from the counters and the device model's figures, so a change is exact: if intended, update the baseline"
        case .notInBaseline:
            return "not in the baseline: not gated"
        }
    }

    /// The counters that moved with a time or host-free count, as `name old → new` per step: the
    /// change's likely explanation, or a pointer to the code path when none moved.
    static func explanation(_ moved: [Comparison.CounterChange]) -> String {
        moved.isEmpty ? "no counter moved: look at the code path"
            : moved.map { "\($0.counter.name) \(Format.fixed($0.old, 1)) → \(Format.fixed($0.new, 1))" }.joined(separator: ", ")
    }
}
