import Analysis
import Results
import Text

/// `bench check`'s limits, for a terminal and as Markdown: each row over a limit, named with the
/// limit and its value, then the verdict.
extension LimitCheck {
    /// A breach in words: `ipad-settings/per-cell-mask: worstFrameShare 2.19 > 0.5 (the worst
    /// frame's GPU time (model, slow end) over the frame budget)`.
    private func sentence(_ b: Breach) -> String {
        let (value, maximum) = Format.apart(b.value, b.limit.maximum)
        return "\(Escape.shortened(b.scenario))/\(Escape.shortened(b.strategy)): \(b.limit.measure.rawValue) "
            + "\(value) > \(maximum) (\(b.limit.measure.meaning))"
    }

    /// The limits and what could not be judged, with why, as lines.
    private var summaryLines: [String] {
        var lines = ["Limits: " + limits.map(\.description).joined(separator: ", ") + "."]
        for item in notJudged {
            let rows = item.rowCount == 1 ? "1 row" : "\(item.rowCount) rows"
            lines.append("Not judged: \(item.limit.measure.rawValue) on \(rows) (\(item.rows)), which \(item.why).")
        }
        return lines
    }

    /// What the verdict adds when some rows could not be judged: a pass read alone must not be
    /// taken to cover them.
    var unjudgedClause: String {
        let names = notJudged.map(\.limit.measure.rawValue)
        return names.isEmpty ? "" : ", but \(names.joined(separator: " and ")) NOT judged on every row (see above)"
    }

    /// For a terminal: the breaches, the limits, then PASS or FAIL.
    public func text(width: Int = Console.width) -> String {
        var out = bodyText(width: width)
        out += Console.wrapped(passed ? "PASS: \(Format.count(rows, "row")) within \(rows == 1 ? "its" : "their") limits\(unjudgedClause)."
                                      : "FAIL: \(breaches.count) breach(es) of a limit in \(Format.count(rows, "row"))\(unjudgedClause).",
                               indent: 2, width: width)
        return out
    }

    /// The breaches and the limits without a verdict, for a terminal: what a check against a
    /// baseline prints above its one verdict (`Gate.Report.text(limits:)`).
    func bodyText(width: Int = Console.width) -> String {
        var out = ""
        if !breaches.isEmpty {
            out += "Over a limit:\n"
            for b in breaches { out += Console.wrapped("  ✗ " + Escape.terminal(sentence(b)), indent: 6, width: width) }
        }
        for line in summaryLines { out += Console.wrapped(Escape.terminal(line), indent: 2, width: width) }
        return out
    }

    /// As Markdown, for a pull request or `GITHUB_STEP_SUMMARY`.
    public func markdown() -> String {
        "### CornerBench limits: \(passed ? "✅ pass" : "❌ fail")\n\n" + bodyMarkdown()
    }

    /// The breaches and the limits as Markdown, without a heading.
    func bodyMarkdown() -> String {
        var out = ""
        if !breaches.isEmpty {
            let table = ReportTable(title: "Over a limit", header: ["scenario", "strategy", "limit", "value"], rows: breaches.map { b in
                let (value, maximum) = Format.apart(b.value, b.limit.maximum)
                return [Escape.shortened(b.scenario), Escape.shortened(b.strategy), "\(b.limit.measure.rawValue) ≤ \(maximum)", value]
            }, glossary: [])
            out += table.markdown(delimiters: .plain) + "\n"
        }
        for line in summaryLines { out += Escape.forMarkdown(line) + "\n\n" }
        return out
    }
}
