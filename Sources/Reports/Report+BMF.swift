import Results

/// The Bencher Metric Format export: the JSON that `bencher run --adapter json` reads.
///
/// BMF is one object whose keys are benchmark names, each holding an object whose keys are
/// measure names, each holding `{"value": n}` with optional `"lower_value"` and `"upper_value"`.
/// Here a benchmark is a row, named `scenario/strategy`, and its measures are every metric of
/// the catalogue the row has (`ExportMeasure`): counters as means per step, phases as medians in
/// nanoseconds, ratios. Times carry `lower_value` and `upper_value` when the row has two or more
/// rounds (or processes): the smallest and largest round median, widened to include the value.
/// Written by `ExportJSON`, keys sorted.
extension Report {
    /// The results as one BMF JSON object.
    public func bmf() -> String {
        let benchmarks = runs.map { run in
            (run.exportName, Dictionary(run.exportMeasures.map { ($0.name, BMFMeasure($0)) }, uniquingKeysWith: { _, last in last }))
        }
        // Rows have one name each (a catalogue's strategy names hold no `/`); a file's rows that
        // shared one would keep the last, as JSON readers do.
        return ExportJSON.text(Dictionary(benchmarks, uniquingKeysWith: { _, last in last }), pretty: true)
    }
}

/// One measure of a BMF benchmark.
private struct BMFMeasure: Encodable {
    var value: ExportMeasure.Number
    var lowerValue: ExportMeasure.Number?
    var upperValue: ExportMeasure.Number?

    init(_ measure: ExportMeasure) {
        value = measure.value
        lowerValue = measure.bounds?.lower
        upperValue = measure.bounds?.upper
    }

    enum CodingKeys: String, CodingKey {
        case value
        case lowerValue = "lower_value"
        case upperValue = "upper_value"
    }
}
