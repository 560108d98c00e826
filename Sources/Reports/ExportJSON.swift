import Foundation
import Results
import Text

/// How the exports for other tools (Bencher, github-action-benchmark, the trace) write JSON: with
/// `JSONEncoder`, as the results file is, so one encoder escapes every string. Keys are sorted: the
/// encoder writes a keyed container in dictionary order, which Swift's per-process hash seed
/// changes from run to run. Exact decimals need no hand-written numbers: this toolchain's encoder
/// (Swift 6.3, Linux) writes a `Double` in Swift's shortest round-trip form — 0.1 `0.1`, 1.0 `1`,
/// 1e-7 `1e-07`, 123456.789 `123456.789`, 2.5e15 `2500000000000000` — never a rounded neighbour
/// (`JSONSerialization` too), so a trace's `nanoseconds / 1000` comes out as the exact decimal.
enum ExportJSON {
    /// `value` as JSON text with a final newline; `pretty` for a file people read, one value per
    /// line. The characters the encoder leaves raw in strings are escaped too (`Escape.jsonText`).
    static func text<Value: Encodable>(_ value: Value, pretty: Bool) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            : [.sortedKeys, .withoutEscapingSlashes]
        // Cannot throw: every number is finite (the exports leave the others out).
        let data = try! encoder.encode(value)
        return Escape.jsonText(String(decoding: data, as: UTF8.self)) + "\n"
    }
}
