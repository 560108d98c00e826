import JSON
import Text

/// What a results file holds that its schema (docs/results-schema.md) refuses beyond JSON's own
/// problems (a value of the wrong kind, a missing or unknown key): each case one refusal of a
/// reader beside the type it reads (`Results+Reading.swift`, `RunResult+Reading.swift`, …), with
/// the values it is about. `description` writes its sentence once; `JSONProblem.Kind.format`
/// carries it with the file and the key path ("r.json: runs[1].samples.step: expected 6 values …").
public enum ResultsProblem: JSONFormatProblem, Equatable, Sendable {
    // MARK: The file

    /// The top-level object has no `schema`: not a results file.
    case noSchema
    /// The file's `schema` is `found`, which this version does not read.
    case otherSchema(found: String)
    /// A key of the first versions' schema that newer writers always write is missing: the file
    /// comes from an older CornerBench (`JSONFields.added(_:_:)`); `what` is what it holds.
    case addedKeyMissing(key: String, what: String)
    /// The row appears again; it is first at `runs[first]`.
    case rowTwice(RunKey, first: Int)
    /// The row has no `roundRatios`, though the file comes from `processes` processes, whose
    /// ratios they hold.
    case noRoundRatiosFromProcesses(RunKey, processes: Int)
    /// The row has no `roundRatios`, though `runs[with]` has them.
    case noRoundRatios(RunKey, with: Int)
    /// A row has a `cost`, but the file has no `cacheModel`.
    case costWithoutCacheModel
    /// The row has no `instructions`, though the file's `instructionCounter` is `counter`.
    case uncountedRow(RunKey, counter: String)
    /// The row has no `instructions` of `phase`, though the file's `instructionCounter` is `counter`.
    case uncountedPhase(RunKey, Phase, counter: String)
    /// The row has `instructions`, but the file has no `instructionCounter`.
    case instructionsWithoutCounter(RunKey)
    /// The row has no `cost`, though the file has a `cacheModel`.
    case unsimulatedRow(RunKey)
    /// The row has no `cost` of `phase`, though the file has a `cacheModel`.
    case unsimulatedPhase(RunKey, Phase)

    // MARK: A row

    /// `counter` is missing here though the row's other list of counters, at `listedAt`, has it.
    case counterInOneList(Counter, listedAt: String)
    /// `timing` has no summary of `phase`.
    case phaseSummaryMissing(Phase)
    /// A measured time of 0 ns, in the row (nil: a floor of the file's top level).
    case zeroTime(row: RunKey?)
    /// The row has a ratio of two measured times below `Results.minRatio`.
    case impossibleRatio(RunKey, Double)
    /// The row's `ratios` and `roundRatios` do not both have `ratio`; `inRoundRatiosOnly` says
    /// which has it.
    case ratioNotInBoth(RunKey, Ratio, inRoundRatiosOnly: Bool)
    /// An array of one value per step (`samples`, a step's estimate) has `count` values, not `steps`.
    case valuesPerStep(steps: Int, count: Int)
    /// An array of one value per process has `count` values, not `processes`.
    case valuesPerProcess(processes: Int, count: Int)
    /// An array of one value per round has `count` values, not the `rounds` of the array at `path`.
    case valuesPerRound(rounds: Int, count: Int, path: String)
    /// An event step of a row of `steps` steps, not after the one before it (`after`, nil for the
    /// first) or not below `steps`.
    case eventStep(Int, steps: Int, after: Int?)
    /// `eventLabels` has `count` labels for `steps` event steps.
    case eventLabelCount(steps: Int, count: Int)
    /// A key of `pictures` that is not a step index of a row of `steps` steps.
    case pictureKey(String, steps: Int)
    /// A picture's checksum that is not 8 lower-case hex digits.
    case checksum(String)
    /// A phase's `cost` lacks `metric`.
    case costMetricMissing(CostMetric)

    // MARK: Values

    /// An array that must hold at least one value (`runs`, a row's `rounds`) is empty.
    case emptyArray
    /// A whole number outside what the field allows (`expected`).
    case integerOutside(expected: String, got: Int)
    /// A number outside what the field allows (`expected`), or with a fraction where a whole one
    /// belongs.
    case numberOutside(expected: String, got: Double)
    /// A number beyond `Results.maxValue` (`number` as the file writes it, or as formatted).
    case beyondMaximum(number: String, expected: String)
    /// A summary's order statistics are out of order.
    case summaryOutOfOrder(Summary)
    /// A device-model estimate's fast end, `low`, is above its slow end, `high`.
    case estimateEndsReversed(low: Int, high: Int)
    /// The estimate of step `index` has its fast end above its slow end.
    case stepEstimateReversed(index: Int, low: Int, high: Int)
    /// An estimate has the ends of its steps' estimates on one side only.
    case stepEndsApart
    /// The switch idle of step `index`, at one end or the other, is above the step's estimate.
    case stepIdleAboveEstimate(index: Int)
    /// An estimate has the idle of its steps at one end only, or without the steps' estimates.
    case stepIdleApart
    /// A layer's or fix's price has its fast end above its slow end.
    case priceEndsReversed(low: Int, high: Int)
    /// A layer's or fix's price has one end only.
    case priceEndsApart(Priced)
    /// A fix's `layers` is empty.
    case noLayerPaths
    /// A limit of `measure` again; it is first at `limits[first]`.
    case limitTwice(Limit.Measure, first: Int)

    /// What a price with two ends belongs to.
    public enum Priced: Equatable, Sendable {
        /// A layer's cost (`CellLayerCost`).
        case layer
        /// A fix's cost (`CellFixCost`).
        case fix
    }

    /// The sentence, without "file: path:" and its full stop (`JSONProblem` adds them).
    public var description: String {
        switch self {
        case .noSchema: "not a results file: it has no \"schema\" field (expected \"\(Results.currentSchema)\")"
        case .otherSchema(let found):
            "has schema \"\(Escape.message(found))\", but this version of bench reads \"\(Results.currentSchema)\""
        case let .addedKeyMissing(key, what):
            "missing key '\(key)' (\(what)): the file appears to come from an older CornerBench, which did not record \(key); make it again with the bench you are running (bench run … --json FILE; the committed baseline with scripts/update-baseline.sh)"
        case let .rowTwice(row, first):
            "the row \(Self.name(row)) is already at runs[\(first)]; each (scenario, strategy) may appear once"
        case let .noRoundRatiosFromProcesses(row, processes):
            "the row \(Self.name(row)) has no roundRatios, though the file comes from \(processes) processes (processes), whose ratios they hold, one per process; without them its times could not be gated"
        case let .noRoundRatios(row, with):
            "the row \(Self.name(row)) has no roundRatios, though runs[\(with)] has them (one ratio per round, or per process); without them its times could not be gated"
        case .costWithoutCacheModel: "has a cost, but the file records no cacheModel that counted it"
        case let .uncountedRow(row, counter):
            "the row \(Self.name(row)) has no instructions, but \(Self.counted(by: counter)); a row without counts would pass the instruction gate unchecked"
        case let .uncountedPhase(row, phase, counter):
            "the row \(Self.name(row)) has no \(phase.name) instructions, but \(Self.counted(by: counter)) in every phase"
        case .instructionsWithoutCounter(let row):
            "the row \(Self.name(row)) has instructions, but the file records no instructionCounter that counted them"
        case .unsimulatedRow(let row):
            "the row \(Self.name(row)) has no cost, but the file's cacheModel says every row was simulated; a row without it would pass the estimated-cycle gate unchecked"
        case let .unsimulatedPhase(row, phase):
            "the row \(Self.name(row)) has no \(phase.name) cost, but the file's cacheModel says every row was simulated in every phase"
        case let .counterInOneList(counter, path): "missing key '\(counter.name)' (\(path) has it, and both list the same counters)"
        case .phaseSummaryMissing(let phase): "missing key '\(phase.name)' (a summary of the \(phase.name) times)"
        case .zeroTime(let row):
            (row.map { "the row \(Self.name($0)) has a time of 0 ns" } ?? "a time of 0 ns")
                + ", which no measurement gives (every step draws a frame and every floor fills or copies one); expected an integer from 1 to \(Format.grouped(Results.maxValue))"
        case let .impossibleRatio(row, value):
            "the row \(Self.name(row)) has the ratio \(Format.number(value)), which no measurement gives: a ratio of two measured times is from \(Format.number(Results.minRatio)) to \(Format.grouped(Results.maxValue)) (docs/results-schema.md, \"Reading a file\")"
        case let .ratioNotInBoth(row, ratio, inRoundRatiosOnly):
            "the row \(Self.name(row)) has no \(ratio.name) in its \(inRoundRatiosOnly ? "ratios" : "roundRatios"), though its \(inRoundRatiosOnly ? "roundRatios" : "ratios") have it; every ratio of a row has its values per round (or process)"
        case let .valuesPerStep(steps, count):
            "expected \(Format.grouped(steps)) values (one per step: the run's steps), got \(Format.grouped(count))"
        case let .valuesPerProcess(processes, count):
            "expected \(Format.grouped(processes)) values (one per process, as processes says), got \(Format.grouped(count))"
        case let .valuesPerRound(rounds, count, path):
            "expected \(Format.grouped(rounds)) values (one per round, as \(path) has), got \(Format.grouped(count))"
        case let .eventStep(step, steps, after):
            "expected a step index from 0 to \(Format.grouped(steps - 1))\(after.map { ", after \(Format.grouped($0))" } ?? ""), got \(Format.grouped(step))"
        case let .eventLabelCount(steps, count):
            "expected \(Format.grouped(steps)) labels (one per entry of eventSteps), got \(Format.grouped(count))"
        case let .pictureKey(key, steps):
            "expected a step index from 0 to \(Format.grouped(steps - 1)) as the key, got '\(Escape.message(key))'"
        case .checksum(let text): "expected a CRC-32 as 8 lower-case hex digits, got \"\(Escape.message(text))\""
        case .costMetricMissing(let metric): "missing key '\(metric.name)' (every cost metric is counted together)"
        case .emptyArray: "expected a non-empty array, got an empty one"
        case let .integerOutside(expected, got): "expected \(expected), got \(Format.grouped(got))"
        case let .numberOutside(expected, got): "expected \(expected), got \(Format.number(got))"
        case let .beyondMaximum(number, expected):
            "the number \(StrictJSON.abbreviated(number: number)) is out of range: expected \(expected) up to \(Format.grouped(Results.maxValue)) (2^53)"
        case .summaryOutOfOrder(let s):
            "expected min ≤ median ≤ p90 ≤ p99 ≤ max, got "
                + [("min", s.min), ("median", s.median), ("p90", s.p90), ("p99", s.p99), ("max", s.max)]
                .map { "\($0.0) \(Format.grouped($0.1))" }.joined(separator: ", ")
        case let .estimateEndsReversed(low, high):
            "lowNanos (\(low)) is above highNanos (\(high)): the low end of an estimate is its fast end"
        case let .stepEstimateReversed(i, low, high):
            "stepLowNanos[\(i)] (\(low)) is above stepHighNanos[\(i)] (\(high)): the low end of an estimate is its fast end"
        case .stepEndsApart: "stepLowNanos and stepHighNanos go together: each step's estimate has both ends"
        case .stepIdleAboveEstimate(let i):
            "stepIdleLowNanos[\(i)] or stepIdleHighNanos[\(i)] is above the step's estimate: the idle is a part of it"
        case .stepIdleApart:
            "stepIdleLowNanos and stepIdleHighNanos go together, with stepLowNanos and stepHighNanos: the idle is a part of each step's estimate"
        case let .priceEndsReversed(low, high):
            "gpuLowNanos (\(low)) is above gpuHighNanos (\(high)): the low end of an estimate is its fast end"
        case .priceEndsApart(let priced):
            "gpuLowNanos and gpuHighNanos go together: \(priced == .layer ? "a layer's" : "a fix's") price has both ends"
        case .noLayerPaths: "expected at least one layer path, got an empty array"
        case let .limitTwice(measure, first):
            "the limit \(measure.rawValue) is already at limits[\(first)]; each measure may be limited once"
        }
    }

    /// A row as messages name it: `scenario/strategy`, escaped.
    private static func name(_ row: RunKey) -> String { Escape.message(row.description) }

    /// What a file's `instructionCounter` says of its rows.
    private static func counted(by counter: String) -> String {
        "the file's instructionCounter '\(Escape.message(counter))' says every row was counted"
    }
}
