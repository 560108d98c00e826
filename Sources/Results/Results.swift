// Results: the results file.
//
// Job: `Results` and `RunResult` (what a run measured, per scenario and strategy), the metric
// catalogue (`Counter`, `Phase`, `Ratio`, `CostMetric`), `DeviceTime`, `CacheModel` and
// `CacheEvents`, `HostFingerprint` and provenance, the build (`ToolBuild`), `--shard`'s `Shard`,
// limits (`Limit`), each scenario's definition (typed: `RecordedDefinition`, from `Scenarios`),
// and reading and writing the JSON, old files
// included: each type is written by `Encodable` and read by its own `init(from:)` over `JSONNode`
// in `Type+Reading.swift` beside it, every refusal a `ResultsProblem` at its key path
// (`Results+JSON` is the entry, `InputFile` reads the bytes).
//
// May import: Scenarios, Problems, JSON, Text. Nothing of the compositor or tables: a results
// file is read, gated and reported by code that links of the model only Raster's values (colours
// and geometry, which a definition's cells are made of, through Scenarios).

import JSON
import Problems
import Scenarios

/// A whole benchmark run as saved to JSON (schema `cornerbench.results/1`, docs/results-schema.md).
///
/// A public contract: CI gates and reports read it, and newer schemas only add fields.
public struct Results: Encodable, Equatable, Sendable {
    /// The schema this file follows.
    public var schema: String
    /// Which build of CornerBench produced it.
    public var tool: ToolBuild
    /// Where it ran.
    public var machine: MachineInfo
    /// When it ran (ISO 8601, UTC).
    public var createdAt: String
    /// Median nanoseconds to fill one framebuffer with a bulk memory fill, measured in this run
    /// (for the first scenario's screen; each run carries its own scenario's floor too).
    public var floorNanos: Int
    /// Median nanoseconds to copy one framebuffer with a bulk memory copy, measured in this run.
    public var copyFloorNanos: Int
    /// Median nanoseconds to copy a kept image of one framebuffer's size into one (the first
    /// scenario's; each run carries its own); 0 in files written before it was measured.
    public var keptCopyFloorNanos: Int = 0
    /// One entry per (scenario, strategy).
    public var runs: [RunResult]
    /// The process's peak resident memory at the end of the run (`PeakMemory`: `VmHWM` on Linux), bytes.
    public var peakMemoryBytes: Int = 0
    /// Where the numbers came from: command line, source revision, toolchain, system. Absent in
    /// files written before it was recorded.
    public var provenance: Provenance?
    /// Each scenario's definition (`Scenario.definition`), by scenario name: typed fields, which a
    /// gate compares field by field to refuse runs of scenarios defined differently. Older files
    /// hold prose instead (`RecordedDefinition.prose`); the oldest none.
    public var scenarioDefinitions: [String: RecordedDefinition]?
    /// How many processes made these results (`bench run --processes`); nil for one. Only
    /// processes are independent samples of the machine's noise: rounds inside one process share
    /// its cache placement and allocator state, so comparisons test one value per process.
    public var processes: Int?
    /// What counted the rows' `instructions` (`valgrind-3.19.0 callgrind`, with deterministic
    /// hashing and address randomisation off); nil when nothing was counted.
    public var instructionCounter: String?
    /// The cache valgrind simulated for the rows' `cost` (always `CacheModel.standard` when this
    /// version counted); nil when nothing was counted.
    public var cacheModel: CacheModel?
    /// The limits of the suite the rows came from (`Limit`), which `bench check` holds every row
    /// to; nil when the suite set none.
    public var limits: [Limit]?

    /// The independent samples of a row's `phase` time: one per process (the process's median
    /// of its rounds), or the one process's median of its rounds.
    public func independentSamples(_ run: RunResult, _ phase: Phase) -> [Double] {
        let rounds = run.rounds?[phase].map { $0.map(Double.init) } ?? run.timing[phase].map { [Double($0.median)] } ?? []
        return independent(rounds)
    }

    /// The independent samples of a row's `ratio`, as `independentSamples(_:_:)` for times.
    public func independentSamples(_ run: RunResult, _ ratio: Ratio) -> [Double] {
        independent(run.roundRatios?[ratio] ?? run.ratios[ratio].map { [$0] } ?? [])
    }

    private func independent(_ rounds: [Double]) -> [Double] {
        guard (processes ?? 1) <= 1, rounds.count > 1 else { return rounds }
        return [Summary.median(sorted: rounds.sorted())]
    }

    /// Results complete in one value, as a run makes them; the parts older files lack default to
    /// absent, and `processes` and the counting fields are set by the code that adds them.
    public init(schema: String = Results.currentSchema, tool: ToolBuild, machine: MachineInfo, createdAt: String,
                floorNanos: Int, copyFloorNanos: Int, keptCopyFloorNanos: Int = 0, runs: [RunResult],
                peakMemoryBytes: Int = 0, provenance: Provenance? = nil,
                scenarioDefinitions: [String: RecordedDefinition]? = nil) {
        self.schema = schema
        self.tool = tool
        self.machine = machine
        self.createdAt = createdAt
        self.floorNanos = floorNanos
        self.copyFloorNanos = copyFloorNanos
        self.keptCopyFloorNanos = keptCopyFloorNanos
        self.runs = runs
        self.peakMemoryBytes = peakMemoryBytes
        self.provenance = provenance
        self.scenarioDefinitions = scenarioDefinitions
    }

    /// The schema identifier written by this version.
    public static let currentSchema = "cornerbench.results/1"

    /// The most steps a run may measure: what a results file may hold in `runs[].steps`, what
    /// `Runner` measures and what scenario files may ask for (`ScenarioFile.maxSteps`). A million
    /// steps with `--samples` make a file of about 60 MB per strategy.
    public static let maxSteps = 1_000_000

    /// The largest counter, time, size, mean or ratio a results file may hold: 2^53, beyond
    /// which a double no longer holds every integer. Real values stay far below it (a million
    /// steps of 33 MB of tile traffic sum to 3.3 × 10^13), and with it every value converts
    /// between `Int` and `Double` exactly, so no comparison or report can overflow a conversion.
    public static let maxValue = 1 << 53

    /// The smallest ratio of two times a results file may hold, apart from the 0 the writer puts
    /// for a ratio over a reference that is 0 itself. Every step draws its frame, which writes each
    /// pixel at least once, as the fill floor does and as `none`'s step does, so a step (or its
    /// composite) is at least of the order of what it is divided by: the smallest ratio measured
    /// by this project is 0.90 (`compositeToTraffic`). A thousandth leaves a margin of several
    /// hundred times and refuses what no measurement gives (0 from a deleted time, a subnormal
    /// number), which the gate would otherwise show as `–` or as a 100 % improvement.
    public static let minRatio = 0.001

    /// The keys a results file writes, and the ones its reader (`Results+Reading.swift`) looks up.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case schema, tool, machine, createdAt, floorNanos, copyFloorNanos, keptCopyFloorNanos, runs, peakMemoryBytes
        case provenance, scenarioDefinitions, processes, instructionCounter, cacheModel, limits
    }
}

/// How and from what a run was made, so that a number can be traced to its source and two runs
/// can be checked for being comparable.
public struct Provenance: Encodable, Equatable, Sendable {
    /// The command, as typed: `bench` and its arguments.
    public var commandLine: [String]
    /// The git commit of the working directory's repository (`HEAD`), when run inside one.
    public var gitCommit: String?
    /// The compiler that built bench, as precisely as the language reveals it (`6.3.1`).
    public var compiler: String
    /// The target triple bench was built for (`x86_64-unknown-linux-gnu`).
    public var target: String
    /// The kernel: `uname` system name, release and machine.
    public var kernel: String
    /// Physical memory, bytes.
    public var memoryBytes: Int
    /// The kind of host the times were measured on; nil in files written before it was recorded,
    /// whose times are then never gated against another run's.
    public var host: HostFingerprint?

    public init(commandLine: [String], gitCommit: String?, compiler: String, target: String, kernel: String,
                memoryBytes: Int, host: HostFingerprint? = nil) {
        self.host = host
        self.commandLine = commandLine
        self.gitCommit = gitCommit
        self.compiler = compiler
        self.target = target
        self.kernel = kernel
        self.memoryBytes = memoryBytes
    }

    /// The keys a results file writes, and the ones its reader (`Provenance+Reading.swift`) looks up.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case commandLine, gitCommit, compiler, target, kernel, memoryBytes, host
    }
}

/// The machine a result was measured on.
public struct MachineInfo: Encodable, Equatable, Sendable {
    /// Operating system and kernel.
    public var os: String
    /// Logical processors.
    public var cores: Int
    /// The processor model, when known.
    public var cpu: String

    public init(os: String, cores: Int, cpu: String) {
        self.os = os
        self.cores = cores
        self.cpu = cpu
    }

    /// The keys a results file writes, and the ones its reader (`MachineInfo+Reading.swift`) looks up.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case os, cores, cpu
    }
}

/// The result of one strategy on one scenario.
public struct RunResult: Encodable, Equatable, Sendable {
    /// The scenario's name.
    public var scenario: String
    /// The strategy's name.
    public var strategy: String
    /// Steps measured.
    public var steps: Int
    /// Steps in which a layout pass ran.
    public var layoutPasses: Int
    /// Every counter summed over the measured steps.
    public var totals: [Counter: Int]
    /// Every counter's mean per step.
    public var perStep: [Counter: Double]
    /// Phase timings over the measured steps.
    public var timing: [Phase: Summary]
    /// Times relative to references measured in the same run (the `…ToNone` ratios only when
    /// `none` ran).
    public var ratios: [Ratio: Double]
    /// The per-step nanoseconds of the first round, by phase (`timing` pools every round's).
    public var samples: [Phase: [Int]]
    /// Each round's median nanoseconds, by phase: one value per round (or per process). What
    /// comparisons test, since rounds, unlike steps, repeat the same work. Absent in older files.
    public var rounds: [Phase: [Int]]?
    /// Each round's ratios (the round's median over the same round's floor or `none`): what the
    /// gate tests, since both sides of a ratio share their round's luck. Absent in older files.
    public var roundRatios: [Ratio: [Double]]?
    /// The steps (0-based) at which a scenario event happened (a style change, resize, selection).
    public var eventSteps: [Int]
    /// What happened at each of `eventSteps`, in the same order and in a few words
    /// (`corner radius 7 → 12`, `resize to 375 × 600`): what the HTML report names on its charts.
    /// Absent in older files.
    public var eventLabels: [String]?
    /// CRC-32 (hex) of the frame's pixels at fixed steps (`Runner.pictureSteps`), keyed by step:
    /// a change of picture is a change of result, which the gate reports.
    public var pictures: [String: String]
    /// The memory floor of this run's scenario (its framebuffer size), in nanoseconds: what the
    /// `…ToFloor` ratios divide by.
    public var floorNanos: Int
    /// The copy floor of this run's scenario, in nanoseconds.
    public var copyFloorNanos: Int
    /// The kept-copy floor of this run's scenario (a kept image copied into a frame), in
    /// nanoseconds: what prices reading kept bitmaps in `trafficBoundNanos`; 0 in files written
    /// before it was measured.
    public var keptCopyFloorNanos: Int = 0
    /// Instructions executed in each phase over the measured steps, counted by valgrind's
    /// callgrind (exact up to the tolerance `Gate` documents); nil when not counted.
    public var instructions: [Phase: Int]?
    /// Each phase's host-free cost over the measured steps, counted with `instructions` under the
    /// run's `cacheModel`; nil when not counted (or counted by a version without it).
    public var cost: [Phase: [CostMetric: Int]]?
    /// Off-screen buffers the renderer allocated in this run (not taken from its pool): they stop
    /// growing after the first frames, because the steady state allocates none.
    public var buffersAllocated: Int = 0
    /// The least time the mean step's kernel traffic (`bytesWritten`, `bytesRead`, of which
    /// `keptBytesRead` from kept bitmaps) takes at this run's memory floors (`TrafficBound`), in
    /// nanoseconds; 0 in files written before it existed.
    public var trafficBoundNanos: Int = 0
    /// The first measured step's time in nanoseconds (the median over rounds and processes): the
    /// table's first load, which creates and configures every visible cell, draws their label
    /// bitmaps and fills the buffer pool. It is reported on its own and kept out of `timing`,
    /// `rounds` and the ratios, which describe scrolling; its counters stay in `totals`, which
    /// count every measured step. `samples` keep it, as step 0. Nil in older files, whose `timing`
    /// includes it, and for a run of one step, whose only step is timed.
    public var firstStepNanos: Int?
    /// The device model's GPU time per frame on the scenario's device (`DeviceTime`): an estimate,
    /// never a measurement. Nil where the device names no GPU, and in older files.
    public var deviceTime: DeviceTime?
    /// What each layer of the scenario's cell described as layers cost per frame, depth first
    /// (`CellLayerCost`); nil for a table of Settings rows, and in older files.
    public var layerCosts: [CellLayerCost]?
    /// What each fix that applies to a layer of the cell that pays would cost instead
    /// (`CellFixCost`): a run of the changed cell per fix, one layer at a time, then every layer a
    /// fix applies to. On `none`'s row of a cell's scenario when `bench run` priced them; nil
    /// otherwise, and in older files.
    public var fixes: [CellFixCost]?
    /// The paths of layers that pay but whose fixes were not priced, beyond the dearest few that
    /// `bench run` prices (docs/scenario-files.md, "What a fix saves"); nil when none was left out.
    public var fixesLeftOut: [String]?

    /// The per-step nanoseconds of `phase` that the step statistics describe: `samples` without
    /// the first load when it is reported on its own (`firstStepNanos`).
    public func timedSamples(_ phase: Phase) -> ArraySlice<Int> {
        let all = samples[phase] ?? []
        return firstStepNanos != nil && all.count > 1 ? all.dropFirst() : all[...]
    }

    public init(scenario: String, strategy: String, steps: Int, layoutPasses: Int, totals: [Counter: Int],
                perStep: [Counter: Double], timing: [Phase: Summary], ratios: [Ratio: Double], samples: [Phase: [Int]],
                eventSteps: [Int], pictures: [String: String], floorNanos: Int, copyFloorNanos: Int,
                buffersAllocated: Int = 0) {
        self.scenario = scenario
        self.strategy = strategy
        self.steps = steps
        self.layoutPasses = layoutPasses
        self.totals = totals
        self.perStep = perStep
        self.timing = timing
        self.ratios = ratios
        self.samples = samples
        self.eventSteps = eventSteps
        self.pictures = pictures
        self.floorNanos = floorNanos
        self.copyFloorNanos = copyFloorNanos
        self.buffersAllocated = buffersAllocated
    }

    /// The keys a results file writes, and the ones its reader (`RunResult+Reading.swift`) looks up.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case scenario, strategy, steps, layoutPasses, totals, perStep, timing, ratios, samples, rounds, roundRatios
        case eventSteps, eventLabels, pictures, floorNanos, copyFloorNanos, keptCopyFloorNanos, instructions, cost
        case buffersAllocated, trafficBoundNanos, firstStepNanos, deviceTime, layerCosts, fixes, fixesLeftOut
    }
}

/// What identifies a row of results: a (scenario, strategy) pair.
public struct RunKey: Hashable, Sendable, CustomStringConvertible {
    public var scenario: String
    public var strategy: String

    public init(scenario: String, strategy: String) {
        self.scenario = scenario
        self.strategy = strategy
    }

    /// `scenario/strategy`, as messages print a row.
    public var description: String { "\(scenario)/\(strategy)" }
}

extension RunResult {
    /// The row's (scenario, strategy).
    public var key: RunKey { RunKey(scenario: scenario, strategy: strategy) }
}

extension Results {
    /// The runs by their (scenario, strategy); the first of any duplicates (a loaded file has
    /// none: `Results.load` refuses a row that appears twice).
    public var runsByKey: [RunKey: RunResult] {
        Dictionary(runs.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
