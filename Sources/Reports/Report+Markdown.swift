import Results

/// The Markdown report: the run's context, then a table per scenario (for pull-request comments).
///
/// Every number is a field of the JSON, rounded by one rule per kind (`ReportRounding`), so a
/// reader can find any cell in the results file. The HTML report shows the same table.
extension Results {
    /// The results as Markdown: a header with the build, machine and memory floor, then per
    /// scenario a table with one row per strategy, then how the numbers are rounded.
    public func markdownReport() -> String {
        var out = "## CornerBench results\n\n"
        if !tool.optimized { out += "> **WARNING:** \(Results.notOptimizedWarning)\n\n" }
        for (label, value) in contextLines() { out += "- **\(label):** \(Escape.markdown(value))\n" }
        for scenario in scenarioNames {
            let table = reportTable(scenario: scenario)
            out += "\n### Scenario \(Escape.markdown(Escape.shortened(scenario)))\n\n"
            out += Escape.markdown(table.caption) + "\n\n"
            out += "| " + table.header.map(Escape.markdown).joined(separator: " | ") + " |\n"
            out += "|" + table.header.indices.map { $0 == 0 ? " :--- |" : " ---: |" }.joined() + "\n"
            for row in table.rows {
                out += "| " + row.map(Escape.markdown).joined(separator: " | ") + " |\n"
            }
        }
        out += "\n" + Results.roundingNote.map { "- " + $0 + "\n" }.joined()
        return out
    }

    /// The sentence shown when the hot modules were built without optimization.
    static let notOptimizedWarning =
        "the hot modules were NOT optimized (tool.optimized is false): the timings are not meaningful; the counters are."

    /// How the reports round, one sentence per kind of number; printed under the tables.
    static let roundingNote = [
        "Counters are the JSON's `perStep` means over the measured steps, rounded to 0.1; all counters and times are smaller-is-better.",
        "Times are the JSON's nanoseconds (`timing`) in µs, rounded to 0.1 µs: phase columns are medians, \"step p99\" the 99th percentile, \"worst step\" the maximum.",
        "\"at step\" is the first 0-based step whose `samples.step` equals the maximum; \"(event)\" marks a step in `eventSteps`.",
        "Ratios are the JSON's `ratios` rounded to 0.01; \"–\" means the ratio was not measured (`none` did not run).",
        "Halves round away from zero. No hitches are reported, so no hitch scale applies.",
    ]

    /// The build, machine, time and floors as labelled lines, shared by the Markdown and HTML headers.
    func contextLines() -> [(label: String, value: String)] {
        let optimized = tool.optimized ? "hot modules optimized" : "hot modules NOT optimized"
        return [
            ("Tool", "CornerBench \(tool.version), \(tool.configuration) build, \(optimized), Swift \(tool.swift)"),
            ("Machine", "\(machine.cpu), \(machine.cores) cores, \(machine.os)"),
            ("Created", createdAt),
            ("Memory floor", "\(Results.microsText(floorNanos)) µs fill, \(Results.microsText(copyFloorNanos)) µs copy per framebuffer (first scenario)"),
            ("Schema", schema),
        ]
    }

    /// One scenario's comparison table as text cells: the caption, the header and a row per strategy.
    func reportTable(scenario: String) -> (caption: String, header: [String], rows: [[String]]) {
        let runs = self.runs.filter { $0.scenario == scenario }
        let first = runs.first
        let caption = "\(first?.steps ?? 0) steps measured (\(first?.layoutPasses ?? 0) with a layout pass); "
            + "memory floor \(Results.microsText(first?.floorNanos ?? 0)) µs fill, "
            + "\(Results.microsText(first?.copyFloorNanos ?? 0)) µs copy. Counters per step, times in µs."
        let phases: [Phase] = [.layout, .reuse, .composite, .step]
        let ratios: [Ratio] = [.stepToFloor, .stepToNone]
        let header = ["strategy"] + Results.tableCounters.map(\.info.label) + phases.map(\.info.label)
            + ["step p99", "worst step", "at step"] + ratios.map(\.info.label)
        let rows = runs.map { run -> [String] in
            var cells = [Escape.shortened(run.strategy)]
            for counter in Results.tableCounters { cells.append(Results.counterText(run.perStep[counter])) }
            for phase in phases {
                cells.append(run.timing[phase].map { Results.microsText($0.median) } ?? "–")
            }
            cells.append(run.timing[.step].map { Results.microsText($0.p99) } ?? "–")
            cells.append(run.timing[.step].map { Results.microsText($0.max) } ?? "–")
            cells.append(run.worstStep.map { $0.isEvent ? "\($0.index) (event)" : "\($0.index)" } ?? "–")
            for ratio in ratios { cells.append(run.ratios[ratio].map { Format.decimal($0, 2) } ?? "–") }
            return cells
        }
        return (caption, header, rows)
    }

    /// A per-step counter as the tables print it: 0.1 resolution with thousands separators.
    static func counterText(_ value: Double?) -> String { value.map { Format.decimal($0, 1) } ?? "–" }

    /// Nanoseconds as µs at 0.1 µs resolution with thousands separators.
    static func microsText(_ nanos: Int) -> String { Format.decimal(Double(nanos) / 1000, 1) }
}

extension RunResult {
    /// The slowest measured step: its 0-based index (the first with the maximum of `samples.step`)
    /// and whether a scenario event happened in it; `nil` without step samples.
    var worstStep: (index: Int, isEvent: Bool)? {
        guard let steps = samples[.step], let worst = steps.max(), let index = steps.firstIndex(of: worst) else { return nil }
        return (index, eventSteps.contains(index))
    }
}
