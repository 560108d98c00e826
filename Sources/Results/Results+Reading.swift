import JSON
import Problems

/// A results file read by the type that writes it (docs/results-schema.md): each type of the file
/// has its reader beside it (`RunResult+Reading.swift`, `DeviceTime+Reading.swift`, …), an
/// `init(from:)` that reads its fields through `JSONNode` and checks them as it goes, and every
/// refusal is a `ResultsProblem` at the value's key path. `Results.decode(_:file:)` calls this one.
extension Results {
    /// The results in the document `root`; the schema is checked first, the rows' counts last.
    init(from root: JSONNode) throws {
        guard case .object = root.value else { throw root.mismatch("a results object") }
        let top = try root.object("a results object", keys: CodingKeys.self)
        guard let schemaItem = top.optional(.schema) else { throw root.invalid(.noSchema) }
        let schema = try schemaItem.string()
        guard schema == Results.currentSchema else { throw root.invalid(.otherSchema(found: schema)) }
        let tool = try ToolBuild(from: top.required(.tool, "an object"))
        let machine = try MachineInfo(from: top.required(.machine, "an object"))
        let createdAt = try top.required(.createdAt, "a string").string()
        let floorNanos = try top.required(.floorNanos, "an integer").measuredTime(row: nil)
        let copyFloorNanos = try top.required(.copyFloorNanos, "an integer").measuredTime(row: nil)
        let peakMemoryBytes = try top.added(.peakMemoryBytes, "an integer").count()
        let processes = try top.optional(.processes)?.integer(1...Results.maxValue, "an integer ≥ 1")

        let runsItem = try top.required(.runs, "a non-empty array of runs")
        let runItems = try runsItem.array()
        guard !runItems.isEmpty else { throw runsItem.invalid(.emptyArray) }
        var runs: [RunResult] = []
        runs.reserveCapacity(runItems.count)
        var firstIndex: [RunKey: Int] = [:]
        for (index, item) in runItems.enumerated() {
            let run = try RunResult(from: item, processes: processes)
            if let first = firstIndex[run.key] { throw item.invalid(.rowTwice(run.key, first: first)) }
            firstIndex[run.key] = index
            runs.append(run)
        }

        self.init(schema: schema, tool: tool, machine: machine, createdAt: createdAt, floorNanos: floorNanos,
                  copyFloorNanos: copyFloorNanos, runs: runs, peakMemoryBytes: peakMemoryBytes)
        self.processes = processes
        keptCopyFloorNanos = try top.optional(.keptCopyFloorNanos)?.count() ?? 0
        provenance = try top.optional(.provenance).map(Provenance.init(from:))
        scenarioDefinitions = try top.optional(.scenarioDefinitions).map(Results.scenarioDefinitions)
        instructionCounter = try top.optional(.instructionCounter)?.string()
        limits = try top.optional(.limits).map(Limit.list(from:))
        cacheModel = try top.optional(.cacheModel).map(CacheModel.init(from:))
        // A row without the per-round ratios the others have would have its times gated on one
        // value, which no test can call significant: the gate would pass it unseen.
        if let without = runs.firstIndex(where: { $0.roundRatios == nil }) {
            if let processes, processes > 1 {
                throw runsItem.element(without, .null).invalid(.noRoundRatiosFromProcesses(runs[without].key, processes: processes))
            }
            if let with = runs.firstIndex(where: { $0.roundRatios != nil }) {
                throw runsItem.element(without, .null).invalid(.noRoundRatios(runs[without].key, with: with))
            }
        }
        if cacheModel == nil, let row = runs.firstIndex(where: { $0.cost != nil }) {
            throw runsItem.element(row, .null).invalid(.costWithoutCacheModel)
        }
        try checkCounted(runsItem)
    }

    /// Throws unless the rows' host-free counts agree with what the file says counted them: with
    /// an `instructionCounter`, every row has `instructions` of every phase, and with a
    /// `cacheModel`, a `cost` of every phase; without them, no row has either. A row left
    /// uncounted in a counted file would be gated by nothing (`bench check` compares what both
    /// sides have), so such a file, a failed count or a hand-edited one, is refused when read.
    private func checkCounted(_ runsItem: JSONNode) throws {
        func row(_ index: Int) -> JSONNode { runsItem.element(index, .null) }
        if let counter = instructionCounter {
            if let i = runs.firstIndex(where: { $0.instructions == nil }) {
                throw row(i).invalid(.uncountedRow(runs[i].key, counter: counter))
            }
            for (i, run) in runs.enumerated() {
                if let phase = Phase.allCases.first(where: { run.instructions?[$0] == nil }) {
                    throw row(i).invalid(.uncountedPhase(run.key, phase, counter: counter))
                }
            }
        } else if let i = runs.firstIndex(where: { $0.instructions != nil }) {
            throw row(i).invalid(.instructionsWithoutCounter(runs[i].key))
        }
        if cacheModel != nil {
            for (i, run) in runs.enumerated() {
                guard let cost = run.cost else { throw row(i).invalid(.unsimulatedRow(run.key)) }
                if let phase = Phase.allCases.first(where: { cost[$0] == nil }) {
                    throw row(i).invalid(.unsimulatedPhase(run.key, phase))
                }
            }
        }
    }

    /// The keys a results file must have that the first versions of `cornerbench.results/1` did
    /// not write (they were added before optional fields were): a file without one comes from an
    /// older CornerBench, and the way out is to make it again, not to mend it.
    static let addedKeys: Set<String> = ["peakMemoryBytes", "buffersAllocated", "eventSteps", "pictures"]
}

extension JSONFields {
    /// The member `key`, one of `Results.addedKeys`; when it is missing, the error says the file
    /// looks older than the key and how to make it again (`ResultsProblem.addedKeyMissing`).
    func added(_ key: String, _ what: String) throws -> JSONNode {
        assert(Results.addedKeys.contains(key))
        guard let found = member(key) else { throw node.invalid(.addedKeyMissing(key: key, what: what)) }
        return found
    }
}
