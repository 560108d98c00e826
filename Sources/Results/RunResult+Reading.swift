import JSON
import Text

/// A row of a results file, read and checked by the type that writes it.
extension RunResult {
    /// The row at `item`: its counters, times and ratios each within its limits and consistent
    /// with the others (as long as `steps`, one value per round, or per process when the file
    /// says `processes`), then its optional parts.
    init(from item: JSONNode, processes: Int?) throws {
        let f = try item.object("a run object", keys: CodingKeys.self)
        let scenario = try f.required(.scenario, "a non-empty string").string(nonEmpty: true)
        let strategy = try f.required(.strategy, "a non-empty string").string(nonEmpty: true)
        let steps = try f.required(.steps, "an integer").integer(
            1...Results.maxSteps, "an integer from 1 to \(Format.grouped(Results.maxSteps)) (the most steps a run may measure)")
        let layoutPasses = try f.required(.layoutPasses, "an integer").integer(
            0...steps, "an integer from 0 to \(Format.grouped(steps)) (the run's steps)")

        let totalsItem = try f.required(.totals, "an object of counters")
        let totals = try totalsItem.metrics(Counter.self, "counter") { try $0.count() }
        let perStepItem = try f.required(.perStep, "an object of counters")
        let perStep = try perStepItem.metrics(Counter.self, "counter") { try $0.measure() }
        if let counter = Counter.allCases.first(where: { (totals[$0] == nil) != (perStep[$0] == nil) }) {
            let (has, lacks) = totals[counter] == nil ? (perStepItem, totalsItem) : (totalsItem, perStepItem)
            throw lacks.invalid(.counterInOneList(counter, listedAt: has.path))
        }

        let row = RunKey(scenario: scenario, strategy: strategy)
        let timingItem = try f.required(.timing, "an object of summaries by phase")
        let timing = try timingItem.metrics(Phase.self, "phase", Summary.init(from:))
        if let phase = Phase.allCases.first(where: { timing[$0] == nil }) { throw timingItem.invalid(.phaseSummaryMissing(phase)) }
        for phase in Phase.alwaysTimed where timing[phase]!.min == 0 {
            throw timingItem.child(phase.name).child(Summary.CodingKeys.min.stringValue).invalid(.zeroTime(row: row))
        }
        let floorNanos = try f.required(.floorNanos, "an integer").measuredTime(row: row)
        let copyFloorNanos = try f.required(.copyFloorNanos, "an integer").measuredTime(row: row)
        let trafficBoundNanos = try f.optional(.trafficBoundNanos)?.count() ?? 0
        // A ratio of two measured times, or the 0 the writer puts for one over a reference of 0.
        func ratio(_ item: JSONNode, _ ratio: Ratio, _ value: Double) throws {
            let overNothing = ratio.reference == .traffic && trafficBoundNanos == 0
            guard value < Results.minRatio, !(value == 0 && overNothing) else { return }
            throw item.invalid(.impossibleRatio(row, value))
        }
        let ratiosItem = try f.required(.ratios, "an object of ratios")
        let ratios = try ratiosItem.metrics(Ratio.self, "ratio") { try $0.measure() }
        for (key, value) in ratios { try ratio(ratiosItem.child(key.name), key, value) }

        let samplesItem = try f.required(.samples, "an object of arrays by phase (may be empty)")
        let samples = try samplesItem.metrics(Phase.self, "phase") { try $0.counts(perStepOf: steps) }
        for phase in Phase.alwaysTimed {
            if let i = samples[phase]?.firstIndex(of: 0) { throw samplesItem.child(phase.name).element(i, .null).invalid(.zeroTime(row: row)) }
        }

        // Every round (or process) has a value in each array; with `processes`, one per process.
        var length: (count: Int, path: String?)? = processes.map { ($0, nil) }
        func checkLength(_ item: JSONNode, _ count: Int) throws {
            guard count > 0 else { throw item.invalid(.emptyArray) }
            guard let known = length else {
                length = (count, item.path)
                return
            }
            guard count == known.count else {
                throw item.invalid(known.path.map { .valuesPerRound(rounds: known.count, count: count, path: $0) }
                                   ?? .valuesPerProcess(processes: known.count, count: count))
            }
        }
        let roundsItem = f.optional(.rounds)
        let rounds = try roundsItem?.metrics(Phase.self, "phase") { item in
            let values = try item.counts()
            try checkLength(item, values.count)
            return values
        }
        for phase in Phase.alwaysTimed {
            if let i = rounds?[phase]?.firstIndex(of: 0) { throw roundsItem!.child(phase.name).element(i, .null).invalid(.zeroTime(row: row)) }
        }
        let roundRatiosItem = f.optional(.roundRatios)
        let roundRatios = try roundRatiosItem?.metrics(Ratio.self, "ratio") { item in
            let values = try item.measures()
            try checkLength(item, values.count)
            return values
        }
        if let roundRatios, let roundRatiosItem {
            for (key, values) in roundRatios {
                for (i, value) in values.enumerated() { try ratio(roundRatiosItem.child(key.name).element(i, .null), key, value) }
            }
            // The gate takes a ratio's values from here, and falls back on the one value of
            // `ratios` without them: a ratio missing here would be judged on a single value.
            if let missing = Ratio.allCases.first(where: { (ratios[$0] == nil) != (roundRatios[$0] == nil) }) {
                throw roundRatiosItem.invalid(.ratioNotInBoth(row, missing, inRoundRatiosOnly: ratios[missing] == nil))
            }
        }

        let eventItem = try f.added(.eventSteps, "an array of step indices")
        let eventSteps = try eventItem.counts()
        for (i, step) in eventSteps.enumerated() where step >= steps || (i > 0 && step <= eventSteps[i - 1]) {
            throw eventItem.element(i, .integer(step)).invalid(.eventStep(step, steps: steps, after: i > 0 ? eventSteps[i - 1] : nil))
        }

        let eventLabels = try f.optional(.eventLabels).map { item -> [String] in
            let labels = try item.array().map { try $0.string() }
            guard labels.count == eventSteps.count else {
                throw item.invalid(.eventLabelCount(steps: eventSteps.count, count: labels.count))
            }
            return labels
        }

        self.init(scenario: scenario, strategy: strategy, steps: steps, layoutPasses: layoutPasses, totals: totals,
                  perStep: perStep, timing: timing, ratios: ratios, samples: samples, eventSteps: eventSteps,
                  pictures: try RunResult.pictures(f.added(.pictures, "an object of checksums by step"), steps: steps),
                  floorNanos: floorNanos, copyFloorNanos: copyFloorNanos,
                  buffersAllocated: try f.added(.buffersAllocated, "an integer").count())
        self.rounds = rounds
        self.roundRatios = roundRatios
        self.eventLabels = eventLabels
        self.trafficBoundNanos = trafficBoundNanos
        keptCopyFloorNanos = try f.optional(.keptCopyFloorNanos)?.count() ?? 0
        firstStepNanos = try f.optional(.firstStepNanos).map { try $0.measuredTime(row: row) }
        deviceTime = try f.optional(.deviceTime).map { try DeviceTime(from: $0, steps: steps) }
        layerCosts = try f.optional(.layerCosts)?.array().map(CellLayerCost.init(from:))
        fixes = try f.optional(.fixes)?.array().map(CellFixCost.init(from:))
        fixesLeftOut = try f.optional(.fixesLeftOut)?.array().map { try $0.string(nonEmpty: true) }
        instructions = try f.optional(.instructions)?.metrics(Phase.self, "phase") { try $0.count() }
        cost = try f.optional(.cost)?.metrics(Phase.self, "phase") { item in
            let values = try item.metrics(CostMetric.self, "cost metric") { try $0.count() }
            if let missing = CostMetric.allCases.first(where: { values[$0] == nil }) { throw item.invalid(.costMetricMissing(missing)) }
            return values
        }
    }

    /// The checksums of `pictures` at `item`, keyed by a step index of a row of `steps` steps.
    private static func pictures(_ item: JSONNode, steps: Int) throws -> [String: String] {
        var pictures: [String: String] = [:]
        for (key, value) in try item.object("an object of checksums by step").members {
            let picture = item.child(key, value)
            guard let step = Int(key), String(step) == key, (0..<steps).contains(step) else {
                throw picture.invalid(.pictureKey(key, steps: steps))
            }
            let checksum = try picture.string()
            guard checksum.utf8.count == 8, checksum.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
                throw picture.invalid(.checksum(checksum))
            }
            pictures[key] = checksum
        }
        return pictures
    }
}

extension Phase {
    /// The phases every timed step spends time in (`layout` and `reuse` are 0 in a step without
    /// a layout pass): a time of 0 in them comes from no measurement.
    static let alwaysTimed: [Phase] = [.step, .composite]
}
