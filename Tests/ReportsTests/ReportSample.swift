import Foundation
import Problems
@testable import Reports
import Results
import XCTest

/// The `Results` the report tests share, built by hand (no benchmark runs): every number a
/// report shows must be the JSON's, rounded only as the report documents.
enum ReportSample {
    static let strategies = ["none", "per-cell-mask", "precomposited"]
    /// The second name needs CSV quoting (a comma and quotes) and HTML escaping (quotes).
    static let scenarios = ["scroll", #"fling, "events""#]
    static let steps = 8

    /// Two scenarios × three strategies with known counters and per-step phase times.
    ///
    /// Each step's time is its three phases plus 40 ns, so the phases fit inside it. One strategy's
    /// slowest step is step 3, the event step of the second scenario; the others' is step 6. The
    /// second scenario has no `stepToNone` ratios, as when `none` did not run.
    static func sample(optimized: Bool = true) -> Results {
        var runs: [RunResult] = []
        for (s, scenario) in scenarios.enumerated() {
            var scenarioRuns: [RunResult] = []
            for (t, strategy) in strategies.enumerated() {
                let layout: [Int] = (0..<steps).map { (i: Int) -> Int in 1_000 + 100 * i + 10 * t }
                let reuse: [Int] = (0..<steps).map { (i: Int) -> Int in 300 + 7 * i }
                var composite: [Int] = (0..<steps).map { (i: Int) -> Int in 250_000 * (t + 1) + 1_234 * i + 5_000 * s }
                composite[t == 1 ? 3 : 6] += 2_000_000
                let step: [Int] = (0..<steps).map { (i: Int) -> Int in layout[i] + reuse[i] + composite[i] + 40 }
                var totals: [Counter: Int] = [:], perStep: [Counter: Double] = [:]
                for (f, counter) in Counter.allCases.enumerated() {
                    // Large enough to need thousands separators, odd enough to need rounding.
                    let total: Int = counter == .blendedPixels ? 9_876_543 * t + s : (f + 1) * 1_003 * (t + 1) + 7 * s
                    totals[counter] = total
                    perStep[counter] = Double(total) / Double(steps)
                }
                let samples: [Phase: [Int]] = [.step: step, .layout: layout, .reuse: reuse, .composite: composite]
                let timing = samples.mapValues { Summary($0) }
                let floor = 81_700 + 1_000 * s
                scenarioRuns.append(RunResult(
                    scenario: scenario, strategy: strategy, steps: steps, layoutPasses: steps - s, totals: totals,
                    perStep: perStep, timing: timing,
                    ratios: [.stepToFloor: Double(timing[.step]!.median) / Double(floor),
                             .compositeToFloor: Double(timing[.composite]!.median) / Double(floor)],
                    samples: samples, eventSteps: s == 1 ? [3] : [], pictures: ["0": "0badcafe"],
                    floorNanos: floor, copyFloorNanos: 280_900 + 1_000 * s))
            }
            if s == 0 {
                let none = Double(scenarioRuns[0].timing[.step]!.median), noneComposite = Double(scenarioRuns[0].timing[.composite]!.median)
                for i in scenarioRuns.indices {
                    scenarioRuns[i].ratios[.stepToNone] = Double(scenarioRuns[i].timing[.step]!.median) / none
                    scenarioRuns[i].ratios[.compositeToNone] = Double(scenarioRuns[i].timing[.composite]!.median) / noneComposite
                }
            }
            runs += scenarioRuns
        }
        return Results(schema: Results.currentSchema,
                       tool: ToolBuild(version: "0.1.0", configuration: "release", optimized: optimized, swift: "6.3"),
                       machine: MachineInfo(os: "Linux 6.8", cores: 2, cpu: "Test CPU"),
                       createdAt: "2025-01-02T03:04:05Z", floorNanos: 81_700, copyFloorNanos: 280_900, runs: runs)
    }
}

/// A value rounded as the reports document: to `digits` decimals, halves away from zero.
func rounded(_ value: Double, _ digits: Int) -> Double {
    let scale = pow(10, Double(digits))
    return (value * scale).rounded(.toNearestOrAwayFromZero) / scale
}

/// A printed number without its thousands separators.
func number(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Double? {
    let value = Double(text.replacingOccurrences(of: ",", with: ""))
    XCTAssertNotNil(value, "'\(text)' is not a number", file: file, line: line)
    return value
}

/// The Markdown tables by scenario, each scenario's tables merged: every column title and, by
/// strategy, the cell under each title.
func markdownTables(_ markdown: String) -> [String: (header: [String], rows: [String: [String: String]])] {
    var tables: [String: (header: [String], rows: [String: [String: String]])] = [:]
    var scenario: String?, header: [String] = []
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
        if line.hasPrefix("### Scenario ") {
            scenario = String(line.dropFirst("### Scenario ".count))
            tables[scenario!] = ([], [:])
            continue
        }
        guard let name = scenario else { continue }
        // A line that is not a table's ends it; the next table line is a header.
        guard line.hasPrefix("| "), line.hasSuffix(" |") else { header = []; continue }
        // Not the alignment row under the header.
        guard line.contains(where: { !"|:- ".contains($0) }) else { continue }
        let cells = line.dropFirst(2).dropLast(2).components(separatedBy: " | ")
        if header.isEmpty {
            header = cells
            tables[name]!.header += cells.dropFirst()
        } else {
            for (title, cell) in zip(header, cells).dropFirst() { tables[name]!.rows[cells[0], default: [:]][title] = cell }
        }
    }
    return tables
}
