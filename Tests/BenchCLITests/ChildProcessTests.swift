@testable import BenchCLI
import CLITestSupport
import Foundation
import Harness
import HarnessTestSupport
import RasterTestSupport
import Results
import Strategies
import XCTest

/// The real `bench` executable as a child process: interrupting it leaves outputs intact, and
/// `--processes` runs it again in fresh processes.
final class ChildProcessTests: XCTestCase {
    /// The `bench` executable built beside this test bundle (the test process's own directory).
    private var benchExecutable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("bench")
    }

    func testInterruptingARunLeavesThePreviousResultsFileIntact() throws {
        let executable = benchExecutable
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: executable.path),
                          "bench is not built beside the tests (run `swift build` first, as .ci/run does)")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("interrupt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let results = directory.appendingPathComponent("results.json")
        let previous = Data("{\"schema\": \"cornerbench.results/1\", \"previous\": true}\n".utf8)
        try previous.write(to: results)

        for signal in [SIGINT, SIGTERM] {
            let process = Process()
            process.executableURL = executable
            process.arguments = ["run", "--json", results.path, "--quiet"]
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = Pipe()
            try process.run()
            // Long enough to be inside the measured steps (the default run takes seconds).
            Thread.sleep(forTimeInterval: 1.5)
            XCTAssertTrue(process.isRunning, "the run must still be going when it is interrupted")
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            XCTAssertEqual(process.terminationStatus, 128 + signal)
            XCTAssertTrue(message.contains("Interrupted"), message)
            XCTAssertEqual(try Data(contentsOf: results), previous, "signal \(signal): the previous file must be untouched")
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0 != "results.json" }
            XCTAssertEqual(leftovers, [], "no temporary file is left behind")
        }
    }

    func testProcessesRunTheSameMeasurementInFreshProcessesOneRoundEach() throws {
        let executable = benchExecutable
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: executable.path),
                          "bench is not built beside the tests (run `swift build` first, as .ci/run does)")
        let output = NSTemporaryDirectory() + "processes-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["run", "--steps", "3", "--strategy", "none,per-cell-mask", "--processes", "2", "--quiet", "--json", output]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let results = try Results.load(from: output)
        XCTAssertEqual(results.runs.map(\.strategy), ["none", "per-cell-mask"])
        for run in results.runs { XCTAssertEqual(run.rounds?[.step]?.count, 2) }
        XCTAssertEqual(results.provenance?.commandLine.last, output, "the parent's command line is recorded")
    }

    func testProcessesCannotBeStartedFromAProcessThatIsNotBench() {
        let result = bench("run", "--steps", "2", "--strategy", "none", "--processes", "2", "--quiet")
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(result.stderr.contains("--processes starts the bench executable again"), result.stderr)
    }
}
