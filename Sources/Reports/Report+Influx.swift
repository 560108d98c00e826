import Foundation
import Results
import Text

/// The InfluxDB export: line protocol, one point per row, for `influx write` or Telegraf
/// (docs/cli.md, "Exports"): `cornerbench,scenario=S,strategy=T <fields> <timestamp>`, tags in key
/// order as InfluxDB prefers, escaped by `Escape.lineProtocol`, and a field per metric of the row
/// (`ExportMeasure`). Phase medians are integers (`3336700i`), means and ratios always floats, since
/// InfluxDB refuses a field whose type changes between points. The timestamp is `createdAt` in ns
/// since 1970, left out (InfluxDB then uses the time of the write) when it is not ISO 8601.
extension Report {
    /// The measurement every line is written to.
    static let influxMeasurement = "cornerbench"

    /// The results as InfluxDB line protocol, a line per row in run order, each ending in `\n`.
    public func influx() -> String {
        let timestamp = Report.unixNanoseconds(createdAt).map { " " + String($0) } ?? ""
        var lines = ""
        for run in runs {
            let fields = run.exportMeasures.flatMap { measure -> [String] in
                func field(_ name: String, _ number: ExportMeasure.Number) -> String {
                    switch number {
                    case .integer(let value): return Escape.lineProtocol(name) + "=" + String(value) + "i"
                    case .real: return Escape.lineProtocol(name) + "=" + number.text
                    }
                }
                // The model's range is part of its value: its ends are fields of their own.
                if measure.kind == .model, let bounds = measure.bounds {
                    return [field(measure.name, measure.value), field(measure.name + "Low", bounds.lower), field(measure.name + "High", bounds.upper)]
                }
                return [field(measure.name, measure.value)]
            }
            // A point needs a field; a row without numbers has nothing to say.
            guard !fields.isEmpty else { continue }
            var tags = ""
            // An empty tag value is not allowed: such a tag is left out.
            for (key, value) in [("scenario", run.scenario), ("strategy", run.strategy)] where !value.isEmpty {
                tags += "," + key + "=" + Escape.lineProtocol(value)
            }
            lines += Report.influxMeasurement + tags + " " + fields.joined(separator: ",") + timestamp + "\n"
        }
        return lines
    }

    /// An ISO 8601 time (`2025-01-02T03:04:05Z`, fractional seconds allowed) as nanoseconds since
    /// 1970, to the millisecond; nil when `text` is not one.
    static func unixNanoseconds(_ text: String) -> Int? {
        let plain = ISO8601DateFormatter()
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions.insert(.withFractionalSeconds)
        guard let date = plain.date(from: text) ?? fractional.date(from: text) else { return nil }
        let millis = (date.timeIntervalSince1970 * 1000).rounded()
        // Past year 2262 nanoseconds no longer fit the 64 bits InfluxDB stores.
        guard millis.isFinite, abs(millis) < 9.2e15 else { return nil }
        return Int(millis) * 1_000_000
    }
}
