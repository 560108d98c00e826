@testable import BenchCLI
import CLITestSupport
import Foundation
import Harness
import HarnessTestSupport
import Problems
import RasterTestSupport
import Results
import Text
import XCTest

/// Bad results files given to `bench compare` and `bench check`: each is refused with exit code 2
/// and a message that starts with the file's path and names the key — the results rows of the
/// README's "Bad input" table. Where the old failure was a trap or a run that never ends, the real
/// `bench` runs as a child process, so the test can see the signal or stop it.
final class ResultsFileInputTests: TemporaryDirectoryTestCase {
    /// A real results file of `bench run --device iphone-se --strategy none --steps 3`, made once
    /// (the files are refused for what they hold, whatever the screen).
    private static let good: Results = {
        let path = NSTemporaryDirectory() + "results-input-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = bench("run", "--device", "iphone-se", "--strategy", "none", "--steps", "3", "--samples", "--json", path, "--quiet")
        precondition(run.code == 0, run.stderr)
        return try! Results.load(from: path)
    }()

    private func write(_ results: Results, _ name: String) throws -> String {
        try write(String(decoding: results.jsonData(), as: UTF8.self), name)
    }

    private func write(_ text: String, _ name: String) throws -> String {
        let path = directory + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// `bench compare good bad` and `bench check --baseline bad --results good` both exit 2 with
    /// every fragment on stderr, after the path of the bad file.
    private func assertRefused(_ bad: String, _ fragments: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let good = try write(Self.good, "good.json")
        for arguments in [["compare", good, bad], ["check", "--baseline", bad, "--results", good]] {
            let result = bench(arguments)
            XCTAssertEqual(result.code, 2, "\(arguments): \(result.stdout)\(result.stderr)", file: file, line: line)
            XCTAssertTrue(result.stderr.hasPrefix("Error: \(bad): "), result.stderr, file: file, line: line)
            for fragment in fragments {
                XCTAssertTrue(result.stderr.contains(fragment), "\(result.stderr) lacks \(fragment)", file: file, line: line)
            }
        }
    }

    // MARK: The README's rows

    func testANegativeCounterIsRefusedNotReportedAsAnImprovement() throws {
        var results = Self.good
        results.runs[0].totals[.imagesCreated] = -5
        try assertRefused(try write(results, "r.json"), ["runs[0].totals.imagesCreated: expected a non-negative integer, got -5."])
    }

    func testAFileWithNoRunsIsRefusedRatherThanPassingOnZeroRows() throws {
        var results = Self.good
        results.runs = []
        try assertRefused(try write(results, "r.json"), ["runs: expected a non-empty array, got an empty one."])
    }

    func testEmptySamplesAreRefusedRatherThanPrintedAsNaN() throws {
        var results = Self.good
        results.runs[0].samples[.step] = []
        try assertRefused(try write(results, "r.json"), ["runs[0].samples.step: expected 3 values (one per step: the run's steps), got 0."])
    }

    func testARowThatAppearsTwiceIsRefused() throws {
        var results = Self.good
        results.runs.append(results.runs[0])
        try assertRefused(try write(results, "r.json"), ["runs[1]: the row iphone-se/none is already at runs[0]"])
    }

    func testADuplicateKeyIsRefusedWithBothPlaces() throws {
        let text = String(decoding: try Self.good.jsonData(), as: UTF8.self).replacingOccurrences(of: #""steps" : 3,"#, with: #""steps" : 3, "steps" : 4,"#)
        try assertRefused(try write(text, "r.json"), ["runs[0]: line ", "duplicate key 'steps' (first at line "])
    }

    func testStepsOutsideOneToAMillionAreRefused() throws {
        for steps in [-3, 0, 1_000_000_000_000_000] {
            var results = Self.good
            results.runs[0].steps = steps
            try assertRefused(try write(results, "r.json"), ["runs[0].steps: expected an integer from 1 to 1,000,000 (the most steps a run may measure), got \(Format.grouped(steps))."])
        }
    }

    func testAnIntegerOf2To64NamesTheKeyThatHoldsIt() throws {
        let text = String(decoding: try Self.good.jsonData(), as: UTF8.self)
            .replacingOccurrences(of: #""buffersAllocated" : \#(Self.good.runs[0].buffersAllocated)"#, with: #""buffersAllocated" : 18446744073709551616"#)
        try assertRefused(try write(text, "r.json"), ["runs[0].buffersAllocated: the number 18446744073709551616 is out of range"])
    }

    // MARK: Running a baseline again

    func testCheckingABaselineOfZeroStepsIsRefusedRatherThanPassingOnNothing() throws {
        var results = Self.good
        results.runs[0].steps = 0
        let baseline = try write(results, "zero.json")
        let result = bench("check", "--baseline", baseline)
        XCTAssertEqual(result.code, 2, result.stdout + result.stderr)
        XCTAssertFalse(result.stdout.contains("PASS"), result.stdout)
        XCTAssertTrue(result.stderr.contains("runs[0].steps: expected an integer from 1 to 1,000,000"), result.stderr)
    }

    func testARunnerRefusesToMeasureZeroSteps() throws {
        let scenario = Fixtures.singleSection(steps: 4)
        XCTAssertThrowsError(try Runner().run(scenarios: [scenario], strategies: ["none"], steps: 0)) { error in
            XCTAssertEqual(error as? BenchError, .input(.stepsOutOfRange(steps: 0, scenario: "single-section", maximum: 1_000_000)))
            XCTAssertEqual("\(error)", "cannot measure 0 steps of the scenario 'single-section': a run measures from 1 to 1,000,000 steps.")
        }
    }

    /// Runs `bench` as a child process for at most `seconds`; stops it and fails if it is still
    /// running then.
    private func child(_ arguments: [String], within seconds: Double, line: UInt = #line) throws
        -> (reason: Process.TerminationReason, status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = BuiltBench.url
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning {
            process.terminate()
            XCTFail("bench \(arguments.joined(separator: " ")) was still running after \(seconds) s", line: line)
        }
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (process.terminationReason, process.terminationStatus, message)
    }

    func testCheckingABaselineWithNegativeStepsExitsTwoInsteadOfTrapping() throws {
        try BuiltBench.require()
        var results = Self.good
        results.runs[0].steps = -3
        let baseline = try write(results, "negative.json")
        let outcome = try child(["check", "--baseline", baseline], within: 60)
        XCTAssertEqual(outcome.reason, .exit, "a trap ends the process with a signal: \(outcome.stderr)")
        XCTAssertEqual(outcome.status, 2, outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("\(baseline): runs[0].steps: expected an integer from 1 to 1,000,000"), outcome.stderr)
    }

    func testAMillionMillionStepsAreRefusedInsteadOfRunningForever() throws {
        try BuiltBench.require()
        var results = Self.good
        results.runs[0].steps = 1_000_000_000_000_000
        let baseline = try write(results, "huge.json")
        let check = try child(["check", "--baseline", baseline], within: 60)
        XCTAssertEqual(check.status, 2, check.stderr)
        XCTAssertTrue(check.stderr.contains("runs[0].steps: expected an integer from 1 to 1,000,000"), check.stderr)
        // The option's own limit, for a step count that does not come from a file.
        let run = try child(["run", "--strategy", "none", "--steps", "1000001", "--quiet"], within: 60)
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("Error: --steps must be an integer from 1 to 1,000,000, not '1000001'."),
                      run.stderr)
    }
}
