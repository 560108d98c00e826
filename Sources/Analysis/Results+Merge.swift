import JSON
import Problems
import Results
import Scenarios
import Text

/// The shards of one run (`bench run --shard i/n`), joined into one result (`bench merge`).
extension Results {
    /// The results of `shards` (each with the name messages call it by, in the order given) as one
    /// file, which `bench check` and `bench compare` read like one run's, by the rules of
    /// docs/cli.md, `bench merge`: each row from the one shard that measured it; `reference`'s rows
    /// (`none`) from the first shard that has them, every copy with the same steps, counters and
    /// pictures; rows in an order consistent with every shard's (`strategyOrder` where they leave it
    /// open); machine and provenance the first shard's, with the merge's `commandLine`.
    /// - Returns: The merged results and notes for the reader (other machines, missing shards,
    ///   other `--rounds` or `--steps`).
    /// - Throws: `BenchError.input`, naming the files, when the shards are not parts of one run.
    public static func merging(shards: [(name: String, results: Results)], reference: String, strategyOrder: [String] = [],
                               commandLine: [String]) throws -> (results: Results, notes: [MergeNote]) {
        guard let first = shards.first else { throw BenchError.input(.incomparable(.nothingToMerge)) }
        for shard in shards.dropFirst() { try checkSameRun(first, shard) }
        try checkDefinitions(shards)
        var notes = try shardNotes(shards)

        var kept: [RunKey: (row: RunResult, file: String)] = [:]
        var stepsOf: [String: (steps: Int, file: String)] = [:]
        for (name, results) in shards {
            for row in results.runs {
                if let other = stepsOf[row.scenario], other.steps != row.steps {
                    throw BenchError.input(.incomparable(.shardSteps(scenario: row.scenario, earlier: other.file, earlierSteps: other.steps,
                                                                     file: name, steps: row.steps)))
                }
                stepsOf[row.scenario] = stepsOf[row.scenario] ?? (row.steps, name)
                guard let earlier = kept[row.key] else {
                    kept[row.key] = (row, name)
                    continue
                }
                guard row.strategy == reference else {
                    throw BenchError.input(.incomparable(.rowInTwoShards(row: row.key.description, earlier: earlier.file, file: name, reference: reference)))
                }
                if row.totals != earlier.row.totals || row.pictures != earlier.row.pictures {
                    throw BenchError.input(.incomparable(.referenceRowDiffers(row: row.key.description, earlier: earlier.file, file: name)))
                }
            }
        }

        var merged = first.results
        merged.runs = mergedKeys(shards.map { $0.results.runs.map(\.key) }, strategyOrder: strategyOrder).map { kept[$0]!.row }
        merged.floorNanos = merged.runs[0].floorNanos
        merged.copyFloorNanos = merged.runs[0].copyFloorNanos
        merged.keptCopyFloorNanos = merged.runs[0].keptCopyFloorNanos
        merged.createdAt = shards.map(\.results.createdAt).max() ?? first.results.createdAt
        merged.peakMemoryBytes = shards.map(\.results.peakMemoryBytes).max() ?? 0
        merged.provenance = shards.lazy.compactMap(\.results.provenance).first
        merged.provenance?.commandLine = commandLine
        if shards.allSatisfy({ $0.results.scenarioDefinitions != nil }) {
            merged.scenarioDefinitions = shards.reduce(into: [:]) { all, shard in
                all.merge(shard.results.scenarioDefinitions!) { a, _ in a }
            }
        } else {
            merged.scenarioDefinitions = nil
        }

        notes += optionNotes(shards, "rounds", absent: "1") + optionNotes(shards, "steps", absent: "each scenario's own")
        notes += gpuNotes(shards)
        if let (limits, note) = mergedLimits(shards) {
            merged.limits = limits
            notes.append(note)
        }
        // The kind of host is what decides whether `check` gates times: the merged file may claim
        // one only when every shard ran on it, else a shard's times would be gated as another's.
        var hosts: [HostFingerprint?] = []
        for shard in shards where !hosts.contains(shard.results.provenance?.host) { hosts.append(shard.results.provenance?.host) }
        if hosts.count > 1 {
            merged.provenance?.host = nil
            // What makes each other kind of host another, against the first file's, named by the
            // first file of that kind.
            let firstHost = first.results.provenance?.host
            let others = hosts.dropFirst().map { host in
                MergeNote.OtherHost(file: shards.first { $0.results.provenance?.host == host }!.name,
                                    differences: host.flatMap { host in firstHost.map { $0.differences(to: host) } })
            }
            notes.append(.otherHosts(first: first.name, others: others))
        }
        let machines = shards.filter { $0.results.machine != first.results.machine }
        if !machines.isEmpty {
            notes.append(.otherMachines(count: machines.count, total: shards.count, first: first.name,
                                        cpu: first.results.machine.cpu, cores: first.results.machine.cores))
        }
        return (merged, notes)
    }

    /// The stricter of each limit the shards record, with a note, when they record different
    /// limits; nil when they agree. Keeping the first file's would make `check` pass or fail the
    /// merged file by the order the shards were given in.
    static func mergedLimits(_ shards: [(name: String, results: Results)]) -> (limits: [Limit], note: MergeNote)? {
        func text(_ limits: [Limit]?) -> String? {
            guard let limits, !limits.isEmpty else { return nil }
            return limits.sorted { $0.measure.rawValue < $1.measure.rawValue }.map(\.description).joined(separator: ", ")
        }
        var values: [MergeNote.OptionValue] = []
        for shard in shards {
            let value = text(shard.results.limits)
            if let i = values.firstIndex(where: { $0.value == value }) {
                values[i].files.append(shard.name)
            } else {
                values.append(MergeNote.OptionValue(value: value, files: [shard.name]))
            }
        }
        guard values.count > 1 else { return nil }
        let strictest = Limit.Measure.allCases.compactMap { measure -> Limit? in
            let maxima = shards.flatMap { $0.results.limits ?? [] }.filter { $0.measure == measure }.map(\.maximum)
            return maxima.min().map { Limit(measure, maximum: $0) }
        }
        return (strictest, .otherLimits(values: values, applied: strictest))
    }

    /// Throws unless `shard` comes from the same build, commit and kind of run as `first`.
    private static func checkSameRun(_ first: (name: String, results: Results), _ shard: (name: String, results: Results)) throws {
        let (a, b) = (first.results, shard.results)
        let sameCompiler = a.provenance == nil || b.provenance == nil
            || (a.provenance!.compiler == b.provenance!.compiler && a.provenance!.target == b.provenance!.target)
        guard a.tool == b.tool, sameCompiler else {
            let builds: (BuildIdentity, BuildIdentity) = a.tool == b.tool
                ? (.compiler(a.provenance!.compiler, target: a.provenance!.target), .compiler(b.provenance!.compiler, target: b.provenance!.target))
                : (.tool(a.tool.identity), .tool(b.tool.identity))
            throw BenchError.input(.incomparable(.shardBuilds(first: first.name, firstBuild: builds.0, shard: shard.name, shardBuild: builds.1)))
        }
        if let x = a.provenance?.gitCommit, let y = b.provenance?.gitCommit, x != y {
            throw BenchError.input(.incomparable(.shardCommits(first: first.name, firstCommit: x, shard: shard.name, shardCommit: y)))
        }
        if (a.processes ?? 1) != (b.processes ?? 1) {
            throw BenchError.input(.incomparable(.shardProcesses(first: first.name, firstCount: a.processes ?? 1, shard: shard.name, shardCount: b.processes ?? 1)))
        }
        if a.instructionCounter != b.instructionCounter {
            throw BenchError.input(.incomparable(.shardInstructions(first: first.name, firstCounter: a.instructionCounter,
                                                                    shard: shard.name, shardCounter: b.instructionCounter)))
        }
        if a.cacheModel != b.cacheModel {
            throw BenchError.input(.incomparable(.shardCaches(first: first.name, shard: shard.name)))
        }
    }

    /// What the shards' recorded `--shard i/n` say: a note naming the shards missing from the
    /// division, or that some files record none, so what is missing cannot be told.
    /// - Throws: `BenchError.input` for shards of divisions into different numbers of parts (their
    ///   rows overlap or leave gaps), or for one part given in two files.
    private static func shardNotes(_ shards: [(name: String, results: Results)]) throws -> [MergeNote] {
        let made = shards.compactMap { shard -> (name: String, shard: Shard)? in
            guard let text = shard.results.provenance?.option("shard"), let parsed = try? Shard(parsing: text) else { return nil }
            return (shard.name, parsed)
        }
        guard let first = made.first else { return [] }
        if let other = made.first(where: { $0.shard.count != first.shard.count }) {
            throw BenchError.input(.incomparable(.shardDivisions(first: first.name, firstShard: first.shard.description, other: other.name, otherShard: other.shard.description)))
        }
        var given: [Int: String] = [:]
        for (name, shard) in made {
            if let earlier = given[shard.index] {
                throw BenchError.input(.incomparable(.sameShard(earlier: earlier, file: name, shard: shard.description)))
            }
            given[shard.index] = name
        }
        let unrecorded = shards.filter { shard in !made.contains { $0.name == shard.name } }.map(\.name)
        guard unrecorded.isEmpty else {
            return [.unrecordedShards(files: unrecorded, count: first.shard.count)]
        }
        let missing = (1...first.shard.count).filter { given[$0] == nil }
        guard !missing.isEmpty else { return [] }
        let present = made.sorted { $0.shard.index < $1.shard.index }.map { MergeNote.GivenShard(shard: $0.shard, file: $0.name) }
        return [.missingShards(missing: missing, count: first.shard.count, given: present)]
    }

    /// A note when the shards' command lines gave the option `--name` different values (`absent`
    /// stands for a command line without it). Only for what each row keeps for itself (its rounds,
    /// its steps), so that the merged file stays true and only its rows are not alike; files
    /// without provenance are left out.
    private static func optionNotes(_ shards: [(name: String, results: Results)], _ name: String, absent: String) -> [MergeNote] {
        var values: [MergeNote.OptionValue] = []
        for shard in shards {
            guard let provenance = shard.results.provenance else { continue }
            let value = provenance.option(name)
            if let i = values.firstIndex(where: { $0.value == value }) {
                values[i].files.append(shard.name)
            } else {
                values.append(MergeNote.OptionValue(value: value, files: [shard.name]))
            }
        }
        guard values.count > 1 else { return [] }
        return [.otherOption(option: name, values: values, absent: absent)]
    }

    /// A note for each scenario whose rows the shards priced on more than one GPU or refresh
    /// rate, or on none in some (a scenario's definition names its device, not the GPU priced).
    private static func gpuNotes(_ shards: [(name: String, results: Results)]) -> [MergeNote] {
        var scenarios: [String] = []
        var values: [String: [MergeNote.OptionValue]] = [:]
        for (name, results) in shards {
            for row in results.runs {
                let value = row.deviceTime.map { "\($0.gpu) at \(Format.number($0.refreshHz)) Hz" }
                if values[row.scenario] == nil { scenarios.append(row.scenario) }
                var list = values[row.scenario] ?? []
                if let i = list.firstIndex(where: { $0.value == value }) {
                    if !list[i].files.contains(name) { list[i].files.append(name) }
                } else {
                    list.append(MergeNote.OptionValue(value: value, files: [name]))
                }
                values[row.scenario] = list
            }
        }
        return scenarios.compactMap { scenario in
            values[scenario]!.count > 1 ? .otherGPUs(scenario: scenario, values: values[scenario]!) : nil
        }
    }

    /// Throws when two shards define a scenario of the same name differently.
    private static func checkDefinitions(_ shards: [(name: String, results: Results)]) throws {
        var seen: [String: (definition: RecordedDefinition, file: String)] = [:]
        for (name, results) in shards {
            for (scenario, definition) in (results.scenarioDefinitions ?? [:]).sorted(by: { $0.key < $1.key }) {
                guard let earlier = seen[scenario] else {
                    seen[scenario] = (definition, name)
                    continue
                }
                guard earlier.definition != definition else { continue }
                let changes = Gate.definitionChanges(earlier.definition, definition)
                throw BenchError.input(.incomparable(.shardDefinitions(scenario: scenario, earlier: earlier.file, file: name, changes: changes)))
            }
        }
    }

    /// The rows of `files` (each file's keys in its order) in one order: scenarios in an order
    /// consistent with every file's, then each scenario's strategies likewise, open choices made
    /// by `strategyOrder` and then by first appearance.
    static func mergedKeys(_ files: [[RunKey]], strategyOrder: [String]) -> [RunKey] {
        let scenarios = consistentOrder(files.map { $0.map(\.scenario) }) { _, _ in false }
        let rank: [String: Int] = Dictionary(strategyOrder.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        return scenarios.flatMap { (scenario: String) -> [RunKey] in
            let orders: [[String]] = files.map { keys in keys.filter { $0.scenario == scenario }.map(\.strategy) }
            let strategies = consistentOrder(orders) { (a: String, b: String) -> Bool in (rank[a] ?? .max) < (rank[b] ?? .max) }
            return strategies.map { RunKey(scenario: scenario, strategy: $0) }
        }
    }

    /// Every element of `sequences` once, in an order in which each sequence's elements keep
    /// their order (a topological order of "comes before"). Where that leaves a choice, the
    /// element `preferred` puts first is taken, then the one that appeared first; when the
    /// sequences contradict each other, the earliest-appearing remaining element is taken.
    /// - Complexity: O(n²) in the number of distinct elements, which is small (a file's rows).
    static func consistentOrder<T: Hashable>(_ sequences: [[T]], preferred: (T, T) -> Bool) -> [T] {
        var appearance: [T] = []
        var index: [T: Int] = [:]
        var successors: [T: Set<T>] = [:]
        var predecessors: [T: Int] = [:]
        for sequence in sequences {
            var previous: T?
            for element in sequence {
                if index[element] == nil {
                    index[element] = appearance.count
                    appearance.append(element)
                }
                if let previous, previous != element, successors[previous, default: []].insert(element).inserted {
                    predecessors[element, default: 0] += 1
                }
                previous = element
            }
        }
        var order: [T] = []
        var placed = Set<T>()
        while order.count < appearance.count {
            let remaining = appearance.filter { !placed.contains($0) }
            let ready = remaining.filter { predecessors[$0, default: 0] == 0 }
            // A contradiction (a cycle) leaves nothing ready: take the earliest and go on.
            let next = ready.min { a, b in preferred(a, b) || (!preferred(b, a) && index[a]! < index[b]!) } ?? remaining[0]
            order.append(next)
            placed.insert(next)
            for successor in successors[next] ?? [] where !placed.contains(successor) {
                predecessors[successor, default: 0] -= 1
            }
        }
        return order
    }
}
