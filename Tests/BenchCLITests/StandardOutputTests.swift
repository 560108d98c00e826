@testable import BenchCLI
import CLITestSupport
import Foundation
import Harness
import Pictures
import RasterTestSupport
import Results
import XCTest

/// `-` as the path of an output: that output goes to standard output, alone, and what bench
/// prints for people goes to standard error, so `bench run --json - | jq` works.
final class StandardOutputTests: TemporaryDirectoryTestCase {
    /// Two steps of two strategies on the default table, on a phone's screen: where the outputs go
    /// does not depend on the screen, and the iPad's frames made these runs five times as long.
    private let quickRun = ["run", "--steps", "2", "--strategy", "none,per-cell-mask", "--device", "iphone-se"]

    private func path(_ name: String) -> String { directory + "/" + name }

    func testJSONDashWritesTheResultsToStandardOutputAndTheTableToStandardError() throws {
        let result = bench(quickRun + ["--json", "-"])
        XCTAssertEqual(result.code, 0, result.stderr)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
                                   "standard output holds the JSON alone")
        XCTAssertEqual(object["schema"] as? String, Results.currentSchema)
        XCTAssertTrue(result.stderr.contains("scenario iphone-se: 2 steps"), "the table goes to stderr: \(result.stderr)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: "-"), "no file called '-' is written")
    }

    func testEveryReportFormatCanGoToStandardOutputWhileOthersGoToFiles() throws {
        for option in ["markdown", "csv", "trace", "bmf", "github-benchmark", "influx"] {
            let json = path("\(option).json")
            let result = bench(quickRun + ["--\(option)", "-", "--json", json, "--quiet"])
            XCTAssertEqual(result.code, 0, "\(option): \(result.stderr)")
            XCTAssertFalse(result.stdout.isEmpty, option)
            XCTAssertFalse(result.stdout.contains("CornerBench 0.1.0 ·"), "\(option): the table is not mixed in")
            XCTAssertEqual(result.stderr, "", "\(option): --quiet keeps the table away from stderr too")
            XCTAssertNoThrow(try Results.load(from: json), option)
        }
        let influx = bench(quickRun + ["--influx", "-"])
        XCTAssertTrue(influx.stdout.hasPrefix("cornerbench,scenario=iphone-se,strategy=none "), influx.stdout)
        XCTAssertEqual(influx.stdout.split(separator: "\n").count, 2)
    }

    func testTwoOutputsOnStandardOutputAreRefusedBeforeTheRun() {
        let result = bench(quickRun + ["--json", "-", "--bmf=-"])
        XCTAssertEqual(result.code, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.hasPrefix("Error: --json and --bmf both write to standard output ('-'), where only one output can go; give the others a file.\n"),
                      result.stderr)
    }

    func testAFileNamedDashIsWrittenWhenItsPathSaysSo() throws {
        let file = path("-")
        let result = bench(quickRun + ["--csv", file, "--quiet"])
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(try String(contentsOfFile: file, encoding: .utf8).hasPrefix("scenario,strategy,"))
    }

    func testADashIsAValueNotAMissingOne() throws {
        let parsed = try ParsedArguments(["--json", "-", "--csv", "-3"], for: RunCommand.spec(.builtIn))
        XCTAssertEqual(parsed.value("json"), "-")
        XCTAssertEqual(parsed.value("csv"), "-3")
        XCTAssertThrowsError(try ParsedArguments(["--json", "--quiet"], for: RunCommand.spec(.builtIn)), "an option is still not a value")
    }

    func testCheckAndCompareMarkdownDashGoesToStandardOutputAndTheirTextToStandardError() throws {
        let results = path("r.json")
        XCTAssertEqual(bench(quickRun + ["--json", results, "--quiet"]).code, 0)
        let check = bench("check", "--baseline", results, "--results", results, "--markdown", "-")
        XCTAssertEqual(check.code, 0, check.stderr)
        XCTAssertTrue(check.stdout.hasPrefix("### CornerBench gate: "), "the Markdown on stdout: \(check.stdout)")
        XCTAssertFalse(check.stdout.contains("PASS:"), "the text report is not mixed in")
        XCTAssertTrue(check.stderr.contains("PASS:"), check.stderr)

        let compare = bench("compare", results, results, "--markdown", "-")
        XCTAssertEqual(compare.code, 0, compare.stderr)
        XCTAssertTrue(compare.stdout.contains("| none |"), compare.stdout)
        XCTAssertTrue(compare.stderr.contains("scenario iphone-se"), compare.stderr)
        XCTAssertFalse(compare.stdout.contains("scenario iphone-se: median"), "the text tables are not mixed in")
    }

    // MARK: The real executable

    /// Runs the built `bench`; returns its exit status, standard output and standard error.
    private func child(_ arguments: [String]) throws -> (status: Int32, stdout: Data, stderr: String) {
        try BuiltBench.require()
        let process = Process()
        process.executableURL = BuiltBench.url
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read both to the end before waiting, so neither pipe can fill up and stall the child.
        final class Box: @unchecked Sendable { var data = Data() }
        let errorBox = Box()
        let reader = Thread { errorBox.data = errors.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        while !reader.isFinished { Thread.sleep(forTimeInterval: 0.01) }
        process.waitUntilExit()
        return (process.terminationStatus, data, String(decoding: errorBox.data, as: UTF8.self))
    }

    func testThePipeOfARealProcessCarriesTheJSONAloneAndTheTableGoesToStandardError() throws {
        let (status, stdout, stderr) = try child(quickRun + ["--json", "-"])
        XCTAssertEqual(status, 0, stderr)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: stdout) as? [String: Any])
        XCTAssertEqual((object["runs"] as? [Any])?.count, 2)
        XCTAssertTrue(stderr.contains("scenario iphone-se"), stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("-")), "no file called '-' in the working directory")
    }

    func testRenderWritesThePNGBytesToStandardOutputAndItsLineToStandardError() throws {
        let (status, stdout, stderr) = try child(["render", "--strategy", "none", "--downsample", "8", "--png", "-"])
        XCTAssertEqual(status, 0, stderr)
        let decoded = try PNGDecoder.decode(Array(stdout))
        XCTAssertEqual(decoded.width, 2048 / 8)
        // Without --step: the first step that shows a section's rounded edge.
        let step = try XCTUnwrap(FramedCorner.find(in: .ipadSettings)).step
        XCTAssertTrue(stderr.hasPrefix("Wrote standard output: ipad-settings, none, step \(step),"), stderr)
    }

    /// A PNG that standard output cannot take is said as every command says it, not as a file
    /// called '-' (issue 59, "also seen").
    func testRenderToAFullStandardOutputSaysStandardOutputCouldNotBeWritten() throws {
        try BuiltBench.require()
        let process = Process()
        process.executableURL = BuiltBench.url
        process.arguments = ["render", "--strategy", "none", "--downsample", "8", "--png", "-"]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardOutput = try XCTUnwrap(FileHandle(forWritingAtPath: "/dev/full"))
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 2, stderr)
        XCTAssertEqual(stderr, "Error: Could not write to standard output: no space left on device.\n")
    }
}
