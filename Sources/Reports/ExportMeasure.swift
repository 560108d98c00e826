import Results

/// One number of one row as the exports for other tools write it (Bencher, github-action-benchmark,
/// InfluxDB): a metric of the catalogue with its value, unit and, for times, the spread of rounds.
///
/// The three exports take their numbers from here, so they agree: every counter as its mean per
/// step, every phase as its median in nanoseconds, every ratio the row has. `name` is the metric's
/// name in the results JSON (`blendedPixels`, `step`, `stepToNone`).
struct ExportMeasure {
    /// A number as it is written: an integer (nanoseconds) or a real (means and ratios).
    enum Number: Equatable {
        case integer(Int)
        case real(Double)

        var double: Double {
            switch self {
            case .integer(let value): return Double(value)
            case .real(let value): return value
            }
        }
    }

    /// The smallest and largest of a row's round medians (or round ratios), one per round, or one
    /// per process with `--processes`, widened to include the value: the pooled median of all
    /// steps can lie a little outside the rounds' medians.
    struct Bounds {
        var lower: Number
        var upper: Number
        /// How many rounds (or processes) they span.
        var count: Int
    }

    /// The kind of metric, which decides the value's statistic.
    enum Kind: Equatable {
        /// `RunResult.perStep`: an exact count, its mean per measured step.
        case counter
        /// `RunResult.timing`: the median of the measured steps, nanoseconds.
        case phase
        /// `RunResult.ratios`: a median over a reference measured in the same run.
        case ratio
        /// `RunResult.instructions` and `RunResult.cost`: a phase's host-free count under
        /// valgrind, its mean per measured step (exact: the same build counts the same).
        case cost
        /// `RunResult.deviceTime`: the device model's estimate of the GPU's time per frame, the
        /// centre of its range, whose ends are `bounds` (the spread of the chips' figures, not
        /// rounds and not a bound on the truth); and the figures of its steps' estimates.
        case model
    }

    /// The metric's name in the results JSON; for a host-free cost, `phase.metric`
    /// (`composite.estimatedCycles`, `step.instructions`).
    var name: String
    var kind: Kind
    /// What the value counts: `pixels/step` for a counter, `ns` for a phase, `ratio`.
    var unit: String
    var polarity: Polarity
    var value: Number
    /// The spread of the row's rounds; nil for counters and with fewer than two rounds.
    var bounds: Bounds?
    /// What the number is, in one line: its statistic and the catalogue's meaning.
    var description: String
}

extension RunResult {
    /// The row's numbers for the exports, in catalogue order: counters, phases, ratios, the
    /// host-free costs (instructions and `CostMetric`s) of each phase when counted, then the
    /// device model's GPU time when the device names a GPU. A metric
    /// the row lacks (a `…ToNone` ratio when `none` did not run) or whose value is not finite is
    /// left out, since none of the formats can hold "not measured".
    var exportMeasures: [ExportMeasure] {
        var measures: [ExportMeasure] = []
        for counter in Counter.allCases {
            guard let mean = perStep[counter], mean.isFinite else { continue }
            let info = counter.info
            measures.append(ExportMeasure(name: info.name, kind: .counter, unit: info.unit.rawValue + "/step",
                                          polarity: info.polarity, value: .real(mean), bounds: nil,
                                          description: "mean per step: " + info.meaning))
        }
        for phase in Phase.allCases {
            guard let summary = timing[phase] else { continue }
            let info = phase.info
            let median = summary.median
            let bounds = (rounds?[phase]).flatMap { values -> ExportMeasure.Bounds? in
                guard values.count >= 2, let low = values.min(), let high = values.max() else { return nil }
                return ExportMeasure.Bounds(lower: .integer(Swift.min(low, median)), upper: .integer(Swift.max(high, median)),
                                            count: values.count)
            }
            measures.append(ExportMeasure(name: info.name, kind: .phase, unit: "ns", polarity: info.polarity,
                                          value: .integer(median), bounds: bounds,
                                          description: "median ns: " + info.meaning))
        }
        for ratio in Ratio.allCases {
            guard let value = ratios[ratio], value.isFinite else { continue }
            let info = ratio.info
            let bounds = (roundRatios?[ratio]).flatMap { values -> ExportMeasure.Bounds? in
                let finite = values.filter(\.isFinite)
                guard finite.count >= 2, let low = finite.min(), let high = finite.max() else { return nil }
                return ExportMeasure.Bounds(lower: .real(Swift.min(low, value)), upper: .real(Swift.max(high, value)),
                                            count: finite.count)
            }
            measures.append(ExportMeasure(name: info.name, kind: .ratio, unit: "ratio", polarity: info.polarity,
                                          value: .real(value), bounds: bounds, description: info.meaning))
        }
        for phase in Phase.allCases {
            let perStep = { (total: Int) -> ExportMeasure.Number in .real(Double(total) / Double(Swift.max(1, steps))) }
            if let total = instructions?[phase] {
                measures.append(ExportMeasure(name: phase.name + ".instructions", kind: .cost, unit: "instructions/step",
                                              polarity: .smallerIsBetter, value: perStep(total), bounds: nil,
                                              description: "mean per step under valgrind: instructions executed in " + phase.info.meaning))
            }
            for metric in CostMetric.allCases {
                guard let total = cost?[phase]?[metric] else { continue }
                let info = metric.info
                measures.append(ExportMeasure(name: phase.name + "." + info.name, kind: .cost, unit: info.unit.rawValue + "/step",
                                              polarity: info.polarity, value: perStep(total), bounds: nil,
                                              description: "mean per step in \(phase.name) under valgrind's simulated cache: " + info.meaning))
            }
        }
        if let time = deviceTime {
            measures.append(ExportMeasure(name: "deviceTime", kind: .model, unit: "ns/frame", polarity: .smallerIsBetter,
                                          value: .integer((time.lowNanos + time.highNanos) / 2),
                                          bounds: ExportMeasure.Bounds(lower: .integer(time.lowNanos), upper: .integer(time.highNanos), count: 2),
                                          description: "the device model's estimate of the GPU's time per frame on the \(time.gpu) GPU, "
                                            + "the centre of \(time.lowNanos)–\(time.highNanos) ns (docs/device-model.md): an estimate, not a measurement"))
            if let frames = time.frames {
                // The steps' estimates: the frames that hitch, each the centre of its two ends.
                func model(_ name: String, _ unit: String, _ low: ExportMeasure.Number, _ high: ExportMeasure.Number, _ centre: ExportMeasure.Number, _ what: String) {
                    measures.append(ExportMeasure(name: name, kind: .model, unit: unit, polarity: .smallerIsBetter, value: centre,
                                                  bounds: ExportMeasure.Bounds(lower: low, upper: high, count: 2),
                                                  description: "the device model's estimate on the \(time.gpu) GPU: \(what), "
                                                    + "the centre of its fast and slow ends (docs/device-model.md): an estimate, not a measurement"))
                }
                let (first, p95, worst, over, hitch) = (frames.firstNanos, frames.p95Nanos, frames.worstNanos, frames.overBudget, frames.hitchRatio)
                model("deviceTimeFirst", "ns/frame", .integer(first.low), .integer(first.high), .integer((first.low + first.high) / 2),
                      "the first step's GPU time, the table's first appearance (kept out of the figures of the scroll)")
                model("deviceTimeP95", "ns/frame", .integer(p95.low), .integer(p95.high), .integer((p95.low + p95.high) / 2),
                      "the 95th percentile of the scrolled steps' GPU times")
                model("deviceTimeWorst", "ns/frame", .integer(worst.low), .integer(worst.high), .integer((worst.low + worst.high) / 2),
                      "the worst scrolled step's GPU time")
                model("framesOverBudget", "frames", .integer(over.low), .integer(over.high), .real(Double(over.low + over.high) / 2),
                      "the scrolled steps whose GPU time exceeds the frame budget")
                if hitch.low.isFinite, hitch.high.isFinite {
                    model("hitchTimeRatio", "ms/s", .real(hitch.low), .real(hitch.high), .real((hitch.low + hitch.high) / 2),
                          "Apple's hitch-time ratio of the scrolled steps' GPU times, ms late per s the frames were shown")
                }
            }
        }
        return measures
    }

    /// The row's name in the exports: `scenario/strategy`, the name untouched (each format
    /// escapes it by its own rule).
    var exportName: String { scenario + "/" + strategy }
}

extension ExportMeasure.Number: Encodable {
    /// The number as line protocol and the text of github-action-benchmark's `range` write it:
    /// an integer in decimal, a real in Swift's shortest form that reads back as the same double
    /// (`0.1`, `1e-05`, `1234.0`). Callers leave out non-finite values first.
    var text: String {
        switch self {
        case .integer(let value): return String(value)
        case .real(let value): return String(value)
        }
    }

    /// A JSON number: the same digits as `text`, but for a whole real's `.0` (`1234`).
    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .integer(let value): try container.encode(value)
        case .real(let value): try container.encode(value)
        }
    }
}
