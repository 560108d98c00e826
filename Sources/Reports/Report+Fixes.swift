import Results
import Text

/// What each fix of a described cell saves (`RunResult.fixes`), as the console's table under the
/// cost per layer and as one sentence of the Markdown and HTML summaries. Every saving is the row's
/// own figure minus the fixed cell's run (`CellFixCost.saved(from:)`).
extension Report {
    /// The fixes priced on `none`'s row of `rows`, compactly: the layers changed, the fix, and the
    /// off-screen passes and GPU ms (model) each saves per frame (the splits are in the JSON); a sentence instead when
    /// nothing pays or nothing applies; empty when the row has no fixes priced.
    func fixTable(_ rows: [RunResult]) -> String {
        guard let row = rows.first(where: { $0.strategy == Ratio.referenceStrategy }), let fixes = row.fixes else { return "" }
        guard !fixes.isEmpty else {
            let pays = (row.layerCosts ?? []).contains { $0.offscreenPasses > 0 || $0.screenSplits > 0 }
            return Console.wrapped(pays ? "No fix applies to the layers that pay (docs/scenario-files.md, \"What a fix saves\")."
                                        : "No layer of the cell pays an off-screen pass or a split under none: no fix to price.", indent: 2)
        }
        let priced = fixes.contains { $0.gpuLowNanos != nil } && row.deviceTime != nil
        var table = [["layer", "fix", "passes saved"] + (priced ? ["GPU ms saved (model)"] : [])]
        for fix in fixes {
            let saved = fix.saved(from: row)
            var cells = [Escape.terminal(Report.fixedLayers(fix)), Escape.terminal(Report.fixName(fix)), Format.fixed(saved.passes, 1)]
            if priced { cells.append(saved.gpu.map(Report.savedMilliseconds) ?? "–") }
            table.append(cells)
        }
        // The fixes are words: padded alike, they read left-aligned in a table that right-aligns.
        let width = table.map { $0[1].count }.max() ?? 0
        for i in table.indices { table[i][1] += String(repeating: " ", count: width - table[i][1].count) }
        var out = "\n" + Console.wrapped("What each fix saves under none, per frame: the cell run again with the fix made, the same scroll"
            + (priced ? "; GPU ms (model) of the whole frame" : "") + ":", indent: 2) + Console.table(table)
        if let left = row.fixesLeftOut, !left.isEmpty {
            out += Console.wrapped("Not priced, beyond the dearest layers that pay: "
                + left.map { Escape.terminal(Escape.shortened($0)) }.joined(separator: ", ") + ".", indent: 2)
        }
        return out
    }

    /// The fixes of `scenario`'s `none` row in one sentence, for the Markdown and HTML summaries
    /// (unescaped); nil when none were priced.
    func fixSentence(scenario: String) -> String? {
        guard let row = runs.first(where: { $0.scenario == scenario && $0.strategy == Ratio.referenceStrategy }),
              let fixes = row.fixes, !fixes.isEmpty else { return nil }
        let parts = fixes.map { fix in
            let saved = fix.saved(from: row)
            return "\(Report.fixedLayers(fix)) \(Report.fixName(fix)): \(Format.fixed(saved.passes, 1)) passes"
                + (saved.gpu.map { ", \(Report.savedMilliseconds($0)) ms" } ?? "")
        }
        return "What fixes save under none, per frame (each a run of the fixed cell; ms modelled): " + parts.joined(separator: "; ") + "."
    }

    /// The layers a fix changed, as the per-layer table names them: `layers[0]`, or
    /// `layers[0] + layers[1]`.
    static func fixedLayers(_ fix: CellFixCost) -> String {
        fix.layers.map { Escape.shortened($0) }.joined(separator: " + ")
    }

    /// `pre-rounded image: 16 pt corners drawn in, no clip`.
    static func fixName(_ fix: CellFixCost) -> String {
        fix.change.isEmpty ? fix.fix.label : "\(fix.fix.label): \(Escape.shortened(fix.change))"
    }

    /// `4.71–7.63`: what a fix saves at the two ends, in ms, the smaller first; `-0.12 to 0.40`
    /// when it costs more at one end or both.
    static func savedMilliseconds(_ saved: (low: Int, high: Int)) -> String {
        let (a, b) = (min(saved.low, saved.high), max(saved.low, saved.high))
        let ms = { (nanos: Int) in Format.fixed(Double(nanos) / 1e6, 2) }
        if a == b { return ms(a) }
        return a < 0 ? "\(ms(a)) to \(ms(b))" : "\(ms(a))–\(ms(b))"
    }
}
