import Compositor
import Devices
import Results
import Scenarios
import Strategies
import Table

/// What one scenario's strategies measured over every round of a run: the first round's step
/// records and every round's times and memory floors, which `results()` turns into the scenario's
/// `RunResult`s, each built once.
///
/// Counters, pictures and buffer counts come from the first round (later rounds repeat them
/// exactly); times are pooled over all rounds, and each round's medians are kept, because the
/// variation between rounds, not between steps, is what a comparison must judge.
struct ScenarioMeasurement {
    /// A memory floor: the median nanoseconds of one fill, one copy from the cache and one copy of
    /// a kept image, of every row of the scenario's framebuffer (`MemoryFloor`).
    struct Floors {
        /// Nanoseconds of one fill: what the `…ToFloor` ratios divide by.
        var fill: Int
        /// Nanoseconds of one copy of rows in the cache.
        var copy: Int
        /// Nanoseconds of one copy of a kept image.
        var kept: Int

        /// The medians of `fills` and `copies`, and the least of the kept copies' medians by way
        /// of copying (`MemoryFloor.copyWays`; 0 when none was timed).
        init(fills: [Int], copies: [Int], kept: [Int: [Int]]) {
            fill = Summary(fills).median
            copy = Summary(copies).median
            self.kept = kept.values.filter { !$0.isEmpty }.map { Summary($0).median }.min() ?? 0
        }
    }

    /// The scenario measured.
    let scenario: Scenario
    /// Its strategies, in the order they ran.
    let strategies: [String]
    /// The first round's step records, by strategy.
    private var firstRound: [[StepRecord]] = []
    /// Every round's samples, by strategy and phase.
    private var pooled: [[Phase: [Int]]]
    /// Each round's median, by strategy and phase: one value per round.
    private var roundMedians: [[Phase: [Int]]]
    /// Each round's floors: the medians of the fills and copies timed between its steps.
    private var roundFloors: [Floors] = []
    /// Every fill, copy and kept copy timed, all rounds.
    private var fills: [Int] = [], copies: [Int] = [], kept: [Int: [Int]] = [:]
    /// Each round's first step time, by strategy: the table's first load, kept out of the step
    /// statistics (`RunResult.firstStepNanos`).
    private var firstSteps: [[Int]]

    /// An empty measurement of `strategies` on `scenario`.
    init(scenario: Scenario, strategies: [String]) {
        self.scenario = scenario
        self.strategies = strategies
        self.pooled = Array(repeating: [:], count: strategies.count)
        self.roundMedians = Array(repeating: [:], count: strategies.count)
        self.firstSteps = Array(repeating: [], count: strategies.count)
    }

    /// Adds one round: each strategy's step records (indexed as `strategies`) and the fills,
    /// copies and kept copies of the memory floor timed between its steps.
    mutating func add(round records: [[StepRecord]], fills: [Int], copies: [Int], kept: [Int: [Int]]) {
        if firstRound.isEmpty { firstRound = records }
        for i in strategies.indices {
            // The first step loads the table (every visible cell created, configured and drawn
            // for the first time): reported on its own, so the statistics describe scrolling.
            let scrolled = records[i].count > 1 ? records[i].dropFirst() : records[i][...]
            if records[i].count > 1, let first = records[i].first { firstSteps[i].append(first.nanos(.step)) }
            for phase in Phase.allCases {
                let samples = scrolled.map { $0.nanos(phase) }
                pooled[i][phase, default: []] += samples
                roundMedians[i][phase, default: []].append(Summary(samples).median)
            }
        }
        roundFloors.append(Floors(fills: fills, copies: copies, kept: kept))
        self.fills += fills
        self.copies += copies
        self.kept.merge(kept, uniquingKeysWith: +)
    }

    /// The scenario's floors over every round: what its rows carry and divide by.
    var floors: Floors { Floors(fills: fills, copies: copies, kept: kept) }

    /// One row per strategy, in the order they ran. The `…ToNone` ratios divide by the reference
    /// strategy of the same scenario (of the same round, for `roundRatios`) and are absent when it
    /// did not run.
    func results() -> [RunResult] {
        let floors = self.floors
        let timings = pooled.map { $0.mapValues { Summary($0) } }
        let reference = strategies.firstIndex(of: StrategyCatalog.reference)
        let eventLabels = scenario.definition.eventLabels
        return strategies.indices.map { i in
            let records = firstRound[i]
            var totals: [Counter: Int] = [:], perStep: [Counter: Double] = [:]
            let sum = records.reduce(into: FrameStats()) { $0 += $1.stats }
            for counter in Counter.allCases {
                totals[counter] = sum[counter]
                perStep[counter] = records.isEmpty ? 0 : Double(sum[counter]) / Double(records.count)
            }
            // The least time the mean step's kernel traffic takes at `floors`.
            func bound(_ floors: Floors) -> Int {
                TrafficBound.nanos(written: perStep[.bytesWritten] ?? 0, read: perStep[.bytesRead] ?? 0,
                                   kept: perStep[.keptBytesRead] ?? 0, frameBytes: scenario.device.pixelSize.area * 4,
                                   fill: floors.fill, copy: floors.copy, keptCopy: floors.kept)
            }
            // A round's medians of strategy `j`, by phase.
            func medians(_ j: Int, round: Int) -> [Phase: Int] { roundMedians[j].mapValues { $0[round] } }
            var ratios: [Ratio: Double] = [:], roundRatios: [Ratio: [Double]] = [:]
            for ratio in Ratio.allCases {
                ratios[ratio] = ratio.value(of: timings[i].mapValues(\.median), floor: floors.fill, trafficBound: bound(floors),
                                            reference: reference.map { timings[$0].mapValues(\.median) })
                let rounds = roundFloors.indices.compactMap { r in
                    ratio.value(of: medians(i, round: r), floor: roundFloors[r].fill, trafficBound: bound(roundFloors[r]),
                                reference: reference.map { medians($0, round: r) })
                }
                if rounds.count == roundFloors.count { roundRatios[ratio] = rounds }
            }
            let eventSteps = records.indices.filter { records[$0].hadEvent }
            var samples: [Phase: [Int]] = [:]
            for phase in Phase.allCases { samples[phase] = records.map { $0.nanos(phase) } }
            var row = RunResult(scenario: scenario.name, strategy: strategies[i], steps: records.count,
                             layoutPasses: records.filter(\.laidOut).count, totals: totals, perStep: perStep,
                             timing: timings[i], ratios: ratios, samples: samples, rounds: roundMedians[i],
                             roundRatios: roundRatios, eventSteps: eventSteps,
                             eventLabels: eventSteps.map { eventLabels[$0] ?? "event" },
                             pictures: Dictionary(uniqueKeysWithValues: records.indices.compactMap { k in
                                 records[k].picture.map { (String(k), $0) }
                             }),
                             floors: floors, trafficBoundNanos: bound(floors),
                                buffersAllocated: records.last?.buffersAllocated ?? 0)
            row.firstStepNanos = firstSteps[i].isEmpty ? nil : Summary(firstSteps[i]).median
            row.deviceTime = scenario.device.deviceTime(perStep: perStep, steps: records.map(\.stats))
            row.layerCosts = scenario.layerCosts(sum.render.layerCosts, steps: records.count)
            return row
        }
    }
}

extension RunResult {
    /// A row with every field a run measures, so `ScenarioMeasurement` builds it in one piece:
    /// the public initializer's fields plus each round's medians and ratios, the events' labels
    /// and the scenario's floors and traffic bound.
    init(scenario: String, strategy: String, steps: Int, layoutPasses: Int, totals: [Counter: Int],
         perStep: [Counter: Double], timing: [Phase: Summary], ratios: [Ratio: Double], samples: [Phase: [Int]],
         rounds: [Phase: [Int]], roundRatios: [Ratio: [Double]], eventSteps: [Int], eventLabels: [String],
         pictures: [String: String], floors: ScenarioMeasurement.Floors, trafficBoundNanos: Int, buffersAllocated: Int) {
        self.init(scenario: scenario, strategy: strategy, steps: steps, layoutPasses: layoutPasses, totals: totals,
                  perStep: perStep, timing: timing, ratios: ratios, samples: samples, eventSteps: eventSteps,
                  pictures: pictures, floorNanos: floors.fill, copyFloorNanos: floors.copy,
                  buffersAllocated: buffersAllocated)
        self.keptCopyFloorNanos = floors.kept
        self.rounds = rounds
        self.roundRatios = roundRatios
        self.eventLabels = eventLabels
        self.trafficBoundNanos = trafficBoundNanos
    }
}

extension Scenario {
    /// The cell every row shows when it is described as layers, whose layers' tags
    /// (`Layer.costTag`) are places in its `layerPaths`; nil unless the rows show exactly that
    /// one cell, as tags of two descriptions could not be told apart.
    public var describedCell: CellDescription? {
        guard content.cells.count == 1, case .layers(let description) = content.cells[0] else { return nil }
        return description
    }

    /// What each layer of the scenario's cell described as layers cost per step, from the
    /// compositor's attribution summed over `steps` (`RenderStats.layerCosts`), depth first,
    /// each priced on the device's GPU; nil unless the rows show exactly one such cell
    /// (`describedCell`).
    func layerCosts(_ sums: [Int: LayerCost], steps: Int) -> [CellLayerCost]? {
        guard let described = describedCell, steps > 0 else { return nil }
        let n = Double(steps)
        let names = described.layerNames
        return described.layerPaths.enumerated().map { tag, path in
            let sum = sums[tag] ?? LayerCost()
            var cost = CellLayerCost(layer: path, name: names[tag], offscreenPasses: Double(sum.offscreenPasses) / n, screenSplits: Double(sum.screenSplits) / n,
                                     tileTrafficBytes: Double(sum.tileTrafficBytes) / n, blendedPixels: Double(sum.blendedPixels) / n)
            if let time = device.layerTime(cost) { (cost.gpuLowNanos, cost.gpuHighNanos) = (time.low, time.high) }
            return cost
        }
    }
}
