import Foundation
import Results
import XCTest

/// Each typed problem renders to one exact sentence (`UsageProblem`, `InputProblem`, `ReadFailure`,
/// `OutputProblem`, `WriteFailure`), and `BenchError` shows it unchanged with its exit code and usage.
final class BenchErrorRenderingTests: XCTestCase {
    private func assertUsage(_ problem: UsageProblem, _ sentence: String, file: StaticString = #filePath, line: UInt = #line) {
        let error = BenchError.usage(problem)
        XCTAssertEqual(error.description, sentence, file: file, line: line)
        XCTAssertEqual(error.exitCode, 2, file: file, line: line)
        XCTAssertTrue(error.showsUsage, file: file, line: line)
    }

    private func assertOutput(_ reason: WriteFailure, _ sentence: String, path: String = "out.json",
                              file: StaticString = #filePath, line: UInt = #line) {
        let error = BenchError.output(.cannotWrite(path: path, reason: reason))
        XCTAssertEqual(error.description, sentence, file: file, line: line)
        XCTAssertEqual(error.exitCode, 2, file: file, line: line)
        XCTAssertFalse(error.showsUsage, file: file, line: line)
    }

    func testUsageMessageIsShownAsWritten() {
        assertUsage("--aa cannot be used with --results.", "--aa cannot be used with --results.")
        assertUsage(.message("the pattern '' is empty"), "the pattern '' is empty")
        let count = 3
        XCTAssertEqual(BenchError.usage("\(count) pair(s)"), .usage(.message("3 pair(s)")), "an interpolated literal is a message")
    }

    func testIntegerBelowNamesTheOptionTheMinimumAndTheValue() {
        assertUsage(.integerBelow(option: "steps", minimum: 1, value: "0"), "--steps must be a positive integer, not '0'.")
        assertUsage(.integerBelow(option: "warmup", minimum: 0, value: "-1"), "--warmup must be an integer of 0 or more, not '-1'.")
        assertUsage(.integerBelow(option: "rows", minimum: 2, value: "x\ny"), "--rows must be an integer of at least 2, not 'x\\ny'.")
    }

    func testNumberBelowAndAboveShowTheBoundAndTheNumber() {
        assertUsage(.numberBelow(option: "step", minimum: 0, value: -1), "--step must be 0 or more, not -1.")
        assertUsage(.numberAbove(option: "step", maximum: 1_000_000, value: 1_000_001), "--step must be at most 1000000, not 1000001.")
    }

    func testIntegerOutOfRangeGroupsTheBounds() {
        assertUsage(.integerOutOfRange(option: "steps", range: 1...1_000_000, value: "abc"),
                    "--steps must be an integer from 1 to 1,000,000, not 'abc'.")
    }

    func testDecimalOutOfRangeShowsWholeBoundsGroupedAndTheExample() {
        assertUsage(.decimalOutOfRange(option: "tolerance", range: 0...0.5, example: "0.25 = 25 %", value: "1"),
                    "--tolerance must be a decimal number from 0 to 0.5 (0.25 = 25 %), not '1'.")
        assertUsage(.decimalOutOfRange(option: "x", range: 1...1000, example: "2 = twice", value: "0x10"),
                    "--x must be a decimal number from 1 to 1,000 (2 = twice), not '0x10'.")
    }

    func testUnknownValueSuggestsTheNearestAndListsTheKnown() {
        assertUsage(.unknownValue(flag: "--format", value: "jsn", known: ["json", "csv"]),
                    "'jsn' is not a known value of --format. Did you mean 'json'? The known values are: json, csv.")
        assertUsage(.unknownValue(flag: "--format", value: "zzzzzz", known: ["json", "csv"]),
                    "'zzzzzz' is not a known value of --format. The known values are: json, csv.")
    }

    func testUnknownOptionSuggestsTheNearestOrPlacesVersion() {
        assertUsage(.unknownOption(flag: "--stpes", command: "bench run", known: ["--steps", "--help"]),
                    "Unknown option '--stpes' for 'bench run'. Did you mean '--steps'?")
        assertUsage(.unknownOption(flag: "--zzzzzz", command: "bench run", known: ["--steps"]),
                    "Unknown option '--zzzzzz' for 'bench run'.")
        assertUsage(.unknownOption(flag: "--version", command: "bench run", known: ["--steps"]),
                    "Unknown option '--version' for 'bench run'. --version goes before the subcommand: 'bench --version'.")
    }

    func testUnknownStrategySuggestsTheNearestAndListsTheStrategies() {
        assertUsage(.unknownStrategy(name: "nnoe", known: ["none", "per-cell-mask"]),
                    "unknown strategy 'nnoe'. Did you mean 'none'? The strategies are: none, per-cell-mask.")
    }

    func testUnknownSuiteScenarioNamesTheSuiteAndListsItsScenarios() {
        assertUsage(.unknownSuiteScenario(suite: "ci.json", name: "ci-scrol", known: ["ci-scroll", "ci-events", "ci-scroll"]),
                    "the suite 'ci.json' has no scenario 'ci-scrol'. Did you mean 'ci-scroll'? Its scenarios are: ci-scroll, ci-events.")
    }

    func testUnknownCommandSuggestsTheNearestAndListsTheCommands() {
        assertUsage(.unknownCommand(name: "rnu", known: ["run", "list"]),
                    "Unknown command 'rnu'. Did you mean 'run'? The commands are: run, list.")
    }

    func testTakesNoValueQuotesTheArgument() {
        assertUsage(.takesNoValue(flag: "--quiet", argument: "--quiet=1"), "--quiet takes no value, but was given '--quiet=1'.")
    }

    func testNeedsValueShowsTheLabel() {
        assertUsage(.needsValue(flag: "--steps", label: "--steps <n>"), "--steps needs a value: --steps <n>.")
    }

    func testEmptyValueNamesTheFlag() {
        assertUsage(.emptyValue(flag: "--strategy"), "--strategy was given an empty value.")
    }

    func testUnexpectedArgumentSaysHowManyTheCommandTakes() {
        assertUsage(.unexpectedArgument(argument: "x", command: "bench list", maximum: 0, options: ["--json"]),
                    "Unexpected argument 'x': 'bench list' takes no arguments.")
        assertUsage(.unexpectedArgument(argument: "b", command: "bench compare", maximum: 1, options: []),
                    "Unexpected argument 'b': 'bench compare' takes at most 1 argument.")
        assertUsage(.unexpectedArgument(argument: "json", command: "bench merge", maximum: 2, options: ["--json"]),
                    "Unexpected argument 'json': 'bench merge' takes at most 2 arguments. Did you mean '--json'?")
    }

    func testMissingArgumentNamesIt() {
        assertUsage(.missingArgument(command: "bench compare", name: "baseline"), "'bench compare' needs the argument <baseline>.")
    }

    func testMissingOptionShowsItsLabel() {
        assertUsage(.missingOption(command: "bench render", label: "--strategy <name>"), "'bench render' needs the option --strategy <name>.")
    }

    func testOutputGivenTwiceQuotesEveryPath() {
        assertUsage(.outputGivenTwice(option: "json", paths: ["a.json", "b.json"]),
                    "--json is given 2 times ('a.json', 'b.json'); an output is one file, so give it once.")
    }

    func testOutputsToStandardOutputNameEveryFlag() {
        assertUsage(.outputsToStandardOutput(flags: ["--json", "--csv"]),
                    "--json and --csv both write to standard output ('-'), where only one output can go; give the others a file.")
    }

    func testOutputOverInputNamesBoth() {
        assertUsage(.outputOverInput(option: "json", path: "r.json", input: "--baseline", inputPath: "./r.json"),
                    "--json 'r.json' is the same file as --baseline './r.json', which this command reads; write the output to another file.")
    }

    func testOutputsCollideSayWhereTheyMeet() {
        func collide(_ place: UsageProblem.SharedPlace) -> UsageProblem {
            .outputsCollide(first: "json", firstPath: "a", second: "csv", secondPath: "b", place: place)
        }
        assertUsage(collide(.stream("standard error")),
                    "--json 'a' and --csv 'b' both write to standard error, where the two outputs would run together; give each output its own file.")
        assertUsage(collide(.device),
                    "--json 'a' and --csv 'b' both write to one device or pipe, where the two outputs would run together; give each output its own file.")
        assertUsage(collide(.file), "--json 'a' and --csv 'b' name the same file; give each output its own file.")
    }

    func testInputMessageIsShownAsWritten() {
        XCTAssertEqual(BenchError.input("r.json: not JSON.").description, "r.json: not JSON.")
        XCTAssertEqual(BenchError.input(.message("x")), .input("x"))
    }

    func testCannotReadRendersEachReason() {
        func assertInput(_ reason: ReadFailure, _ sentence: String, file: StaticString = #filePath, line: UInt = #line) {
            let error = BenchError.input(.cannotRead(path: "s.json", reason: reason))
            XCTAssertEqual(error.description, sentence, file: file, line: line)
            XCTAssertEqual(error.exitCode, 2, file: file, line: line)
            XCTAssertFalse(error.showsUsage, file: file, line: line)
        }
        assertInput(.noSuchFile, "s.json: no such file.")
        assertInput(.directory(expected: nil), "s.json: is a directory.")
        assertInput(.directory(expected: "a JSON file"), "s.json: is a directory; expected a JSON file.")
        assertInput(.system(EACCES), "s.json: cannot read the file (\(BenchError.systemReason(EACCES))).")
        assertInput(.tooLarge(bytes: 2_000_000, limit: 1_000_000, subject: "scenario and suite files"),
                    "s.json: the file is 2,000,000 bytes; scenario and suite files are limited to 1,000,000.")
        assertInput(.tooLarge(bytes: nil, limit: 1_000_000, subject: "results files"),
                    "s.json: the file is more than 1,000,000 bytes; results files are limited to 1,000,000.")
    }

    func testStepSummaryRefusalsNameTheFileAndWhy() {
        func assertSummary(_ reason: OutputProblem.StepSummaryRefusal, _ sentence: String, file: StaticString = #filePath, line: UInt = #line) {
            XCTAssertEqual(BenchError.output(.stepSummary(path: "s.md", reason: reason)).description, sentence, file: file, line: line)
        }
        assertSummary(.appendFailed(ENOSPC),
                      "could not append the report to the GITHUB_STEP_SUMMARY file 's.md': \(BenchError.systemReason(ENOSPC)).")
        assertSummary(.unexamined(EIO),
                      "the report was not appended to the GITHUB_STEP_SUMMARY file 's.md': \(BenchError.systemReason(EIO)).")
        assertSummary(.sameFile(option: "--baseline", path: "b\n.json"),
                      "the report was not appended to the GITHUB_STEP_SUMMARY file 's.md': it is the same file as --baseline 'b\\n.json'.")
        assertSummary(.holdsJSON, "the report was not appended to the GITHUB_STEP_SUMMARY file 's.md': it holds JSON (a results, "
                      + "scenario or suite file?), which Markdown appended to it would break.")
    }

    func testCannotEncodeJSONNamesTheSubjectAndTheError() {
        XCTAssertEqual(BenchError.output(.cannotEncodeJSON(subject: "listing", error: "invalid value")).description,
                       "cannot encode the listing as JSON: invalid value.")
    }

    func testOutputMessageIsShownAsWritten() {
        XCTAssertEqual(BenchError.output("no space left on device").description, "no space left on device")
        XCTAssertEqual(BenchError.output(.message("x")), .output("x"))
    }

    func testCannotWriteRendersEachReason() {
        assertOutput(.emptyPath, "cannot write '': the path is empty.", path: "")
        assertOutput(.directory, "cannot write 'out.json': it is a directory.")
        assertOutput(.blockDevice, "cannot write 'out.json': it is a block device; bench writes only files, character devices and pipes.")
        assertOutput(.specialFile, "cannot write 'out.json': it is a socket or another special file.")
        assertOutput(.danglingLink, "cannot write 'out.json': it is a symbolic link to a file that does not exist.")
        assertOutput(.immutable, "cannot write 'out.json': the file is immutable or append-only (see lsattr).")
        assertOutput(.notReplaceable, "cannot write 'out.json': the file cannot be replaced (is it immutable? see lsattr).")
        assertOutput(.currentDirectoryGone, "cannot write 'out.json': the current directory no longer exists (it was deleted).")
        assertOutput(.missingDirectory("a/b"), "cannot write 'out.json': the directory 'a/b' does not exist.")
        assertOutput(.notADirectory("a/b"), "cannot write 'out.json': a component of 'a/b' is not a directory.")
        assertOutput(.permissionDenied(directory: "/r"), "cannot write 'out.json': permission denied (the directory '/r' is not writable).")
        assertOutput(.nameTooLong, "cannot write 'out.json': the name is too long.")
        assertOutput(.system(ENOSPC), "cannot write 'out.json': \(BenchError.systemReason(ENOSPC)).")
    }

    func testProblemsOfDifferentCasesAreDifferentErrors() {
        XCTAssertNotEqual(BenchError.usage(.emptyValue(flag: "--a")), .usage(.emptyValue(flag: "--b")))
        XCTAssertNotEqual(BenchError.output(.cannotWrite(path: "a", reason: .directory)), .output(.cannotWrite(path: "a", reason: .specialFile)))
    }
}
