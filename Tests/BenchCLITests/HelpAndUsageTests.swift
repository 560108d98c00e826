@testable import BenchCLI
import CLITestSupport
import Foundation
import Harness
import HarnessTestSupport
import RasterTestSupport
import Results
import Strategies
import XCTest

/// Help texts, usage errors with their suggestions, and how arguments are parsed.
final class HelpAndUsageTests: TemporaryDirectoryTestCase {
    // MARK: Help

    func testRootHelpIsTheGoldenText() {
        let expected = """
            OVERVIEW: Measure what rounded inset-grouped table corners cost per scroll step.

            Every corner strategy draws the same picture with a model of Core Animation's
            compositor; the comparison table shows their exact counters and their median
            times, also as ratios to a memory floor and to the 'none' strategy measured in
            the same run. With no subcommand, bench runs 'bench run': every strategy on the
            default scenario.

            USAGE: bench [<subcommand>] [--version]

            OPTIONS:
              --version               Show the version of bench (as 'bench version').
              -h, --help              Show help information.

            SUBCOMMANDS:
              run (default)           Run strategies on a scenario and print the comparison
                                      table.
              list                    List the strategies, scenarios, devices and suites.
              render                  Write one frame of a scenario as a PNG.
              check                   Compare a run with a baseline; fail on any regression.
              compare                 Compare two results files, strategy by strategy.
              merge                   Join the results of a run's shards into one results
                                      file.
              kernels                 Time the pixel kernels against the memory floor.
              version                 Show the version of bench.
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
            strategies run in lockstep, the memory floor (every row of a frame written, the
            least a frame can take) taking its turn among them, so the ratios compare like
            with like. Counters are exact and repeat from run to run; times are medians.

            Any output may be '-', standard output (one at most); the comparison table then
            goes to standard error, so that 'bench run --json - | jq' works.

            USAGE: bench run [--scenario <name>] [--scenario-file <file>] [--suite <file>]
                             [--device <name>] [--sections <n>] [--rows-per-section <n>]
                             [--row-height <pt>] [--corner-radius <pt>] [--cell <file>]
                             [--strategy <name> ...] [--filter <pattern> ...]
                             [--shard <i/n>] [--steps <n>] [--rounds <n>] [--processes <n>]
                             [--instructions] [--json <file>] [--samples]
                             [--markdown <file>] [--csv <file>] [--html <file>]
                             [--trace <file>] [--bmf <file>] [--github-benchmark <file>]
                             [--influx <file>] [--quiet] [--wide] [--store-path <path>]
                             [--blend-lanes <lanes>]

            OPTIONS:
              --scenario <name>       A built-in scenario (ipad-settings), or with --suite
                                      the one scenario of the suite to run. (default:
                                      ipad-settings)
              --scenario-file <file>  A scenario file instead (format:
                                      docs/scenario-files.md).
              --suite <file>          A suite file: several scenarios and their strategies
                                      (see Benchmarks/).
              --device <name>         Run the scenarios on this catalogue device instead
                                      (its screen and GPU; 'bench list' shows them).
                                      (values: iphone-se, iphone-15-pro, ipad-11,
                                      ipad-pro-12.9)
              --sections <n>          Give the table this many sections.
              --rows-per-section <n>  Give every section this many rows.
              --row-height <pt>       Make every row this tall, in points.
              --corner-radius <pt>    Round the sections' corners by this radius, in points
                                      (at most half the row height).
              --cell <file>           Fill every row with the cell described in this file
                                      (docs/scenario-files.md, 'Describe your cell').
              --strategy <name>       A strategy to run; repeat the option or give a
                                      comma-separated list. (values: none,
                                      shared-corner-grid, per-cell-mask, rasterized-mask,
                                      rasterized-mask-stable, corner-radius-clip,
                                      section-background, precomposited,
                                      uikit-inset-grouped; default: the suite's, or all)
              --filter <pattern>      Run only the (scenario, strategy) pairs a pattern
                                      matches: 'scenario/strategy' with * ? [...] wildcards,
                                      or one name matching the scenario or the strategy (a
                                      '/' within a name written '\\/'); repeat for several.
                                      'none' still runs on every scenario left, as the
                                      reference of the ratios.
              --shard <i/n>           Run only the i-th of n parts of the pairs (1 ≤ i ≤ n ≤
                                      1000), each with 'none' as its reference; join the
                                      parts' JSON files with 'bench merge'.
              --steps <n>             The number of steps to measure. (default: the
                                      scenario's own, 180 for ipad-settings)
              --rounds <n>            Repeat the measured scroll n times on fresh tables,
                                      interleaved; each round's medians are kept. Rounds
                                      share one process's luck, so 'bench compare' and
                                      'bench check' count them as one sample: use
                                      --processes to compare runs. (default: 1)
              --processes <n>         Run in n fresh processes, one after another; each
                                      process is one sample of the results, so comparisons
                                      see the noise between processes (4 or more a side
                                      before any change can be significant: use 5).
                                      (default: 1)
              --instructions          Also count each phase's instructions and, under a
                                      cache the tool fixes, its data reads and writes,
                                      misses, RAM accesses and estimated cycles, with
                                      valgrind: the same on every host, so 'bench check' can
                                      gate them tightly (about 50 times slower than the run
                                      itself).
              --json <file>           Also write the results as JSON (schema
                                      cornerbench.results/1) to <file>. The file is replaced
                                      atomically when the run completes, and left as it was
                                      if the run fails or is interrupted.
              --samples               Keep every step's nanoseconds in the JSON; without it
                                      the JSON holds summaries and round medians only, so a
                                      committed baseline diffs readably.
              --markdown <file>       Also write a Markdown report (for pull requests).
              --csv <file>            Also write a CSV file, a row per scenario and
                                      strategy.
              --html <file>           Also write a self-contained HTML report with charts
                                      and frame pictures.
              --trace <file>          Also write a Chrome/Perfetto trace: a slice per phase
                                      per step.
              --bmf <file>            Also write Bencher Metric Format JSON, for 'bencher
                                      run --adapter json'.
              --github-benchmark <file>
                                      Also write JSON for github-action-benchmark's
                                      customSmallerIsBetter tool (the smaller-is-better
                                      metrics only).
              --influx <file>         Also write InfluxDB line protocol, a point per
                                      scenario and strategy.
              --quiet                 Do not print the comparison table.
              --wide                  Print every column of the comparison table (the layout
                                      and reuse phases, the traffic bound in µs, the step's
                                      p90, the first load and × floor), wider than 120
                                      columns.
              --store-path <path>     Time fills and copies with this store path (string:
                                      the C library's memset, memmove and string stores;
                                      vector: loops of vector stores). (values: string,
                                      vector; default: vector)
              --blend-lanes <lanes>   Blend with these lanes (portable: Swift's SIMD, SSE2;
                                      wide: AVX2, where the CPU has it). Both give the same
                                      pixels. Results record the store path and lanes with
                                      the host: other choices make other hosts. (values:
                                      portable, wide; default: wide where the CPU has AVX2,
                                      else portable)
              -h, --help              Show help information.

            """
        let result = bench("run", "--help")
        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stdout, expected)
        XCTAssertEqual(result.stderr, "")
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
        XCTAssertEqual(lines.first, "Error: Unknown command 'rnu'. Did you mean 'run'? The commands are: run, list, render, check, compare, merge, kernels, version, help.")
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
