import Results

/// The github-action-benchmark export: the JSON its `customSmallerIsBetter` tool reads.
///
/// The format is an array of `{"name", "unit", "value"}` objects with optional `"range"` and
/// `"extra"` strings. The action treats every value of such a file as smaller-is-better and alerts
/// when one grows, so only the smaller-is-better metrics are written: the larger-is-better counters
/// (`rasterHits`, `cellsReused`, `Polarity.largerIsBetter`) are left out, because a rise in them
/// would be reported as a regression. Each entry is named `scenario/strategy: metric`, with the
/// unit `pixels/step` (or another counter unit per step), `ns` or `ratio`; `range` gives the
/// round medians' span when there are two or more rounds, and `extra` what the number is. Entries
/// in run and catalogue order, written by `ExportJSON`.
extension Results {
    /// The results as a github-action-benchmark `customSmallerIsBetter` JSON array.
    public func githubBenchmarkReport() -> String {
        let over = (processes ?? 1) > 1 ? "processes" : "rounds"
        var entries: [GitHubBenchmarkEntry] = []
        for run in runs {
            for measure in run.exportMeasures where measure.polarity == .smallerIsBetter {
                let range = measure.bounds.map { bounds in
                    measure.kind == .model ? "model range \(bounds.lower.text)–\(bounds.upper.text)"
                        : "min \(bounds.lower.text), max \(bounds.upper.text) over \(bounds.count) \(over)"
                }
                entries.append(GitHubBenchmarkEntry(name: run.exportName + ": " + measure.name, unit: measure.unit,
                                                    value: measure.value, range: range, extra: measure.description))
            }
        }
        return ExportJSON.text(entries, pretty: true)
    }
}

/// One entry of the array the `customSmallerIsBetter` tool reads.
private struct GitHubBenchmarkEntry: Encodable {
    var name: String
    var unit: String
    var value: ExportMeasure.Number
    var range: String?
    var extra: String
}
