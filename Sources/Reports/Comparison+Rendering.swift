import Analysis
import Results
import Text

/// `bench compare`'s tables, for a terminal and as Markdown, worded from the comparison's data
/// (`Comparison`): the notes, then a table per scenario, then what the figures mean and the rows
/// only one file has.
extension Comparison {
    /// Plain text for a terminal, every line within the `Console`'s 120 columns: per scenario, a
    /// table of the step times, a table of the exact counts (instructions, estimated cycles, GPU
    /// time) when the files have them, and the counters per step that changed, a wrapped line per
    /// strategy; then what the columns mean. Names are shortened to `Escape.nameLimit` (and in the
    /// tables to what fits) and written as `Escape.terminal` writes them.
    public func text(width: Int = Console.width) -> String {
        func escape(_ text: String) -> String { Escape.terminal(text) }
        var out = ""
        for note in notes { out += Console.wrapped("Note: \(escape(note.description)).", indent: 2, width: width) }
        for scenario in scenarios {
            out += "\nscenario " + Console.fitted(escape(Escape.shortened(scenario)), width - 9) + "\n"
            let table = self.table(scenario: scenario, escape: escape)
            // `table(scenario:)`'s first 8 columns are the times and its last the counters, too wide
            // for a page, so they become lines of their own; the exact counts between get a table.
            let exact = table.header.indices.dropFirst(8).dropLast()
            out += Console.table([Array(table.header.prefix(8))] + table.rows.map { Array($0.prefix(8)) }, width: width)
            if !exact.isEmpty {
                out += "exact, old → new:\n" + Console.table([["strategy"] + exact.map { table.header[$0] }]
                                                              + table.rows.map { row in [row[0]] + exact.map { row[$0] } }, width: width)
            }
            let changed = table.rows.filter { $0.last != "unchanged" }
            out += changed.isEmpty ? "counters per step: unchanged\n" : "counters per step, old → new:\n"
                + changed.map { Console.wrapped("  \($0[0]): \($0.last!)", indent: 4, width: width) }.joined()
        }
        out += "\n" + Console.wrapped("µs: the median step time over processes; ~ = not significant (Mann–Whitney U, α = \(Comparison.alpha)); "
                                    + "detectable = the smallest change these processes could show, either way.", indent: 2, width: width)
        if rows.contains(where: { $0.instructions != nil || $0.cycles != nil }) {
            out += Console.wrapped("Instructions and estimated cycles are exact: the same build counts the same on any host, so any change is the code's or the build's.", indent: 2, width: width)
        }
        if rows.contains(where: { $0.smallestDetectable == nil }) { out += Console.wrapped("Warning: " + tooFewProcesses, indent: 2, width: width) }
        if !unmatched.isEmpty { out += "\n" }
        for note in unmatchedNotes { out += Console.wrapped(escape(note), indent: 2, width: width) }
        return out
    }

    /// The same as Markdown, for a pull-request comment: a table per scenario with every column;
    /// names as `Escape.forMarkdown` writes them.
    public func markdown() -> String {
        func escape(_ text: String) -> String { Escape.forMarkdown(text) }
        var out = "### CornerBench comparison\n"
        for note in notes { out += "\n> **Note:** \(escape(note.description)).\n" }
        for scenario in scenarios {
            out += "\n#### \(escape(Escape.shortened(scenario)))\n\n"
            // The cells are written for the medium already: a `~` marks noise and stays as it is.
            out += table(scenario: scenario, escape: escape).markdown(delimiters: .plain, escape: { $0 })
        }
        if rows.contains(where: { $0.instructions != nil || $0.cycles != nil }) {
            out += "\nInstructions and estimated cycles are exact: the same build counts the same on any host, so any change is the code's or the build's.\n"
        }
        if rows.contains(where: { $0.smallestDetectable == nil }) { out += "\n> **Warning:** " + tooFewProcesses + "\n" }
        for note in unmatchedNotes { out += "\n- " + escape(note) }
        return out + "\n"
    }

    /// The scenarios, in the order of their first row.
    private var scenarios: [String] {
        var scenarios: [String] = []
        for row in rows where !scenarios.contains(row.scenario) { scenarios.append(row.scenario) }
        return scenarios
    }

    /// The warning for rows whose processes are too few for any change to be significant.
    private var tooFewProcesses: String {
        "too few processes to detect any change in some rows (at α = \(Comparison.alpha) each run needs at least 4); "
            + "make both runs with `bench run --processes 5`."
    }

    /// A line per row only one file has, not yet escaped.
    private var unmatchedNotes: [String] {
        unmatched.map { Escape.shortened($0.key.description, limit: 2 * Escape.nameLimit) + ($0.inFirst ? " only in the first" : " only in the second") }
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
