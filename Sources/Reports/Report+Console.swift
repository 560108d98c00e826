import Results

/// The comparison table `swift run bench` prints: a row per strategy, per scenario.
extension Results {
    /// Plain-text tables, one per scenario, with the run's context above them. Names are shown as
    /// `Escape.terminal` writes them, shortened to `Escape.nameLimit`.
    ///
    /// Next to the step median stands its 90th percentile, so a reader sees how much the steps
    /// spread; a `× none` ratio whose step times do not stand out from `none`'s
    /// (`Results.referenceTest`) is marked `~`, as `bench compare` marks a change within noise.
    /// When the run counted under valgrind (`--instructions`), two host-free columns follow: the
    /// step's estimated cycles per step in millions, and that over `none`'s, which is exact.
    public func comparisonTable() -> String {
        var out = ""
        let optimized = tool.optimized ? "hot modules optimized" : "NOT optimized: timings are not meaningful"
        out += Escape.terminal("CornerBench \(tool.version) · \(tool.configuration) build (\(optimized)) · Swift \(tool.swift)") + "\n"
        out += "machine: \(Escape.terminal(machine.cpu)), \(machine.cores) cores · memory floor \(Format.micros(floorNanos)) µs fill, \(Format.micros(copyFloorNanos)) µs copy per framebuffer · peak memory \(peakMemoryBytes >> 20) MB\n"
        var bases: [ReferenceTest.Basis] = []
        for scenario in scenarioNames {
            let rows = runs.filter { $0.scenario == scenario }
            let counted = rows.contains { $0.estimatedCycles?[.step] != nil }
            let noneCycles = rows.first { $0.strategy == Ratio.referenceStrategy }.flatMap(\.stepCyclesPerStep)
            out += "\nscenario \(Escape.terminal(Escape.shortened(scenario))): \(rows.first?.steps ?? 0) steps; counters are means per step, times medians in µs\n"
            // The composite stands next to the least time its memory traffic takes.
            let header = ["strategy", Counter.blendedPixels.info.label, Counter.offscreenPasses.info.label,
                          Counter.renderPasses.info.label, "tile MB", "raster hit/miss"]
                + [Phase.layout, .reuse, .composite].map(\.info.label) + ["bound", Phase.step.info.label, "step p90"]
                + [Ratio.stepToFloor.info.label, Ratio.stepToNone.info.label]
                + (counted ? ["Mcycles", "cyc × none"] : [])
            var table = [header]
            for run in rows {
                let hitMiss = Format.fixed(run.perStep[.rasterHits] ?? 0, 1) + " / " + Format.fixed(run.perStep[.rasterMisses] ?? 0, 1)
                let test = referenceTest(run)
                if let test, !bases.contains(test.basis) { bases.append(test.basis) }
                // Two characters after every ratio, so the digits line up whether or not it has a `~`.
                let toNone = run.ratios[.stepToNone].map { Format.fixed($0, 2) + (test.map { $0.isSignificant } == false ? " ~" : "  ") } ?? "–  "
                var cycles: [String] = []
                if counted {
                    let perStep = run.stepCyclesPerStep
                    cycles.append(perStep.map { Format.fixed($0 / 1e6, 2) } ?? "–")
                    if let perStep, let noneCycles { cycles.append(Format.fixed(perStep / noneCycles, 2)) } else { cycles.append("–") }
                }
                table.append([
                    Escape.terminal(Escape.shortened(run.strategy)),
                    Format.grouped(Int((run.perStep[.blendedPixels] ?? 0).rounded())),
                    Format.fixed(run.perStep[.offscreenPasses] ?? 0, 1),
                    Format.fixed(run.perStep[.renderPasses] ?? 0, 1),
                    Format.fixed((run.perStep[.tileTrafficBytes] ?? 0) / 1_000_000, 1),
                    hitMiss,
                ] + [Phase.layout, .reuse, .composite].map { Format.micros(run.timing[$0]?.median ?? 0) }
                  + [run.trafficBoundNanos > 0 ? Format.micros(run.trafficBoundNanos) : "–",
                     Format.micros(run.timing[.step]?.median ?? 0), Format.micros(run.timing[.step]?.p90 ?? 0),
                     run.ratios[.stepToFloor].map { Format.fixed($0, 2) } ?? "–", toNone] + cycles)
            }
            // The ratio's padding would leave spaces at the ends of lines.
            out += Format.align(table).split(separator: "\n", omittingEmptySubsequences: false)
                .map { line in String(line.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
        }
        if !bases.isEmpty { out += "\n" + Results.noiseNote(bases) + "\n" }
        if runs.contains(where: { $0.estimatedCycles?[.step] != nil }) {
            out += "Mcycles: the step's estimated cycles per step under valgrind's simulated cache (L1 hits + 5 × LL hits + 35 × RAM accesses), the same on every host; µs and their ratios are this host's.\n"
        }
        return out
    }

    /// What `~` means, for the samples the tests used.
    static func noiseNote(_ bases: [ReferenceTest.Basis]) -> String {
        let alpha = Format.fixed(Comparison.alpha, 2)
        let over = bases.map { basis -> String in
            switch basis {
            case .processes(let n): return "the \(n) processes' median step times"
            case .steps(let n): return "the \(n) per-step times of one round"
            }
        }
        var note = "~ after × none: the step times do not differ from none's (Mann–Whitney U, α = \(alpha), over "
            + over.joined(separator: " or ") + ")."
        if bases.contains(where: { if case .steps = $0 { true } else { false } }) {
            note += "\nSteps of one process share its luck: a ratio without ~ may not repeat in another process (bench run --processes 5, then bench compare)."
        }
        return note
    }
}

extension RunResult {
    /// The step's estimated cycles per measured step; nil when not counted.
    var stepCyclesPerStep: Double? {
        estimatedCycles?[.step].map { Double($0) / Double(Swift.max(1, steps)) }
    }
}
