import Results

/// `bench compare`'s tables, for a terminal and as Markdown, worded from the comparison's data
/// (`Comparison`): the notes, then a table per scenario, then what the figures mean and the rows
/// only one file has.
extension Comparison {
    /// A plain-text table per scenario. Names are shortened to `Escape.nameLimit` and written as
    /// `Escape.terminal` writes them.
    public func text() -> String { render(markdown: false) }

    /// The same as Markdown, for a pull-request comment; names as `Escape.forMarkdown` writes them.
    public func markdown() -> String { render(markdown: true) }

    private func render(markdown: Bool) -> String {
        func escape(_ text: String) -> String { markdown ? Escape.forMarkdown(text) : Escape.terminal(text) }
        var out = markdown ? "### CornerBench comparison\n" : ""
        for note in notes { out += markdown ? "\n> **Note:** \(escape(note)).\n" : "Note: \(escape(note)).\n" }
        var scenarios: [String] = []
        for row in rows where !scenarios.contains(row.scenario) { scenarios.append(row.scenario) }
        for scenario in scenarios {
            let name = escape(Escape.shortened(scenario))
            out += markdown ? "\n#### \(name)\n\n"
                : "\nscenario \(name): median step time over processes; ~ = not significant (Mann–Whitney U, α = \(Comparison.alpha)); detectable = the smallest change these processes could show, either way\n"
            let table = self.table(scenario: scenario, escape: escape)
            // The cells are written for the medium already: a `~` marks noise and stays as it is.
            out += markdown ? Results.markdownTable(table, delimiters: .plain, escape: { $0 }) : Format.align([table.header] + table.rows)
        }
        if rows.contains(where: { $0.instructions != nil || $0.cycles != nil }) {
            out += "\nInstructions and estimated cycles are exact: the same build counts the same on any host, so any change is the code's or the build's.\n"
        }
        if rows.contains(where: { $0.smallestDetectable == nil }) {
            out += (markdown ? "\n> **Warning:** " : "\nWarning: ")
                + "too few processes to detect any change in some rows (at α = \(Comparison.alpha) each run needs at least 4); "
                + "make both runs with `bench run --processes 5`.\n"
        }
        for row in unmatched {
            let note = Escape.shortened(row.key.description, limit: 2 * Escape.nameLimit) + (row.inFirst ? " only in the first" : " only in the second")
            out += (markdown ? "\n- " : "\n") + escape(note)
        }
        return out + "\n"
    }

    /// The table of one scenario: a row per strategy (its name through `escape`) with the step's
    /// medians, change, p-value, processes, detectable change and ratio to `none`, the exact counts
    /// both files have, and the counters per step that changed.
    func table(scenario: String, escape: (String) -> String) -> ReportTable {
        let exact: [(String, KeyPath<Row, (old: Double, new: Double)?>)] = [("step instr.", \.instructions), ("step est. cycles", \.cycles)]
            .filter { column in rows.contains { $0.scenario == scenario && $0[keyPath: column.1] != nil } }
        let modelled = rows.contains { $0.scenario == scenario && $0.deviceTime != nil }
        let header = ["strategy", "old µs", "new µs", "change", "p", "processes", "detectable", "× none"] + exact.map(\.0)
            + (modelled ? ["GPU ms (model)"] : []) + ["counters per step (old → new)"]
        let cells = rows.filter { $0.scenario == scenario }.map { row -> [String] in
            let counters = row.counters.isEmpty ? "unchanged"
                : row.counters.map { "\($0.counter.name) \(Format.fixed($0.old, 1)) → \(Format.fixed($0.new, 1)) (\(Format.percent($0.new / max($0.old, 1e-9) - 1)))" }.joined(separator: ", ")
            return [escape(Escape.shortened(row.strategy)), Format.micros(Int(row.old.rounded())), Format.micros(Int(row.new.rounded())),
                    Format.percent(row.change) + (row.isSignificant ? "" : " ~"),
                    Format.fixed(row.test.p, 3), "\(row.oldRounds) / \(row.newRounds)",
                    row.smallestDetectable.map { "±" + Format.magnitude($0) } ?? "none",
                    row.toNone.map { Format.fixed($0.old, 2) + " → " + Format.fixed($0.new, 2) + ($0.test.p < Comparison.alpha ? "" : " ~") } ?? "–"]
                + exact.map { Comparison.exactCell(row[keyPath: $0.1]) }
                + (modelled ? [row.deviceTime.map(Comparison.deviceTimeCell) ?? "–"] : []) + [counters]
        }
        return ReportTable(title: Escape.shortened(scenario), header: header, rows: cells, glossary: [])
    }

    /// The device model's estimate, old → new, or "(same)": exact, like the counters it follows from.
    static func deviceTimeCell(_ times: (old: DeviceTime, new: DeviceTime)) -> String {
        func ms(_ t: DeviceTime) -> String { Format.fixed(Double(t.lowNanos) / 1e6, 2) + "–" + Format.fixed(Double(t.highNanos) / 1e6, 2) }
        return times.old == times.new ? ms(times.new) + " (same)" : ms(times.old) + " → " + ms(times.new)
    }

    /// An exact per-step count, old → new with its change, or "same".
    static func exactCell(_ value: (old: Double, new: Double)?) -> String {
        guard let value else { return "–" }
        func short(_ x: Double) -> String { x >= 1_000_000 ? Format.fixed(x / 1e6, 2) + "M" : Format.fixed(x / 1e3, 1) + "k" }
        guard value.old != value.new else { return short(value.new) + " (same)" }
        let change = value.old > 0 ? " (" + Format.percent(value.new / value.old - 1, digits: 2) + ")" : ""
        return short(value.old) + " → " + short(value.new) + change
    }
}
