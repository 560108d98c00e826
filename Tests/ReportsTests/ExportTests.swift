import Foundation
import Problems
@testable import Reports
import Results
import Text
import XCTest

/// The exports for other tools — Bencher Metric Format, github-action-benchmark's
/// customSmallerIsBetter JSON and InfluxDB line protocol — checked against each format's
/// documented shape by reading them back: the JSON with `JSONSerialization`, the line protocol
/// with the small parser below.
final class ExportTests: XCTestCase {
    private static let steps = 4

    /// A row per scenario and strategy. `per-cell-mask` has three rounds (round medians and round
    /// ratios), `none` one; `rasterHits` (larger-is-better) is non-zero; `renderPasses` has a whole
    /// mean (1.0) and `blendedPixels` a fractional one.
    static func results(scenarios: [String] = ["scroll", "events"], strategies: [String] = ["none", "per-cell-mask"]) -> Results {
        var runs: [RunResult] = []
        for scenario in scenarios {
            for (t, strategy) in strategies.enumerated() {
                let step = (0..<steps).map { 10_000 + 1_000 * $0 + 5_000 * t }
                let samples: [Phase: [Int]] = [.step: step, .layout: step.map { $0 / 8 }, .reuse: step.map { $0 / 8 },
                                               .composite: step.map { $0 / 2 }]
                var totals: [Counter: Int] = [:], perStep: [Counter: Double] = [:]
                for (f, counter) in Counter.allCases.enumerated() {
                    totals[counter] = counter == .renderPasses ? steps : 3 * f + t + 1
                    perStep[counter] = Double(totals[counter]!) / Double(steps)
                }
                var run = RunResult(scenario: scenario, strategy: strategy, steps: steps, layoutPasses: steps,
                                    totals: totals, perStep: perStep, timing: samples.mapValues { Summary($0) },
                                    ratios: [.stepToFloor: 1.25 + Double(t), .stepToNone: 1 + 0.5 * Double(t)],
                                    samples: samples, eventSteps: [], pictures: ["0": "0badcafe"],
                                    floorNanos: 8_000, copyFloorNanos: 9_000)
                if t == 1 {
                    run.rounds = Dictionary(uniqueKeysWithValues: Phase.allCases.map { phase in
                        let median = run.timing[phase]!.median
                        return (phase, [median - 100, median, median + 300])
                    })
                    run.roundRatios = [.stepToFloor: [2.0, 2.25, 2.5], .stepToNone: [1.4, 1.5, 1.75]]
                    // Counted under valgrind: host-free totals over the steps.
                    run.instructions = Dictionary(uniqueKeysWithValues: Phase.allCases.enumerated().map { ($0.element, 4_000 * ($0.offset + 1)) })
                    run.cost = run.instructions!.mapValues { ir in
                        Dictionary(uniqueKeysWithValues: CostMetric.allCases.enumerated().map { ($0.element, ir + $0.offset) })
                    }
                }
                runs.append(run)
            }
        }
        return Results(tool: ToolBuild(version: "0.1.0", configuration: "release", optimized: true, swift: "6.3"),
                       machine: MachineInfo(os: "Linux", cores: 2, cpu: "Test CPU"), createdAt: "2025-01-02T03:04:05Z",
                       floorNanos: 8_000, copyFloorNanos: 9_000, runs: runs)
    }

    /// Every metric name a row with `ratios` should export, in catalogue order.
    private func expectedNames(_ run: RunResult) -> [String] {
        Counter.allCases.map(\.name) + Phase.allCases.map(\.name) + Ratio.allCases.filter { run.ratios[$0] != nil }.map(\.name)
            + (run.cost == nil ? [] : Phase.allCases.flatMap { phase in
                ["\(phase.name).instructions"] + CostMetric.allCases.map { "\(phase.name).\($0.name)" } })
    }

    /// The console table adds the step's estimated cycles and their ratio to none's; the CSV
    /// has every phase's host-free totals; the Markdown a host-free table.
    func testConsoleCSVAndMarkdownShowHostFreeCostsWhenCounted() throws {
        var results = Self.results()
        results.runs[0].instructions = results.runs[1].instructions
        results.runs[0].cost = results.runs[1].cost!.mapValues { $0.mapValues { $0 / 2 } }
        let table = Report(results).comparisonTable()
        XCTAssertTrue(table.contains("Mcycles"), table)
        // The counters and host-time table follows the verdict.
        let lines = table.split(separator: "\n")
        let counters = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("Counters and this host's time") }, table)
        let row = try XCTUnwrap(lines[counters...].first { $0.hasPrefix("per-cell-mask") }, table)
        XCTAssertTrue(row.hasSuffix("2.00"), "per-cell-mask counts twice none's cycles: \(row)")
        XCTAssertFalse(Report(Self.results(scenarios: ["s"], strategies: ["none"])).comparisonTable().contains("Mcycles"), "not counted, not shown")
        let csv = Report(results).csv().split(separator: "\r\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let column = try XCTUnwrap(csv[0].firstIndex(of: "composite_estimatedCycles"))
        XCTAssertEqual(csv[2][column], "\(results.runs[1].cost![.composite]![.estimatedCycles]!)")
        XCTAssertTrue(Report(results).markdown().contains("Host-free cost per step"), Report(results).markdown())
    }

    /// A counted row exports each phase's instructions and costs as means per step, in all three
    /// formats, with no spread (they are exact).
    func testHostFreeCostsAreExportedAsMeansPerStepInEveryFormat() throws {
        let results = Self.results()
        let run = results.runs[1]
        let perStep = Double(run.cost![.composite]![.estimatedCycles]!) / Double(run.steps)
        let object = try bmf(Report(results).bmf())
        XCTAssertEqual(object[run.exportName]?["composite.estimatedCycles"], ["value": perStep])
        XCTAssertEqual(object[run.exportName]?["step.instructions"]?["value"], Double(run.instructions![.step]!) / Double(run.steps))
        XCTAssertNil(object[results.runs[0].exportName]?["composite.estimatedCycles"], "not counted, not exported")
        let github = try XCTUnwrap(try json(Report(results).githubBenchmark()) as? [[String: Any]])
        let entry = try XCTUnwrap(github.first { ($0["name"] as? String)?.hasSuffix("composite.estimatedCycles") == true })
        XCTAssertEqual(Self.double(entry["value"]), perStep)
        XCTAssertEqual(entry["unit"] as? String, "cycles/step")
        XCTAssertTrue(Report(results).influx().contains("composite.estimatedCycles=\(perStep)"), Report(results).influx())
    }

    private func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }

    /// A JSON number as a double, however JSONSerialization hands it over (Int, Double or
    /// NSNumber); fails the test for anything else.
    private func number(_ value: Any?, _ what: String, file: StaticString = #filePath, line: UInt = #line) -> Double? {
        if let number = Self.double(value) { return number }
        XCTFail("\(what) is not a number: \(String(describing: value))", file: file, line: line)
        return nil
    }

    static func double(_ value: Any?) -> Double? {
        switch value {
        case let value as Int: return Double(value)
        case let value as Double: return value
        case let value as NSNumber: return value.doubleValue
        default: return nil
        }
    }

    /// A BMF object as benchmark → measure → key → number.
    private func bmf(_ text: String) throws -> [String: [String: [String: Double]]] {
        let object = try XCTUnwrap(try json(text) as? [String: [String: [String: Any]]])
        return object.mapValues { $0.mapValues { $0.compactMapValues(Self.double) } }
    }

    // MARK: Bencher Metric Format

    func testBMFIsAnObjectOfBenchmarksEachHoldingEveryMetricAsANumericValue() throws {
        let results = Self.results()
        let object = try XCTUnwrap(try json(Report(results).bmf()) as? [String: Any], "BMF is one JSON object")
        XCTAssertEqual(Set(object.keys), Set(results.runs.map { "\($0.scenario)/\($0.strategy)" }))
        for run in results.runs {
            let measures = try XCTUnwrap(object["\(run.scenario)/\(run.strategy)"] as? [String: Any])
            XCTAssertEqual(Set(measures.keys), Set(expectedNames(run)), "every metric, larger-is-better ones included")
            for (name, entry) in measures {
                let metric = try XCTUnwrap(entry as? [String: Any], name)
                XCTAssertTrue(Set(metric.keys).isSubset(of: ["value", "lower_value", "upper_value"]), "\(name): \(metric.keys)")
                let value = try XCTUnwrap(number(metric["value"], "\(name).value"))
                if let lower = metric["lower_value"] {
                    let low = try XCTUnwrap(number(lower, "\(name).lower_value"))
                    let high = try XCTUnwrap(number(metric["upper_value"], "\(name).upper_value"), "bounds come in pairs")
                    XCTAssertLessThanOrEqual(low, value, name)
                    XCTAssertLessThanOrEqual(value, high, name)
                }
            }
            let values = try bmf(Report(results).bmf())[run.exportName]
            XCTAssertEqual(values?["blendedPixels"]?["value"], run.perStep[.blendedPixels], "a counter is its mean per step")
            XCTAssertEqual(values?["step"]?["value"], Double(run.timing[.step]!.median), "a phase is its median in ns")
            XCTAssertEqual(values?["stepToNone"]?["value"], run.ratios[.stepToNone])
        }
    }

    func testBMFTimesCarryTheRoundMediansSpanOnlyWithTwoOrMoreRounds() throws {
        let results = Self.results()
        let object = try bmf(Report(results).bmf())
        let oneRound = try XCTUnwrap(object["scroll/none"]?["step"])
        XCTAssertEqual(Set(oneRound.keys), ["value"], "one round has no spread to show")
        let rounds = try XCTUnwrap(results.runs[1].rounds?[.step])
        let step = try XCTUnwrap(object["scroll/per-cell-mask"]?["step"])
        XCTAssertEqual(step["lower_value"], Double(rounds.min()!))
        XCTAssertEqual(step["upper_value"], Double(rounds.max()!))
        let ratio = try XCTUnwrap(object["scroll/per-cell-mask"]?["stepToNone"])
        XCTAssertEqual(ratio["lower_value"], 1.4)
        XCTAssertEqual(ratio["upper_value"], 1.75)
        XCTAssertEqual(Set(try XCTUnwrap(object["scroll/per-cell-mask"]?["blendedPixels"]).keys), ["value"],
                       "counters are exact: no spread")
    }

    func testBMFBoundsAreWidenedToHoldTheValue() throws {
        var results = Self.results()
        results.runs[1].rounds![.step] = [1, 2]
        results.runs[1].roundRatios![.stepToNone] = [9, 10]
        let object = try bmf(Report(results).bmf())
        let step = try XCTUnwrap(object["scroll/per-cell-mask"]?["step"])
        XCTAssertEqual(step["lower_value"], 1)
        XCTAssertEqual(step["upper_value"], step["value"])
        let ratio = try XCTUnwrap(object["scroll/per-cell-mask"]?["stepToNone"])
        XCTAssertEqual(ratio["lower_value"], ratio["value"])
        XCTAssertEqual(ratio["upper_value"], 10)
    }

    // MARK: github-action-benchmark

    func testGitHubBenchmarkIsAnArrayOfSmallerIsBetterEntriesWithNameUnitAndValue() throws {
        let results = Self.results()
        let entries = try XCTUnwrap(try json(Report(results).githubBenchmark()) as? [[String: Any]], "an array of objects")
        let smaller = Counter.allCases.filter { $0.info.polarity == .smallerIsBetter }
        XCTAssertFalse(smaller.count == Counter.allCases.count, "the catalogue has larger-is-better counters to leave out")
        var names: [String] = []
        for entry in entries {
            XCTAssertTrue(Set(entry.keys).isSubset(of: ["name", "unit", "value", "range", "extra"]), "\(entry.keys)")
            let name = try XCTUnwrap(entry["name"] as? String)
            let unit = try XCTUnwrap(entry["unit"] as? String, name)
            XCTAssertNotNil(number(entry["value"], "\(name).value"))
            if let range = entry["range"] { XCTAssertTrue(range is String, "\(name): range is a string") }
            XCTAssertTrue(entry["extra"] is String, "\(name): extra is a string")
            XCTAssertFalse(unit.isEmpty, name)
            names.append(name)
        }
        var expected: [String] = []
        for run in results.runs {
            let metrics = smaller.map(\.name) + Phase.allCases.map(\.name) + Ratio.allCases.filter { run.ratios[$0] != nil }.map(\.name)
                + expectedNames(run).filter { $0.contains(".") }
            expected += metrics.map { "\(run.scenario)/\(run.strategy): \($0)" }
        }
        XCTAssertEqual(names, expected, "run order, catalogue order, smaller-is-better only")
        XCTAssertFalse(names.contains { $0.hasSuffix(": rasterHits") || $0.hasSuffix(": cellsReused") })
        let units = Dictionary(entries.map { ($0["name"] as! String, $0["unit"] as! String) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(units["scroll/none: blendedPixels"], "pixels/step")
        XCTAssertEqual(units["scroll/none: tileTrafficBytes"], "bytes/step")
        XCTAssertEqual(units["scroll/none: step"], "ns")
        XCTAssertEqual(units["scroll/none: stepToNone"], "ratio")
        let ranged = try XCTUnwrap(entries.first { $0["name"] as? String == "scroll/per-cell-mask: step" })
        XCTAssertEqual(ranged["range"] as? String, "min 16400, max 16800 over 3 rounds")
        XCTAssertNil(entries.first { $0["name"] as? String == "scroll/none: step" }?["range"], "one round, no range")
    }

    // MARK: InfluxDB line protocol

    /// One point of line protocol, parsed.
    struct Point {
        var measurement: String
        var tags: [(key: String, value: String)]
        var fields: [(key: String, value: String)]
        var timestamp: String?
    }

    /// Parses one line of line protocol: `measurement[,tag=value…] field=value[,…] [timestamp]`,
    /// by the rule of InfluxDB's own reader (1.x and 2.x, `models/points.go`): a space, comma or
    /// `=` ends a key or value unless the scalar before it is a backslash, and only `\ ` `\,`
    /// `\=` are unescaped afterwards; any other backslash is literal (so a value ending in one
    /// cannot be ended). String field values are not handled (the export writes none). Nil when
    /// the line does not have that shape.
    static func parsePoint(_ line: String) -> Point? {
        var scalars = Array(line.unicodeScalars)[...]
        /// Reads up to a scalar in `stops` not preceded by a backslash; returns the unescaped text
        /// and the stop (nil at the end).
        func read(until stops: Set<Unicode.Scalar>) -> (String, Unicode.Scalar?) {
            var raw = String.UnicodeScalarView()
            var stop: Unicode.Scalar?
            while let scalar = scalars.popFirst() {
                if stops.contains(scalar) && raw.last != "\\" {
                    stop = scalar
                    break
                }
                raw.append(scalar)
            }
            var text = String(raw)
            for special in [",", " ", "="] { text = text.replacingOccurrences(of: "\\" + special, with: special) }
            return (text, stop)
        }
        let (measurement, afterMeasurement) = read(until: [",", " "])
        guard !measurement.isEmpty, afterMeasurement != nil else { return nil }
        var point = Point(measurement: measurement, tags: [], fields: [], timestamp: nil)
        var stop = afterMeasurement
        while stop == "," {
            let (key, equals) = read(until: ["=", ",", " "])
            guard equals == "=" else { return nil }
            let (value, next) = read(until: [",", " ", "="])
            guard !key.isEmpty, !value.isEmpty, next == "," || next == " " else { return nil }
            point.tags.append((key, value))
            stop = next
        }
        repeat {
            let (key, equals) = read(until: ["=", ",", " "])
            guard equals == "=" else { return nil }
            let (value, next) = read(until: [",", " "])
            guard !key.isEmpty, !value.isEmpty else { return nil }
            point.fields.append((key, value))
            stop = next
        } while stop == ","
        if stop == " " {
            let (timestamp, end) = read(until: [" "])
            guard end == nil, Int(timestamp) != nil else { return nil }
            point.timestamp = timestamp
        }
        return point
    }

    func testInfluxHasALinePerRowWithItsTagsEveryMetricAsAFieldAndTheRunsTimestamp() throws {
        let results = Self.results()
        let text = Report(results).influx()
        XCTAssertTrue(text.hasSuffix("\n"))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertEqual(lines.count, results.runs.count)
        for (line, run) in zip(lines, results.runs) {
            let point = try XCTUnwrap(Self.parsePoint(String(line)), "not line protocol: \(line)")
            XCTAssertEqual(point.measurement, "cornerbench")
            XCTAssertEqual(point.tags.map(\.key), ["scenario", "strategy"])
            XCTAssertEqual(point.tags.map(\.value), [run.scenario, run.strategy])
            XCTAssertEqual(point.fields.map(\.key), expectedNames(run))
            // 2025-01-02T03:04:05Z.
            XCTAssertEqual(point.timestamp, "1735787045000000000")
        }
    }

    func testInfluxWritesTimesAsIntegersAndMeansAndRatiosAlwaysAsFloats() throws {
        let results = Self.results()
        let point = try XCTUnwrap(Self.parsePoint(String(Report(results).influx().split(separator: "\n")[0])))
        let fields = Dictionary(point.fields.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        let run = results.runs[0]
        for phase in Phase.allCases {
            XCTAssertEqual(fields[phase.name], "\(run.timing[phase]!.median)i", "a phase median is an integer")
        }
        XCTAssertEqual(fields["renderPasses"], "1.0", "a whole mean stays a float, so the field's type never changes")
        for counter in Counter.allCases {
            let text = try XCTUnwrap(fields[counter.name])
            XCTAssertFalse(text.hasSuffix("i"), counter.name)
            XCTAssertEqual(Double(text), run.perStep[counter], counter.name)
        }
        XCTAssertEqual(fields["stepToFloor"].flatMap(Double.init), run.ratios[.stepToFloor])
    }

    func testInfluxLeavesOutTheTimestampWhenCreatedAtIsNotATime() throws {
        var results = Self.results()
        results.createdAt = "yesterday"
        let point = try XCTUnwrap(Self.parsePoint(String(Report(results).influx().split(separator: "\n")[0])))
        XCTAssertNil(point.timestamp)
        XCTAssertEqual(Report.unixNanoseconds("2025-01-02T03:04:05.250Z"), 1_735_787_045_250_000_000)
    }

    // MARK: Hostile names

    /// Spaces, commas, quotes, `=`, line breaks, a trailing backslash, 256 KB: none may change
    /// an export's structure, and every JSON export must give the name back whole.
    static let hostile = ["a b,c=d", "quote \" and 'single'", "line\nbreak\r\nand\ttab", "ends in \\", "\\, \\= \\ ",
                          "=1+1", "-", "{\"json\": [1]}", String(repeating: "h", count: 1 << 18)]

    func testHostileNamesStayWholeInTheJSONExports() throws {
        let results = Self.results(scenarios: Self.hostile, strategies: ["none", "x y,z=\"w\"\n"])
        let bmf = try XCTUnwrap(try json(Report(results).bmf()) as? [String: Any])
        XCTAssertEqual(Set(bmf.keys), Set(results.runs.map { $0.scenario + "/" + $0.strategy }))
        let entries = try XCTUnwrap(try json(Report(results).githubBenchmark()) as? [[String: Any]])
        let names = Set(entries.compactMap { $0["name"] as? String })
        for run in results.runs {
            XCTAssertTrue(names.contains(run.scenario + "/" + run.strategy + ": step"), String(run.scenario.prefix(40)))
        }
    }

    func testHostileNamesCannotBreakALineOrATagOfTheLineProtocol() throws {
        let results = Self.results(scenarios: Self.hostile, strategies: ["none", "x y,z=\"w\"\n"])
        let text = Report(results).influx()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertEqual(lines.count, results.runs.count, "a name added or removed a line")
        XCTAssertFalse(text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "a control character reached the file")
        for (line, run) in zip(lines, results.runs) {
            let point = try XCTUnwrap(Self.parsePoint(String(line)), "not line protocol: \(line.prefix(80))")
            XCTAssertEqual(point.tags.map(\.key), ["scenario", "strategy"])
            XCTAssertEqual(point.fields.count, expectedNames(run).count, String(run.scenario.prefix(40)))
            XCTAssertEqual(point.timestamp, "1735787045000000000")
            // Names come back whole, except control characters and a trailing backslash, which are
            // visible escapes.
            XCTAssertEqual(point.tags[0].value, Self.influxStored(run.scenario))
            XCTAssertEqual(point.tags[1].value, Self.influxStored(run.strategy))
        }
        XCTAssertTrue(text.contains(#"scenario=a\ b\,c\=d,strategy=none "#), "space, comma and = escaped")
        XCTAssertTrue(text.contains(#"scenario=ends\ in\ \u{5C},strategy"#), "a trailing backslash cannot escape the comma")
        XCTAssertTrue(text.contains(#"strategy=x\ y\,z\="w"\n "#), "quotes are plain text in a tag; a line break is visible")
    }

    /// What InfluxDB stores for a tag value `name` written by the export: the name, with control
    /// characters and every backslash as visible escapes.
    static func influxStored(_ name: String) -> String {
        Escape.terminal(name.replacingOccurrences(of: "\\", with: "\\u{5C}"))
    }

    func testATagValueEndingInABackslashEndsWhereInfluxDBReadsIt() throws {
        let results = Self.results(scenarios: ["trail\\", "mid\\dle", "\\,"], strategies: ["none"])
        let lines = Report(results).influx().split(separator: "\n")
        XCTAssertEqual(lines.count, 3)
        let tags = try lines.map { try XCTUnwrap(Self.parsePoint(String($0)), "InfluxDB refuses: \($0.prefix(80))").tags }
        XCTAssertEqual(tags.map { $0.map(\.key) }, Array(repeating: ["scenario", "strategy"], count: 3))
        XCTAssertEqual(tags.map { $0[0].value }, [#"trail\u{5C}"#, #"mid\u{5C}dle"#, #"\u{5C},"#])
        XCTAssertEqual(tags.map { $0[1].value }, ["none", "none", "none"])
    }

    func testScenariosWhoseNamesDifferAreNeverOneInfluxSeries() throws {
        let scenarios = ["trail\\", #"trail\u{5C}"#, "line\nbreak", #"line\nbreak"#, "esc\u{1B}", #"esc\u{1B}"#, #"a\\b"#, #"a\b"#]
        let results = Self.results(scenarios: scenarios, strategies: ["none"])
        let points = try Report(results).influx().split(separator: "\n").map { try XCTUnwrap(Self.parsePoint(String($0))) }
        XCTAssertEqual(points.count, scenarios.count)
        let series = points.map { point in point.measurement + point.tags.map { "," + $0.key + "=" + $0.value }.joined() + " " + (point.timestamp ?? "") }
        XCTAssertEqual(Set(series).count, scenarios.count, "two names stored as one series at one time: \(series)")
    }

    func testEveryExportIsDispatched() {
        let results = Self.results()
        XCTAssertEqual(Report(results).rendered(as: .bmf), Report(results).bmf())
        XCTAssertEqual(Report(results).rendered(as: .githubBenchmark), Report(results).githubBenchmark())
        XCTAssertEqual(Report(results).rendered(as: .influx), Report(results).influx())
        XCTAssertEqual(ReportFormat.githubBenchmark.rawValue, "github-benchmark")
    }
}
