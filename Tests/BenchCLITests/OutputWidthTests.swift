@testable import BenchCLI
import CLITestSupport
import Foundation
import RasterTestSupport
import Reports
import Results
import XCTest

/// Every line `bench run`, `compare`, `check`, `list` and `help` print fits a 120-column terminal
/// (`--wide` alone may be wider, and says so), over the inputs that make their widest tables and
/// longest notes: instruction counts and estimated cycles, both time ratios, GPU times, counters
/// that all changed, regressions of every kind, another kind of host, a long scenario name.
final class OutputWidthTests: TemporaryDirectoryTestCase {
    /// The repository's root directory.
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// Fails naming the lines of `text` wider than 120 columns (counted in `Character`s, as a
    /// terminal shows `×`, `µ` and `–` in one column each), with the first of them.
    private func assertFits(_ text: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let wide = text.split(separator: "\n", omittingEmptySubsequences: false).filter { $0.count > 120 }
        guard let first = wide.first else { return }
        XCTFail("\(what): \(wide.count) line(s) wider than 120 columns, the first of \(first.count):\n\(first)", file: file, line: line)
    }

    /// `assertFits` for both streams of `output`.
    private func assertFits(_ output: BenchOutput, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        assertFits(output.stdout, what + ", stdout", file: file, line: line)
        assertFits(output.stderr, what + ", stderr", file: file, line: line)
    }

    /// `results` written to a file in the test's directory, by `name`.
    private func save(_ results: Results, _ name: String) throws -> String {
        let path = directory + "/" + name
        try AtomicFile.write(results.jsonData(), to: path)
        return path
    }

    // MARK: Commands without input

    func testHelpAndListFit() {
        var runs: [(String, BenchOutput)] = [("bench help", bench("help")), ("bench list", bench("list"))]
        for command in BenchCLI.commands {
            let name = command.spec(.builtIn).name!
            runs.append(("bench help \(name)", bench("help", name)))
            runs.append(("bench \(name) --help", bench(name, "--help")))
        }
        for (what, output) in runs {
            XCTAssertEqual(output.code, 0, what)
            assertFits(output, what)
        }
    }

    // MARK: run

    func testARunOnAPhoneWithALongScenarioNameFits() {
        let output = bench("run", "--steps", "3", "--device", "iphone-se", "--rows-per-section", "50", "--corner-radius", "10")
        XCTAssertEqual(output.code, 0, output.stderr)
        assertFits(output, "bench run on an iPhone SE")
    }

    func testARunOfTheCISuiteFits() {
        let output = bench("run", "--suite", Self.root + "/Benchmarks/ci.json", "--steps", "2")
        XCTAssertEqual(output.code, 0, output.stderr)
        assertFits(output, "bench run of the CI suite")
    }

    /// A scenario file whose scenario and device have long names, and whose device is given in
    /// pixels: the scenario's line, the device's and the note on standard error.
    func testARunOfAScenarioFileWithLongNamesAndANoteFits() throws {
        let path = directory + "/long.json"
        let scenario = String(repeating: "a-very-long-scenario-name-", count: 8), device = String(repeating: "device-", count: 20)
        try Data(#"""
            { "name": "\#(scenario)",
              "device": { "name": "\#(device)", "width": 640, "height": 1136, "scale": 2, "refreshHz": 60, "gpu": "a6" },
              "table": { "sections": 3, "rowsPerSection": [3], "content": "none" },
              "scroll": { "kind": "constant", "steps": 2, "warmupSteps": 0 } }
            """#.utf8).write(to: URL(fileURLWithPath: path))
        let output = bench("run", "--scenario-file", path, "--strategy", "none,per-cell-mask")
        XCTAssertEqual(output.code, 0, output.stderr)
        XCTAssertTrue(output.stderr.hasPrefix("Note: device '"), output.stderr)
        assertFits(output, "bench run of a scenario file with long names")
    }

    /// What `bench run --instructions` prints (the cycles' columns, the verdict's cycles rank): the
    /// table of the committed baseline, which was counted so, since valgrind cannot run in-process.
    func testTheTableOfACountedRunFits() throws {
        let table = Report(try baseline()).comparisonTable()
        XCTAssertTrue(table.contains("Mcycles"), table)
        assertFits(table, "the table of a run with instruction counts")
    }

    // MARK: check and compare

    /// The committed baseline: measured in 5 processes, with instruction counts and estimated
    /// cycles, the widest results the repository has.
    private func baseline() throws -> Results {
        try Results.load(from: Self.root + "/Results/baseline.json")
    }

    /// `results` with every counter, frame, instruction count, estimated cycle count and time
    /// ratio changed, and GPU times: a check of it against `results` finds every kind of regression.
    private func changed(_ results: Results) -> Results {
        var copy = results
        for i in copy.runs.indices {
            copy.runs[i].totals = copy.runs[i].totals.mapValues { $0 * 3 / 2 + 1 }
            copy.runs[i].perStep = copy.runs[i].perStep.mapValues { $0 * 1.5 + 0.1 }
            copy.runs[i].pictures = copy.runs[i].pictures.mapValues { _ in "deadbeef" }
            copy.runs[i].instructions = copy.runs[i].instructions?.mapValues { $0 * 11 / 10 }
            copy.runs[i].cost = copy.runs[i].cost?.mapValues { $0.mapValues { $0 * 11 / 10 } }
            copy.runs[i].roundRatios = copy.runs[i].roundRatios?.mapValues { $0.map { $0 * 1.3 } }
        }
        return copy
    }

    /// `results` with GPU times, as rows of a device that names its GPU have.
    private func withGPUTimes(_ results: Results, slower: Bool = false) -> Results {
        var copy = results
        for i in copy.runs.indices {
            let low = 510_000 + 10_000 * i + (slower ? 100_000 : 0)
            copy.runs[i].deviceTime = DeviceTime(gpu: "a17-pro", refreshHz: 120, lowNanos: low, highNanos: low * 9 / 2)
        }
        return copy
    }

    /// `results` as measured on another kind of host, without instruction counts.
    private func elsewhere(_ results: Results) -> Results {
        var copy = results
        copy.provenance?.host?.cpuID = "GenuineIntel 6/85/7 with a much longer identifier than usual"
        copy.provenance?.host?.l1dBytes = 32_768
        copy.provenance?.host?.storePath = "string"
        for i in copy.runs.indices { copy.runs[i].instructions = nil; copy.runs[i].cost = nil }
        copy.instructionCounter = nil
        copy.cacheModel = nil
        return copy
    }

    func testCheckWithEveryColumnAndEveryFindingFits() throws {
        let base = try baseline()
        let same = try save(base, "same.json"), worse = try save(changed(base), "worse.json")
        let other = try save(elsewhere(base), "other.json")
        let ratios = ["--time-ratio", "stepToFloor", "--time-ratio", "stepToNone"]
        let passed = bench(["check", "--baseline", same, "--results", same] + ratios)
        XCTAssertEqual(passed.code, 0, passed.stderr)
        assertFits(passed, "bench check of the baseline against itself")
        let failed = bench(["check", "--baseline", same, "--results", worse] + ratios)
        XCTAssertEqual(failed.code, 1, failed.stderr)
        assertFits(failed, "bench check that finds every kind of regression")
        let warned = bench(["check", "--baseline", same, "--results", other] + ratios)
        XCTAssertEqual(warned.code, 0, warned.stderr)
        XCTAssertTrue(warned.stdout.contains("Warning:"), warned.stdout)
        assertFits(warned, "bench check on another kind of host")
    }

    func testCompareWithEveryColumnAndNoteFits() throws {
        let base = try baseline()
        let old = try save(withGPUTimes(base), "old.json"), new = try save(withGPUTimes(changed(base), slower: true), "new.json")
        let other = try save(elsewhere(base), "other.json")
        var few = elsewhere(base)
        few.processes = 1
        for i in few.runs.indices { few.runs[i].rounds = nil; few.runs[i].roundRatios = nil }
        few.runs.removeLast()
        let one = try save(few, "one.json")
        for (what, arguments) in [("every column", [old, new]), ("another host", [old, other]), ("one process, a row missing", [old, one])] {
            let output = bench(["compare"] + arguments)
            XCTAssertEqual(output.code, 0, output.stderr)
            assertFits(output, "bench compare, \(what)")
        }
    }
}
