import Results
import Text

/// The CSV report: one row per (scenario, strategy) with every number of the run, then one row per
/// layer of a cell described as layers (for spreadsheets).
///
/// RFC 4180: CRLF line ends, a header row, text fields quoted when they hold a comma, quote or
/// line break, quotes doubled (`Escape.csv`). A name a spreadsheet would read as a formula
/// (starting with `=`, `+`, `-`, `@`, a tab or CR) is written with a leading `'`. Numbers are not
/// rounded: integers as written in the JSON, and doubles in Swift's shortest form that reads back
/// as the same value.
extension Report {
    /// The results as CSV: a header row, then a row per run in the JSON's order.
    ///
    /// Columns: `scenario`, `strategy`, `steps`, `layoutPasses`, `floorNanos`, `copyFloorNanos`,
    /// `trafficBoundNanos`,
    /// `<counter>_total` for every counter, `<counter>_perStep` for every counter,
    /// `<phase>_<statistic>_ns` for the phases step, layout, reuse and composite and the
    /// statistics median, p90, p99, min and max, then the ratios, then the host-free totals
    /// `<phase>_instructions` and `<phase>_<cost metric>` of every phase (empty when not
    /// counted), the device model's estimate, and last the columns of a layer's cost (`layer`,
    /// `layerName`, `layerOffscreenPasses`, `layerScreenSplits`, `layerTileTrafficBytes`,
    /// `layerBlendedPixels`, `layerGpuLowNanos`, `layerGpuHighNanos`), empty in a run's row. After
    /// the runs' rows, a row per layer of each run with `layerCosts` (JSON order): its scenario
    /// and strategy, the layer's columns, every other field empty; a filter on `layer` keeps one
    /// kind. Missing values are empty fields.
    public func csv() -> String {
        let counters = Counter.allCases
        let statistics: [(name: String, value: (Summary) -> Int)] = [
            ("median", \.median), ("p90", \.p90), ("p99", \.p99), ("min", \.min), ("max", \.max),
        ]
        var header = ["scenario", "strategy", "steps", "layoutPasses", "floorNanos", "copyFloorNanos", "trafficBoundNanos"]
        header += counters.map { $0.name + "_total" }
        header += counters.map { $0.name + "_perStep" }
        for phase in Phase.allCases { header += statistics.map { "\(phase.name)_\($0.name)_ns" } }
        header += Ratio.allCases.map(\.name)
        for phase in Phase.allCases { header += ["\(phase.name)_instructions"] + CostMetric.allCases.map { "\(phase.name)_\($0.name)" } }
        header += ["gpu", "deviceTimeLowNanos", "deviceTimeHighNanos", "frameBudgetNanos", "deviceTimeP95LowNanos",
                   "deviceTimeP95HighNanos", "deviceTimeWorstLowNanos", "deviceTimeWorstHighNanos", "framesOverBudgetLow",
                   "framesOverBudgetHigh", "hitchMsPerSecondLow", "hitchMsPerSecondHigh", "deviceTimeFirstLowNanos",
                   "deviceTimeFirstHighNanos"]
        let layerHeader = ["layer", "layerName", "layerOffscreenPasses", "layerScreenSplits", "layerTileTrafficBytes", "layerBlendedPixels",
                           "layerGpuLowNanos", "layerGpuHighNanos"]
        let runColumns = header.count
        header += layerHeader

        var lines = [header.map(Escape.csv)]
        for run in runs {
            // Only the names are text; every other field is a number and needs no quoting.
            var fields = [Escape.csv(run.scenario), Escape.csv(run.strategy), String(run.steps), String(run.layoutPasses),
                          String(run.floorNanos), String(run.copyFloorNanos), String(run.trafficBoundNanos)]
            fields += counters.map { run.totals[$0].map(String.init) ?? "" }
            fields += counters.map { run.perStep[$0].map(Report.csvNumber) ?? "" }
            for phase in Phase.allCases {
                let summary = run.timing[phase]
                fields += statistics.map { statistic in summary.map { String(statistic.value($0)) } ?? "" }
            }
            fields += Ratio.allCases.map { run.ratios[$0].map(Report.csvNumber) ?? "" }
            for phase in Phase.allCases {
                fields += [run.instructions?[phase].map(String.init) ?? ""]
                fields += CostMetric.allCases.map { run.cost?[phase]?[$0].map(String.init) ?? "" }
            }
            // The device model's estimate (empty where the device names no GPU).
            fields += run.deviceTime.map { [Escape.csv($0.gpu), String($0.lowNanos), String($0.highNanos),
                                            String(Int($0.budgetNanos.rounded()))] } ?? ["", "", "", ""]
            // Its frames, from the estimates of the steps (empty in files from before them).
            fields += run.deviceTime?.frames.map { f in
                [f.p95Nanos.low, f.p95Nanos.high, f.worstNanos.low, f.worstNanos.high, f.overBudget.low, f.overBudget.high].map(String.init)
                    + [Report.csvNumber(f.hitchRatio.low), Report.csvNumber(f.hitchRatio.high)]
                    + [String(f.firstNanos.low), String(f.firstNanos.high)]
            } ?? Array(repeating: "", count: 10)
            lines.append(fields + Array(repeating: "", count: layerHeader.count))
        }
        for run in runs {
            for cost in run.layerCosts ?? [] {
                let leading = [Escape.csv(run.scenario), Escape.csv(run.strategy)] + Array(repeating: "", count: runColumns - 2)
                lines.append(leading + [Escape.csv(cost.layer), cost.name.map(Escape.csv) ?? "",
                                        Report.csvNumber(cost.offscreenPasses), Report.csvNumber(cost.screenSplits),
                                        Report.csvNumber(cost.tileTrafficBytes), Report.csvNumber(cost.blendedPixels),
                                        cost.gpuLowNanos.map(String.init) ?? "", cost.gpuHighNanos.map(String.init) ?? ""])
            }
        }
        return lines.map { $0.joined(separator: ",") + "\r\n" }.joined()
    }

    /// A double in its shortest round-tripping form; empty when not finite, which no spreadsheet reads.
    static func csvNumber(_ value: Double) -> String { value.isFinite ? String(value) : "" }
}
