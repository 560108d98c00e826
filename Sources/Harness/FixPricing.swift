import Devices
import Raster
import Results
import Scenarios
import Strategies
import Table

/// What each fix of a described cell's dearest layers saves, learnt by running the fixed cell:
/// for each layer that pays (off-screen passes or splits, by the row's `layerCosts`), each fix
/// that applies to it (`CellVariant`) is made alone, then each fix that applies to several such
/// layers is made to all of them, and each changed cell scrolls the row's scenario under the same
/// strategy (`none`) for the same steps as the row, through the same frame step
/// (`Simulation.measuredStep`), its counters summed as the row's are and its mean frame priced on
/// the device's GPU. Nothing is subtracted or scaled from the row: a fix's figures are its own run's.
///
/// A variant runs once, without a warm-up or the memory floor's turns: its counters are those of
/// the first round of the row's run, which starts from a fresh table too, and it has no times to
/// keep. Rejected: a row per variant in the results, which `bench check` and every report would
/// then take for strategies.
public enum FixPricing {
    /// The most layers that pay whose fixes a run prices, the dearest first (a variant is one run
    /// of the scenario each; a cell of many paying layers would otherwise multiply the run).
    public static let maxLayers = 8

    /// Prices the fixes of every row of `results` that is `none`'s on a scenario of `plan` whose
    /// rows show one cell described as layers, and keeps them on the row (`RunResult.fixes`, empty
    /// when no layer pays or no fix applies; `fixesLeftOut` beyond `maxLayers`). Each variant runs `row.steps`
    /// steps. `progress` hears `scenario: fix i/n` before each run.
    /// - Throws: `BenchError` when a variant's run would not fit the process's memory, take too
    ///   long (`WorkEstimate`) or could not draw a pass.
    public static func attach(to results: inout Results, plan: RunPlan, catalog: StrategyCatalog = .builtIn,
                              kernels: KernelChoice = .preferred, progress: ((String) -> Void)? = nil) throws {
        for i in results.runs.indices where results.runs[i].strategy == Ratio.referenceStrategy {
            let row = results.runs[i]
            guard let scenario = plan.scenarios.first(where: { $0.name == row.scenario }), let costs = row.layerCosts else { continue }
            let priced = try price(scenario: scenario, steps: row.steps, costs: costs, catalog: catalog, kernels: kernels, progress: progress)
            results.runs[i].fixes = priced.fixes
            results.runs[i].fixesLeftOut = priced.leftOut.isEmpty ? nil : priced.leftOut
        }
    }

    /// The variants to run for `scenario`'s cell, whose layers cost `costs` in the row: each fix of
    /// each of the `maxLayers` dearest layers that pay (by GPU time, then passes, then splits; in
    /// the cell's order), then the combined ones; and the paths of the paying layers left out.
    /// Empty unless the scenario's rows show one described cell.
    public static func variants(scenario: Scenario, costs: [CellLayerCost]) -> (variants: [CellVariant], leftOut: [String]) {
        guard let cell = scenario.describedCell else { return ([], []) }
        let paying = costs.indices.filter { costs[$0].offscreenPasses > 0 || costs[$0].screenSplits > 0 }
        let dearest = paying.sorted { a, b in
            let x = costs[a], y = costs[b]
            if (x.gpuHighNanos ?? 0) != (y.gpuHighNanos ?? 0) { return (x.gpuHighNanos ?? 0) > (y.gpuHighNanos ?? 0) }
            if x.offscreenPasses != y.offscreenPasses { return x.offscreenPasses > y.offscreenPasses }
            if x.screenSplits != y.screenSplits { return x.screenSplits > y.screenSplits }
            return a < b
        }
        let kept = Array(dearest.prefix(maxLayers)).sorted()
        let scale = scenario.device.scale
        let variants = kept.flatMap { CellVariant.variants(of: cell, tag: $0, screenScale: scale) }
            + CellVariant.combined(of: cell, tags: kept, screenScale: scale)
        let leftOut = dearest.dropFirst(maxLayers).sorted().map { costs[$0].layer }
        return (variants, leftOut)
    }

    /// The fixes of `scenario`'s cell (`variants(scenario:costs:)`), each run for `steps` steps,
    /// and the paying layers left out.
    public static func price(scenario: Scenario, steps: Int, costs: [CellLayerCost], catalog: StrategyCatalog = .builtIn,
                             kernels: KernelChoice = .preferred,
                             progress: ((String) -> Void)? = nil) throws -> (fixes: [CellFixCost], leftOut: [String]) {
        let (variants, leftOut) = self.variants(scenario: scenario, costs: costs)
        guard !variants.isEmpty else { return ([], leftOut) }
        let scenarios = variants.map { scenario.showing($0.cell) }
        // Before anything runs, as `Runner` checks a plan: a variant draws what its cell draws.
        let plan = RunPlan(scenarios: scenarios, strategies: [StrategyCatalog.reference])
        try WorkEstimate.check(plan, steps: steps, rounds: 1)
        try FrameMemory.check(FrameMemory.need(for: plan, steps: steps, rounds: 1))
        let paths = scenario.describedCell?.layerPaths ?? []
        let geometry = TableGeometry(sections: scenario.sectionSpecs)
        var fixes: [CellFixCost] = []
        for (i, variant) in variants.enumerated() {
            progress?("\(scenario.name): fix \(i + 1)/\(variants.count)")
            let (perStep, time) = try run(scenarios[i], steps: steps, geometry: geometry, catalog: catalog, kernels: kernels)
            let cost = CellFixCost(layers: variant.tags.map { paths[$0] }, fix: variant.fix, change: variant.change,
                                   offscreenPasses: perStep[.offscreenPasses] ?? 0, screenSplits: perStep[.screenSplits] ?? 0,
                                   tileTrafficBytes: perStep[.tileTrafficBytes] ?? 0, blendedPixels: perStep[.blendedPixels] ?? 0,
                                   gpuLowNanos: time?.lowNanos, gpuHighNanos: time?.highNanos)
            fixes.append(cost)
        }
        return (fixes, leftOut)
    }

    /// One run of `scenario` under `none` for `steps` steps from a fresh table, as `Runner`
    /// measures a row's first round: its counters' means per step, and the model's price of the
    /// mean frame (nil when the device names no GPU).
    static func run(_ scenario: Scenario, steps: Int, geometry: TableGeometry, catalog: StrategyCatalog,
                    kernels: KernelChoice) throws -> (perStep: [Counter: Double], time: DeviceTime?) {
        let simulation = try Simulation(scenario: scenario, strategyName: StrategyCatalog.reference, geometry: geometry,
                                        catalog: catalog, kernels: kernels)
        var sum = FrameStats()
        for _ in 0..<steps { sum += try simulation.measuredStep(checksum: false).stats }
        var perStep: [Counter: Double] = [:]
        for counter in Counter.allCases { perStep[counter] = steps > 0 ? Double(sum[counter]) / Double(steps) : 0 }
        return (perStep, scenario.device.deviceTime(perStep: perStep))
    }
}

extension Scenario {
    /// The scenario with every row showing `cell` instead, its headers and footers kept.
    func showing(_ cell: CellDescription) -> Scenario {
        var changed = self
        changed.content = ContentPattern(cells: [.layers(cell)], headerLength: content.headerLength, footerLength: content.footerLength)
        return changed
    }
}
