import Problems
import Results
/// Runs of the same command in several processes, joined into one result.
extension Results {
    /// One result from `processes` (each the same command in its own process), whose rows' `rounds`
    /// hold one value per process — its median of round medians — so a comparison judges the
    /// variation between processes, which rounds inside one process share and hide. Counters,
    /// pictures and steps must be identical in every process (a difference is a determinism bug,
    /// reported, not averaged away); timings pool the first-round samples; ratios and floors are
    /// the processes' medians, `roundRatios` one ratio per process.
    /// - Throws: `BenchError.input` when there are no processes or they measured different rows,
    ///   counters, pictures or steps.
    public static func merging(processes: [Results]) throws -> Results {
        guard var merged = processes.first else { throw BenchError.input(.incomparable(.noProcesses)) }
        for (p, other) in processes.enumerated().dropFirst() {
            guard other.runs.map(\.key) == merged.runs.map(\.key) else {
                throw BenchError.input(.incomparable(.otherProcessRows(process: p + 1)))
            }
            for (a, b) in zip(merged.runs, other.runs) where a.totals != b.totals || a.pictures != b.pictures || a.steps != b.steps {
                throw BenchError.input(.incomparable(.nondeterministicProcess(process: p + 1, row: "\(a.key)")))
            }
        }
        func median(_ values: [Double]) -> Double { Summary.median(sorted: values.sorted()) }
        for i in merged.runs.indices {
            let rows = processes.map { $0.runs[i] }
            var rounds: [Phase: [Int]] = [:], timing: [Phase: Summary] = [:]
            for phase in Phase.allCases {
                rounds[phase] = rows.map { row in
                    let values = row.rounds?[phase].map { $0.map(Double.init) } ?? row.timing[phase].map { [Double($0.median)] } ?? []
                    return Int(median(values).rounded())
                }
                timing[phase] = Summary(rows.flatMap { $0.timedSamples(phase) })
            }
            merged.runs[i].rounds = rounds
            merged.runs[i].timing = timing
            var ratios: [Ratio: Double] = [:]
            for ratio in Ratio.allCases {
                let values = rows.compactMap { $0.ratios[ratio] }
                if values.count == rows.count { ratios[ratio] = median(values) }
            }
            merged.runs[i].ratios = ratios
            var roundRatios: [Ratio: [Double]] = [:]
            for ratio in Ratio.allCases {
                let perProcess = rows.compactMap { $0.roundRatios?[ratio].map(median) ?? $0.ratios[ratio] }
                if perProcess.count == rows.count { roundRatios[ratio] = perProcess }
            }
            merged.runs[i].roundRatios = roundRatios
            merged.runs[i].floorNanos = Int(median(rows.map { Double($0.floorNanos) }).rounded())
            merged.runs[i].copyFloorNanos = Int(median(rows.map { Double($0.copyFloorNanos) }).rounded())
            merged.runs[i].keptCopyFloorNanos = Int(median(rows.map { Double($0.keptCopyFloorNanos) }).rounded())
            merged.runs[i].trafficBoundNanos = Int(median(rows.map { Double($0.trafficBoundNanos) }).rounded())
            let firsts = rows.compactMap(\.firstStepNanos)
            merged.runs[i].firstStepNanos = firsts.count == rows.count ? Int(median(firsts.map(Double.init)).rounded()) : nil
        }
        merged.floorNanos = Int(median(processes.map { Double($0.floorNanos) }).rounded())
        merged.copyFloorNanos = Int(median(processes.map { Double($0.copyFloorNanos) }).rounded())
        merged.keptCopyFloorNanos = Int(median(processes.map { Double($0.keptCopyFloorNanos) }).rounded())
        merged.peakMemoryBytes = processes.map(\.peakMemoryBytes).max() ?? 0
        merged.processes = processes.count
        return merged
    }
}
