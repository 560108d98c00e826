import Results

/// The github-action-benchmark export: the array of `{"name", "unit", "value"}` objects, with
/// `"range"` and `"extra"` strings, that its `customSmallerIsBetter` tool reads. The action alerts
/// when any value grows, so only smaller-is-better metrics are written: a rise in `rasterHits` or
/// `cellsReused` (`Polarity.largerIsBetter`) would read as a regression. Entries, in run and
/// catalogue order, are named `scenario/strategy: metric`, with the unit `pixels/step` (or another
/// counter unit per step), `ns` or `ratio`, the round medians' span as `range` with two or more
/// rounds, and what the number is as `extra` (docs/cli.md, "Exports"). Written by `ExportJSON`.
extension Report {
    /// The results as a github-action-benchmark `customSmallerIsBetter` JSON array.
    public func githubBenchmark() -> String {
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
