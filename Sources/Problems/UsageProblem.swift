import Text

/// A mistake in the command line, with the values it is about; `description` is its one sentence.
///
/// The sentences are written here, once per kind of mistake, rather than at each place that finds
/// one (swift-argument-parser's habit): a site says what went wrong, and the wording, the quoting
/// (`Escape.message`) and the "Did you mean ...?" hint stay the same everywhere.
public enum UsageProblem: Equatable, Sendable, CustomStringConvertible {
    /// A `--filter` or `--shard` that selects nothing or cannot be read.
    case selection(SelectionProblem)
    /// `--option` was given `value`, which is not an integer of at least `minimum`.
    case integerBelow(option: String, minimum: Int, value: String)
    /// `--option` was given `value`, below the `minimum` it may be (the value read as a number).
    case numberBelow(option: String, minimum: Int, value: Int)
    /// `--option` was given `value`, above the `maximum` it may be (the value read as a number).
    case numberAbove(option: String, maximum: Int, value: Int)
    /// `--option` was given `value`, which is not an integer within `range`.
    case integerOutOfRange(option: String, range: ClosedRange<Int>, value: String)
    /// `--option` was given `value`, which is not a decimal number within `range`; `example`
    /// ("0.25 = 25 %") shows how the number reads.
    case decimalOutOfRange(option: String, range: ClosedRange<Double>, example: String, value: String)
    /// `value` is not one of the `known` values of `flag` (such as `--format`).
    case unknownValue(flag: String, value: String, known: [String])
    /// `flag` is not an option of `command`; `known` are the options to suggest from.
    case unknownOption(flag: String, command: String, known: [String])
    /// `name` is not a strategy of the catalogue, whose strategies are `known`.
    case unknownStrategy(name: String, known: [String])
    /// The suite file at `suite` has no scenario `name`; its scenarios are `known`.
    case unknownSuiteScenario(suite: String, name: String, known: [String])
    /// `name` is not a command; `known` are the commands.
    case unknownCommand(name: String, known: [String])
    /// The flag `flag` (it takes no value) was given one, in `argument` (`--quiet=1`).
    case takesNoValue(flag: String, argument: String)
    /// `flag` was last on the line or followed by another option; `label` shows its value.
    case needsValue(flag: String, label: String)
    /// `flag` was given an empty value (`--format=`, or an empty item in a list).
    case emptyValue(flag: String)
    /// `argument` is one more than `command` takes (`maximum`); `options` are its options, to
    /// suggest one when the argument was an option without its dashes.
    case unexpectedArgument(argument: String, command: String, maximum: Int, options: [String])
    /// `command` needs the argument `name`, which was not given.
    case missingArgument(command: String, name: String)
    /// `command` needs the option shown as `label`, which was not given.
    case missingOption(command: String, label: String)
    /// The output option `--option` was given several `paths`; an output is one file.
    case outputGivenTwice(option: String, paths: [String])
    /// The output `flags` (`--json`, `--csv`) all name standard output (`-`).
    case outputsToStandardOutput(flags: [String])
    /// The output `--option` at `path` is the input `input` (`--baseline`, "the argument
    /// <file>") at `inputPath`, which the command reads.
    case outputOverInput(option: String, path: String, input: String, inputPath: String)
    /// The outputs `--first` at `firstPath` and `--second` at `secondPath` go to one `place`.
    case outputsCollide(first: String, firstPath: String, second: String, secondPath: String, place: SharedPlace)
    /// `problem` is in the value of `flag` (`--filter`), which the sentence names first.
    indirect case inOption(flag: String, problem: UsageProblem)
    /// `--scenario` was given `name`, which is none of the built-in scenarios `known` (and no
    /// `--suite` was given to name one of its scenarios).
    case unknownScenario(name: String, known: [String])
    /// More than one source of scenarios was given: `flags` (`--scenario`, `--scenario-file`,
    /// `--suite`); only `--scenario` with `--suite` go together.
    case scenarioSourcesTogether(flags: [String])
    /// `bench check --aa` (which runs the suite to measure the machine's noise) with `--results`.
    case noiseMeasureWithResults
    /// `bench check --suite` (which runs the suite) with `--results`.
    case suiteWithResults
    /// `bench check` without `--baseline` and without limits to hold `--results` to, or without
    /// `--results` to hold.
    case checkNeedsBaselineOrLimits
    /// `bench check --update-baseline` without `--baseline` (the file it makes or updates) or
    /// without `--results` (the run it keeps).
    case updateBaselineNeedsBaselineAndResults
    /// `bench check --update-baseline` with `--filter`, which would keep only the filtered rows.
    case updateBaselineWithFilter
    /// `bench check --limit` not of the form `name=number`, or a name no limit has.
    case badLimit(text: String, known: [String])
    /// `bench check --limit` (`text`) names the limit `measure`, but its `value` is not a decimal
    /// number from 0 to `maximum`.
    case badLimitValue(text: String, measure: String, value: String, maximum: Int)
    /// `--blend-lanes wide` on a processor without AVX2.
    case wideBlendLanesUnavailable
    /// valgrind is not on PATH; `option` (`--instructions`) is what needs it, when one does.
    case valgrindMissing(option: String?)
    /// The table options (`--device`, `--rows-per-section` …) were given for the scenario
    /// `scenario`, whose events name its rows and sections.
    case tableOptionsWithEvents(scenario: String)
    /// The table options would give the scenario `scenario` a table of `rows` rows, more than
    /// the `maximum`.
    case tooManyRows(scenario: String, rows: Int, maximum: Int)
    /// The table options would make rows `rowHeight` points tall on `device`, `pixels` pixels at
    /// its `scale` (unrounded), above the `maximum` pixels a row may have (a scenario file's limit).
    case rowHeightAbovePixelLimit(rowHeight: Double, device: String, scale: Double, pixels: Double, maximum: Double)
    /// `--gpu` and `--gpu-profile` both name the GPU to price.
    case gpuAndProfileTogether
    /// `--min-ios` left none of the devices `--device` chose (`devices`; every catalogue device
    /// without it): none runs iOS `minIOS` or later.
    case noDeviceRunsIOS(minIOS: Int, devices: Int)
    /// `command` works on one scenario, and `--device` chose `count` devices.
    case oneDeviceOnly(command: String, count: Int)
    /// `bench calibrate` measures one row: one scenario and one strategy; `rows` were selected.
    case calibrationNeedsOneRow(rows: Int)
    /// `bench calibrate`'s scenario `scenario` names no GPU to calibrate.
    case calibrationNeedsGPU(scenario: String)
    /// The measured frame of `measuredMs` cannot be reproduced: the estimate's other terms
    /// already take `otherMs` when `parameter` is moved, or the frame does no priced work.
    case cannotCalibrate(measuredMs: Double, otherMs: Double?, parameter: String?)
    /// `--ios` names a version the scenario's device did not run or whose rules the model does
    /// not know; `expected` says which it may be.
    case iosOutOfRange(ios: Int, expected: String)
    /// The scenario `scenario` jumps to `row`, which the table the options make does not have:
    /// the table has `sections` sections, and the row's section (when it exists) `rows` rows.
    case jumpRowOutsideTable(scenario: String, row: JumpRow, sections: Int, rows: Int?)
    /// The table options would make a corner `radius` (pt) above half the `rowHeight` (pt).
    case cornerRadiusAboveHalfRow(radius: Double, rowHeight: Double)
    /// The scenario's table frame, `top` and `bottom` points of the screen outside it, leaves no
    /// height on `device`, a screen `height` points tall (`--device` chose a shorter one); `why`
    /// is the sentence a scenario file is told.
    case noTableHeight(scenario: String, device: String, why: String)
    /// The internal option `--option` was given `value`, which is not the index of one of the
    /// `count` pairs.
    case notAPairIndex(option: String, value: String, count: Int)
    /// `purpose` (`--processes`) starts `bench` again, but `bench` is running inside the
    /// program `host` (a test runner).
    case benchHosted(purpose: String, host: String)
    /// `purpose` (`--processes`) starts `bench` again, but `path` is not an executable file.
    case benchNotExecutable(purpose: String, path: String)
    /// `bench merge` was given one shard twice: as `path`, and before as `earlier` (the same
    /// path, or another name of the same file).
    case shardGivenTwice(earlier: String, path: String)
    /// The flags `first` and `second` ask for opposite things (`--fixes`, `--no-fixes`).
    case contradictoryFlags(first: String, second: String)

    /// A row a scroll jumps to: its section and its row in the section.
    public struct JumpRow: Equatable, Sendable {
        public var section: Int
        public var row: Int

        public init(section: Int, row: Int) {
            self.section = section
            self.row = row
        }
    }

    /// Where two outputs that collide both go.
    public enum SharedPlace: Equatable, Sendable {
        /// A stream of this process, by name: "standard output" or "standard error".
        case stream(String)
        /// One device or pipe.
        case device
        /// One file, which the second would replace.
        case file
    }



    public var description: String {
        switch self {
        case .selection(let problem):
            return problem.description
        case .integerBelow(let option, let minimum, let value):
            let wanted = minimum == 1 ? "a positive integer"
                : minimum == 0 ? "an integer of 0 or more" : "an integer of at least \(minimum)"
            return "--\(option) must be \(wanted), not '\(Escape.message(value))'."
        case .numberBelow(let option, let minimum, let value):
            return "--\(option) must be \(minimum) or more, not \(value)."
        case .numberAbove(let option, let maximum, let value):
            return "--\(option) must be at most \(maximum), not \(value)."
        case .integerOutOfRange(let option, let range, let value):
            return "--\(option) must be an integer from \(Format.grouped(range.lowerBound)) to \(Format.grouped(range.upperBound)), not '\(Escape.message(value))'."
        case .decimalOutOfRange(let option, let range, let example, let value):
            return "--\(option) must be a decimal number from \(Format.number(range.lowerBound)) to \(Format.number(range.upperBound)) (\(example)), not '\(Escape.message(value))'."
        case .unknownValue(let flag, let value, let known):
            return "'\(Escape.message(value))' is not a known value of \(flag).\(Self.hint(value, known)) The known values are: \(known.joined(separator: ", "))."
        case .unknownOption(let flag, let command, let known):
            let hint = flag == "--version" ? " --version goes before the subcommand: 'bench --version'." : Self.hint(flag, known)
            return "Unknown option '\(Escape.message(flag))' for '\(command)'.\(hint)"
        case .unknownStrategy(let name, let known):
            return "unknown strategy '\(Escape.message(name))'.\(Self.hint(name, known)) The strategies are: \(known.joined(separator: ", "))."
        case .unknownSuiteScenario(let suite, let name, let known):
            let hint = Suggestion.nearest(to: name, in: known).map { " Did you mean '\(Escape.message($0))'?" } ?? ""
            return "the suite '\(suite)' has no scenario '\(Escape.message(name))'.\(hint) Its scenarios are: \(NameList.text(known))."
        case .unknownCommand(let name, let known):
            return "Unknown command '\(Escape.message(name))'.\(Self.hint(name, known)) The commands are: \(known.joined(separator: ", "))."
        case .takesNoValue(let flag, let argument):
            return "\(flag) takes no value, but was given '\(Escape.message(argument))'."
        case .needsValue(let flag, let label):
            return "\(flag) needs a value: \(label)."
        case .emptyValue(let flag):
            return "\(flag) was given an empty value."
        case .unexpectedArgument(let argument, let command, let maximum, let options):
            let takes = maximum == 0 ? "takes no arguments" : "takes at most \(maximum) argument\(maximum == 1 ? "" : "s")"
            return "Unexpected argument '\(Escape.message(argument))': '\(command)' \(takes).\(Self.hint("--" + argument, options))"
        case .missingArgument(let command, let name):
            return "'\(command)' needs the argument <\(name)>."
        case .missingOption(let command, let label):
            return "'\(command)' needs the option \(label)."
        case .outputGivenTwice(let option, let paths):
            return "--\(option) is given \(paths.count) times ('\(paths.joined(separator: "', '"))'); an output is one file, so give it once."
        case .outputsToStandardOutput(let flags):
            return "\(flags.joined(separator: " and ")) both write to standard output ('-'), where only one output can go; give the others a file."
        case .outputOverInput(let option, let path, let input, let inputPath):
            return "--\(option) '\(path)' is the same file as \(input) '\(inputPath)', which this command reads; write the output to another file."
        case .outputsCollide(let first, let firstPath, let second, let secondPath, let place):
            let pair = "--\(first) '\(firstPath)' and --\(second) '\(secondPath)'"
            return switch place {
            case .stream(let stream): "\(pair) both write to \(stream), where the two outputs would run together; give each output its own file."
            case .device: "\(pair) both write to one device or pipe, where the two outputs would run together; give each output its own file."
            case .file: "\(pair) name the same file; give each output its own file."
            }
        case .inOption(let flag, let problem):
            return "\(flag): \(problem)"
        case .unknownScenario(let name, let known):
            return "'\(Escape.message(name))' is not a known value of --scenario.\(Self.hint(name, known)) The known values are: \(known.joined(separator: ", ")) (or give --suite to name one of its scenarios)."
        case .scenarioSourcesTogether(let flags):
            return "give only one of --scenario, --scenario-file and --suite (or --scenario with --suite to run one of its scenarios), not \(flags.joined(separator: " and "))."
        case .noiseMeasureWithResults:
            return "--aa measures this machine by running the suite; it cannot be used with --results."
        case .suiteWithResults:
            return "--suite runs the suite; it cannot be used with --results."
        case .checkNeedsBaselineOrLimits:
            return "bench check needs --baseline to compare with, or --results with limits to hold them to (the suite's 'limits', or --limit name=number)."
        case .updateBaselineNeedsBaselineAndResults:
            return "--update-baseline needs --baseline, the file it makes or updates, and --results, the run it keeps (bench run --suite S --json r.json)."
        case .updateBaselineWithFilter:
            return "--update-baseline keeps every row of --results; with --filter the baseline would lose the rows it leaves out."
        case .badLimit(let text, let known):
            // A known name needs no suggestion: its `=number` is what is missing.
            let name = String(text.prefix { $0 != "=" })
            let nearest = Suggestion.nearest(to: name, in: known).flatMap { $0 == name ? nil : " Did you mean '\($0)'?" } ?? ""
            return "--limit '\(Escape.message(text))' is not name=number with a number 0 or more and a name of \(known.joined(separator: ", ")).\(nearest)"
        case .badLimitValue(let text, let measure, let value, let maximum):
            return "--limit '\(Escape.message(text))': the value '\(Escape.message(value))' of \(measure) is not a decimal number from 0 to \(Format.grouped(maximum)) (such as 0.5 or 100)."
        case .wideBlendLanesUnavailable:
            return "--blend-lanes wide needs a processor with AVX2, which this one does not have; use portable."
        case .valgrindMissing(let option?):
            return "\(option) needs valgrind, which is not installed; \(Self.valgrindInstallHint)."
        case .valgrindMissing(nil):
            return "valgrind is not installed; \(Self.valgrindInstallHint)."
        case .tableOptionsWithEvents(let scenario):
            return "the scenario '\(Escape.message(scenario))' has events, which name its rows and sections; --device, --sections, --rows-per-section, --row-height, --corner-radius and --cell apply only to scenarios without events."
        case .tooManyRows(let scenario, let rows, let maximum):
            return "with these options the scenario '\(Escape.message(scenario))' would have \(Format.grouped(rows)) rows; the most a table may have is \(Format.grouped(maximum))."
        case .rowHeightAbovePixelLimit(let rowHeight, let device, let scale, let pixels, let maximum):
            return "a row height of \(Format.number(rowHeight)) pt is \(Format.above(pixels, limit: maximum)) pixels on \(Escape.message(device)) (\(Format.number(scale))×); "
                + "a row may be at most \(Format.number(maximum)) pixels, so give --row-height \(Format.limit(maximum / scale)) or less."
        case .noDeviceRunsIOS(let minIOS, let devices):
            return "none of the \(Self.counted(devices, "device")) --device chose runs iOS \(minIOS) or later (bench list shows each device's iOS versions)."
        case .oneDeviceOnly(let command, let count):
            return "'bench \(command)' works on one scenario, and --device chose \(Self.counted(count, "device")); name one device (bench run takes several)."
        case .gpuAndProfileTogether:
            return "--gpu and --gpu-profile both name the GPU to price; give one of them."
        case .calibrationNeedsOneRow(let rows):
            return "bench calibrate fits a GPU profile to one frame time of one scenario and one strategy; the options select \(Self.counted(rows, "row")): give one --scenario (or --cell) and one --strategy."
        case .calibrationNeedsGPU(let scenario):
            return "the scenario '\(Escape.message(scenario))' runs on a device that names no GPU; give --device or --gpu to say which chip to calibrate."
        case .cannotCalibrate(let measured, let other?, let parameter?):
            return "a frame of \(Format.fixed(measured, 2)) ms cannot be reproduced by moving \(parameter): the model's other terms already take \(Format.fixed(other, 2)) ms of this frame; check that the scenario is the one measured (its cell, device and iOS)."
        case .cannotCalibrate(let measured, _, _):
            return "a frame of \(Format.fixed(measured, 2)) ms cannot be reproduced: the scenario's frame does no work the device model prices."
        case .iosOutOfRange(let ios, let expected):
            // The tool's own sentence, whose device name the caller shortened: escaped, not cut.
            return "--ios \(ios) does not apply: expected \(Escape.terminal(expected))."
        case .jumpRowOutsideTable(let scenario, let row, let sections, let rows):
            let table = if let rows {
                rows == 0 ? "section \(row.section) has no rows"
                    : "section \(row.section) has \(Self.counted(rows, "row")) (0 to \(Format.grouped(rows - 1)))"
            } else {
                "it has \(Self.counted(sections, "section"))" + (sections > 0 ? " (0 to \(Format.grouped(sections - 1)))" : "")
            }
            return "the scenario '\(Escape.message(scenario))' jumps to row \(row.section).\(row.row), which the table the options make does not have: \(table)."
        case .cornerRadiusAboveHalfRow(let radius, let rowHeight):
            return "a corner radius of \(Format.number(radius)) pt is more than half the row height \(Format.number(rowHeight)) pt; give --corner-radius \(Format.number(rowHeight / 2)) or less, or a taller --row-height."
        case .noTableHeight(let scenario, let device, let why):
            return "the scenario '\(Escape.message(scenario))' on \(Escape.message(device)): \(why); give a taller --device."
        case .notAPairIndex(let option, let value, let count):
            return "--\(option): '\(Escape.message(value))' is not the index of one of the \(count) pair(s)."
        case .benchHosted(let purpose, let host):
            return "\(purpose) starts the bench executable again, but bench is running inside another program ('\(Escape.message(host))')."
        case .benchNotExecutable(let purpose, let path):
            return "\(purpose) starts the bench executable again, but '\(Escape.message(path))' is not an executable file."
        case .shardGivenTwice(let earlier, let path):
            return earlier == path ? "'\(path)' is given twice; give each shard once."
                : "'\(earlier)' and '\(path)' are the same file; give each shard once."
        case .contradictoryFlags(let first, let second):
            return "\(first) and \(second) ask for opposite things; give one of them."
        }
    }

    /// "1 row", "2 rows", "1,000 rows".
    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(Format.grouped(count)) \(noun)\(count == 1 ? "" : "s")"
    }

    /// What to do without valgrind, which counts instructions.
    public static let valgrindInstallHint = "install valgrind to count instructions (Debian and Ubuntu: apt-get install valgrind; Fedora: dnf install valgrind)"

    /// " Did you mean 'W'?" for the candidate nearest to `given`, or nothing.
    private static func hint(_ given: String, _ candidates: [String]) -> String {
        Suggestion.nearest(to: given, in: candidates).map { " Did you mean '\($0)'?" } ?? ""
    }
}
