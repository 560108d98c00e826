import Foundation
import Host
import Problems
import Raster
import Results
import Scenarios
import Strategies
import Table
import Text

/// Runs scenarios against strategies and turns the steps into `Results`.
///
/// A scenario's strategies run in lockstep — step k of every strategy, then step k + 1 — with the
/// memory floor (`MemoryFloor`) taking a turn in the rotation like one more strategy, so drift
/// (heat, other load) and the caches' state affect all alike. Rejected: timing the floor back to
/// back, which measured a buffer the last-level cache kept, a floor no frame in the rotation could
/// see. Each strategy first warms up on a separate table; the measured run starts from a fresh
/// one, so its counters are those of frame 0 onwards, as `bench render` shows them.
public struct Runner {
    /// Called with a short line of progress (the CLI prints it on stderr when it is a terminal).
    public var progress: ((String) -> Void)?

    /// The command line recorded in the results' provenance.
    public var commandLine: [String]

    /// Where the strategies' names are looked up.
    public var catalog: StrategyCatalog

    /// Which strategy steps right after the memory floor's turn in the first step of the first
    /// round; the floor's turn moves one strategy on every step and round from here
    /// (`lockstepOrder`). `bench run --processes` gives each process its index.
    public var orderOffset = 0

    /// The kernels to time with: unless told otherwise the preferred ones, the same on every run
    /// of this machine (the results' host records them).
    public var kernels = KernelChoice.preferred

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
        let rounds = max(1, rounds)
        // Before anything runs: a step count from a results file (a baseline run again) or a
        // caller may be anything, and 0 would measure nothing, a negative one trap, 10^15 never end.
        for scenario in plan.scenarios where !(1...Results.maxSteps).contains(steps ?? scenario.steps) {
            throw BenchError.input(.stepsOutOfRange(steps: steps ?? scenario.steps, scenario: scenario.name, maximum: Results.maxSteps))
        }
        // Before anything is allocated: a run that cannot fit under the process's memory limits
        // would trap part-way through, and one that draws too much would run for hours.
        try WorkEstimate.check(plan, steps: steps, rounds: rounds)
        try FrameMemory.check(FrameMemory.need(for: plan, steps: steps, rounds: rounds))
        // The work of the whole plan in pixels drawn, for the progress line's time left.
        let total = plan.items.reduce(0.0) { total, item in
            total + Double((steps ?? item.scenario.steps) * rounds * item.strategies.count) * WorkEstimate.pixelsPerStep(item.scenario)
        }
        var clock = ProgressClock(total: total, started: Stopwatch.now())
        var runs: [RunResult] = []
        // The top-level floor is the first scenario's; every run carries its own scenario's.
        var firstFloors: ScenarioMeasurement.Floors?
        for item in plan.items {
            let measurement = try measure(item, steps: steps ?? item.scenario.steps, rounds: rounds, clock: &clock)
            firstFloors = firstFloors ?? measurement.floors
            runs += measurement.results()
        }
        return Results(schema: Results.currentSchema, tool: .current, machine: .current,
                       createdAt: ISO8601DateFormatter().string(from: Date()),
                       floorNanos: firstFloors?.fill ?? 0, copyFloorNanos: firstFloors?.copy ?? 0,
                       keptCopyFloorNanos: firstFloors?.kept ?? 0, runs: runs, peakMemoryBytes: PeakMemory.bytes(),
                       provenance: .current(commandLine: commandLine, kernels: kernels),
                       scenarioDefinitions: Dictionary(plan.scenarios.map { ($0.name, RecordedDefinition.typed($0.definition)) }, uniquingKeysWith: { a, _ in a }))
    }

    /// The turns of step `step` of `round`: the strategies `0..<strategies` in order, with the
    /// memory floor's turn (index `strategies`) before strategy (`offset + round + step`) mod
    /// `strategies`. The strategy that steps right after the floor meets the caches as the
    /// floor's frames left them (it paid about twice the others' `reuse`); moving the floor's turn
    /// one strategy on every step gives each strategy that place in as many steps as any other.
    /// (Rotating where each round starts does not: in the cycle of turns the floor is then always
    /// followed by the same strategy.)
    public static func lockstepOrder(strategies: Int, step: Int, round: Int, offset: Int) -> [Int] {
        guard strategies > 0 else { return [0] }
        let floorBefore = ((offset + round + step) % strategies + strategies) % strategies
        return Array(0..<floorBefore) + [strategies] + Array(floorBefore..<strategies)
    }

    /// What the memory floor does in its turn of a step (`floorTurn`).
    public enum FloorTurn: Equatable, Sendable {
        /// No turn: the step is the strategies' alone.
        case none
        /// The fill and copy floors.
        case fillAndCopy
        /// The fill and copy floors, then the kept copy the way `MemoryFloor.copyWays[way]` says,
        /// its image dropped from the caches first.
        case withKeptCopy(way: Int)
    }

    /// Of a round's cycles of steps, one in this many has the floor's turns.
    public static let floorCycleSpacing = 4
    /// How many of a round's cycles with the floor's turns also time the kept copy.
    public static let keptCopyCycles = 2

    /// The memory floor's turn in `step`, of `steps` in a round, among `strategies` strategies.
    ///
    /// A cycle is `strategies` consecutive steps, in which the floor's turn comes before each
    /// strategy once (`lockstepOrder`); the floor takes its turns in whole cycles, every
    /// `floorCycleSpacing`-th from the first, and times the kept copy in `keptCopyCycles` of
    /// those, spread evenly over the round, its way of copying (`MemoryFloor.copyWays`) taken in
    /// turn from one such turn to the next. So each strategy follows the floor, and the floor's kept copy, as often as any other.
    /// A turn in every step, each writing 7 frames and dropping two images from the caches, was a
    /// quarter of a default run on this project's hosts, and most of it on a VM whose `clflush`
    /// was slow; the medians of a run's floors need nothing like one sample a step.
    public static func floorTurn(step: Int, steps: Int, strategies: Int) -> FloorTurn {
        let cycle = max(1, strategies), cycles = (steps + cycle - 1) / cycle, c = step / cycle
        guard c % floorCycleSpacing == 0 else { return .none }
        let floorCycles = (cycles + floorCycleSpacing - 1) / floorCycleSpacing, index = c / floorCycleSpacing
        let kept = min(floorCycles, keptCopyCycles)
        guard let chosen = (0..<kept).firstIndex(where: { $0 * floorCycles / kept == index }) else { return .fillAndCopy }
        let turn = chosen * cycle + step % cycle
        return .withKeptCopy(way: turn % MemoryFloor.copyWays.count)
    }

    /// The steps whose frames are checksummed: the first, the middle and the last measured one.
    public static func pictureSteps(_ steps: Int) -> Set<Int> {
        steps > 0 ? [0, steps / 2, steps - 1] : []
    }

    /// Measures one scenario's strategies: warm-ups, then `rounds` rounds of `steps` steps on
    /// fresh tables, the strategies in lockstep with the memory floor taking its turn among them.
    private func measure(_ item: RunPlan.Item, steps: Int, rounds: Int, clock: inout ProgressClock) throws -> ScenarioMeasurement {
        let scenario = item.scenario, strategies = item.strategies
        // The frame buffers held at once (one per strategy, the memory floor's), asked for where
        // a refusal is an error rather than a trap.
        try FrameMemory.require(strategies.count + MemoryFloor.frames, framesOf: scenario.device.pixelSize)
        guard var floor = MemoryFloor(size: scenario.device.pixelSize) else {
            throw FrameMemory.shortage(scenario.device.pixelSize)
        }
        let geometry = TableGeometry(sections: scenario.sectionSpecs)
        for name in strategies {
            try Simulation.warmUp(scenario: scenario, strategyName: name, geometry: geometry,
                                  steps: min(scenario.warmupSteps, steps), catalog: catalog, kernels: kernels)
        }
        var measurement = ScenarioMeasurement(scenario: scenario, strategies: strategies)
        let stepPixels = WorkEstimate.pixelsPerStep(scenario)
        for round in 0..<rounds {
            let sims = try strategies.map {
                try Simulation(scenario: scenario, strategyName: $0, geometry: geometry, catalog: catalog, kernels: kernels)
            }
            var records = [[StepRecord]](repeating: [], count: sims.count)
            var fills: [Int] = [], copies: [Int] = [], kept: [Int: [Int]] = [:]
            // Pictures come from the first round; later rounds draw the same frames.
            let checkpoints = round == 0 ? Runner.pictureSteps(steps) : []
            for k in 0..<steps {
                // Index `sims.count` of the rotation is the floor's turn.
                for i in Runner.lockstepOrder(strategies: sims.count, step: k, round: round, offset: orderOffset) {
                    if i == sims.count {
                        let turn = Runner.floorTurn(step: k, steps: steps, strategies: sims.count)
                        guard turn != .none else { continue }
                        fills.append(floor.timeFill())
                        copies.append(floor.timeCopy())
                        if case .withKeptCopy(let way) = turn { kept[way, default: []].append(floor.timeKeptCopy(way: way)) }
                    } else {
                        records[i].append(try sims[i].measuredStep(checksum: checkpoints.contains(k)))
                    }
                }
                clock.done += Double(strategies.count) * stepPixels
                // Every 30 steps, or every step when a step draws many screens (a slow step).
                if k % 30 == 0 || stepPixels > 4 * Double(scenario.device.pixelSize.area) {
                    let of = rounds > 1 ? "round \(round + 1)/\(rounds), " : ""
                    progress?("\(scenario.name): \(of)step \(k + 1)/\(steps)" + (clock.timeLeft.map { ", \($0)" } ?? ""))
                }
            }
            measurement.add(round: records, fills: fills, copies: copies, kept: kept)
        }
        return measurement
    }

    /// How far a run is: the work done and to do (in frame pixels drawn) and when it started.
    private struct ProgressClock {
        /// The work of the whole plan.
        var total: Double
        /// When the run started (`Stopwatch.now()`).
        var started: UInt64
        /// The work done so far.
        var done = 0.0

        /// "about 40 s left", or nil (`Runner.timeLeft`).
        var timeLeft: String? {
            Runner.timeLeft(elapsedNanos: Stopwatch.now() - started, done: done, total: total)
        }
    }
}
