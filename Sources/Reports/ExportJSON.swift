import Foundation
import Results

/// How the exports for other tools (Bencher, github-action-benchmark, the trace) write JSON: with
/// `JSONEncoder`, as the results file is written, so one encoder escapes every string.
///
/// Keys are sorted because the encoder writes a keyed container's keys in the order of a
/// dictionary, whose hashing Swift seeds per process: unsorted, two runs would differ in order.
/// Numbers need no writer of their own: this toolchain's encoder (Swift 6.3, Linux) writes a
/// `Double` in Swift's shortest form that reads back as the same double — 0.1 as `0.1`, 1.0 as
/// `1`, 1e-7 as `1e-07`, 123456.789 as `123456.789`, 2.5e15 as `2500000000000000` — never a
/// rounded neighbour (`JSONSerialization` writes the same), so a trace's `nanoseconds / 1000` comes
/// out as the exact decimal.
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
