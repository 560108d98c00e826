import JSON
import Problems
import Results
import Scenarios

/// Results built by hand, for tests of what reads results (the gate, comparisons, reports):
/// every figure is chosen here, so no test of a result has to run the Runner to get one.
public enum ResultsFixtures {
    /// One scenario measured by `strategies` over `steps` steps in one process: every counter of
    /// the catalogue with a distinct total, step times that grow with the strategy's place (so
    /// `none`, the reference, is the fastest), each ratio, and a picture at the first and last step.
    /// With `rounds` above 1, every row also records each round's median per phase (a little apart)
    /// and each round's ratios, as `bench run --rounds` writes them.
    public static func run(scenario: String = "long-table", strategies: [String] = ["none", "per-cell-mask"],
                           steps: Int = 12, rounds: Int = 1) -> Results {
        let runs = strategies.enumerated().map { index, strategy -> RunResult in
            var totals: [Counter: Int] = [:]
            for (i, counter) in Counter.allCases.enumerated() { totals[counter] = (i + 1) * steps * (index + 2) as Int }
            let perStep = totals.mapValues { Double($0) / Double(steps) }
            let times: [Int] = (0..<steps).map { (i: Int) -> Int in 100_000 * (index + 1) + 1_000 * i }
            var timing: [Phase: Summary] = [:]
            var samples: [Phase: [Int]] = [:]
            for phase in Phase.allCases {
                let share = phase == .step ? times : times.map { $0 / 4 }
                timing[phase] = Summary(share)
                samples[phase] = share
            }
            let step = Double(timing[.step]!.median)
            let ratios: [Ratio: Double] = [.stepToFloor: step / 50_000, .stepToNone: step / 105_500]
            let pictures = ["0": String(format: "%08x", 0x1000 + index), "\(steps - 1)": String(format: "%08x", 0x2000 + index)]
            var run = RunResult(scenario: scenario, strategy: strategy, steps: steps, layoutPasses: steps / 2, totals: totals,
                                perStep: perStep, timing: timing, ratios: ratios, samples: samples, eventSteps: [],
                                pictures: pictures, floorNanos: 50_000, copyFloorNanos: 60_000)
            if rounds > 1 {
                run.rounds = timing.mapValues { summary in (0..<rounds).map { summary.median + 100 * $0 } }
                run.roundRatios = ratios.mapValues { value in (0..<rounds).map { value * (1 + 0.001 * Double($0)) } }
            }
            return run
        }
        var results = Results(tool: ToolBuild(version: "1.0.0", configuration: "debug", optimized: true, swift: "6.3"),
                              machine: MachineInfo(os: "Linux", cores: 2, cpu: "Test CPU"), createdAt: "2025-01-01T00:00:00Z",
                              floorNanos: 50_000, copyFloorNanos: 60_000, runs: runs)
        // Rounds of one process record no process count, as `bench run --rounds` writes them.
        results.processes = rounds > 1 ? nil : 1
        // One kind of host, so a gate of two fixtures gates times.
        results.provenance = Provenance(commandLine: ["bench", "run"], gitCommit: nil, compiler: "Swift 6.3", target: "x86_64-unknown-linux-gnu",
                                        kernel: "Linux", memoryBytes: 1 << 30,
                                        host: HostFingerprint(cpu: "Test CPU", cpuID: "test", l1dBytes: 32_768, l2Bytes: 1 << 20,
                                                              l3Bytes: 1 << 25, transparentHugePages: "madvise"))
        // A definition of typed fields, as this version writes one (`Scenario.definition`).
        results.scenarioDefinitions = [scenario: .typed(definition(warmupSteps: steps))]
        return results
    }

    /// A definition of typed fields as `Scenario.definition` writes one: a 60 Hz phone's screen,
    /// ten sections of Settings rows scrolled at 12 pt per step, and `warmupSteps`, which a test
    /// changes to define the scenario differently.
    public static func definition(warmupSteps: Int = 10) -> ScenarioDefinition {
        ScenarioDefinition(
            device: .init(name: "iphone-se", width: 375, height: 667, scale: 2, refreshHz: 60, ios: 17),
            sections: 10, rowsPerSection: [4], rowHeight: 44, headerHeight: 35, footerHeight: 18,
            style: TableStyle(cornerRadius: 10, sideInset: 16),
            content: .settings, scroll: .constant(pointsPerStep: 12), events: [], warmupSteps: warmupSteps)
    }

    /// `definition()` showing one cell of `layers`.
    public static func definition(cell layers: [LayerDescription]) -> ScenarioDefinition {
        var definition = definition()
        definition.content = ContentPattern(cells: [.layers(.init(layers: layers, separatorInset: 16, rowHeight: nil))])
        return definition
    }

    /// `results` as measured in `values.count` processes whose `ratio` of the second row took
    /// `values`: what gates times.
    public static func rounds(_ results: Results, _ ratio: Ratio, _ values: [Double]) -> Results {
        var copy = results
        copy.processes = values.count
        copy.runs[1].roundRatios = [ratio: values]
        return copy
    }

    /// `results` with these instruction counts per phase in every row (totals over the steps).
    public static func counted(_ results: Results, _ counts: [Phase: Int] = [.step: 1_000_000, .reuse: 20_000, .layout: 30_000, .composite: 900_000]) -> Results {
        var copy = results
        copy.attach(instructions: Dictionary(uniqueKeysWithValues: copy.runs.map { ($0.key, counts) }), counter: "valgrind-3.19.0 callgrind")
        return copy
    }
}
