import Results
import Text

/// What each layer of a cell described as layers costs, as the Markdown and HTML reports show it:
/// one table per scenario whose rows have `layerCosts`, a row per layer by its name and path
/// (`CellLayerCost.label`). The console prints the same layers (`layerCostTable`), the CSV a row
/// per layer of every strategy, the JSON every field.
extension Report {
    /// The row whose layers the tables show: `none`'s, else the first with layer costs; nil when
    /// no row of `rows` has any.
    static func layerCostRow(_ rows: [RunResult]) -> RunResult? {
        let row = rows.first { $0.strategy == Ratio.referenceStrategy && $0.layerCosts != nil } ?? rows.first { $0.layerCosts != nil }
        return row?.layerCosts?.isEmpty == false ? row : nil
    }

    /// The per-layer table of `rows` (one scenario's), rounded as the other tables are; nil when
    /// no row has layer costs.
    static func layerCostReportTable(_ rows: [RunResult]) -> ReportTable? {
        guard let row = layerCostRow(rows), let costs = row.layerCosts else { return nil }
        let priced = costs.contains { $0.gpuLowNanos != nil }
        var glossary: [(label: String, meaning: String)] = [
            ("layer", "the layer's name, when its description gives one, and its path in the cell's description (layers[1].sublayers[0]), depth first"),
            ("off-screen", "off-screen passes per frame its drawing ran (mean)"),
            ("splits", "splits of the screen's render pass its passes made per frame (mean)"),
            ("blended px", "pixels it blended on screen per frame (mean), shown, not priced"),
        ]
        if priced { glossary.append(("GPU ms (model)", "the device model's price of its passes, splits and their traffic per frame, fast to slow end: an estimate, not a measurement")) }
        return ReportTable(
            title: "Cost per layer of the cell under \(Escape.shortened(row.strategy)) (means per frame)",
            header: glossary.map(\.label),
            rows: costs.map { cost in
                [Escape.shortened(cost.label), Format.decimal(cost.offscreenPasses, 1), Format.decimal(cost.screenSplits, 1),
                 Format.grouped(Int(cost.blendedPixels.rounded()))]
                    + (priced ? [cost.gpuLowNanos.flatMap { low in cost.gpuHighNanos.map { Verdict.milliseconds(low, $0) } } ?? "–"] : [])
            },
            glossary: glossary)
    }
}
