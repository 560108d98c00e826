@testable import BenchCLI
import CLITestSupport
import Foundation
import Harness
import HarnessTestSupport
import RasterTestSupport
import Results
import Strategies
import XCTest

/// One test per row of the README's "Bad input" table: each input gets exit code 2 and a message
/// that names the file (or flag) and the key, and says what was expected.
final class BadInputTests: TemporaryDirectoryTestCase {
    private func file(_ name: String, _ text: String) throws -> String {
        let path = directory + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func scenario(table: String = #""sections": 3, "rowsPerSection": 2"#, style: String = "{}",
                          device: String = #""ipad-11""#, scroll: String = #""kind": "constant", "steps": 5"#) -> String {
        #"{"name": "x", "device": \#(device), "table": {\#(table)}, "style": \#(style), "scroll": {\#(scroll)}}"#
    }

    private func assertRejected(_ arguments: [String], _ fragments: [String], file: StaticString = #filePath, line: UInt = #line) {
        var err = ""
        let code = BenchCLI.main(arguments, stdout: { _ in }, stderr: { err += $0 })
        XCTAssertEqual(code, 2, err, file: file, line: line)
        for fragment in fragments { XCTAssertTrue(err.contains(fragment), "\(err) lacks \(fragment)", file: file, line: line) }
    }

    private func assertScenarioRejected(_ text: String, _ fragments: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let path = try self.file("s.json", text)
        assertRejected(["run", "--scenario-file", path, "--quiet"], [path + ":"] + fragments, file: file, line: line)
    }

    func testMalformedJSON() throws { try assertScenarioRejected(#"{"name": "x", "#, ["line 1, column", "unexpected end of input"]) }
    func testUnknownKey() throws { try assertScenarioRejected(scenario(table: #""sections": 3, "rowsPerSection": 2, "rowHeigth": 44"#), ["table.rowHeigth: unknown key", "did you mean 'rowHeight'"]) }
    func testWrongType() throws { try assertScenarioRejected(scenario(table: #""sections": 3, "rowsPerSection": 2, "rowHeight": "44""#), ["table.rowHeight", "got a string"]) }
    func testNegativeOrZeroSize() throws {
        try assertScenarioRejected(scenario(table: #""sections": 3, "rowsPerSection": 2, "rowHeight": -44"#), ["table.rowHeight", "got -44"])
        try assertScenarioRejected(scenario(device: #"{"width": 0, "height": 600, "scale": 2, "refreshHz": 60}"#), ["device.width"])
    }
    func testNaNOrInfiniteNumber() throws {
        try assertScenarioRejected(scenario(table: #""sections": 3, "rowsPerSection": 2, "rowHeight": 1e999"#), ["out of range"])
        try assertScenarioRejected(scenario(table: #""sections": 3, "rowsPerSection": 2, "rowHeight": NaN"#), ["line 1"])
    }
    func testABackdropAnywhereButOnAnOverlayLayer() throws {
        let cell = ##""content": {"rows": [{"layers": [{"frame": {"width": 10, "height": 10}, "backdrop": {"radius": 4, "tint": "#FFFFFF"}}]}]}"##
        try assertScenarioRejected(scenario(table: #""sections": 3, "rowsPerSection": 2, "# + cell),
                                   ["table.content.rows[0].layers[0].backdrop: a backdrop blur is allowed only on a scenario's overlay layers."])
    }
    func testHugeRowCount() throws { try assertScenarioRejected(scenario(table: #""sections": 3000000, "rowsPerSection": 8"#), ["table:", "the maximum is 10,000,000"]) }
    func testCornerRadiusAboveHalfTheRowHeight() throws { try assertScenarioRejected(scenario(style: #"{"cornerRadius": 30}"#), ["style.cornerRadius", "at most 22"]) }
    func testUnknownStrategyDeviceAndSuite() throws {
        assertRejected(["run", "--strategy", "bogus"], ["--strategy", "none, shared-corner-grid"])
        try assertScenarioRejected(scenario(device: #""iphone8""#), ["device: unknown device 'iphone8'", "did you mean 'iphone-8'"])
        let suite = try file("suite.json", #"{"suite": "s", "scenarios": ["ipad-settings"], "strategies": ["nope"]}"#)
        assertRejected(["run", "--suite", suite], [suite + ": strategies[0]: unknown strategy 'nope'"])
        assertRejected(["run", "--scenario", "nope"], ["'nope' is not a known value of --scenario"])
    }
    func testMissingFileAndDirectory() {
        assertRejected(["run", "--scenario-file", directory + "/missing.json"], [directory + "/missing.json: no such file"])
        assertRejected(["run", "--suite", directory], [directory + ": is a directory"])
    }
    func testUnwritableOutputPath() {
        assertRejected(["run", "--json", directory + "/no/such/dir/r.json"], ["Cannot write '\(directory!)/no/such/dir/r.json'", "does not exist"])
        assertRejected(["run", "--html", directory], ["it is a directory"])
    }
    func testStepsZeroOrNegative() {
        assertRejected(["run", "--steps", "0"], ["--steps must be an integer from 1 to 1,000,000, not '0'"])
        assertRejected(["run", "--steps", "-5"], ["--steps must be an integer from 1 to 1,000,000, not '-5'"])
    }
    func testEmptySuite() throws {
        let suite = try file("empty.json", #"{"suite": "s", "scenarios": []}"#)
        assertRejected(["run", "--suite", suite], [suite + ": scenarios: expected a non-empty array"])
    }
    func testForeignOrTruncatedResults() throws {
        let truncated = try file("r.json", #"{"schema": "cornerbench.res"#)
        assertRejected(["compare", truncated, truncated], [truncated])
        let foreign = try file("f.json", #"{"schema": "other/1"}"#)
        assertRejected(["check", "--baseline", foreign, "--results", foreign], [foreign, "other/1"])
    }

    // MARK: Numeric options

    func testAToleranceMustBeADecimalNumberFromZeroToTen() {
        for option in ["--time-tolerance", "--instruction-tolerance", "--cycle-tolerance"] {
            for value in ["0x10", "1e308", "inf", "nan", "-0.1", "10.5", "1_0", "0.5%"] {
                // The options are read before the files, so the missing baseline is never reached.
                assertRejected(["check", "--baseline", directory + "/absent.json", option, value],
                               ["Error: \(option) must be a decimal number from 0 to 10 (", "not '\(value)'."])
            }
        }
    }

    func testDecimalNumbersAreReadAndOtherNotationsAreNot() {
        XCTAssertEqual(ParsedArguments.decimalNumber("0.25"), 0.25)
        XCTAssertEqual(ParsedArguments.decimalNumber(".5"), 0.5)
        XCTAssertEqual(ParsedArguments.decimalNumber("5."), 5)
        XCTAssertEqual(ParsedArguments.decimalNumber("2e-2"), 0.02)
        XCTAssertEqual(ParsedArguments.decimalNumber("-1"), -1)
        for text in ["0x10", "0X1p4", "inf", "Infinity", "nan", "", ".", "e5", "1e", "1e+", " 1", "1 ", "١"] {
            XCTAssertNil(ParsedArguments.decimalNumber(text), text.debugDescription)
        }
    }

    func testKernelRepetitionsAreBoundedAtAThousand() {
        assertRejected(["kernels", "--repetitions", "1000001"], ["Error: --repetitions must be an integer from 1 to 1,000, not '1000001'."])
        assertRejected(["kernels", "--repetitions", "0"], ["--repetitions must be an integer from 1 to 1,000"])
    }
}

/// Every suite in the catalogue runs.
final class CatalogueRunTests: XCTestCase {
    /// Slow (each suite's scenarios warm up and measure their floors on full-size screens): `.ci/run`
    /// runs it; in `swift test`, `BenchmarkCatalogueTests` decodes every suite.
    func testEverySuiteInBenchmarksRunsTwoSteps() throws {
        try SlowTests.require()
        let benchmarks = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Benchmarks")
        let files = try FileManager.default.contentsOfDirectory(atPath: benchmarks.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertGreaterThanOrEqual(files.count, 5)
        for file in files {
            var err = ""
            let code = BenchCLI.main(["run", "--suite", benchmarks.appendingPathComponent(file).path, "--steps", "2", "--quiet"],
                                     stdout: { _ in }, stderr: { err += $0 })
            XCTAssertEqual(code, 0, "\(file): \(err)")
        }
    }

    func testListShowsTheStrategiesDevicesAndSuites() {
        var out = ""
        _ = BenchCLI.main(["list"], stdout: { out += $0 }, stderr: { _ in })
        XCTAssertEqual(StrategyCatalog.builtIn.names.count, 9)
        for name in StrategyCatalog.builtIn.names + ["iphone-se", "iphone-15-pro", "ipad-11", "ipad-pro-12.9", "SUITES"] {
            XCTAssertTrue(out.contains(name), name)
        }
    }
}
