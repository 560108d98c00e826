import Results
import Text

/// One table of a scenario's report, as text cells.
struct ReportTable {
    /// The most columns a table has, its strategy column included: what a pull-request comment
    /// shows without scrolling sideways.
    static let maxColumns = 8

    /// What the table shows (its caption).
    var title: String
    /// The column titles: `strategy`, then the metrics.
    var header: [String]
    /// A row per strategy, in the results' order.
    var rows: [[String]]
    /// Each metric column's title and what it means.
    var glossary: [(label: String, meaning: String)]

    /// The delimiter row of a Markdown table (`markdown(delimiters:escape:)`).
    enum MarkdownDelimiters {
        /// `:---` for the first column, `---:` for the others: names left, numbers right.
        case aligned
        /// `---` for every column.
        case plain
    }

    /// The table as Markdown rows, every cell (header included) through `escape`: the one writer of
    /// the reports' Markdown tables. `.aligned` puts the first column left and numbers right;
    /// `.plain` leaves alignment to the viewer, as the gate's findings and `bench compare` do.
    func markdown(delimiters: MarkdownDelimiters = .aligned, escape: (String) -> String = Escape.forMarkdown) -> String {
        // An empty cell is written `| |`, as the findings table's unnamed first column is.
        func line(_ cells: [String]) -> String { "|" + cells.map { $0.isEmpty ? " |" : " \(escape($0)) |" }.joined() + "\n" }
        var out = line(header)
        switch delimiters {
        case .aligned: out += "|" + header.indices.map { $0 == 0 ? " :--- |" : " ---: |" }.joined() + "\n"
        case .plain: out += "|" + String(repeating: "---|", count: header.count) + "\n"
        }
        for row in rows { out += line(row) }
        return out
    }
}

/// A column of the report tables: which number of a run it shows, its title, its meaning (in the
/// metric catalogue's words) and its rounding.
enum ReportColumn {
    case counter(Counter)
    case median(Phase)
    case stepP90, worstStep, atStep, firstStep, trafficBound
    case ratio(Ratio)
    /// A phase's instructions per step (`RunResult.instructions`).
    case instructions(Phase)
    /// A phase's host-free cost per step (`RunResult.cost`).
    case cost(CostMetric, Phase)

    /// The column's title.
    var label: String {
        switch self {
        case .counter(let counter): return counter.info.label
        case .median(let phase): return phase.info.label
        case .stepP90: return "step p90"
        case .worstStep: return "worst step"
        case .atStep: return "at step"
        case .firstStep: return "first load"
        case .trafficBound: return "bound"
        case .ratio(let ratio): return ratio.info.label
        case .instructions(let phase): return "\(phase.info.label) instr."
        case .cost(let metric, let phase): return "\(phase.info.label) \(metric.info.label)"
        }
    }

    /// What the column shows, for the glossary: the catalogue's meaning of its metric.
    var meaning: String {
        switch self {
        case .counter(let counter): return counter.info.meaning
        case .median(let phase): return "the median time of " + phase.info.meaning
        case .stepP90: return "the 90th percentile of the step times: how far the slower steps spread"
        case .worstStep: return "the slowest step's time"
        case .atStep: return "the 0-based index of the slowest step; (event) when a scenario event happened in it"
        case .firstStep: return "the first measured step, the table's first load (every visible cell created and drawn), kept out of the step statistics"
        case .trafficBound: return "the least time the mean frame's kernel traffic takes at the run's memory floors' rates (bytes written at the fill floor's, read from the cache at the copy floor's, read from kept bitmaps at the kept copy's)"
        case .ratio(let ratio): return ratio.info.meaning
        case .instructions(let phase): return "instructions executed per step in " + phase.info.meaning + ", counted by valgrind (the same on every host)"
        case .cost(let metric, let phase): return "per step in " + phase.info.meaning + ": " + metric.info.meaning + ", under the simulated cache (the same on every host)"
        }
    }

    /// The run's value in this column, rounded as `Report.roundingNote` says; `results` is the
    /// file the run belongs to, for the test that puts `~` after a ratio to `none`.
    func cell(_ run: RunResult, in results: Results) -> String {
        switch self {
        case .counter(let counter): return Report.counterText(run.perStep[counter], unit: counter.info.unit)
        case .median(let phase): return run.timing[phase].map { Report.microsText($0.median) } ?? "–"
        case .stepP90: return run.timing[.step].map { Report.microsText($0.p90) } ?? "–"
        case .worstStep: return run.timing[.step].map { Report.microsText($0.max) } ?? "–"
        case .atStep: return run.worstStep.map { $0.isEvent ? "\($0.index) (event)" : "\($0.index)" } ?? "–"
        case .firstStep: return run.firstStepNanos.map(Report.microsText) ?? "–"
        case .trafficBound: return run.trafficBoundNanos > 0 ? Report.microsText(run.trafficBoundNanos) : "–"
        case .ratio(.stepToNone):
            let noise = results.referenceTest(run).map { !$0.isSignificant } ?? false
            return run.ratios[.stepToNone].map { Format.decimal($0, 2) + (noise ? " ~" : "") } ?? "–"
        case .ratio(let ratio): return run.ratios[ratio].map { Format.decimal($0, 2) } ?? "–"
        case .instructions(let phase): return Report.hostFreeText(run.instructions?[phase], steps: run.steps)
        case .cost(let metric, let phase): return Report.hostFreeText(run.cost?[phase]?[metric], steps: run.steps)
        }
    }
}
