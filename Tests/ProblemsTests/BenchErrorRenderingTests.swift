import Foundation
import Problems
import XCTest

/// Each typed problem renders to one exact sentence (`UsageProblem`, `InputProblem`, `ReadFailure`,
/// `OutputProblem`, `WriteFailure`, `ResourceProblem`), and `BenchError` shows it unchanged with its
/// exit code and usage.
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

    func testTheDeviceAndGPUOptionsProblemsSayWhatToGiveInstead() {
        assertUsage(.iosOutOfRange(ios: 12, expected: "an iOS major version from 5 to 9"),
                    "--ios 12 does not apply: expected an iOS major version from 5 to 9.")
        // The whole sentence, however long: it is the tool's own, not a value to shorten.
        let long = "an iOS major version from 5 to 9: ipad-3 runs iOS 5 to 9, and the model knows the rules of iOS 4 to 17"
        assertUsage(.iosOutOfRange(ios: 12, expected: long), "--ios 12 does not apply: expected \(long).")
        assertUsage(.noDeviceRunsIOS(minIOS: 11, devices: 2),
                    "none of the 2 devices --device chose runs iOS 11 or later (bench list shows each device's iOS versions).")
        assertUsage(.oneDeviceOnly(command: "render", count: 3),
                    "'bench render' works on one scenario, and --device chose 3 devices; name one device (bench run takes several).")
        assertUsage(.gpuAndProfileTogether, "--gpu and --gpu-profile both name the GPU to price; give one of them.")
    }

    func testCalibrationsProblemsNameTheRowsTheGPUOrTheTermsThatStandInTheWay() {
        assertUsage(.calibrationNeedsOneRow(rows: 2),
                    "bench calibrate fits a GPU profile to one frame time of one scenario and one strategy; the options select 2 rows: give one --scenario (or --cell) and one --strategy.")
        assertUsage(.calibrationNeedsGPU(scenario: "x"),
                    "the scenario 'x' runs on a device that names no GPU; give --device or --gpu to say which chip to calibrate.")
        assertUsage(.cannotCalibrate(measuredMs: 0.01, otherMs: 3.25, parameter: "memoryBandwidth"),
                    "a frame of 0.01 ms cannot be reproduced by moving memoryBandwidth: the model's other terms already take 3.25 ms of this frame; check that the scenario is the one measured (its cell, device and iOS).")
        assertUsage(.cannotCalibrate(measuredMs: 12, otherMs: nil, parameter: nil),
                    "a frame of 12.00 ms cannot be reproduced: the scenario's frame does no work the device model prices.")
    }

    func testAProblemInAnOptionsValueIsPrefixedWithTheOption() {
        assertUsage(.inOption(flag: "--filter", problem: .selection(.badPattern("", .empty))),
                    "--filter: the pattern '' is empty; give a name or a pattern such as 'ci-*/none'")
    }

    func testUnknownScenarioSuggestsTheNearestAndPointsToSuites() {
        assertUsage(.unknownScenario(name: "ipad-setings", known: ["ipad-settings"]),
                    "'ipad-setings' is not a known value of --scenario. Did you mean 'ipad-settings'? The known values are: ipad-settings (or give --suite to name one of its scenarios).")
        assertUsage(.unknownScenario(name: "x\ny", known: ["ipad-settings", "iphone"]),
                    "'x\\ny' is not a known value of --scenario. The known values are: ipad-settings, iphone (or give --suite to name one of its scenarios).")
    }

    func testScenarioSourcesTogetherNamesTheOnesGiven() {
        assertUsage(.scenarioSourcesTogether(flags: ["--scenario", "--scenario-file", "--suite"]),
                    "give only one of --scenario, --scenario-file and --suite (or --scenario with --suite to run one of its scenarios), not --scenario and --scenario-file and --suite.")
    }

    func testCheckRefusesToRunTheSuiteWhenGivenResults() {
        assertUsage(.noiseMeasureWithResults, "--aa measures this machine by running the suite; it cannot be used with --results.")
        assertUsage(.suiteWithResults, "--suite runs the suite; it cannot be used with --results.")
        assertUsage(.updateBaselineNeedsBaselineAndResults,
                    "--update-baseline needs --baseline, the file it makes or updates, and --results, the run it keeps (bench run --suite S --json r.json).")
        assertUsage(.updateBaselineWithFilter,
                    "--update-baseline keeps every row of --results; with --filter the baseline would lose the rows it leaves out.")
    }

    func testWideBlendLanesUnavailableSuggestsPortable() {
        assertUsage(.wideBlendLanesUnavailable, "--blend-lanes wide needs a processor with AVX2, which this one does not have; use portable.")
    }

    func testValgrindMissingSaysHowToInstallIt() {
        let hint = "install valgrind to count instructions (Debian and Ubuntu: apt-get install valgrind; Fedora: dnf install valgrind)"
        assertUsage(.valgrindMissing(option: "--instructions"), "--instructions needs valgrind, which is not installed; \(hint).")
        assertUsage(.valgrindMissing(option: nil), "valgrind is not installed; \(hint).")
    }

    func testTableOptionsWithEventsNamesTheScenarioAndTheOptions() {
        assertUsage(.tableOptionsWithEvents(scenario: "ci-events"),
                    "the scenario 'ci-events' has events, which name its rows and sections; --device, --sections, --rows-per-section, --row-height, --corner-radius and --cell apply only to scenarios without events.")
    }

    func testTooManyRowsGroupsBothCounts() {
        assertUsage(.tooManyRows(scenario: "ipad-settings", rows: 100_000_000, maximum: 10_000_000),
                    "with these options the scenario 'ipad-settings' would have 100,000,000 rows; the most a table may have is 10,000,000.")
    }

    func testARowHeightAboveThePixelLimitGivesACleanBound() {
        assertUsage(.rowHeightAbovePixelLimit(rowHeight: 4096, device: "iphone-15-pro", scale: 3, pixels: 12_288, maximum: 8192),
                    "a row height of 4,096 pt is 12,288 pixels on iphone-15-pro (3×); a row may be at most 8,192 pixels, so give --row-height 2,730.66 or less.")
    }

    func testALimitWithAKnownNameAndABadNumberSaysWhatIsWrongWithTheNumber() {
        assertUsage(.badLimitValue(text: "worstFrameShare=nan", measure: "worstFrameShare", value: "nan", maximum: 1 << 53),
                    "--limit 'worstFrameShare=nan': the value 'nan' of worstFrameShare is not a decimal number from 0 to 9,007,199,254,740,992 (such as 0.5 or 100).")
        assertUsage(.badLimit(text: "worstFrameShare", known: ["worstFrameShare", "offscreenPasses"]),
                    "--limit 'worstFrameShare' is not name=number with a number 0 or more and a name of worstFrameShare, offscreenPasses.")
    }

    func testARowHeightJustAboveThePixelLimitShowsPixelsAboveTheLimit() {
        // 2,730.67 pt at 3× is 8,192.01 pixels, which rounded to a whole pixel read as the limit itself.
        assertUsage(.rowHeightAbovePixelLimit(rowHeight: 2730.67, device: "iphone-15-pro", scale: 3, pixels: 2730.67 * 3, maximum: 8192),
                    "a row height of 2730.67 pt is 8,192.01 pixels on iphone-15-pro (3×); a row may be at most 8,192 pixels, so give --row-height 2,730.66 or less.")
    }

    func testAJumpToARowTheOptionsRemoveNamesTheTable() {
        assertUsage(.jumpRowOutsideTable(scenario: "j", row: .init(section: 20, row: 2), sections: 30, rows: 1),
                    "the scenario 'j' jumps to row 20.2, which the table the options make does not have: section 20 has 1 row (0 to 0).")
        assertUsage(.jumpRowOutsideTable(scenario: "j", row: .init(section: 20, row: 2), sections: 1, rows: nil),
                    "the scenario 'j' jumps to row 20.2, which the table the options make does not have: it has 1 section (0 to 0).")
    }

    func testCornerRadiusAboveHalfRowSuggestsTheLargestRadius() {
        assertUsage(.cornerRadiusAboveHalfRow(radius: 30.5, rowHeight: 44),
                    "a corner radius of 30.5 pt is more than half the row height 44 pt; give --corner-radius 22 or less, or a taller --row-height.")
    }

    func testNotAPairIndexQuotesTheValueAndCountsThePairs() {
        assertUsage(.notAPairIndex(option: "instruction-child", value: "9", count: 9),
                    "--instruction-child: '9' is not the index of one of the 9 pair(s).")
    }

    func testBenchCannotStartAgainWhenHostedOrNotExecutable() {
        assertUsage(.benchHosted(purpose: "--processes", host: "xctest"),
                    "--processes starts the bench executable again, but bench is running inside another program ('xctest').")
        assertUsage(.benchNotExecutable(purpose: "--instructions", path: "/tmp/bench"),
                    "--instructions starts the bench executable again, but '/tmp/bench' is not an executable file.")
    }

    func testShardGivenTwiceTellsARepeatFromAnotherName() {
        assertUsage(.shardGivenTwice(earlier: "a.json", path: "a.json"), "'a.json' is given twice; give each shard once.")
        assertUsage(.shardGivenTwice(earlier: "a.json", path: "./a.json"), "'a.json' and './a.json' are the same file; give each shard once.")
    }

    func testContradictoryFlagsNameBoth() {
        assertUsage(.contradictoryFlags(first: "--fixes", second: "--no-fixes"), "--fixes and --no-fixes ask for opposite things; give one of them.")
    }

    private func assertInput(_ problem: InputProblem, _ sentence: String, file: StaticString = #filePath, line: UInt = #line) {
        let error = BenchError.input(problem)
        XCTAssertEqual(error.description, sentence, file: file, line: line)
        XCTAssertEqual(error.exitCode, 2, file: file, line: line)
        XCTAssertFalse(error.showsUsage, file: file, line: line)
    }

    func testBaselineScenarioUnknownSuggestsSuiteOrResults() {
        assertInput(.baselineScenarioUnknown(name: "ci-\nx", suiteGiven: true),
                    "the baseline's scenario 'ci-\\nx' is neither built in nor in the given --suite; give --suite or --results.")
        assertInput(.baselineScenarioUnknown(name: "ci-\nx", suiteGiven: false),
                    "the baseline's scenario 'ci-\\nx' is not a built-in scenario, and no --suite was given; give --suite or --results.")
    }

    func testBaselineEmptySaysSo() {
        assertInput(.baselineEmpty, "the baseline holds no runs.")
    }

    func testChildFailedPointsToItsErrorOrQuotesItsLog() {
        assertInput(.childFailed(child: "process 2 of 3", status: 3, error: .above),
                    "process 2 of 3 failed (exit status 3); its error is above.")
        assertInput(.childFailed(child: "the counting process 1 of 2 (valgrind)", status: 1, error: .logTail("==1== a\n==1== b")),
                    "the counting process 1 of 2 (valgrind) failed (exit status 1):\n==1== a\n==1== b")
        assertInput(.childFailed(child: "c", status: 1, error: .logTail("")), "c failed (exit status 1)")
    }

    func testUnexpectedChildOutputQuotesAShortExcerpt() {
        assertInput(.unexpectedChildOutput(child: "child", line: "3"),
                    "unexpected output from child ('3' where a label of its own belongs); a strategy may write to standard output, which the counting process uses for its labels.")
        assertInput(.unexpectedChildOutput(child: "child", line: String(repeating: "x", count: 41)),
                    "unexpected output from child ('\(String(repeating: "x", count: 40))…' where a label of its own belongs); a strategy may write to standard output, which the counting process uses for its labels.")
    }

    func testForeignCacheSimulationListsTheCachesSorted() {
        assertInput(.foreignCacheSimulation(path: "p.out", caches: ["LL cache": "8 MB", "D1 cache": "32 KB"]),
                    "callgrind's profile 'p.out' was not simulated with the tool's caches (D1 cache 32 KB; LL cache 8 MB).")
        assertInput(.foreignCacheSimulation(path: "p.out", caches: [:]),
                    "callgrind's profile 'p.out' was not simulated with the tool's caches (no cache simulation).")
    }

    func testStepsOutOfRangeGroupsTheNumbers() {
        assertInput(.stepsOutOfRange(steps: 2_000_000, scenario: "ci-scroll", maximum: 1_000_000),
                    "cannot measure 2,000,000 steps of the scenario 'ci-scroll': a run measures from 1 to 1,000,000 steps.")
        let long = String(repeating: "s", count: 61)
        assertInput(.stepsOutOfRange(steps: 0, scenario: long, maximum: 1_000_000),
                    "cannot measure 0 steps of the scenario '\(String(repeating: "s", count: 60))… (61 bytes)': a run measures from 1 to 1,000,000 steps.")
    }

    func testEmptyScreenNamesTheDevice() {
        assertInput(.emptyScreen(device: "flat"), "device 'flat' has an empty screen.")
        assertInput(.emptyScreen(device: "flat\u{1B}[2J"), #"device 'flat\u{1B}[2J' has an empty screen."#)
    }

    func testLimitsNotJudgedNameEachLimitAndWhatTheRowsLack() {
        assertInput(.limitsNotJudged([UnjudgedLimit(limit: "worstFrameShare", reason: .noStepTimes)]),
                    "no row could be held to worstFrameShare (the rows have a GPU time (model) for the mean frame but none per step "
                        + "(the file was written before steps were priced)); a check that judged nothing is not a pass: drop the limit or "
                        + "give results that have the value.")
        assertInput(.limitsNotJudged([UnjudgedLimit(limit: "meanFrameShare", reason: .noGPU),
                                      UnjudgedLimit(limit: "renderPasses", reason: .noCounter("renderPasses"))]),
                    "no row could be held to meanFrameShare (the rows name no GPU, so the device model priced no frame), nor to "
                        + "renderPasses (the rows do not count renderPasses (the file was written by an older bench)); a check that judged "
                        + "nothing is not a pass: drop the limit or give results that have the value.")
    }

    func testNotACallgrindProfileSaysWhatIsMissing() {
        assertInput(.notACallgrindProfile, "not a callgrind profile (no 'events:' line).")
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
        assertInput(.notRegularFile(.fifo), "s.json: is a named pipe (FIFO), not a regular file; bench list reads only regular files.")
        assertInput(.notRegularFile(.characterDevice), "s.json: is a character device, not a regular file; bench list reads only regular files.")
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

    func testPartlyReplacedContinuesTheFailureWithTheFilesAlreadyReplaced() {
        let failure = BenchError.output(.cannotWrite(path: "c.csv", reason: .directory))
        XCTAssertEqual(BenchError.output(.partlyReplaced(failure: failure, replaced: ["a.json"])).description,
                       "cannot write 'c.csv': it is a directory; 'a.json' was already replaced, and the other outputs left as they were.")
        XCTAssertEqual(BenchError.output(.partlyReplaced(failure: failure, replaced: ["a.json", "b.md", "r.html"])).description,
                       "cannot write 'c.csv': it is a directory; 'a.json', 'b.md' and 'r.html' were already replaced, and the other outputs left as they were.")
    }

    func testStreamWriteFailedNamesTheStreamAndWhy() {
        XCTAssertEqual(OutputProblem.streamWriteFailed(descriptor: 1, code: EPIPE).description,
                       "could not write to standard output: \(BenchError.systemReason(EPIPE)).")
        XCTAssertEqual(OutputProblem.streamWriteFailed(descriptor: 2, code: ENOSPC).description,
                       "could not write to standard error: \(BenchError.systemReason(ENOSPC)).")
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
        assertOutput(.fileSizeLimit(bytes: 4096),
                     "cannot write 'out.json': it would be larger than the file-size limit of 4,096 bytes (ulimit -f 4); raise the limit or write a smaller output.")
        assertOutput(.system(ENOSPC), "cannot write 'out.json': \(BenchError.systemReason(ENOSPC)).")
    }

    private func assertResource(_ problem: ResourceProblem, _ sentence: String, file: StaticString = #filePath, line: UInt = #line) {
        let error = BenchError.resource(problem)
        XCTAssertEqual(error.description, sentence, file: file, line: line)
        XCTAssertEqual(error.exitCode, 2, file: file, line: line)
        XCTAssertFalse(error.showsUsage, file: file, line: line)
    }

    func testCannotStartNamesTheChildTheExecutableAndWhy() {
        assertResource(.cannotStart(child: "process 1 of 2", executable: "/b/bench", code: ENOENT, output: nil),
                       "cannot start process 1 of 2 ('/b/bench'): \(BenchError.systemReason(ENOENT)).")
        assertResource(.cannotStart(child: "process 1 of 2", executable: "/b/bench", code: EMFILE, output: nil),
                       "cannot start process 1 of 2 ('/b/bench'): no file descriptor is left (\(BenchError.systemReason(EMFILE))).")
        assertResource(.cannotStart(child: "c", executable: "/b/bench", code: ENOSPC, output: "/t/out"),
                       "cannot start c ('/b/bench'): cannot create '/t/out': \(BenchError.systemReason(ENOSPC)).")
        assertResource(.cannotStart(child: "c", executable: "/b/bench", code: ENOSPC, output: nil),
                       "cannot start c ('/b/bench'): \(BenchError.systemReason(ENOSPC)).")
    }

    func testTooManyChildrenGivesTheCapacity() {
        assertResource(.tooManyChildren(child: "process 65 of 65", capacity: 64),
                       "cannot start process 65 of 65: more than 64 child processes at once.")
    }

    func testKilledBySignalNamesACommonSignal() {
        assertResource(.killedBySignal(child: "process 1 of 2", signal: SIGKILL),
                       "process 1 of 2 was killed by signal \(SIGKILL) (SIGKILL).")
        assertResource(.killedBySignal(child: "process 1 of 2", signal: 63), "process 1 of 2 was killed by signal 63.")
    }

    func testTooFewDescriptorsSaysWhatToRaiseTheLimitTo() {
        assertResource(.tooFewDescriptors(purpose: "--processes", needed: 16, limit: 12),
                       "--processes ran out of file descriptors: its child processes need 16, but the limit is 12 (ulimit -n); raise it to 16 or more.")
    }

    func testCannotCreateTemporaryDirectoryNamesTMPDIRAndWhy() {
        func sentence(_ reason: String) -> String {
            "--processes cannot create its temporary directory in '/no\\nne' (TMPDIR): \(reason)."
        }
        func problem(_ code: Int32) -> ResourceProblem {
            .cannotCreateTemporaryDirectory(purpose: "--processes", parent: "/no\nne", code: code)
        }
        assertResource(problem(ENOENT), sentence("it does not exist"))
        assertResource(problem(ENOTDIR), sentence("it is not a directory"))
        assertResource(problem(EACCES), sentence("it is not writable (permission denied)"))
        assertResource(problem(EROFS), sentence("it is on a read-only file system"))
        assertResource(problem(ENOSPC), sentence("no space is left on the device"))
        assertResource(problem(EIO), sentence(BenchError.systemReason(EIO)))
    }

    func testFrameBufferRefusedGivesTheSizeAndTheLimit() {
        assertResource(.frameBufferRefused(width: 2048, height: 2732, addressSpaceLimit: 307_200_000),
                       "not enough memory for a 2048 × 2732 frame buffer (22 MB): the address-space limit is 307 MB (ulimit -v 300000).")
        assertResource(.frameBufferRefused(width: 2048, height: 2732, addressSpaceLimit: nil),
                       "not enough memory for a 2048 × 2732 frame buffer (22 MB): the system refused the allocation (memory is exhausted).")
    }

    func testRunNeedsMemoryBreaksTheNeedDownAndSaysWhatToRaise() {
        let need = ResourceProblem.RunMemory(bytes: 682_000_000, frames: 26, frameWidth: 2048, frameHeight: 2732,
                                             recordBytes: 0, programBytes: 100_000_000)
        assertResource(.runNeedsMemory(need: need, limit: .addressSpace, limitBytes: 307_200_000),
                       "this run needs about 682 MB of memory (26 buffers of a 2048 × 2732 frame, 22 MB each, and about 100 MB for the program), "
                       + "but the address-space limit is 307 MB (ulimit -v 300000); raise it to 682 MB (ulimit -v 666016) or more, or run fewer strategies or steps.")
        var records = need
        records.recordBytes = 3_000_000
        assertResource(.runNeedsMemory(need: records, limit: .data, limitBytes: 307_200_000),
                       "this run needs about 682 MB of memory (26 buffers of a 2048 × 2732 frame, 22 MB each, 3 MB of step records, and about 100 MB for the program), "
                       + "but the data limit is 307 MB (ulimit -d 300000); raise it to 682 MB (ulimit -d 666016) or more, or run fewer strategies or steps.")
        var cells = need
        cells.tableBytes = 1_500_000_000
        assertResource(.runNeedsMemory(need: cells, limit: .physical, limitBytes: 1_000_000_000),
                       "this run needs about 682 MB of memory (26 buffers of a 2048 × 2732 frame, 22 MB each, 1,500 MB for the tables and their cells' bitmaps, and about 100 MB for the program), "
                       + "but this machine has 1,000 MB of memory; run a smaller table or cell, or fewer strategies or steps.")
        var picture = need
        picture.pictureBytes = 400_000_000
        assertResource(.runNeedsMemory(need: picture, limit: .addressSpace, limitBytes: 307_200_000),
                       "this run needs about 682 MB of memory (26 buffers of a 2048 × 2732 frame, 22 MB each, 400 MB for the picture, its legend and its PNG, and about 100 MB for the program), "
                       + "but the address-space limit is 307 MB (ulimit -v 300000); raise it to 682 MB (ulimit -v 666016) or more, or run fewer strategies or steps.")
    }

    func testRunTooLongGivesTheEstimateAndTheScenario() {
        assertResource(.runTooLong(pixels: 4.3e10, limit: 1e10, scenario: "shadowed", pixelsPerStep: 9.5e8, screenPixels: 3.4e6),
                       "this run's cells would draw about 4.3 × 10¹⁰ pixels in off-screen passes, more than the 1.0 × 10¹⁰ a run may (minutes of drawing): "
                       + "a step of the scenario 'shadowed' draws about 279.4 screens of them; run fewer steps or strategies, "
                       + "or a cell with fewer or smaller clipped, masked or shadowed layers.")
    }

    func testMasksTooLongGivesTheEstimateTheScenarioAndEachCellsShare() {
        assertResource(.masksTooLong(values: 6.4e11, limit: 1e10, scenario: "rects", perCell: 1.7e10, cells: 38),
                       "this run's cells' masks would take about 6.4 × 10¹¹ coverage values to make, more than the 1.0 × 10¹⁰ "
                       + "pixels a run may draw (minutes of work): each of the 38 cells the tables of the scenario 'rects' make "
                       + "covers about 1.7 × 10¹⁰ for its masks' shapes; use a mask of fewer or smaller shapes, or run fewer "
                       + "strategies or rounds.")
    }

    func testInstructionsMissingNamesFivePairsAndWhy() {
        assertResource(.instructionsMissing(missing: ["a/none"], pairs: 2, reason: .noProfile),
                       "--instructions counted no instructions for 1 of 2 pair(s), 'a/none': callgrind wrote no profile for it.")
        assertResource(.instructionsMissing(missing: ["1", "2", "3", "4", "5", "6", "7"], pairs: 9, reason: .noLabels(child: "c")),
                       "--instructions counted no instructions for 7 of 9 pair(s), '1', '2', '3', '4', '5' and 2 more: c wrote no label for it (its standard output is empty).")
        assertResource(.instructionsMissing(missing: ["a"], pairs: 1, reason: .labelsStopped(child: "c")),
                       "--instructions counted no instructions for 1 of 1 pair(s), 'a': c stopped writing labels before it.")
        assertResource(.instructionsMissing(missing: ["a"], pairs: 1, reason: .noSpace(directory: "/tmp")),
                       "--instructions counted no instructions for 1 of 1 pair(s), 'a': no space is left in '/tmp' (TMPDIR).")
    }

    func testGateFailedCountsTheRegressionsAndExitsWithOne() {
        let error = BenchError.gateFailed(regressions: 3)
        XCTAssertEqual(error.description, "the gate failed: 3 regression(s) against the baseline (listed above).")
        XCTAssertEqual(error.exitCode, 1)
        XCTAssertFalse(error.showsUsage)
    }

    func testProblemsOfDifferentCasesAreDifferentErrors() {
        XCTAssertNotEqual(BenchError.usage(.emptyValue(flag: "--a")), .usage(.emptyValue(flag: "--b")))
        XCTAssertNotEqual(BenchError.output(.cannotWrite(path: "a", reason: .directory)), .output(.cannotWrite(path: "a", reason: .specialFile)))
    }
}
