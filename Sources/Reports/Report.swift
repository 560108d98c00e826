import Results
import Scenarios

/// The reports of one results file: every rendering of `Results` but its JSON, one format per file
/// beside this one (`Report+Console.swift` the terminal's tables, `Report+Markdown.swift`,
/// `Report+CSV.swift`, `Report+HTML.swift` with `Report+HTMLCharts.swift`, `Report+Trace.swift`,
/// `Report+BMF.swift`, `Report+GitHubBenchmark.swift`, `Report+Influx.swift`), and what they share
/// (`Verdict`, `ReportTable`, `Report+LayerCosts.swift`, `Report+Fixes.swift`).
///
/// A value that holds the results, so that the renderings belong to a type of this module instead
/// of extending `Results`, which knows nothing of them. The renderings read the results' fields
/// through the report (`runs`, `tool`, `scenarioDefinitions`, … below).
public struct Report: Sendable {
    /// What is reported.
    public var results: Results

    public init(_ results: Results) {
        self.results = results
    }

    // The results' fields the renderings read (`Results` documents each).
    var schema: String { results.schema }
    var tool: ToolBuild { results.tool }
    var machine: MachineInfo { results.machine }
    var createdAt: String { results.createdAt }
    var floorNanos: Int { results.floorNanos }
    var copyFloorNanos: Int { results.copyFloorNanos }
    var keptCopyFloorNanos: Int { results.keptCopyFloorNanos }
    var runs: [RunResult] { results.runs }
    var peakMemoryBytes: Int { results.peakMemoryBytes }
    var provenance: Provenance? { results.provenance }
    var scenarioDefinitions: [String: RecordedDefinition]? { results.scenarioDefinitions }
    var processes: Int? { results.processes }

    /// The results written as `format`.
    ///
    /// `pictures` appear only in the HTML report: the other formats are text for tools.
    public func rendered(as format: ReportFormat, pictures: [FramePNG] = []) -> String {
        switch format {
        case .markdown: return markdown()
        case .csv: return csv()
        case .html: return html(pictures: pictures)
        case .trace: return trace()
        case .bmf: return bmf()
        case .githubBenchmark: return githubBenchmark()
        case .influx: return influx()
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
