import Compositor
import Foundation
import Raster
import Results
import Strategies
import Table

/// Runs scenarios against strategies and turns the steps into `Results`.
///
/// The strategies of a scenario run in lockstep — step k of every strategy, then step k + 1 —
/// with one timing of the memory floor per step in between (on the scenario's own framebuffer
/// size), so slow drift of the machine (heat, other load) and the state of the caches affect every
/// strategy and the floor alike and the ratios stay fair. (Timing the floor back to back instead
/// measured a buffer that stayed in the last-level cache: a floor no frame in the rotation could
/// see.) Before the
/// measured steps, each strategy runs `warmupSteps` frames on a separate table so code, allocator
/// and caches are warm, while the measured run starts from a fresh table (its counters are then
/// exactly those of frame 0 onwards, as `bench render` shows them).
public struct Runner {
    /// Called with a short line of progress (the CLI prints it on stderr when it is a terminal).
    public var progress: ((String) -> Void)?

    /// The command line recorded in the results' provenance.
    public var commandLine: [String]

    /// Where the strategies' names are looked up.
    public var catalog: StrategyCatalog

    public init(progress: ((String) -> Void)? = nil, commandLine: [String] = CommandLine.arguments,
                catalog: StrategyCatalog = .builtIn) {
        self.progress = progress
        self.commandLine = commandLine
        self.catalog = catalog
    }

    /// "about 40 s left" for a run that has done `done` of `total` units of work in `elapsedNanos`,
    /// assuming the rest goes at the same rate (warm-ups and floors included); nil in the first
    /// second, too early for a rate to mean anything.
    public static func timeLeft(elapsedNanos: UInt64, done: Double, total: Double) -> String? {
        guard elapsedNanos >= 1_000_000_000, done > 0, total > done else { return nil }
        let seconds = Double(elapsedNanos) / 1e9 * (total - done) / done
        if seconds < 60 { return "about \(max(1, Int(seconds.rounded()))) s left" }
        let minutes = Int((seconds / 60).rounded())
        return minutes < 120 ? "about \(minutes) min left" : "about \(Int((seconds / 3600).rounded())) h left"
    }

    /// Runs every strategy on every scenario, `rounds` times; `steps` overrides the scenarios'
    /// step counts.
    ///
    /// Each round scrolls fresh tables through all the measured steps, the strategies in lockstep.
    /// Counters and pictures come from the first round (later rounds repeat them exactly); times
    /// are pooled over all rounds, and each round's median per phase is kept in `RunResult.rounds`,
    /// because the variation between rounds, not between steps, is what a comparison must judge.
    public func run(scenarios: [Scenario], strategies: [String], steps: Int? = nil, rounds: Int = 1) throws -> Results {
        try run(RunPlan(scenarios: scenarios, strategies: strategies), steps: steps, rounds: rounds)
    }

    /// Runs each scenario of `plan` with its own strategies, as `run(scenarios:strategies:steps:rounds:)`
    /// does with the same strategies everywhere.
    public func run(_ plan: RunPlan, steps: Int? = nil, rounds: Int = 1) throws -> Results {
        let scenarios = plan.scenarios
        var runs: [RunResult] = []
        var floorsByScenario: [String: (fill: Int, copy: Int)] = [:]
        let rounds = max(1, rounds)
        // Before anything runs: a step count from a results file (a baseline run again) or a
        // caller may be anything, and 0 would measure nothing, a negative one trap, 10^15 never end.
        for scenario in scenarios where !(1...Results.maxSteps).contains(steps ?? scenario.steps) {
            throw BenchError.input("cannot measure \(Format.grouped(steps ?? scenario.steps)) steps of the scenario '\(scenario.name)': a run measures from 1 to \(Format.grouped(Results.maxSteps)) steps.")
        }
        // The work of the whole plan in frame pixels drawn, for the progress line's time left.
        func work(_ item: RunPlan.Item) -> Double {
            Double((steps ?? item.scenario.steps) * rounds * item.strategies.count) * Double(item.scenario.device.pixelSize.area)
        }
        let totalWork = plan.items.reduce(0) { $0 + work($1) }
        var workDone = 0.0
        let started = Stopwatch.now()
        for item in plan.items {
            let scenario = item.scenario, strategies = item.strategies
            let measured = steps ?? scenario.steps
            let frameBytes = scenario.device.pixelSize.area * 4
            // The frame buffers held at once (one per strategy, the memory floor's two), asked for
            // where a refusal is an error rather than a trap.
            try FrameMemory.require(strategies.count + 2, framesOf: scenario.device.pixelSize)
            let floor = MemoryFloor(bytes: frameBytes)
            var fills: [Int] = [], copies: [Int] = []
            let geometry = TableGeometry(sections: scenario.sectionSpecs)
            for name in strategies {
                try Simulation.warmUp(scenario: scenario, strategyName: name, geometry: geometry,
                                      steps: min(scenario.warmupSteps, measured), catalog: catalog)
            }
            var first: (records: [[StepRecord]], pictures: [[String: String]], buffers: [Int])?
            // By strategy, by phase: every round's samples, and each round's median.
            var pooled = [[Phase: [Int]]](repeating: [:], count: strategies.count)
            var roundMedians = [[Phase: [Int]]](repeating: [:], count: strategies.count)
            var roundFloors: [Int] = [], roundCopyFloors: [Int] = []
            for round in 0..<rounds {
                let sims = try strategies.map { try Simulation(scenario: scenario, strategyName: $0, geometry: geometry, catalog: catalog) }
                var records = [[StepRecord]](repeating: [], count: sims.count)
                var pictures = [[String: String]](repeating: [:], count: sims.count)
                let checkpoints = round == 0 ? Runner.pictureSteps(measured) : []
                for k in 0..<measured {
                    for (i, sim) in sims.enumerated() {
                        records[i].append(sim.step())
                        try sim.checkBuffers()
                        // Outside the timed step: the picture is part of the result.
                        if checkpoints.contains(k) { pictures[i][String(k)] = sim.renderer.framebuffer.checksum }
                    }
                    fills.append(floor.timeFill())
                    copies.append(floor.timeCopy())
                    workDone += Double(strategies.count) * Double(scenario.device.pixelSize.area)
                    if k % 30 == 0 {
                        let of = rounds > 1 ? "round \(round + 1)/\(rounds), " : ""
                        let left = Runner.timeLeft(elapsedNanos: Stopwatch.now() - started, done: workDone, total: totalWork)
                        progress?("\(scenario.name): \(of)step \(k + 1)/\(measured)" + (left.map { ", \($0)" } ?? ""))
                    }
                }
                for i in strategies.indices {
                    for phase in Phase.allCases {
                        let samples = records[i].map { $0.nanos(phase) }
                        pooled[i][phase, default: []] += samples
                        roundMedians[i][phase, default: []].append(Summary(samples).median)
                    }
                }
                roundFloors.append(Summary(Array(fills.suffix(measured))).median)
                roundCopyFloors.append(Summary(Array(copies.suffix(measured))).median)
                if round == 0 { first = (records, pictures, sims.map { $0.renderer.buffersAllocated }) }
            }
            let scenarioFloor = (fill: Summary(fills).median, copy: Summary(copies).median)
            floorsByScenario[scenario.name] = scenarioFloor
            let eventLabels = scenario.eventLabels
            for i in strategies.indices {
                var run = summarize(scenario: scenario.name, strategy: strategies[i], first!.records[i])
                run.pictures = first!.pictures[i]
                run.buffersAllocated = first!.buffers[i]
                run.eventLabels = run.eventSteps.map { eventLabels[$0] ?? "event" }
                run.timing = pooled[i].mapValues { Summary($0) }
                run.rounds = roundMedians[i]
                // The traffic bound of the mean step, at the whole run's floors and at each round's.
                func bound(fill: Int, copy: Int) -> Int {
                    TrafficBound.nanos(written: run.perStep[.bytesWritten] ?? 0, read: run.perStep[.bytesRead] ?? 0,
                                       frameBytes: frameBytes, fill: fill, copy: copy)
                }
                run.roundRatios = Runner.roundRatios(roundMedians[i], floors: roundFloors,
                                                     bounds: zip(roundFloors, roundCopyFloors).map { bound(fill: $0, copy: $1) },
                                                     reference: strategies.firstIndex(of: StrategyCatalog.reference).map { roundMedians[$0] })
                run.floorNanos = scenarioFloor.fill
                run.copyFloorNanos = scenarioFloor.copy
                run.trafficBoundNanos = bound(fill: scenarioFloor.fill, copy: scenarioFloor.copy)
                runs.append(run)
            }
        }
        // The top-level floor is the first scenario's; every run carries its own scenario's.
        let first = scenarios.first.flatMap { floorsByScenario[$0.name] } ?? (0, 0)
        let floorNanos = first.fill, copyFloorNanos = first.copy
        addRatios(&runs)
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        var results = Results(schema: Results.currentSchema, tool: .current, machine: .current,
                              createdAt: ISO8601DateFormatter().string(from: Date()),
                              floorNanos: floorNanos, copyFloorNanos: copyFloorNanos, runs: runs,
                              peakMemoryBytes: Int(usage.ru_maxrss) * 1024)
        results.provenance = .current(commandLine: commandLine)
        results.scenarioDefinitions = Dictionary(scenarios.map { ($0.name, $0.definition) }, uniquingKeysWith: { a, _ in a })
        return results
    }

    /// The steps whose frames are checksummed: the first, the middle and the last measured one.
    public static func pictureSteps(_ steps: Int) -> Set<Int> {
        steps > 0 ? [0, steps / 2, steps - 1] : []
    }

    private func summarize(scenario: String, strategy: String, _ records: [StepRecord]) -> RunResult {
        var totals = FrameStats()
        for record in records { totals += record.stats }
        var totalDict: [Counter: Int] = [:], perStep: [Counter: Double] = [:]
        for counter in Counter.allCases {
            let value = totals[counter]
            totalDict[counter] = value
            perStep[counter] = records.isEmpty ? 0 : Double(value) / Double(records.count)
        }
        var samples: [Phase: [Int]] = [:]
        for phase in Phase.allCases { samples[phase] = records.map { $0.nanos(phase) } }
        return RunResult(scenario: scenario, strategy: strategy, steps: records.count,
                         layoutPasses: records.filter(\.laidOut).count, totals: totalDict, perStep: perStep,
                         timing: samples.mapValues { Summary($0) }, ratios: [:], samples: samples,
                         eventSteps: records.indices.filter { records[$0].hadEvent }, pictures: [:],
                         floorNanos: 0, copyFloorNanos: 0)
    }

    /// Each round's ratios: the round's phase median over that round's floor, over its traffic
    /// bound at that round's floors, or over the same round's median of the reference strategy
    /// (when it ran).
    static func roundRatios(_ medians: [Phase: [Int]], floors: [Int], bounds: [Int], reference: [Phase: [Int]]?) -> [Ratio: [Double]] {
        var out: [Ratio: [Double]] = [:]
        for ratio in Ratio.allCases {
            let own = medians[ratio.phase] ?? []
            let base: [Int]
            switch ratio.reference {
            case .floor: base = floors
            case .traffic: base = bounds
            case .none:
                guard let reference else { continue }
                base = reference[ratio.phase] ?? []
            }
            out[ratio] = zip(own, base).map { $1 > 0 ? Double($0) / Double($1) : 0 }
        }
        return out
    }

    private func addRatios(_ runs: inout [RunResult]) {
        func ratio(_ a: Int, _ b: Int) -> Double { b > 0 ? Double(a) / Double(b) : 0 }
        let reference = Dictionary(runs.filter { $0.strategy == StrategyCatalog.reference }.map { ($0.scenario, $0) },
                                   uniquingKeysWith: { a, _ in a })
        for i in runs.indices {
            for r in Ratio.allCases {
                let median = runs[i].timing[r.phase]!.median
                switch r.reference {
                case .floor: runs[i].ratios[r] = ratio(median, runs[i].floorNanos)
                case .traffic: runs[i].ratios[r] = ratio(median, runs[i].trafficBoundNanos)
                case .none:
                    if let base = reference[runs[i].scenario] { runs[i].ratios[r] = ratio(median, base.timing[r.phase]!.median) }
                }
            }
        }
    }
}
