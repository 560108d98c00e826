@testable import BenchCLI
import CLITestSupport
import Foundation
import Harness
import HarnessTestSupport
import RasterTestSupport
import Results
import Strategies
import Text
import XCTest

/// Help texts, usage errors with their suggestions, and how arguments are parsed.
final class HelpAndUsageTests: TemporaryDirectoryTestCase {
    // MARK: Help

    /// The help texts held in `__Snapshots__/help*.txt` beside this file. After a deliberate change,
    /// `CORNERBENCH_RECORD_SNAPSHOTS=1 swift test --filter HelpAndUsageTests` writes them anew
    /// (review the diff, commit it); recording is refused under `CI`, which only compares.
    private func assertHelp(_ arguments: [String], snapshot name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__/\(name)").path
        let result = bench(arguments)
        XCTAssertEqual(result.code, 0, file: file, line: line)
        XCTAssertEqual(result.stderr, "", file: file, line: line)
        let environment = ProcessInfo.processInfo.environment
        if environment["CORNERBENCH_RECORD_SNAPSHOTS"] == "1" {
            guard environment["CI"] == nil else {
                return XCTFail("CORNERBENCH_RECORD_SNAPSHOTS is set under CI: snapshots are recorded only on a developer's machine.",
                               file: file, line: line)
            }
            try Data(result.stdout.utf8).write(to: URL(fileURLWithPath: path))
            return XCTFail("recorded \(path); review it, commit it and run again without CORNERBENCH_RECORD_SNAPSHOTS.", file: file, line: line)
        }
        XCTAssertEqual(result.stdout, try String(contentsOfFile: path, encoding: .utf8), "bench \(arguments.joined(separator: " ")) against \(name)",
                       file: file, line: line)
    }

    func testRootHelpIsTheSnapshot() throws {
        try assertHelp(["--help"], snapshot: "help.txt")
    }

    func testRunHelpIsTheSnapshot() throws {
        try assertHelp(["run", "--help"], snapshot: "help-run.txt")
    }

    func testMergeHelpSaysAScenarioMeasuredWithOtherStepsIsRefusedAndOnlyOtherScenariosAreNoted() {
        let help = bench("merge", "--help").stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
        let refused = help.range(of: "are refused (exit 2)")
        let steps = help.range(of: "measured with other steps in two files")
        XCTAssertNotNil(refused, help)
        XCTAssertTrue(steps.map { $0.lowerBound < refused!.lowerBound } ?? false, "the refusal lists other steps: \(help)")
        XCTAssertTrue(help.contains("with different --steps on different scenarios"), help)
        XCTAssertFalse(help.contains("different --rounds or --steps"), "a note for any other --steps is promised: \(help)")
    }

    func testHelpCommandPrintsTheSameTextAsDashDashHelpForEveryCommand() {
        for command in BenchCLI.commands {
            let name = command.spec(.builtIn).name!
            let viaHelp = bench("help", name), viaFlag = bench(name, "--help"), viaShort = bench(name, "-h")
            XCTAssertEqual(viaHelp.code, 0, name)
            XCTAssertEqual(viaHelp.stdout, viaFlag.stdout, name)
            XCTAssertEqual(viaHelp.stdout, viaShort.stdout, name)
            XCTAssertTrue(viaHelp.stdout.hasPrefix("OVERVIEW: \(command.spec(.builtIn).abstract)"), name)
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
        for option in RunCommand.spec(.builtIn).options where !option.isInternal {
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
        XCTAssertEqual(lines.first, "Error: Unknown command 'rnu'. Did you mean 'run'? The commands are: run, list, render, check, compare, calibrate, merge, kernels, version, help.")
        XCTAssertEqual(lines.dropFirst().first, "Usage: bench [<subcommand>] [--version]")
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

    func testStepsMustBeAnIntegerFrom1To1000000() {
        for value in ["0", "-3", "abc", "2.5"] {
            for arguments in [["run", "--steps", value], ["run", "--steps=\(value)"]] {
                let result = bench(arguments)
                XCTAssertEqual(result.code, 2, "\(arguments)")
                XCTAssertEqual(result.stdout, "")
                let lines = result.stderr.split(separator: "\n").map(String.init)
                XCTAssertEqual(lines.first, "Error: --steps must be an integer from 1 to 1,000,000, not '\(value)'.")
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
        XCTAssertTrue(first.hasSuffix(StrategyCatalog.builtIn.names.joined(separator: ", ") + "."), first)
        XCTAssertTrue(bench("run", "--strategy", "none,per-cel-mask").stderr.contains("Did you mean 'per-cell-mask'?"))
    }

    func testUnknownScenarioExitsTwoAndListsTheKnownScenarios() {
        let result = bench("run", "--scenario", "ipad-setings")
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(result.stderr.contains("Did you mean 'ipad-settings'?"), result.stderr)
        XCTAssertTrue(result.stderr.contains(Scenario.builtIn.map(\.name).joined(separator: ", ")), result.stderr)
    }

    func testABadFileIsReportedAloneWithoutTheUsage() throws {
        let path = directory + "/broken.json"
        try "{\"name\": ".write(toFile: path, atomically: true, encoding: .utf8)
        let result = bench("run", "--scenario-file", path)
        XCTAssertEqual(result.code, 2)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "one sentence, no usage block: \(result.stderr)")
        XCTAssertTrue(result.stderr.hasPrefix("Error: \(path): line 1"), result.stderr)
    }

    func testUnexpectedArgumentIsAUsageError() {
        let result = bench("run", "steps", "3")
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(result.stderr.hasPrefix("Error: Unexpected argument 'steps': 'bench run' takes no arguments. Did you mean '--steps'?"),
                      result.stderr)
    }

    // MARK: Parsing and validation

    func testStrategiesRepeatOrCommaSeparateAndDefaultToAll() throws {
        let spec = RunCommand.spec(.builtIn)
        let chosen = try RunCommand(ParsedArguments(["--strategy", "none,per-cell-mask", "--strategy=precomposited",
                                                     "--strategy", "none"], for: spec), catalog: .builtIn)
        XCTAssertEqual(chosen.strategies, ["none", "per-cell-mask", "precomposited"])
        XCTAssertEqual(try RunCommand(ParsedArguments([], for: spec), catalog: .builtIn).strategies, StrategyCatalog.builtIn.names)
    }

    func testBothValueSpellingsMeanTheSameAndTheLastOneCounts() throws {
        let spec = RunCommand.spec(.builtIn)
        XCTAssertEqual(try RunCommand(ParsedArguments(["--steps", "3"], for: spec), catalog: .builtIn).steps, 3)
        XCTAssertEqual(try RunCommand(ParsedArguments(["--steps=3"], for: spec), catalog: .builtIn).steps, 3)
        XCTAssertEqual(try RunCommand(ParsedArguments(["--steps=3", "--steps", "5"], for: spec), catalog: .builtIn).steps, 5)
        XCTAssertNil(try RunCommand(ParsedArguments([], for: spec), catalog: .builtIn).steps)
    }

    func testNoArgumentsOrOptionsFirstRunTheDefaultSuite() throws {
        let bare = try BenchCLI.resolve([], catalog: .builtIn)
        XCTAssertTrue(bare.0 == RunCommand.self)
        XCTAssertEqual(bare.1, [])
        let bareRun = try RunCommand(ParsedArguments(bare.1, for: RunCommand.spec(.builtIn)), catalog: .builtIn)
        XCTAssertEqual(bareRun.scenarios, [Scenario.ipadSettings])
        XCTAssertEqual(bareRun.strategies, StrategyCatalog.builtIn.names)
        XCTAssertNil(bareRun.steps)
        XCTAssertFalse(bareRun.quiet)
        let forwarded = try BenchCLI.resolve(["--steps", "2"], catalog: .builtIn)
        XCTAssertTrue(forwarded.0 == RunCommand.self)
        XCTAssertEqual(forwarded.1, ["--steps", "2"])
        XCTAssertNil(try BenchCLI.resolve(["--help"], catalog: .builtIn).0, "the help of bench itself")
    }

    func testSuggestionsAreWithinTwoEditsCountingASwapAsOne() {
        XCTAssertEqual(Suggestion.editDistance("rnu", "run"), 1)
        XCTAssertEqual(Suggestion.editDistance("", "run"), 3)
        XCTAssertEqual(Suggestion.editDistance("--stesp", "--steps"), 1)
        XCTAssertEqual(Suggestion.editDistance("kitten", "sitting"), 3)
        XCTAssertEqual(Suggestion.nearest(to: "lst", in: ["run", "list", "help"]), "list")
        XCTAssertNil(Suggestion.nearest(to: "xyzzy", in: ["run", "list", "help"]))
    }

    func testAnAbbreviationOfOneOptionSuggestsIt() {
        XCTAssertEqual(Suggestion.nearest(to: "--reps", in: ["--repetitions", "--help"]), "--repetitions")
        XCTAssertNil(Suggestion.nearest(to: "--re", in: ["--repetitions", "--help"]), "too short to say")
        XCTAssertNil(Suggestion.nearest(to: "--sa", in: ["--samples", "--scenario"]), "too short to say")
        XCTAssertNil(Suggestion.nearest(to: "--scen", in: ["--scenario", "--scenario-file"]), "two options fit: no guess")
        let result = bench("kernels", "--reps", "3")
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(result.stderr.hasPrefix("Error: Unknown option '--reps' for 'bench kernels'. Did you mean '--repetitions'?"), result.stderr)
    }
}
