import Results

/// The comparison table `swift run bench` prints: a row per strategy, per scenario.
extension Results {
    /// Plain-text tables, one per scenario, with the run's context above them. Names are shown as
    /// `Escape.terminal` writes them, shortened to `Escape.nameLimit`.
    public func comparisonTable() -> String {
        var out = ""
        let optimized = tool.optimized ? "hot modules optimized" : "NOT optimized: timings are not meaningful"
        out += Escape.terminal("CornerBench \(tool.version) · \(tool.configuration) build (\(optimized)) · Swift \(tool.swift)") + "\n"
        out += "machine: \(Escape.terminal(machine.cpu)), \(machine.cores) cores · memory floor \(Format.micros(floorNanos)) µs fill, \(Format.micros(copyFloorNanos)) µs copy per framebuffer · peak memory \(peakMemoryBytes >> 20) MB\n"
        var scenarios: [String] = []
        for run in runs where !scenarios.contains(run.scenario) { scenarios.append(run.scenario) }
        for scenario in scenarios {
            let rows = runs.filter { $0.scenario == scenario }
            out += "\nscenario \(Escape.terminal(Escape.shortened(scenario))): \(rows.first?.steps ?? 0) steps; counters are means per step, times medians in µs\n"
            let ratios: [Ratio] = [.stepToFloor, .stepToNone]
            // The composite stands next to the least time its memory traffic takes.
            let header = ["strategy", Counter.blendedPixels.info.label, Counter.offscreenPasses.info.label,
                          Counter.renderPasses.info.label, "tile MB", "raster hit/miss"]
                + [Phase.layout, .reuse, .composite].map(\.info.label) + ["bound", Phase.step.info.label] + ratios.map(\.info.label)
            var table = [header]
            for run in rows {
                let hitMiss = Format.fixed(run.perStep[.rasterHits] ?? 0, 1) + " / " + Format.fixed(run.perStep[.rasterMisses] ?? 0, 1)
                table.append([
                    Escape.terminal(Escape.shortened(run.strategy)),
                    Format.grouped(Int((run.perStep[.blendedPixels] ?? 0).rounded())),
                    Format.fixed(run.perStep[.offscreenPasses] ?? 0, 1),
                    Format.fixed(run.perStep[.renderPasses] ?? 0, 1),
                    Format.fixed((run.perStep[.tileTrafficBytes] ?? 0) / 1_000_000, 1),
                    hitMiss,
                ] + [Phase.layout, .reuse, .composite].map { Format.micros(run.timing[$0]?.median ?? 0) }
                  + [run.trafficBoundNanos > 0 ? Format.micros(run.trafficBoundNanos) : "–", Format.micros(run.timing[.step]?.median ?? 0)]
                  + ratios.map { ratio in run.ratios[ratio].map { Format.fixed($0, 2) } ?? "–" })
            }
            out += Format.align(table)
        }
        return out
    }
}
