import Analysis
import JSON
import Results
import Scenarios
import Text

/// The comparison table `swift run bench` prints: a row per strategy, per scenario.
extension Report {
    /// What `scenario` ran on, in the user's terms, from its recorded definition's fields
    /// (`ScenarioDefinition`): the device (points, scale, refresh rate, GPU, iOS) and the table
    /// (sections, rows per section, row height and whether it is the cell's, corner radius), one
    /// line each; nil for a file that records no definition, or records it in the older format
    /// (prose, which is not parsed).
    func what(_ scenario: String, gpu: String?) -> (device: String, table: String?)? {
        guard let d = scenarioDefinitions?[scenario]?.typed else { return nil }
        // Numbers as the definition holds them, ungrouped; the name is a file's, so it is
        // shortened as a message quotes one.
        func n(_ x: Double) -> String { Format.number(x, grouped: false) }
        func n(_ x: Int) -> String { n(Double(x)) }
        let screen = "\(n(d.device.width)) × \(n(d.device.height)) pt @\(n(d.device.scale))× \(n(d.device.refreshHz)) Hz"
        let ios = d.device.ios.map { ", iOS \(n($0))" } ?? ""
        let named = Escape.shortened(d.device.name, limit: Escape.messageLimit) + " (" + screen + (gpu.map { ", GPU \($0)" } ?? "") + ios + ")"
        var table: [String] = []
        let rows = d.rowsPerSection
        let cycle = rows.count == 1 ? n(rows[0]) : "[" + rows.map(n).joined(separator: ", ") + "]"
        table.append("\(n(d.sections)) section\(d.sections == 1 ? "" : "s") of \(cycle) row\(cycle == "1" ? "" : "s")")
        // A cell that gives its row's height says whether the rows are it (`--cell` uses it
        // unless `--row-height` is given).
        let cell: Double? = if case .cell(let cell) = d.content.recordedKind { cell.rowHeight } else { nil }
        let whose = cell.map { $0 == d.rowHeight ? " (the cell's)" : " (the cell's is \(n($0)) pt)" } ?? ""
        table.append("rows \(n(d.rowHeight)) pt tall" + whose)
        table.append("corner radius \(n(d.style.cornerRadius)) pt")
        table.append("side inset \(n(d.style.sideInset)) pt")
        table.append("headers \(n(d.headerHeight)) pt, footers \(n(d.footerHeight)) pt")
        if d.tableTop != 0 || d.tableBottom != 0 {
            table.append("its frame \(n(d.tableTop)) pt below the screen's top and \(n(d.tableBottom)) pt above its bottom")
        }
        switch d.content.recordedKind {
        case .settings: table.append("Settings rows")
        case .none: table.append("empty cells")
        case .cell: table.append("a cell described as layers")
        case .rows:
            let cells = d.content.cells.filter { if case .layers = $0 { true } else { false } }.count
            table.append(cells == 0 ? "Settings rows of the scenario's own" : cells == 1 ? "a cell described as layers" : "\(cells) cells described as layers")
        }
        return (named, table.joined(separator: ", "))
    }

    /// Plain-text tables, one per scenario, with the run's context above and the verdict under
    /// each; names as `Escape.terminal` writes them, shortened to `Escape.nameLimit`. Every line
    /// fits 120 columns: what the device pays, the composite beside its traffic bound, the step and
    /// its ratio to `none` (`~` where `Results.referenceTest` cannot tell the step times apart).
    /// Counted under valgrind, the step's estimated Mcycles and their ratio to `none`'s replace the
    /// composite and its bound. `wide` shows all of these and the layout and reuse phases, the
    /// bound in µs, the step's p90 and its ratio to the memory floor (docs/cli.md, `bench run`).
    public func comparisonTable(wide: Bool = false) -> String {
        var out = ""
        let optimized = tool.optimized ? "hot modules optimized" : "NOT optimized: timings are not meaningful"
        out += Escape.terminal("CornerBench \(tool.version) · \(tool.configuration) build (\(optimized)) · Swift \(tool.swift)") + "\n"
        // The host's kernel choices are the tool's internals: shown with --wide, and always in the
        // results' provenance.
        let stores = !wide ? "" : ((provenance?.host?.storePath).map { " · \(Escape.terminal($0)) stores" } ?? "")
            + ((provenance?.host?.blendLanes).map { " · \(Escape.terminal($0)) blend lanes" } ?? "")
            + (provenance?.host?.mallocHugePages == true ? " · heap in huge pages" : "")
        out += "host: \(Escape.terminal(machine.cpu)), \(machine.cores) cores\(stores) · peak memory \(peakMemoryBytes >> 20) MB\n"
        if scenarioNames.count > 1 { out += answerByScenario() }
        var bases: [ReferenceTest.Basis] = []
        for scenario in scenarioNames {
            let rows = runs.filter { $0.scenario == scenario }
            let counted = rows.contains { $0.estimatedCycles?[.step] != nil }
            let noneCycles = rows.first { $0.strategy == Ratio.referenceStrategy }.flatMap(\.stepCyclesPerStep)
            let floor = rows.first.map { row in
                "memory floor \(Format.micros(row.floorNanos)) µs fill, \(Format.micros(row.copyFloorNanos)) µs copy"
                    + (row.keptCopyFloorNanos > 0 ? ", \(Format.micros(row.keptCopyFloorNanos)) µs kept copy" : "")
            } ?? ""
            let ran = what(scenario, gpu: rows.first?.deviceTime?.gpu)
            // The name is shortened to fit the line, not wrapped, so a name never adds lines.
            let count = rows.first?.steps ?? 0
            let steps = ": \(Format.grouped(count)) step\(count == 1 ? "" : "s")"
            out += "\nscenario " + Console.fitted(Escape.terminal(Escape.shortened(scenario)), Console.width - 9 - steps.count) + steps + "\n"
            if let ran {
                out += Console.wrapped(Escape.terminal("device: " + ran.device), indent: 2)
                if let table = ran.table { out += Console.wrapped(Escape.terminal("table: " + table), indent: 2) }
            }
            let verdict = verdict(scenario: scenario)
            let ranked = verdict.table(wide: wide)
            out += "\n" + Console.wrapped(ranked.title
                + (verdict.rankedByModel ? " (counts exact, GPU ms modelled; ≠ where this host's rank differs):"
                                         : " (exact; ≠ where this host's rank differs):"), indent: 2)
            let ranking = [ranked.header] + ranked.rows.map { row in [Escape.terminal(row[0])] + row.dropFirst() }
            out += Console.table(ranking)
            if !verdict.summary.isEmpty { out += Console.wrapped(Escape.terminal(verdict.summary)) }
            // A profile of the user's own prices these rows: say so under the verdict, summary or not.
            if let calibrated = rows.lazy.compactMap({ $0.deviceTime }).first(where: { $0.calibration != nil }) {
                out += Console.wrapped(Escape.terminal("GPU ms priced by the \(calibrated.gpu) profile, \(calibrated.calibration!)."))
            }
            out += layerCostTable(rows)
            out += fixTable(rows)
            out += "\n" + Console.wrapped("Counters and this host's time: counters are means per step, times medians in µs (\(floor))", indent: 2)
            var columns: [(label: String, cell: (RunResult) -> String)] = [
                (Counter.blendedPixels.info.label, { Format.grouped(Int(($0.perStep[.blendedPixels] ?? 0).rounded())) }),
                (wide ? Counter.offscreenPasses.info.label : "off-screen", { Format.fixed($0.perStep[.offscreenPasses] ?? 0, 1) }),
                (wide ? Counter.renderPasses.info.label : "passes", { Format.fixed($0.perStep[.renderPasses] ?? 0, 1) }),
                (Counter.screenSplits.info.label, { Format.fixed($0.perStep[.screenSplits] ?? 0, 1) }),
                ("tile MB", { Format.fixed(($0.perStep[.tileTrafficBytes] ?? 0) / 1_000_000, 1) }),
                (wide ? "raster hit/miss" : "hit/miss", { Format.fixed($0.perStep[.rasterHits] ?? 0, 1) + " / " + Format.fixed($0.perStep[.rasterMisses] ?? 0, 1) }),
            ]
            let micros = { (run: RunResult, phase: Phase) in Format.micros(run.timing[phase]?.median ?? 0) }
            if wide {
                columns += [(Phase.layout.info.label, { micros($0, .layout) }), (Phase.reuse.info.label, { micros($0, .reuse) })]
            }
            // Counted, the cycles take the composite's place on the page (see above).
            if wide || !counted {
                columns.append((Phase.composite.info.label, { micros($0, .composite) }))
                if wide { columns.append(("bound", { $0.trafficBoundNanos > 0 ? Format.micros($0.trafficBoundNanos) : "–" })) }
                columns.append((Ratio.compositeToTraffic.info.label, { $0.ratios[.compositeToTraffic].map { Format.fixed($0, 2) } ?? "–" }))
            }
            columns.append((Phase.step.info.label, { micros($0, .step) }))
            if wide {
                columns += [("step p90", { Format.micros($0.timing[.step]?.p90 ?? 0) }),
                            ("first load", { $0.firstStepNanos.map(Format.micros) ?? "–" }),
                            (Ratio.stepToFloor.info.label, { $0.ratios[.stepToFloor].map { Format.fixed($0, 2) } ?? "–" })]
            }
            columns.append((Ratio.stepToNone.info.label, { run in
                let test = results.referenceTest(run)
                if let test, !bases.contains(test.basis) { bases.append(test.basis) }
                // Two characters after every ratio, so the digits line up whether or not it has a `~`.
                return run.ratios[.stepToNone].map { Format.fixed($0, 2) + (test.map { $0.isSignificant } == false ? " ~" : "  ") } ?? "–  "
            }))
            if counted {
                columns.append(("Mcycles", { $0.stepCyclesPerStep.map { Format.fixed($0 / 1e6, 2) } ?? "–" }))
                columns.append(("cyc × none", { run in
                    guard let perStep = run.stepCyclesPerStep, let noneCycles else { return "–" }
                    return Format.fixed(perStep / noneCycles, 2)
                }))
            }
            var table = [["strategy"] + columns.map(\.label)]
            for run in rows { table.append([Escape.terminal(Escape.shortened(run.strategy))] + columns.map { $0.cell(run) }) }
            // --wide is wider than the page by request: its names are not cut to fit.
            out += Console.table(table, width: wide ? Int.max : Console.width)
        }
        if !bases.isEmpty {
            out += "\n" + Report.noiseNote(bases).split(separator: "\n").map { Console.wrapped(String($0), indent: 2) }.joined()
        }
        if runs.contains(where: { $0.estimatedCycles?[.step] != nil }) {
            out += Console.wrapped("Mcycles: the step's estimated cycles per step under valgrind's simulated cache (L1 hits + 5 × LL hits + 35 × RAM accesses), the same on every host; --wide adds the composite time and its bound.", indent: 2)
        }
        out += Console.wrapped(Verdict.timeNote, indent: 2)
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

extension Report {
    /// What each layer of a described cell costs per frame, compactly: the layers of `none`'s row
    /// (or the first row's), each by its name and path (`CellLayerCost.label`), with their passes,
    /// splits, blended pixels and GPU ms (model); empty when no row has them. The other
    /// strategies' rows are in the JSON and the other reports.
    func layerCostTable(_ rows: [RunResult]) -> String {
        guard let row = rows.first(where: { $0.strategy == Ratio.referenceStrategy && $0.layerCosts != nil })
                ?? rows.first(where: { $0.layerCosts != nil }), let costs = row.layerCosts, !costs.isEmpty else { return "" }
        let priced = costs.contains { $0.gpuLowNanos != nil }
        var table = [["layer", "off-screen", "splits", "blended px"] + (priced ? ["GPU ms (model)"] : [])]
        for cost in costs {
            var cells = [Escape.terminal(Escape.shortened(cost.label)), Format.fixed(cost.offscreenPasses, 1), Format.fixed(cost.screenSplits, 1),
                         Format.grouped(Int(cost.blendedPixels.rounded()))]
            if priced {
                cells.append(cost.gpuLowNanos.flatMap { low in cost.gpuHighNanos.map { Verdict.milliseconds(low, $0) } } ?? "–")
            }
            table.append(cells)
        }
        return "\n" + Console.wrapped("Cost per layer of the cell under \(Escape.terminal(Escape.shortened(row.strategy))), means per frame"
            + (priced ? "; GPU ms (model): the device model's price of the layer's passes, splits and their traffic" : "") + ":", indent: 2)
            + Console.table(table)
    }
}

extension Report {
    /// The answer for every scenario at once, a row each, before the scenarios' own tables: the
    /// cheapest strategy for the device (of those that round the corners, when any ran) and the
    /// dearest, each with its GPU time (model) and share of the frame budget, or its passes where
    /// the device names no GPU. So a run on several devices shows its verdicts on its first screen.
    func answerByScenario() -> String {
        var table = [["scenario", "GPU, iOS", "cheapest", "GPU ms", "of budget", "dearest", "GPU ms", "of budget"]]
        func cells(_ e: Verdict.Entry?) -> [String] {
            guard let e else { return ["–", "–", "–"] }
            guard let time = e.deviceTime else { return [Escape.terminal(e.strategy), "\(Format.fixed(e.renderPasses, 1)) passes", "–"] }
            let share = time.budgetShare
            return [Escape.terminal(e.strategy), Verdict.milliseconds(time.lowNanos, time.highNanos),
                    "\(Format.fixed(share.low * 100, 0))–\(Format.fixed(share.high * 100, 0)) %"
                        + (time.overBudget ? " over" : time.possiblyOverBudget ? " over?" : "")]
        }
        for scenario in scenarioNames {
            let entries = verdict(scenario: scenario).entries
            let rounding = entries.filter { $0.strategy != Ratio.referenceStrategy }
            let ranked = rounding.isEmpty ? entries : rounding
            let time = entries.first?.deviceTime
            let chip = time.map { $0.gpu + ($0.ios.map { ", iOS \($0)" } ?? "") } ?? "–"
            table.append([Escape.terminal(Escape.shortened(scenario, limit: 40)), Escape.terminal(chip)] + cells(ranked.first)
                         + (ranked.count > 1 ? cells(ranked.last) : ["", "", ""]))
        }
        return "\n" + Console.wrapped("The answer, scenario by scenario: the cheapest strategy for the device and the dearest, GPU ms modelled "
            + "(each scenario's verdict, its note on the model and its counters follow):")
            + Console.table(table)
    }
}
