import Results

/// The ways `Results` can be written for a reader other than the gate.
///
/// The JSON file (`Results+JSON.swift`) stays the contract; every report is derived from it and
/// shows its numbers, rounded only where the report says so. The last three are exports for
/// other tools that track benchmarks over time; they share their numbers (`ExportMeasure`).
public enum ReportFormat: String, CaseIterable, Sendable {
    /// Markdown tables, read in pull-request comments and CI job summaries.
    case markdown
    /// RFC 4180 comma-separated values, read by spreadsheets and scripts.
    case csv
    /// One self-contained HTML page with charts, read by people in a browser or on paper.
    case html
    /// A Trace Event Format JSON file, read by Perfetto and chrome://tracing.
    case trace
    /// Bencher Metric Format JSON, read by `bencher run --adapter json`.
    case bmf
    /// github-action-benchmark's `customSmallerIsBetter` JSON.
    case githubBenchmark = "github-benchmark"
    /// InfluxDB line protocol, read by `influx write` and Telegraf.
    case influx
}

extension Results {
    /// The results written as `format`.
    ///
    /// `pictures` appear only in the HTML report: the other formats are text for tools.
    public func report(_ format: ReportFormat, pictures: [FramePNG] = []) -> String {
        switch format {
        case .markdown: return markdownReport()
        case .csv: return csvReport()
        case .html: return htmlReport(pictures: pictures)
        case .trace: return traceReport()
        case .bmf: return bmfReport()
        case .githubBenchmark: return githubBenchmarkReport()
        case .influx: return influxReport()
        }
    }

    /// The scenarios in the order their first run appears.
    var scenarioNames: [String] {
        var names: [String] = []
        for run in runs where !names.contains(run.scenario) { names.append(run.scenario) }
        return names
    }

    /// The strategies in the order their first run appears, so a strategy keeps its place (and
    /// its colour) in every scenario.
    var strategyNames: [String] {
        var names: [String] = []
        for run in runs where !names.contains(run.strategy) { names.append(run.strategy) }
        return names
    }

    /// The counters the tables show per step, in catalogue order: the ones that explain what a
    /// strategy costs (the rest are in the JSON and the CSV).
    static let tableCounters: [Counter] = [
        .blendedPixels, .blendedFragments, .shadedPixels, .offscreenPasses,
        .renderPasses, .screenSplits, .tileTrafficBytes, .rasterHits, .rasterMisses, .layersCreated, .pathsCreated, .rowsVisited,
    ]
}
