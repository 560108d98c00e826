import Analysis
@testable import BenchCLI
import CLITestSupport
import Callgrind
import Foundation
import Harness
import HarnessTestSupport
import Host
import Problems
import RasterTestSupport
import Results
import Strategies
import XCTest

/// The real `bench` executable as a child process: interrupting it leaves outputs intact, and
/// `--processes` runs it again in fresh processes. The tests that count instructions under
/// valgrind take seconds each and run in `.ci/run` (`SlowTests`).
final class ChildProcessTests: XCTestCase {
    func testInterruptingARunLeavesThePreviousResultsFileIntact() throws {
        let executable = BuiltBench.url
        try BuiltBench.require()
        let previous = Data("{\"schema\": \"cornerbench.results/1\", \"previous\": true}\n".utf8)
        // One run per signal, side by side (each in a directory of its own), so the test waits once.
        let runs = try [SIGINT, SIGTERM].map { signal in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("interrupt-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let results = directory.appendingPathComponent("results.json")
            try previous.write(to: results)
            let process = Process()
            process.executableURL = executable
            process.arguments = ["run", "--json", results.path, "--quiet"]
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = Pipe()
            try process.run()
            return (signal: signal, directory: directory, results: results, process: process, errors: errors)
        }
        defer { for run in runs { try? FileManager.default.removeItem(at: run.directory) } }
        // Interrupted once bench handles the signals (its handlers are installed first thing, and
        // the default run then takes seconds): an event, not a guess at how fast this machine is.
        for run in runs {
            while run.process.isRunning && !Self.catches([SIGINT, SIGTERM], pid: run.process.processIdentifier) {
                Thread.sleep(forTimeInterval: 0.01)
            }
        }
        for run in runs {
            XCTAssertTrue(run.process.isRunning, "the run must still be going when it is interrupted")
            kill(run.process.processIdentifier, run.signal)
        }
        for (signal, directory, results, process, errors) in runs {
            process.waitUntilExit()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            XCTAssertEqual(process.terminationStatus, 128 + signal)
            XCTAssertTrue(message.contains("Interrupted"), message)
            XCTAssertEqual(try Data(contentsOf: results), previous, "signal \(signal): the previous file must be untouched")
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0 != "results.json" }
            XCTAssertEqual(leftovers, [], "no temporary file is left behind")
        }
    }

    /// Whether the process `pid` has handlers for every one of `signals`: its `SigCgt` mask in
    /// /proc (a hex mask whose bit n − 1 is signal n).
    static func catches(_ signals: [Int32], pid: pid_t) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
              let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16) else { return false }
        return signals.allSatisfy { mask & (1 << UInt64($0 - 1)) != 0 }
    }

    func testProcessesRunTheSameMeasurementInFreshProcessesOneRoundEach() throws {
        let executable = BuiltBench.url
        try BuiltBench.require()
        let output = NSTemporaryDirectory() + "processes-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let process = Process()
        process.executableURL = executable
        // On the iPhone SE's screen: rounds in fresh processes do not depend on the screen.
        process.arguments = ["run", "--steps", "3", "--strategy", "none,per-cell-mask", "--processes", "2", "--device", "iphone-se",
                             "--quiet", "--json", output]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let results = try Results.load(from: output)
        XCTAssertEqual(results.runs.map(\.strategy), ["none", "per-cell-mask"])
        for run in results.runs { XCTAssertEqual(run.rounds?[.step]?.count, 2) }
        XCTAssertEqual(results.provenance?.commandLine.last, output, "the parent's command line is recorded")
    }

    /// Two counts of the same scenario, in different processes and with the strategies split
    /// differently between valgrind's children, agree within the tolerance the gate uses.
    func testInstructionCountsOfTwoRunsAgreeWithinTheGatesTolerance() throws {
        try SlowTests.require()
        let executable = BuiltBench.url
        try BuiltBench.require()
        try requireValgrind(so: "instruction counts")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("instructions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenario = directory.appendingPathComponent("small.json")
        try Data("""
            { "name": "small", "device": { "name": "small", "width": 320, "height": 240, "scale": 2, "refreshHz": 60 },
              "table": { "sections": 12, "rowsPerSection": [1, 3, 2] },
              "scroll": { "kind": "constant", "pointsPerStep": 9, "steps": 6, "warmupSteps": 2 } }
            """.utf8).write(to: scenario)
        func count(_ strategies: String, _ name: String) throws -> Results {
            let output = directory.appendingPathComponent(name).path
            let process = Process()
            process.executableURL = executable
            process.arguments = ["run", "--scenario-file", scenario.path, "--strategy", strategies, "--instructions", "--quiet", "--json", output]
            try process.run()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0)
            return try Results.load(from: output)
        }
        let first = try count("none,per-cell-mask,shared-corner-grid", "a.json")
        let second = try count("shared-corner-grid,per-cell-mask,none", "b.json")
        XCTAssertTrue(first.instructionCounter?.contains("callgrind") ?? false)
        let again = second.runsByKey
        for run in first.runs {
            let a = try XCTUnwrap(run.instructions), b = try XCTUnwrap(again[run.key]?.instructions)
            XCTAssertGreaterThan(a[.composite] ?? 0, 0)
            XCTAssertGreaterThanOrEqual(a[.step] ?? 0, (a[.reuse] ?? 0) + (a[.layout] ?? 0) + (a[.composite] ?? 0),
                                        "the step includes its phases")
            for phase in Phase.allCases {
                let x = Double(a[phase] ?? 0), y = Double(b[phase] ?? 0)
                XCTAssertLessThanOrEqual(abs(y / x - 1), Gate.defaultInstructionTolerance, "\(run.key) \(phase): \(x) vs \(y)")
            }
        }
        // Estimated cycles too, under the tool's cache, not the host's.
        XCTAssertEqual(first.cacheModel, CacheModel.standard)
        XCTAssertEqual(second.cacheModel, CacheModel.standard)
        for run in first.runs {
            let a = try XCTUnwrap(run.estimatedCycles), b = try XCTUnwrap(again[run.key]?.estimatedCycles)
            XCTAssertGreaterThan(a[.composite] ?? 0, run.instructions?[.composite] ?? 0, "memory costs more than one cycle an access")
            for phase in Phase.allCases {
                let x = Double(a[phase] ?? 0), y = Double(b[phase] ?? 0)
                XCTAssertLessThanOrEqual(abs(y / x - 1), Gate.defaultCycleTolerance, "\(run.key) \(phase): \(x) vs \(y) cycles")
            }
        }
        let report = try Gate.check(baseline: first, current: second)
        XCTAssertTrue(report.passed, "\(report.findings)")
        XCTAssertTrue(report.instructionsGated)
        XCTAssertTrue(report.cyclesGated)
    }

    /// A profile simulated with any caches but the tool's (valgrind uses the host's for a level
    /// it is not given) is refused, so no count can silently follow the host.
    func testAProfileSimulatedWithTheHostsCachesIsRefused() throws {
        let model = CacheModel.standard
        func profile(ll: String) -> String {
            """
            desc: I1 cache: \(model.l1i.valgrindDescription)
            desc: D1 cache: \(model.l1d.valgrindDescription)
            desc: LL cache: \(ll)
            events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw
            fn=$s7Harness10SimulationC4step
            1 10 1 1 0 0 0 0 0 0
            """
        }
        XCTAssertNoThrow(try InstructionCounter.check(CallgrindProfile(text: profile(ll: model.ll.valgrindDescription)[...]),
                                                       simulated: model, path: "p"))
        let host = HostFingerprint.current(kernels: .preferred).l3Bytes ?? 33_554_432
        let hosts = CacheModel.Level(sizeBytes: host == model.ll.sizeBytes ? 2 * host : host, associativity: 16, lineBytes: 64)
        XCTAssertThrowsError(try InstructionCounter.check(CallgrindProfile(text: profile(ll: hosts.valgrindDescription)[...]),
                                                           simulated: model, path: "p")) { error in
            XCTAssertTrue("\(error)".contains("was not simulated with the tool's caches"), "\(error)")
        }
        XCTAssertThrowsError(try InstructionCounter.check(CallgrindProfile(text: "events: Ir\nfn=f\n1 1\n"[...]),
                                                           simulated: model, path: "p"), "instructions alone are refused")
    }

    /// A child counting instructions resolves the same filtered and sharded plan as its parent:
    /// it counts exactly the rows the run measured, whatever their names.
    func testInstructionCountsFollowTheFilterAndTheShard() throws {
        try SlowTests.require()
        let executable = BuiltBench.url
        try BuiltBench.require()
        try requireValgrind(so: "instruction counts")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sharded-instructions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let suite = directory.appendingPathComponent("suite.json")
        // Names a command line or a label could garble: a comma, a slash, a newline.
        try Data("""
            { "suite": "odd", "strategies": ["none", "per-cell-mask", "shared-corner-grid"],
              "scenarios": [
                { "name": "a,b/c", "device": { "name": "small", "width": 320, "height": 240, "scale": 2, "refreshHz": 60 },
                  "table": { "sections": 12, "rowsPerSection": [1, 3, 2] },
                  "scroll": { "kind": "constant", "pointsPerStep": 9, "steps": 4, "warmupSteps": 1 } },
                { "name": "line\\nbreak", "device": { "name": "small", "width": 320, "height": 240, "scale": 2, "refreshHz": 60 },
                  "table": { "sections": 12, "rowsPerSection": [2] },
                  "scroll": { "kind": "constant", "pointsPerStep": 9, "steps": 4, "warmupSteps": 1 } } ] }
            """.utf8).write(to: suite)
        let output = directory.appendingPathComponent("r.json").path
        let process = Process()
        process.executableURL = executable
        process.arguments = ["run", "--suite", suite.path, "--filter", "*-*", "--shard", "2/2", "--instructions", "--quiet", "--json", output]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let results = try Results.load(from: output)
        // The pairs other than none, in order: a,b/c per-cell-mask (1), shared-corner-grid (2),
        // line\nbreak per-cell-mask (1), shared-corner-grid (2).
        XCTAssertEqual(results.runs.map(\.key.description), ["a,b/c/none", "a,b/c/shared-corner-grid",
                                                             "line\nbreak/none", "line\nbreak/shared-corner-grid"])
        for run in results.runs {
            XCTAssertGreaterThan(run.instructions?[.composite] ?? 0, 0, "\(run.key) is counted")
        }
        // Each row holds its own pair's counts: none composites fewer instructions than the grid.
        for scenario in ["a,b/c", "line\nbreak"] {
            let rows = results.runsByKey
            let none = rows[RunKey(scenario: scenario, strategy: "none")]?.instructions?[.composite] ?? 0
            let grid = rows[RunKey(scenario: scenario, strategy: "shared-corner-grid")]?.instructions?[.composite] ?? 0
            XCTAssertLessThan(none, grid, scenario)
        }
    }

    func testProcessesOfAShardRunTheShard() throws {
        let executable = BuiltBench.url
        try BuiltBench.require()
        let output = NSTemporaryDirectory() + "processes-shard-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let process = Process()
        process.executableURL = executable
        // On the iPhone SE's screen: which pairs a shard runs does not depend on the screen.
        process.arguments = ["run", "--steps", "2", "--strategy", "none,per-cell-mask,shared-corner-grid", "--shard", "2/2",
                             "--processes", "2", "--device", "iphone-se", "--quiet", "--json", output]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let results = try Results.load(from: output)
        XCTAssertEqual(results.runs.map(\.strategy), ["none", "shared-corner-grid"])
        XCTAssertEqual(results.processes, 2)
    }

    func testProcessesCannotBeStartedFromAProcessThatIsNotBench() {
        let result = bench("run", "--steps", "2", "--strategy", "none", "--processes", "2", "--quiet")
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(result.stderr.contains("--processes starts the bench executable again"), result.stderr)
    }
}
