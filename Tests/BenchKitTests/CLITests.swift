@testable import BenchKit
import CornerBenchTestSupport
import Foundation
import Strategies
import XCTest

final class CLITests: XCTestCase {
    private var directory: String!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("CLITests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        // A test may have made the directory read-only; give write permission back to remove it.
        chmod(directory, 0o755)
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Runs `bench` in-process, as a process whose standard error is not a terminal.
    private func bench(_ arguments: String...) -> (code: Int32, stdout: String, stderr: String) {
        bench(arguments)
    }

    private func bench(_ arguments: [String]) -> (code: Int32, stdout: String, stderr: String) {
        var out = "", err = ""
        let code = BenchCLI.main(arguments, stdout: { out += $0 }, stderr: { err += $0 }, stderrIsTerminal: false)
        return (code, out, err)
    }

    // MARK: Help

    func testRootHelpIsTheGoldenText() {
        let expected = """
            OVERVIEW: Measure what rounded inset-grouped table corners cost per scroll step.

            Every corner strategy draws the same picture with a model of Core Animation's
            compositor; the comparison table shows their exact counters and their median
            times, also as ratios to a memory floor and to the 'none' strategy measured in
            the same run. With no subcommand, bench runs 'bench run': every strategy on the
            default scenario.

            USAGE: bench [<subcommand>]

            OPTIONS:
              -h, --help              Show help information.

            SUBCOMMANDS:
              run (default)           Run strategies on a scenario and print the comparison
                                      table.
              list                    List the strategies, scenarios, devices and suites.
              render                  Write one frame of a scenario as a PNG.
              check                   Compare a run with a baseline; fail on any regression.
              compare                 Compare two results files, strategy by strategy.
              kernels                 Time the pixel kernels against memset and memcpy.
              help                    Show help for a subcommand.

              See 'bench help <subcommand>' for detailed help.

            """
        for arguments in [["--help"], ["-h"], ["help"]] {
            let result = BenchCLI.main(arguments, stdout: { XCTAssertEqual($0, expected, "\(arguments)") }, stderr: { XCTFail($0) })
            XCTAssertEqual(result, 0)
        }
    }

    func testRunHelpIsTheGoldenText() {
        let expected = """
            OVERVIEW: Run strategies on a scenario and print the comparison table.

            Each strategy scrolls the scenario's table step by step after a warm-up; the
            strategies run in lockstep with a measurement of the memory floor between steps,
            so the ratios compare like with like. Counters are exact and repeat from run to
            run; times are medians.

            USAGE: bench run [--scenario <name>] [--scenario-file <file>] [--suite <file>]
                             [--strategy <name> ...] [--steps <n>] [--json <file>]
                             [--markdown <file>] [--csv <file>] [--html <file>]
                             [--trace <file>] [--quiet]

            OPTIONS:
              --scenario <name>       A built-in scenario. (values: ipad-settings; default:
                                      ipad-settings)
              --scenario-file <file>  A scenario file (DESIGN.md §5) instead.
              --suite <file>          A suite file: several scenarios and their strategies
                                      (see Benchmarks/).
              --strategy <name>       A strategy to run; repeat the option or give a
                                      comma-separated list. (values: none,
                                      shared-corner-grid, per-cell-mask, rasterized-mask,
                                      rasterized-mask-stable, corner-radius-clip,
                                      section-background, precomposited; default: the
                                      suite's, or all)
              --steps <n>             The number of steps to measure. (default: the
                                      scenario's own, 360 for ipad-settings)
              --json <file>           Also write the results as JSON (schema
                                      cornerbench.results/1) to <file>. The file is replaced
                                      atomically when the run completes, and left as it was
                                      if the run fails or is interrupted.
              --markdown <file>       Also write a Markdown report (for pull requests).
              --csv <file>            Also write a CSV file, a row per scenario and
                                      strategy.
              --html <file>           Also write a self-contained HTML report with charts
                                      and frame pictures.
              --trace <file>          Also write a Chrome/Perfetto trace: a slice per phase
                                      per step.
              --quiet                 Do not print the comparison table.
              -h, --help              Show help information.

            """
        let result = bench("run", "--help")
        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stdout, expected)
        XCTAssertEqual(result.stderr, "")
    }

    func testHelpCommandPrintsTheSameTextAsDashDashHelpForEveryCommand() {
        for command in BenchCLI.commands {
            let name = command.spec.name!
            let viaHelp = bench("help", name), viaFlag = bench(name, "--help"), viaShort = bench(name, "-h")
            XCTAssertEqual(viaHelp.code, 0, name)
            XCTAssertEqual(viaHelp.stdout, viaFlag.stdout, name)
            XCTAssertEqual(viaHelp.stdout, viaShort.stdout, name)
            XCTAssertTrue(viaHelp.stdout.hasPrefix("OVERVIEW: \(command.spec.abstract)"), name)
            XCTAssertTrue(viaHelp.stdout.contains("\nUSAGE: bench \(name)"), name)
        }
        XCTAssertEqual(bench("help", "run").stdout, bench("run", "--help").stdout)
    }

    func testHelpWinsOverOtherMistakesOnTheLine() {
        let result = bench("run", "--steps", "0", "--bogus", "--help")
        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stdout, bench("run", "--help").stdout)
    }

    func testEveryOptionHelpShowsItsValuesAndDefault() {
        let help = bench("run", "--help").stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
        for option in RunCommand.spec.options {
            XCTAssertTrue(help.contains(option.label), option.name)
            if let allowed = option.allowedValues {
                XCTAssertTrue(help.contains("(values: " + allowed.joined(separator: ", ")), option.name)
            }
            if let defaultDescription = option.defaultDescription {
                XCTAssertTrue(help.contains("default: " + defaultDescription + ")"), option.name)
            }
        }
    }

    // MARK: Usage errors

    func testUnknownCommandExitsTwoAndSuggestsTheNearest() {
        let result = bench("rnu")
        XCTAssertEqual(result.code, 2)
        XCTAssertEqual(result.stdout, "")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "Error: Unknown command 'rnu'. Did you mean 'run'? The commands are: run, list, render, check, compare, kernels, help.")
        XCTAssertEqual(lines.dropFirst().first, "Usage: bench [<subcommand>]")
        XCTAssertEqual(lines.last, "See 'bench --help'.")
    }

    func testUnknownCommandFarFromEveryNameGetsNoSuggestion() {
        let result = bench("benchmark")
        XCTAssertEqual(result.code, 2)
        XCTAssertFalse(result.stderr.contains("Did you mean"), result.stderr)
    }

    func testUnknownFlagSuggestsTheNearestOption() {
        for spelling in [["--stesp", "3"], ["--stpes=3"], ["--step", "3"]] {
            let result = bench(["run"] + spelling)
            XCTAssertEqual(result.code, 2, "\(spelling)")
            XCTAssertTrue(result.stderr.hasPrefix("Error: Unknown option '\(spelling[0].split(separator: "=")[0])' for 'bench run'. Did you mean '--steps'?\n"),
                          result.stderr)
            XCTAssertTrue(result.stderr.hasSuffix("See 'bench run --help'.\n"), result.stderr)
        }
        XCTAssertTrue(bench("run", "--quiett").stderr.contains("Did you mean '--quiet'?"))
    }

    func testStepsMustBeAPositiveInteger() {
        for value in ["0", "-3", "abc", "2.5"] {
            for arguments in [["run", "--steps", value], ["run", "--steps=\(value)"]] {
                let result = bench(arguments)
                XCTAssertEqual(result.code, 2, "\(arguments)")
                XCTAssertEqual(result.stdout, "")
                let lines = result.stderr.split(separator: "\n").map(String.init)
                XCTAssertEqual(lines.first, "Error: --steps must be a positive integer, not '\(value)'.")
                XCTAssertEqual(lines.dropFirst().first, "Usage: bench run [--scenario <name>] [--scenario-file <file>] [--suite <file>]")
                XCTAssertEqual(lines.last, "See 'bench run --help'.")
            }
        }
    }

    func testAnOptionWithoutItsValueSaysWhichValueIsMissing() {
        for arguments in [["run", "--steps"], ["run", "--json", "--quiet"], ["run", "--json="]] {
            let result = bench(arguments)
            XCTAssertEqual(result.code, 2, "\(arguments)")
            XCTAssertTrue(result.stderr.hasPrefix("Error: --\(arguments[1].dropFirst(2).prefix { $0 != "=" })"), result.stderr)
        }
        XCTAssertTrue(bench("run", "--quiet=yes").stderr.hasPrefix("Error: --quiet takes no value"))
    }

    func testUnknownStrategyExitsTwoAndListsTheKnownStrategies() {
        let result = bench("run", "--strategy", "bogus")
        XCTAssertEqual(result.code, 2)
        let first = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
        XCTAssertTrue(first.hasPrefix("Error: 'bogus' is not a known value of --strategy."), first)
        XCTAssertTrue(first.hasSuffix(StrategyCatalog.names.joined(separator: ", ") + "."), first)
        XCTAssertTrue(bench("run", "--strategy", "none,per-cel-mask").stderr.contains("Did you mean 'per-cell-mask'?"))
    }

    func testUnknownScenarioExitsTwoAndListsTheKnownScenarios() {
        let result = bench("run", "--scenario", "ipad-setings")
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(result.stderr.contains("Did you mean 'ipad-settings'?"), result.stderr)
        XCTAssertTrue(result.stderr.contains(Scenario.builtIn.map(\.name).joined(separator: ", ")), result.stderr)
    }

    func testUnexpectedArgumentIsAUsageError() {
        let result = bench("run", "steps", "3")
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(result.stderr.hasPrefix("Error: Unexpected argument 'steps': 'bench run' takes no arguments. Did you mean '--steps'?"),
                      result.stderr)
    }

    // MARK: Parsing and validation

    func testStrategiesRepeatOrCommaSeparateAndDefaultToAll() throws {
        let spec = RunCommand.spec
        let chosen = try RunCommand(ParsedArguments(["--strategy", "none,per-cell-mask", "--strategy=precomposited",
                                                     "--strategy", "none"], for: spec))
        XCTAssertEqual(chosen.strategies, ["none", "per-cell-mask", "precomposited"])
        XCTAssertEqual(try RunCommand(ParsedArguments([], for: spec)).strategies, StrategyCatalog.names)
    }

    func testBothValueSpellingsMeanTheSameAndTheLastOneCounts() throws {
        let spec = RunCommand.spec
        XCTAssertEqual(try RunCommand(ParsedArguments(["--steps", "3"], for: spec)).steps, 3)
        XCTAssertEqual(try RunCommand(ParsedArguments(["--steps=3"], for: spec)).steps, 3)
        XCTAssertEqual(try RunCommand(ParsedArguments(["--steps=3", "--steps", "5"], for: spec)).steps, 5)
        XCTAssertNil(try RunCommand(ParsedArguments([], for: spec)).steps)
    }

    func testNoArgumentsOrOptionsFirstRunTheDefaultSuite() throws {
        let bare = try BenchCLI.resolve([])
        XCTAssertTrue(bare.0 == RunCommand.self)
        XCTAssertEqual(bare.1, [])
        let bareRun = try RunCommand(ParsedArguments(bare.1, for: RunCommand.spec))
        XCTAssertEqual(bareRun.scenarios, [Scenario.ipadSettings])
        XCTAssertEqual(bareRun.strategies, StrategyCatalog.names)
        XCTAssertNil(bareRun.steps)
        XCTAssertFalse(bareRun.quiet)
        let forwarded = try BenchCLI.resolve(["--steps", "2"])
        XCTAssertTrue(forwarded.0 == RunCommand.self)
        XCTAssertEqual(forwarded.1, ["--steps", "2"])
        XCTAssertNil(try BenchCLI.resolve(["--help"]).0, "the help of bench itself")
    }

    func testSuggestionsAreWithinTwoEditsCountingASwapAsOne() {
        XCTAssertEqual(Suggestion.editDistance("rnu", "run"), 1)
        XCTAssertEqual(Suggestion.editDistance("", "run"), 3)
        XCTAssertEqual(Suggestion.editDistance("--stesp", "--steps"), 1)
        XCTAssertEqual(Suggestion.editDistance("kitten", "sitting"), 3)
        XCTAssertEqual(Suggestion.nearest(to: "lst", in: ["run", "list", "help"]), "list")
        XCTAssertNil(Suggestion.nearest(to: "xyzzy", in: ["run", "list", "help"]))
    }

    // MARK: Running

    func testShortRunWritesJSONThatLoadsBack() throws {
        let path = directory + "/r.json"
        let result = bench("run", "--steps=3", "--strategy", "none", "--json", path, "--quiet")
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "", "no progress lines when stderr is not a terminal")
        let results = try Results.load(from: path)
        XCTAssertEqual(results.schema, Results.currentSchema)
        XCTAssertEqual(results.runs.count, 1)
        XCTAssertEqual(results.runs[0].strategy, "none")
        XCTAssertEqual(results.runs[0].scenario, Scenario.ipadSettings.name)
        XCTAssertEqual(results.runs[0].steps, 3)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["r.json"],
                       "no temporary file is left beside the output")
    }

    func testRunPrintsTheComparisonTableAndShowsProgressOnATerminal() {
        var out = "", err = ""
        let code = BenchCLI.main(["run", "--steps", "2", "--strategy", "none"], stdout: { out += $0 }, stderr: { err += $0 },
                                 stderrIsTerminal: true)
        XCTAssertEqual(code, 0, err)
        XCTAssertTrue(out.contains("scenario ipad-settings: 2 steps"), out)
        XCTAssertTrue(out.contains("\nnone "), out)
        XCTAssertTrue(err.hasPrefix("\ripad-settings: step 1/2"), err)
        XCTAssertTrue(err.hasSuffix("\r\u{1B}[K"), "the progress line is cleared at the end")
    }

    func testUnwritableJSONPathFailsBeforeTheRunStarts() {
        let path = "/nonexistent-dir/r.json"
        let started = Date()
        // No --steps: were the path checked only after the run, this would measure 360 steps.
        let result = bench("run", "--json", path)
        XCTAssertLessThan(Date().timeIntervalSince(started), 2, "the run must not start")
        XCTAssertEqual(result.code, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.hasPrefix("Error: Cannot write '\(path)': the directory '/nonexistent-dir' does not exist.\n"),
                      result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix("See 'bench run --help'.\n"))
    }

    func testJSONPathThatIsADirectoryFailsBeforeTheRunStarts() {
        let result = bench("run", "--json", directory)
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(result.stderr.hasPrefix("Error: Cannot write '\(directory!)': it is a directory."), result.stderr)
    }

    // MARK: Results JSON

    /// A small, fully specified result: every field written and read back.
    private func sampleResults() -> Results {
        let summary = Summary(median: 5, p90: 7, p99: 9, min: 1, max: 10)
        let run = RunResult(scenario: "s", strategy: "none", steps: 2, layoutPasses: 2,
                            totals: ["blendedPixels": 0, "layersDrawn": 12], perStep: ["blendedPixels": 0, "layersDrawn": 6],
                            timing: ["step": summary, "layout": summary, "reuse": summary, "composite": summary],
                            ratios: ["stepToFloor": 1.5, "stepToNone": 1], samples: ["step": [5, 6]], eventSteps: [1],
                            pictures: ["0": "0badf00d"], floorNanos: 4, copyFloorNanos: 8)
        return Results(schema: Results.currentSchema,
                       tool: ToolInfo(version: "0.1.0", configuration: "debug", optimized: true, swift: "6.3"),
                       machine: MachineInfo(os: "Linux", cores: 2, cpu: "test"), createdAt: "2025-01-01T00:00:00Z",
                       floorNanos: 4, copyFloorNanos: 8, runs: [run])
    }

    func testJSONIsDeterministicSortedAndRoundTrips() throws {
        let results = sampleResults()
        let data = try results.jsonData()
        XCTAssertEqual(data, try results.jsonData())
        let text = String(decoding: data, as: UTF8.self)
        XCTAssertTrue(text.contains("\"schema\" : \"cornerbench.results/1\""), "CI greps for the unescaped schema")
        let keys = ["\"copyFloorNanos\"", "\"createdAt\"", "\"floorNanos\"", "\"machine\"", "\"runs\"", "\"schema\"", "\"tool\""]
        let positions = keys.map { text.range(of: $0)!.lowerBound }
        XCTAssertEqual(positions, positions.sorted(), "keys are sorted")
        XCTAssertTrue(text.hasSuffix("}\n"))
        let path = directory + "/r.json"
        try AtomicFile.write(data, to: path)
        XCTAssertEqual(try Results.load(from: path), results)
    }

    /// Asserts that loading `path` throws `BenchError.input` whose message names the file and
    /// contains `fragment`.
    private func assertLoadFails(_ path: String, saying fragment: String, line: UInt = #line) {
        XCTAssertThrowsError(try Results.load(from: path), line: line) { error in
            guard case BenchError.input(let message) = error else {
                return XCTFail("expected BenchError.input, got \(error)", line: line)
            }
            XCTAssertTrue(message.contains("'\(path)'"), message, line: line)
            XCTAssertTrue(message.contains(fragment), message, line: line)
        }
    }

    func testLoadingATruncatedFileFailsNamingTheFile() throws {
        let data = try sampleResults().jsonData()
        let path = directory + "/truncated.json"
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: path))
        assertLoadFails(path, saying: "is not valid JSON: unexpected end of file")
    }

    func testLoadingBrokenJSONSaysWhere() throws {
        let path = directory + "/broken.json"
        try Data("{\n  \"schema\": \"cornerbench.results/1\",\n  \"runs\": x\n}\n".utf8).write(to: URL(fileURLWithPath: path))
        assertLoadFails(path, saying: "is not valid JSON: invalid value at line 3, column 11")
    }

    func testLoadingAFieldOfTheWrongTypeNamesTheField() throws {
        var json = try JSONSerialization.jsonObject(with: sampleResults().jsonData()) as! [String: Any]
        json["machine"] = ["os": "Linux", "cores": "two", "cpu": "test"]
        let path = directory + "/typed.json"
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: path))
        assertLoadFails(path, saying: "'machine.cores' should be an integer")
    }

    func testLoadingAnotherSchemaFailsNamingTheFileAndBothSchemas() throws {
        var results = sampleResults()
        results.schema = "cornerbench.results/99"
        let path = directory + "/future.json"
        try results.jsonData().write(to: URL(fileURLWithPath: path))
        assertLoadFails(path, saying: "has schema \"cornerbench.results/99\", but this version of bench reads \"cornerbench.results/1\"")
    }

    func testLoadingAFileWithoutAFieldNamesTheField() throws {
        let path = directory + "/partial.json"
        try Data(#"{ "schema": "cornerbench.results/1", "runs": [] }"#.utf8).write(to: URL(fileURLWithPath: path))
        assertLoadFails(path, saying: "is missing")
        let notResults = directory + "/other.json"
        try Data(#"{ "name": "ipad-settings" }"#.utf8).write(to: URL(fileURLWithPath: notResults))
        assertLoadFails(notResults, saying: "no \"schema\" field")
    }

    func testLoadingADirectoryOrAMissingFileFailsNamingIt() {
        assertLoadFails(directory, saying: "is a directory")
        assertLoadFails(directory + "/absent.json", saying: "does not exist")
    }

    // MARK: Atomic writes

    func testAtomicWriteReplacesTheFileAndLeavesNoTemporaryFile() throws {
        let path = directory + "/out.txt"
        try AtomicFile.write(Array("first".utf8), to: path)
        try AtomicFile.write(Data("second".utf8), to: path)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "second")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["out.txt"])
    }

    func testAtomicWriteFailingAtTheLastMomentLeavesThePreviousFileIntact() throws {
        struct Interrupted: Error {}
        let path = directory + "/out.txt"
        try AtomicFile.write(Data("previous".utf8), to: path)
        XCTAssertThrowsError(try AtomicFile.write(Data("new".utf8), to: path, beforeRename: { throw Interrupted() }))
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "previous")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["out.txt"], "the temporary file is removed")
    }

    func testAtomicWriteIntoAReadOnlyDirectoryFailsAndKeepsThePreviousFile() throws {
        try XCTSkipIf(geteuid() == 0, "root ignores directory permissions")
        let path = directory + "/out.txt"
        try AtomicFile.write(Data("previous".utf8), to: path)
        XCTAssertEqual(chmod(directory, 0o555), 0)
        XCTAssertThrowsError(try AtomicFile.write(Data("new".utf8), to: path)) { error in
            XCTAssertEqual(error as? BenchError, .output("cannot write '\(path)': permission denied (the directory '\(directory!)' is not writable)."))
        }
        XCTAssertThrowsError(try AtomicFile.checkWritable(path))
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "previous")
    }

    func testAtomicWriteErrorsNameThePathAndTheReason() {
        XCTAssertThrowsError(try AtomicFile.write(Data(), to: "/nonexistent-dir/x.json")) { error in
            XCTAssertEqual(error as? BenchError, .output("cannot write '/nonexistent-dir/x.json': the directory '/nonexistent-dir' does not exist."))
        }
        XCTAssertThrowsError(try AtomicFile.write(Data(), to: directory)) { error in
            XCTAssertEqual(error as? BenchError, .output("cannot write '\(directory!)': it is a directory."))
        }
        let file = directory + "/file"
        XCTAssertNoThrow(try AtomicFile.write(Data(), to: file))
        XCTAssertThrowsError(try AtomicFile.write(Data(), to: file + "/x.json")) { error in
            XCTAssertEqual(error as? BenchError, .output("cannot write '\(file)/x.json': a component of '\(file)' is not a directory."))
        }
    }
}

/// The commands added after the first slice: render, check, compare, kernels.
final class MoreCommandsTests: XCTestCase {
    private func bench(_ arguments: String...) -> (code: Int32, stdout: String, stderr: String) {
        var out = "", err = ""
        let code = BenchCLI.main(arguments, stdout: { out += $0 }, stderr: { err += $0 })
        return (code, out, err)
    }

    private func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "cornerbench-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func testRenderWritesADecodablePNGForEveryStrategyAndOverlay() throws {
        let dir = try temporaryDirectory()
        for (strategy, overlay) in [("none", "blended"), ("per-cell-mask", "offscreen"), ("rasterized-mask", "raster")] {
            let path = dir + "/\(strategy).png"
            let result = bench("render", "--strategy", strategy, "--step", "3", "--png", path, "--overlay", overlay, "--scale", "8")
            XCTAssertEqual(result.code, 0, result.stderr)
            let decoded = try PNGDecoder.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
            XCTAssertEqual(decoded.width, 2048 / 8)
        }
    }

    func testRenderRejectsBadInputWithExitTwo() {
        XCTAssertEqual(bench("render", "--strategy", "none", "--png", "/nonexistent-dir/x.png").code, 2)
        XCTAssertEqual(bench("render", "--strategy", "none", "--step", "-1", "--png", "/tmp/x.png").code, 2)
        XCTAssertEqual(bench("render", "--png", "/tmp/x.png").code, 2, "--strategy is required")
        XCTAssertTrue(bench("render", "--strategy", "none", "--png", "/tmp/x.png", "--overlay", "red").stderr.contains("--overlay"))
    }

    func testCheckPassesAgainstItsOwnResultsAndFailsWithExitOneOnARegression() throws {
        let dir = try temporaryDirectory()
        let results = dir + "/r.json", lowered = dir + "/lowered.json"
        XCTAssertEqual(bench("run", "--strategy", "none,per-cell-mask", "--steps", "3", "--json", results, "--quiet").code, 0)
        XCTAssertEqual(bench("check", "--baseline", results, "--results", results).code, 0)
        var baseline = try Results.load(from: results)
        baseline.runs[1].totals["offscreenPasses"]! -= 1
        try AtomicFile.write(baseline.jsonData(), to: lowered)
        let failed = bench("check", "--baseline", lowered, "--results", results)
        XCTAssertEqual(failed.code, 1)
        XCTAssertTrue(failed.stdout.contains("offscreenPasses"), failed.stdout)
        XCTAssertTrue(failed.stderr.hasPrefix("Error: The gate failed"), failed.stderr)
    }

    func testCheckAppendsItsMarkdownToTheGitHubStepSummary() throws {
        let dir = try temporaryDirectory()
        let results = dir + "/r.json", summary = dir + "/summary.md"
        try Data("earlier step\n".utf8).write(to: URL(fileURLWithPath: summary))
        XCTAssertEqual(bench("run", "--strategy", "none", "--steps", "2", "--json", results, "--quiet").code, 0)
        setenv("GITHUB_STEP_SUMMARY", summary, 1)
        defer { unsetenv("GITHUB_STEP_SUMMARY") }
        XCTAssertEqual(bench("check", "--baseline", results, "--results", results).code, 0)
        let text = try String(contentsOfFile: summary, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("earlier step\n"), "appended, not replaced")
        XCTAssertTrue(text.contains("CornerBench gate"), text)
    }

    func testCheckRejectsTruncatedOrForeignJSONWithExitTwoNamingTheFile() throws {
        let dir = try temporaryDirectory()
        let truncated = dir + "/truncated.json", foreign = dir + "/foreign.json"
        try Data("{\"schema\": \"cornerbench.res".utf8).write(to: URL(fileURLWithPath: truncated))
        try Data("{\"hello\": 1}".utf8).write(to: URL(fileURLWithPath: foreign))
        for path in [truncated, foreign] {
            let result = bench("check", "--baseline", path, "--results", path)
            XCTAssertEqual(result.code, 2)
            XCTAssertTrue(result.stderr.contains(path), result.stderr)
        }
    }

    func testCompareWritesMarkdown() throws {
        let dir = try temporaryDirectory()
        let a = dir + "/a.json", md = dir + "/c.md"
        XCTAssertEqual(bench("run", "--strategy", "none", "--steps", "4", "--json", a, "--quiet").code, 0)
        let result = bench("compare", a, a, "--markdown", md)
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("none"))
        XCTAssertTrue(try String(contentsOfFile: md, encoding: .utf8).contains("| none |"))
        XCTAssertEqual(bench("compare", a).code, 2, "two files are needed")
    }
}
