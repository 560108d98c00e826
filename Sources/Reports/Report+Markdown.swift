import Results
import Text

/// The Markdown report: the run's context, then a few narrow tables per scenario (for pull-request
/// comments).
///
/// Every number is a field of the JSON, rounded by one rule per kind (`ReportRounding`), so a
/// reader can find any cell in the results file. The HTML report shows the same tables. No table
/// has more than `ReportTable.maxColumns` columns, so each fits a pull-request comment without
/// scrolling, and the first time a table appears a glossary under it says what its columns mean,
/// in the metric catalogue's words.
extension Report {
    /// The results as Markdown: a header with the build and machine; a summary that gives each
    /// scenario's verdict first; then per scenario its events and every table, folded in a
    /// `<details>` block so a pull-request comment opens on the answer; then how numbers round.
    public func markdown() -> String {
        var out = "## CornerBench results\n\n"
        if !tool.optimized { out += "> **WARNING:** \(Report.notOptimizedWarning)\n\n" }
        for (label, value) in contextLines() { out += "- **\(label):** \(Escape.forMarkdown(value))\n" }
        out += "\n### Summary\n"
        for scenario in scenarioNames {
            let verdict = verdict(scenario: scenario)
            out += "\n**\(Escape.forMarkdown(Escape.shortened(scenario)))** — "
                + (verdict.summary.isEmpty ? "" : Escape.forMarkdown(verdict.summary)) + "\n\n"
            out += verdict.table(wide: true).markdown()
            if let fixes = fixSentence(scenario: scenario) { out += "\n" + Escape.forMarkdown(fixes) + "\n" }
        }
        out += "\nRanks: what the modelled device pays (render passes, then tile traffic, then blended pixels; exact) "
            + "beside this host's time rank, ≠ where they differ. The µs are this host's CPU running the model, not the device's GPU.\n"
        var explained = Set<String>()
        for scenario in scenarioNames {
            let (caption, tables) = reportTables(scenario: scenario)
            out += "\n### Scenario \(Escape.forMarkdown(Escape.shortened(scenario)))\n\n"
            out += Escape.forMarkdown(caption) + "\n"
            let events = scenarioEvents(runs.filter { $0.scenario == scenario })
            if !events.isEmpty {
                out += "\nEvents: " + events.map { "step \($0.step) \(Escape.forMarkdown($0.label))" }.joined(separator: "; ") + ".\n"
            }
            out += "\n<details><summary>All numbers</summary>\n"
            for table in tables {
                out += "\n**\(table.title)**\n\n" + table.markdown()
                // Every scenario has the same columns: their meaning is said under the first.
                if explained.insert(table.title).inserted {
                    out += "\n" + table.glossary.map { "- **\($0.label)**: \($0.meaning)\n" }.joined()
                }
            }
            out += "\n</details>\n"
        }
        out += "\n" + Report.roundingNote.map { "- " + $0 + "\n" }.joined()
        return out
    }

    /// The sentence shown when the hot modules were built without optimization.
    static let notOptimizedWarning =
        "the hot modules were NOT optimized (tool.optimized is false): the timings are not meaningful; the counters are."

    /// How the reports round, one sentence per kind of number; printed under the tables.
    static let roundingNote = [
        "Counters are the JSON's `perStep` means over the measured steps: pixels and fragments rounded to whole numbers, bytes in MB (10⁶ bytes) to 0.1, the others to 0.1; all counters and times are smaller-is-better.",
        "Times are the JSON's nanoseconds (`timing`) in µs, rounded to 0.1 µs: phase columns are medians, \"step p90\" the 90th percentile, \"worst step\" the maximum.",
        "\"at step\" is the first 0-based step whose `samples.step` equals the maximum; \"(event)\" marks a step in `eventSteps`. \"first load\" is `firstStepNanos`: step 0, kept out of `timing` and every ratio.",
        "Ratios are the JSON's `ratios` rounded to 0.01; \"–\" means the ratio was not measured (`none` did not run). A `~` after `× none` says the step times cannot be told from `none`'s (Mann–Whitney U, α = 0.05; docs/cli.md, \"Samples, significance and tolerances\").",
        "Host-free costs are the JSON's `instructions` and `cost` totals divided by the steps, rounded to whole numbers; they depend on the build, not on the host.",
        "Halves round away from zero.",
    ]

    /// The build, machine, time and floors as labelled lines, shared by the Markdown and HTML headers.
    func contextLines() -> [(label: String, value: String)] {
        let optimized = tool.optimized ? "hot modules optimized" : "hot modules NOT optimized"
        return [
            ("Tool", "CornerBench \(tool.version), \(tool.configuration) build, \(optimized), Swift \(tool.swift)"),
            ("Machine", "\(machine.cpu), \(machine.cores) cores, \(machine.os)"),
            ("Created", createdAt),
            ("Schema", schema),
        ]
        // Each scenario has its own floor, given in its caption; one line would show the first's.
        + (scenarioNames.count == 1
            ? [("Memory floor", "\(Report.microsText(floorNanos)) µs fill, \(Report.microsText(copyFloorNanos)) µs copy"
                + (keptCopyFloorNanos > 0 ? ", \(Report.microsText(keptCopyFloorNanos)) µs kept copy" : "") + " per framebuffer")] : [])
    }

    /// A scenario's caption and its tables: the step time and its ratios, the phase times, then
    /// the counters of drawing and those of caches and objects.
    func reportTables(scenario: String) -> (caption: String, tables: [ReportTable]) {
        let runs = self.runs.filter { $0.scenario == scenario }
        let first = runs.first
        let caption = "\(first?.steps ?? 0) steps measured (\(first?.layoutPasses ?? 0) with a layout pass); "
            + "memory floor \(Report.microsText(first?.floorNanos ?? 0)) µs fill, "
            + "\(Report.microsText(first?.copyFloorNanos ?? 0)) µs copy"
            + ((first?.keptCopyFloorNanos ?? 0) > 0 ? ", \(Report.microsText(first?.keptCopyFloorNanos ?? 0)) µs kept copy." : ".")
        // The counters split by unit: what is drawn and moved, and what is looked up or allocated.
        let drawn: Set<MetricUnit> = [.pixels, .fragments, .passes, .bytes]
        let groups: [(title: String, columns: [ReportColumn])] = [
            ("Step time in µs, and ratios of its median",
             [.median(.step), .stepP90, .worstStep, .atStep, .firstStep] + [Ratio.stepToFloor, .stepToNone].map(ReportColumn.ratio)),
            ("Phase times in µs (medians), and the composite's traffic bound",
             [Phase.layout, .reuse, .composite].map(ReportColumn.median) + [.trafficBound, .ratio(.compositeToTraffic)]),
            ("Drawing per step (means)", Report.tableCounters.filter { drawn.contains($0.info.unit) }.map(ReportColumn.counter)),
            ("Caches and objects per step (means)", Report.tableCounters.filter { !drawn.contains($0.info.unit) }.map(ReportColumn.counter)),
        ] + (runs.contains { $0.cost != nil || $0.instructions != nil } ? [
            ("Host-free cost per step under valgrind (means; the same on every host)",
             [.instructions(.step), .cost(.estimatedCycles, .step), .cost(.estimatedCycles, .reuse), .cost(.estimatedCycles, .layout),
              .cost(.estimatedCycles, .composite), .cost(.ramAccesses, .composite), .cost(.l1Misses, .composite)]),
        ] : [])
        let tables = groups.map { group in
            ReportTable(title: group.title, header: ["strategy"] + group.columns.map(\.label),
                        rows: runs.map { run in [Escape.shortened(run.strategy)] + group.columns.map { $0.cell(run, in: results) } },
                        glossary: group.columns.map { ($0.label, $0.meaning) })
        }
        return (caption, tables + [Report.layerCostReportTable(runs)].compactMap { $0 })
    }

    /// A host-free total as its mean per step, a whole number with thousands separators; "–"
    /// when not counted.
    static func hostFreeText(_ total: Int?, steps: Int) -> String {
        total.map { Format.grouped(Int((Double($0) / Double(max(1, steps))).rounded())) } ?? "–"
    }

    /// A per-step counter as the tables print it, with thousands separators: pixels and fragments
    /// as whole numbers, bytes in MB (10⁶ bytes) at 0.1, every other unit at 0.1, as the console does.
    static func counterText(_ value: Double?, unit: MetricUnit) -> String {
        guard let value else { return "–" }
        switch unit {
        case .pixels, .fragments: return Format.grouped(Int(value.rounded()))
        case .bytes: return Format.decimal(value / 1e6, 1) + " MB"
        default: return Format.decimal(value, 1)
        }
    }

    /// Nanoseconds as µs at 0.1 µs resolution with thousands separators.
    static func microsText(_ nanos: Int) -> String { Format.decimal(Double(nanos) / 1000, 1) }
}

extension RunResult {
    /// The slowest measured step: its 0-based index (the first with the maximum of `samples.step`)
    /// and whether a scenario event happened in it; `nil` without step samples.
    var worstStep: (index: Int, isEvent: Bool)? {
        // Among the steps `timing` describes: the first load, when reported on its own, is not a scroll step.
        let steps = timedSamples(.step)
        guard let worst = steps.max(), let index = steps.firstIndex(of: worst) else { return nil }
        return (index, eventSteps.contains(index))
    }
}
