import Results

/// The Bencher Metric Format export: the JSON that `bencher run --adapter json` reads.
///
/// BMF is one object whose keys are benchmark names, each holding an object whose keys are
/// measure names, each holding `{"value": n}` with optional `"lower_value"` and `"upper_value"`.
/// Here a benchmark is a row, named `scenario/strategy`, and its measures are every metric of
/// the catalogue the row has (`ExportMeasure`): counters as means per step, phases as medians in
/// nanoseconds, ratios. Times carry `lower_value` and `upper_value` when the row has two or more
/// rounds (or processes): the smallest and largest round median, widened to include the value.
/// Written by hand, like the trace, so numbers are exact and the order is the results' own:
/// rows in run order, measures in catalogue order; names go through `Escape.json`, whole.
extension Results {
    /// The results as one BMF JSON object.
    public func bmfReport() -> String {
        var benchmarks: [String] = []
        for run in runs {
            let measures = run.exportMeasures.map { measure -> String in
                var fields = [#""value": "# + measure.value.text]
                if let bounds = measure.bounds {
                    fields.append(#""lower_value": "# + bounds.lower.text)
                    fields.append(#""upper_value": "# + bounds.upper.text)
                }
                return "    " + Escape.json(measure.name) + ": {" + fields.joined(separator: ", ") + "}"
            }
            benchmarks.append("  " + Escape.json(run.exportName) + ": {\n" + measures.joined(separator: ",\n") + "\n  }")
        }
        return benchmarks.isEmpty ? "{}\n" : "{\n" + benchmarks.joined(separator: ",\n") + "\n}\n"
    }
}
