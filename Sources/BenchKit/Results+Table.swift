/// The comparison table `swift run bench` prints: a row per strategy, per scenario.
extension Results {
    /// Plain-text tables, one per scenario, with the run's context above them.
    public func comparisonTable() -> String {
        var out = ""
        let optimized = tool.optimized ? "hot modules optimized" : "NOT optimized: timings are not meaningful"
        out += "CornerBench \(tool.version) · \(tool.configuration) build (\(optimized)) · Swift \(tool.swift)\n"
        out += "machine: \(machine.cpu), \(machine.cores) cores · memory floor \(Results.micros(floorNanos)) µs fill, \(Results.micros(copyFloorNanos)) µs copy per framebuffer · peak memory \(peakMemoryBytes >> 20) MB\n"
        var scenarios: [String] = []
        for run in runs where !scenarios.contains(run.scenario) { scenarios.append(run.scenario) }
        for scenario in scenarios {
            let rows = runs.filter { $0.scenario == scenario }
            out += "\nscenario \(scenario): \(rows.first?.steps ?? 0) steps; counters are means per step, times medians in µs\n"
            let header = ["strategy", "blended px", "offscreen", "raster hit/miss", "layout", "reuse", "composite", "step", "× floor", "× none"]
            var table = [header]
            for run in rows {
                let hitMiss = Results.fixed(run.perStep["rasterHits"] ?? 0, 1) + " / " + Results.fixed(run.perStep["rasterMisses"] ?? 0, 1)
                table.append([
                    run.strategy,
                    Results.grouped(Int((run.perStep["blendedPixels"] ?? 0).rounded())),
                    Results.fixed(run.perStep["offscreenPasses"] ?? 0, 1),
                    hitMiss,
                    Results.micros(run.timing["layout"]?.median ?? 0),
                    Results.micros(run.timing["reuse"]?.median ?? 0),
                    Results.micros(run.timing["composite"]?.median ?? 0),
                    Results.micros(run.timing["step"]?.median ?? 0),
                    Results.fixed(run.ratios["stepToFloor"] ?? 0, 2),
                    run.ratios["stepToNone"].map { Results.fixed($0, 2) } ?? "–",
                ])
            }
            out += Results.align(table)
        }
        return out
    }

    /// Columns padded to their widest cell; the first left-aligned, the rest right-aligned.
    static func align(_ rows: [[String]]) -> String {
        let widths = (0..<rows[0].count).map { c in rows.map { $0[c].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { c, cell in
                let pad = String(repeating: " ", count: widths[c] - cell.count)
                return c == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    /// Nanoseconds as microseconds with one decimal.
    static func micros(_ nanos: Int) -> String { fixed(Double(nanos) / 1000, 1) }

    /// `value` with `digits` decimals.
    static func fixed(_ value: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        var text = String(rounded)
        if let dot = text.firstIndex(of: ".") {
            let decimals = text.distance(from: dot, to: text.endIndex) - 1
            if digits == 0 { text = String(text[..<dot]) } else if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
        } else if digits > 0 {
            text += "." + String(repeating: "0", count: digits)
        }
        return text
    }

    /// An integer with thousands separators.
    static func grouped(_ value: Int) -> String {
        let digits = String(abs(value))
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
            out.append(ch)
        }
        return value < 0 ? "-" + out : out
    }
}
