import JSON
import Problems
import Text

/// The fields of a results document (docs/results-schema.md), validated as they are read
/// through `JSONNode`: what `Results.decode(_:file:)` returns or throws.
enum ResultsReader {
    /// The results in the document `root`; the schema is checked first, the rows' counts last.
    static func results(_ root: JSONNode) throws -> Results {
        guard case .object = root.value else { throw root.mismatch("a results object") }
        let top = try root.object("a results object")
        guard let schemaItem = top.optional("schema") else {
            throw root.fail("not a results file: it has no \"schema\" field (expected \"\(Results.currentSchema)\")")
        }
        let schema = try schemaItem.string()
        guard schema == Results.currentSchema else {
            throw root.fail("has schema \"\(Escape.message(schema))\", but this version of bench reads \"\(Results.currentSchema)\"")
        }
        let tool = try toolBuild(top.required("tool", "an object"))
        let machine = try machineInfo(top.required("machine", "an object"))
        let createdAt = try top.required("createdAt", "a string").string()
        let floorNanos = try measuredTime(top.required("floorNanos", "an integer"), row: nil)
        let copyFloorNanos = try measuredTime(top.required("copyFloorNanos", "an integer"), row: nil)
        let peakMemoryBytes = try added(top, "peakMemoryBytes", "an integer").count()
        let processes = try top.optional("processes")?.integer(1...Results.maxValue, "an integer ≥ 1")

        let runsItem = try top.required("runs", "a non-empty array of runs")
        let runItems = try runsItem.array()
        guard !runItems.isEmpty else { throw runsItem.fail("expected a non-empty array, got an empty one") }
        var runs: [RunResult] = []
        runs.reserveCapacity(runItems.count)
        var firstIndex: [RunKey: Int] = [:]
        for (index, item) in runItems.enumerated() {
            let run = try self.run(item, processes: processes)
            if let first = firstIndex[run.key] {
                throw item.fail("the row \(Escape.message(run.key.description)) is already at runs[\(first)]; each (scenario, strategy) may appear once")
            }
            firstIndex[run.key] = index
            runs.append(run)
        }

        var results = Results(schema: schema, tool: tool, machine: machine, createdAt: createdAt, floorNanos: floorNanos,
                              copyFloorNanos: copyFloorNanos, runs: runs, peakMemoryBytes: peakMemoryBytes)
        results.processes = processes
        results.keptCopyFloorNanos = try top.optional("keptCopyFloorNanos")?.count() ?? 0
        results.provenance = try top.optional("provenance").map(provenance)
        results.scenarioDefinitions = try top.optional("scenarioDefinitions").map(scenarioDefinitions)
        results.instructionCounter = try top.optional("instructionCounter")?.string()
        results.limits = try top.optional("limits").map(limits)
        results.cacheModel = try top.optional("cacheModel").map(cacheModel)
        // A row without the per-round ratios the others have would have its times gated on one
        // value, which no test can call significant: the gate would pass it unseen.
        if let without = runs.firstIndex(where: { $0.roundRatios == nil }) {
            let row = "the row \(Escape.message(runs[without].key.description)) has no roundRatios"
            if let processes, processes > 1 {
                throw runsItem.element(without, .null).fail("\(row), though the file comes from \(processes) processes (processes), whose ratios they hold, one per process; without them its times could not be gated")
            }
            if let with = runs.firstIndex(where: { $0.roundRatios != nil }) {
                throw runsItem.element(without, .null).fail("\(row), though runs[\(with)] has them (one ratio per round, or per process); without them its times could not be gated")
            }
        }
        if results.cacheModel == nil, let row = runs.firstIndex(where: { $0.cost != nil }) {
            throw runsItem.element(row, .null).fail("has a cost, but the file records no cacheModel that counted it")
        }
        try checkCounted(results, runsItem)
        return results
    }

    /// Throws unless the rows' host-free counts agree with what the file says counted them: with
    /// an `instructionCounter`, every row has `instructions` of every phase, and with a
    /// `cacheModel`, a `cost` of every phase; without them, no row has either. A row left
    /// uncounted in a counted file would be gated by nothing (`bench check` compares what both
    /// sides have), so such a file, a failed count or a hand-edited one, is refused when read.
    static func checkCounted(_ results: Results, _ runsItem: JSONNode) throws {
        func row(_ index: Int) -> JSONNode { runsItem.element(index, .null) }
        func name(_ index: Int) -> String { Escape.message(results.runs[index].key.description) }
        if let counter = results.instructionCounter {
            let counted = "the file's instructionCounter '\(Escape.message(counter))' says every row was counted"
            if let i = results.runs.firstIndex(where: { $0.instructions == nil }) {
                throw row(i).fail("the row \(name(i)) has no instructions, but \(counted); a row without counts would pass the instruction gate unchecked")
            }
            for (i, run) in results.runs.enumerated() {
                if let phase = Phase.allCases.first(where: { run.instructions?[$0] == nil }) {
                    throw row(i).fail("the row \(name(i)) has no \(phase.name) instructions, but \(counted) in every phase")
                }
            }
        } else if let i = results.runs.firstIndex(where: { $0.instructions != nil }) {
            throw row(i).fail("the row \(name(i)) has instructions, but the file records no instructionCounter that counted them")
        }
        if results.cacheModel != nil {
            for (i, run) in results.runs.enumerated() {
                guard let cost = run.cost else {
                    throw row(i).fail("the row \(name(i)) has no cost, but the file's cacheModel says every row was simulated; a row without it would pass the estimated-cycle gate unchecked")
                }
                if let phase = Phase.allCases.first(where: { cost[$0] == nil }) {
                    throw row(i).fail("the row \(name(i)) has no \(phase.name) cost, but the file's cacheModel says every row was simulated in every phase")
                }
            }
        }
    }

    static func run(_ item: JSONNode, processes: Int?) throws -> RunResult {
        let f = try item.object("a run object")
        let scenario = try f.required("scenario", "a non-empty string").string(nonEmpty: true)
        let strategy = try f.required("strategy", "a non-empty string").string(nonEmpty: true)
        let steps = try f.required("steps", "an integer").integer(
            1...Results.maxSteps, "an integer from 1 to \(Format.grouped(Results.maxSteps)) (the most steps a run may measure)")
        let layoutPasses = try f.required("layoutPasses", "an integer").integer(
            0...steps, "an integer from 0 to \(Format.grouped(steps)) (the run's steps)")

        let totalsItem = try f.required("totals", "an object of counters")
        let totals = try totalsItem.metrics(Counter.self, "counter") { try $0.count() }
        let perStepItem = try f.required("perStep", "an object of counters")
        let perStep = try perStepItem.metrics(Counter.self, "counter") { try $0.measure() }
        if let counter = Counter.allCases.first(where: { (totals[$0] == nil) != (perStep[$0] == nil) }) {
            let (has, lacks) = totals[counter] == nil ? (perStepItem, totalsItem) : (totalsItem, perStepItem)
            throw lacks.fail("missing key '\(counter.name)' (\(has.path) has it, and both list the same counters)")
        }

        let row = Escape.message(RunKey(scenario: scenario, strategy: strategy).description)
        let timingItem = try f.required("timing", "an object of summaries by phase")
        let timing = try timingItem.metrics(Phase.self, "phase", summary)
        if let phase = Phase.allCases.first(where: { timing[$0] == nil }) {
            throw timingItem.fail("missing key '\(phase.name)' (a summary of the \(phase.name) times)")
        }
        for phase in Phase.alwaysTimed where timing[phase]!.min == 0 {
            throw zeroTime(timingItem.child(phase.name).child("min"), row: row)
        }
        let floorNanos = try measuredTime(f.required("floorNanos", "an integer"), row: row)
        let copyFloorNanos = try measuredTime(f.required("copyFloorNanos", "an integer"), row: row)
        let trafficBoundNanos = try f.optional("trafficBoundNanos")?.count() ?? 0
        // A ratio of two measured times, or the 0 the writer puts for one over a reference of 0.
        func ratio(_ item: JSONNode, _ ratio: Ratio, _ value: Double) throws {
            let overNothing = ratio.reference == .traffic && trafficBoundNanos == 0
            guard value < Results.minRatio, !(value == 0 && overNothing) else { return }
            throw item.fail("the row \(row) has the ratio \(Format.number(value)), which no measurement gives: a ratio of two measured times is from \(Format.number(Results.minRatio)) to \(Format.grouped(Results.maxValue)) (docs/results-schema.md, \"Reading a file\")")
        }
        let ratiosItem = try f.required("ratios", "an object of ratios")
        let ratios = try ratiosItem.metrics(Ratio.self, "ratio") { try $0.measure() }
        for (key, value) in ratios { try ratio(ratiosItem.child(key.name), key, value) }

        let samplesItem = try f.required("samples", "an object of arrays by phase (may be empty)")
        let samples = try samplesItem.metrics(Phase.self, "phase") { item in
            let values = try item.counts()
            guard values.count == steps else {
                throw item.fail("expected \(Format.grouped(steps)) values (one per step: the run's steps), got \(Format.grouped(values.count))")
            }
            return values
        }
        for phase in Phase.alwaysTimed {
            if let i = samples[phase]?.firstIndex(of: 0) { throw zeroTime(samplesItem.child(phase.name).element(i, .null), row: row) }
        }

        // Every round (or process) has a value in each array; with `processes`, one per process.
        var length: (count: Int, path: String)? = processes.map { ($0, "processes") }
        func checkLength(_ item: JSONNode, _ count: Int) throws {
            guard count > 0 else { throw item.fail("expected a non-empty array, got an empty one") }
            guard let known = length else {
                length = (count, item.path)
                return
            }
            guard count == known.count else {
                let what = known.path == "processes" ? "one per process, as processes says" : "one per round, as \(known.path) has"
                throw item.fail("expected \(Format.grouped(known.count)) values (\(what)), got \(Format.grouped(count))")
            }
        }
        let roundsItem = f.optional("rounds")
        let rounds = try roundsItem?.metrics(Phase.self, "phase") { item in
            let values = try item.counts()
            try checkLength(item, values.count)
            return values
        }
        for phase in Phase.alwaysTimed {
            if let i = rounds?[phase]?.firstIndex(of: 0) { throw zeroTime(roundsItem!.child(phase.name).element(i, .null), row: row) }
        }
        let roundRatiosItem = f.optional("roundRatios")
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
                let (has, lacks) = ratios[missing] == nil ? ("roundRatios", "ratios") : ("ratios", "roundRatios")
                throw roundRatiosItem.fail("the row \(row) has no \(missing.name) in its \(lacks), though its \(has) have it; every ratio of a row has its values per round (or process)")
            }
        }

        let eventItem = try added(f, "eventSteps", "an array of step indices")
        let eventSteps = try eventItem.counts()
        for (i, step) in eventSteps.enumerated() where step >= steps || (i > 0 && step <= eventSteps[i - 1]) {
            let after = i > 0 ? ", after \(Format.grouped(eventSteps[i - 1]))" : ""
            throw eventItem.element(i, .integer(step)).fail("expected a step index from 0 to \(Format.grouped(steps - 1))\(after), got \(Format.grouped(step))")
        }

        let eventLabels = try f.optional("eventLabels").map { item -> [String] in
            let labels = try item.array().map { try $0.string() }
            guard labels.count == eventSteps.count else {
                throw item.fail("expected \(Format.grouped(eventSteps.count)) labels (one per entry of eventSteps), got \(Format.grouped(labels.count))")
            }
            return labels
        }

        let picturesItem = try added(f, "pictures", "an object of checksums by step")
        var pictures: [String: String] = [:]
        for (key, value) in try picturesItem.object("an object of checksums by step").members {
            let picture = picturesItem.child(key, value)
            guard let step = Int(key), String(step) == key, (0..<steps).contains(step) else {
                throw picture.fail("expected a step index from 0 to \(Format.grouped(steps - 1)) as the key, got '\(Escape.message(key))'")
            }
            let checksum = try picture.string()
            guard checksum.utf8.count == 8, checksum.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
                throw picture.fail("expected a CRC-32 as 8 lower-case hex digits, got \"\(Escape.message(checksum))\"")
            }
            pictures[key] = checksum
        }

        var run = RunResult(scenario: scenario, strategy: strategy, steps: steps, layoutPasses: layoutPasses, totals: totals,
                            perStep: perStep, timing: timing, ratios: ratios, samples: samples, eventSteps: eventSteps,
                            pictures: pictures,
                            floorNanos: floorNanos, copyFloorNanos: copyFloorNanos,
                            buffersAllocated: try added(f, "buffersAllocated", "an integer").count())
        run.rounds = rounds
        run.roundRatios = roundRatios
        run.eventLabels = eventLabels
        run.trafficBoundNanos = trafficBoundNanos
        run.keptCopyFloorNanos = try f.optional("keptCopyFloorNanos")?.count() ?? 0
        run.firstStepNanos = try f.optional("firstStepNanos").map { try measuredTime($0, row: row) }
        run.deviceTime = try f.optional("deviceTime").map { try deviceTime($0, steps: steps) }
        run.layerCosts = try f.optional("layerCosts")?.array().map(layerCost)
        run.fixes = try f.optional("fixes")?.array().map(fixCost)
        run.fixesLeftOut = try f.optional("fixesLeftOut")?.array().map { try $0.string(nonEmpty: true) }
        run.instructions = try f.optional("instructions")?.metrics(Phase.self, "phase") { try $0.count() }
        run.cost = try f.optional("cost")?.metrics(Phase.self, "phase") { item in
            let values = try item.metrics(CostMetric.self, "cost metric") { try $0.count() }
            if let missing = CostMetric.allCases.first(where: { values[$0] == nil }) {
                throw item.fail("missing key '\(missing.name)' (every cost metric is counted together)")
            }
            return values
        }
        return run
    }

    /// The keys a results file must have that the first versions of `cornerbench.results/1` did
    /// not write (they were added before optional fields were): a file without one comes from an
    /// older CornerBench, and the way out is to make it again, not to mend it.
    static let addedKeys: Set<String> = ["peakMemoryBytes", "buffersAllocated", "eventSteps", "pictures"]

    /// The member `key` of `fields`, one of `addedKeys`; when it is missing, the error says the
    /// file looks older than the key and how to make it again.
    static func added(_ fields: JSONFields, _ key: String, _ what: String) throws -> JSONNode {
        assert(addedKeys.contains(key))
        guard let found = fields.member(key) else {
            throw fields.node.fail("missing key '\(key)' (\(what)): the file appears to come from an older CornerBench, which did not record \(key); make it again with the bench you are running (bench run … --json FILE; the committed baseline with scripts/update-baseline.sh)")
        }
        return found
    }

    /// A layer's cost: its path, four means and, priced, two ends in nanoseconds.
    static func layerCost(_ item: JSONNode) throws -> CellLayerCost {
        let f = try item.object(allowing: ["layer", "name", "offscreenPasses", "screenSplits", "tileTrafficBytes", "blendedPixels",
                                           "gpuLowNanos", "gpuHighNanos"], expected: "a layer's cost object")
        let cost = CellLayerCost(layer: try f.required("layer", "a layer's path").string(nonEmpty: true),
                                 name: try f.optional("name")?.string(nonEmpty: true),
                                 offscreenPasses: try f.required("offscreenPasses", "a number").measure(),
                                 screenSplits: try f.required("screenSplits", "a number").measure(),
                                 tileTrafficBytes: try f.required("tileTrafficBytes", "a number").measure(),
                                 blendedPixels: try f.required("blendedPixels", "a number").measure(),
                                 gpuLowNanos: try f.optional("gpuLowNanos")?.count(), gpuHighNanos: try f.optional("gpuHighNanos")?.count())
        try priceEnds(item, cost.gpuLowNanos, cost.gpuHighNanos, of: "a layer's")
        return cost
    }

    /// A fix's cost: the layers changed, the fix, what changed, four means and, priced, two ends
    /// in nanoseconds.
    static func fixCost(_ item: JSONNode) throws -> CellFixCost {
        let f = try item.object(allowing: ["layers", "fix", "change", "offscreenPasses", "screenSplits", "tileTrafficBytes",
                                           "blendedPixels", "gpuLowNanos", "gpuHighNanos"], expected: "a fix's cost object")
        let layersItem = try f.required("layers", "an array of layer paths")
        let layers = try layersItem.array().map { try $0.string(nonEmpty: true) }
        guard !layers.isEmpty else { throw layersItem.fail("expected at least one layer path, got an empty array") }
        let fixItem = try f.required("fix", "a fix's name")
        let name = try fixItem.string()
        guard let fix = CellFix(rawValue: name) else {
            throw fixItem.problem(.unknownKey(what: "fix", nearest: Suggestion.nearest(to: name, in: CellFix.allCases.map(\.rawValue)),
                                              known: CellFix.allCases.map(\.rawValue)))
        }
        let cost = CellFixCost(layers: layers, fix: fix, change: try f.required("change", "a string").string(),
                               offscreenPasses: try f.required("offscreenPasses", "a number").measure(),
                               screenSplits: try f.required("screenSplits", "a number").measure(),
                               tileTrafficBytes: try f.required("tileTrafficBytes", "a number").measure(),
                               blendedPixels: try f.required("blendedPixels", "a number").measure(),
                               gpuLowNanos: try f.optional("gpuLowNanos")?.count(), gpuHighNanos: try f.optional("gpuHighNanos")?.count())
        try priceEnds(item, cost.gpuLowNanos, cost.gpuHighNanos, of: "a fix's")
        return cost
    }

    /// Refuses the ends of a price at `item` that are not both given or both absent, or whose fast
    /// end is above its slow one, as a row's `deviceTime`'s may not be; `owner` says whose price
    /// ("a layer's").
    static func priceEnds(_ item: JSONNode, _ low: Int?, _ high: Int?, of owner: String) throws {
        switch (low, high) {
        case (nil, nil): break
        case let (low?, high?) where low <= high: break
        case let (low?, high?):
            throw item.fail("gpuLowNanos (\(low)) is above gpuHighNanos (\(high)): the low end of an estimate is its fast end")
        default: throw item.fail("gpuLowNanos and gpuHighNanos go together: \(owner) price has both ends")
        }
    }
}
