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
