import Harness
import Raster
import Results
import Strategies
import Table

/// The child side of counting under valgrind (the parent is BenchCLI's `InstructionCounter`):
/// instructions executed per phase, and their simulated cache cost, counted by valgrind's
/// callgrind: wall-clock time on a shared machine is noisy, the instructions a phase executes are
/// not. A child `bench` under callgrind runs each (scenario, strategy) pair alone — warm-up steps,
/// `boundary`, the measured steps, `boundary` — and callgrind dumps and zeroes its counts after each
/// `boundary` (`--dump-after`), so every second dump holds one pair's measured steps. A phase's
/// count is the inclusive cost of the function that runs it (`Simulation.reusePhase`,
/// `layoutPhase`, `compositePhase`; `step` for all), read by `CallgrindProfile`; with the cache
/// simulated (`CacheModel.standard`) the same dumps give its reads, writes, misses and cycles.
public enum CountedPairs {
    /// The symbol fragment of the function whose inclusive cost is each phase's count (the
    /// functions are never inlined, so they exist under these mangled names).
    public static let phaseSymbols: [Phase: String] = [
        .step: "7Harness10SimulationC4step",
        .reuse: "7Harness10SimulationC10reusePhase",
        .layout: "7Harness10SimulationC11layoutPhase",
        .composite: "7Harness10SimulationC14compositePhase",
    ]

    /// The callgrind option that dumps the counts after each `boundary` call: its mangled name
    /// spells this type's (`12CountedPairs`), so renaming the type means changing it here.
    public static let dumpOption = "--dump-after=*12CountedPairsO8boundary*"

    /// Marks the end of a counted stretch: callgrind dumps after it returns. Prints `label`, so
    /// the parent can match dumps to pairs in order (and so the call has an effect and stays).
    @inline(never)
    public static func boundary(_ label: String) {
        print(label)
    }

    /// The child's work: for each pair in turn, the warm-up steps (their dump is labelled
    /// `warm-up`), then the measured steps (labelled with the pair's `label`). The order of pairs
    /// does not change a pair's counts, because each pair runs alone between two boundaries.
    /// Strategy names are looked up in `catalog`.
    public static func measure(_ pairs: [(label: String, scenario: Scenario, strategy: String)], steps: Int?,
                               catalog: StrategyCatalog = .builtIn) throws {
        // Counted on the vector store path, whose instructions are the same on every host and
        // follow the bytes written (`StoreKernel`), and the portable lanes, which every host has,
        // so blends count alike everywhere.
        let kernels = KernelChoice.counted
        var geometries: [String: TableGeometry] = [:]
        for pair in pairs {
            let scenario = pair.scenario
            let measured = steps ?? scenario.steps
            let geometry = geometries[scenario.name] ?? TableGeometry(sections: scenario.sectionSpecs)
            geometries[scenario.name] = geometry
            try Simulation.warmUp(scenario: scenario, strategyName: pair.strategy, geometry: geometry,
                                  steps: min(scenario.warmupSteps, measured), catalog: catalog, kernels: kernels)
            let simulation = try Simulation(scenario: scenario, strategyName: pair.strategy, geometry: geometry,
                                            catalog: catalog, kernels: kernels)
            boundary("warm-up")
            for _ in 0..<measured { simulation.step() }
            boundary(pair.label)
        }
    }
}
