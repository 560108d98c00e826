import Analysis
import Results
import Text

/// `bench check`'s limits, for a terminal and as Markdown: each row over a limit, named with the
/// limit and its value, then the verdict.
extension LimitCheck {
    /// A breach in words: `ipad-settings/per-cell-mask: worstFrameShare 2.19 > 0.5 (the worst
    /// frame's GPU time (model, slow end) over the frame budget)`.
    private func sentence(_ b: Breach) -> String {
        "\(Escape.shortened(b.scenario))/\(Escape.shortened(b.strategy)): \(b.limit.measure.rawValue) "
            + "\(Format.number((b.value * 1000).rounded() / 1000)) > \(Format.number(b.limit.maximum)) (\(b.limit.measure.meaning))"
    }

    /// The limits and what could not be judged, as lines.
    private var summaryLines: [String] {
        var lines = ["Limits: " + limits.map(\.description).joined(separator: ", ") + "."]
        if !unjudged.isEmpty {
            let rows = Set(unjudged.map(\.row)).count
            let names = Array(Set(unjudged.map(\.limit.measure.rawValue))).sorted().joined(separator: ", ")
            lines.append("Not judged: \(names) on \(rows) row(s) that lack it (a device without a GPU has no frame times).")
        }
        return lines
    }

    /// For a terminal: the breaches, the limits, then PASS or FAIL.
    public func text(width: Int = Console.width) -> String {
        var out = ""
        if !breaches.isEmpty {
            out += "Over a limit:\n"
            for b in breaches { out += Console.wrapped("  ✗ " + Escape.terminal(sentence(b)), indent: 6, width: width) }
        }
        for line in summaryLines { out += Console.wrapped(Escape.terminal(line), indent: 2, width: width) }
        let rowCount = "\(rows) row\(rows == 1 ? "" : "s")"
        out += Console.wrapped(passed ? "PASS: \(rowCount) within their limits."
                                      : "FAIL: \(breaches.count) breach(es) of a limit in \(rowCount).", indent: 2, width: width)
        return out
    }

    /// As Markdown, for a pull request or `GITHUB_STEP_SUMMARY`.
    public func markdown() -> String {
        var out = "### CornerBench limits: \(passed ? "✅ pass" : "❌ fail")\n\n"
        if !breaches.isEmpty {
            let table = ReportTable(title: "Over a limit", header: ["scenario", "strategy", "limit", "value"], rows: breaches.map { b in
                [Escape.shortened(b.scenario), Escape.shortened(b.strategy), b.limit.description,
                 Format.number((b.value * 1000).rounded() / 1000)]
            }, glossary: [])
            out += Results.markdownTable(table, delimiters: .plain) + "\n"
        }
        for line in summaryLines { out += Escape.forMarkdown(line) + "\n\n" }
        return out
    }
}
