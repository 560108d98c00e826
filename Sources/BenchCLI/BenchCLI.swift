// BenchCLI: the `bench` command line, callable in-process.
//
// Job, by folder: `Arguments/`, the command table and its parser and help (`CommandSpec`,
// `ParsedArguments`, `Help`) and options shared by commands (`ScenarioSelection`, `TableOptions`);
// `Commands/`, one file per command (`RunCommand`, `CheckCommand`, `CompareCommand`,
// `MergeCommand`, `RenderCommand`, `KernelsCommand`, `ListCommand`, `HelpCommand`,
// `VersionCommand`); `Processes/`, child processes (`FreshProcesses`, `InstructionCounter`, the
// parent of Callgrind's `CountedPairs`, `ChildProcess`, `ChildDirectory`, `InterruptState`,
// `HeapHugePages`); `Files/`, inputs read once (`InputFiles`) and outputs written as one transaction
// (`AtomicFile`, `OutputPlan`, `StandardStream`).
//
// May import: Harness, Devices, Host, Pictures, Callgrind, ScenarioFiles, Reports, Analysis,
// Strategies, Table, Compositor, Raster, Results, Scenarios, Problems, Text, CProcess, DeviceModel, and the C
// library.

import Foundation
import Problems
import Reports
import Results
import Strategies
import Text

/// The `bench` command line (docs/cli.md), callable in-process.
///
/// `main` resolves the subcommand from the table `commands`, prints help when asked, parses and
/// validates the arguments, and runs the command; every error, wherever it is thrown, goes through
/// `report(_:for:)`, the one place that decides its message and exit code.
///
/// An executable's whole main is `BenchCLI.main(strategies:)` (BenchCLI+Executable.swift), which
/// is how another package gets the command line with strategies of its own.
public enum BenchCLI {
    /// The subcommands, in the order help lists them. A new command is a new `BenchCommand`
    /// type added here.
    static var commands: [any BenchCommand.Type] {
        [RunCommand.self, ListCommand.self, RenderCommand.self, CheckCommand.self, CompareCommand.self, CalibrateCommand.self,
         MergeCommand.self, KernelsCommand.self, VersionCommand.self, HelpCommand.self]
    }

    /// The subcommand `bench` runs when given none (or only options).
    static var defaultCommand: any BenchCommand.Type { RunCommand.self }

    /// The grammar of `bench` itself.
    static var rootSpec: CommandSpec {
        CommandSpec(
            name: nil,
            abstract: "Measure what rounded inset-grouped table corners cost per scroll step.",
            discussion: "Every corner strategy draws the same picture with a model of Core Animation's compositor; "
                + "the comparison table shows their exact counters and their median times, also as ratios to a "
                + "memory floor and to the 'none' strategy measured in the same run. With no subcommand, bench "
                + "runs 'bench run': every strategy on the default scenario.",
            arguments: [ArgumentSpec(name: "subcommand", help: "The subcommand to run.", isOptional: true)],
            // Not parsed: `resolve` reads it before any subcommand (it is `bench version`).
            options: [OptionSpec(name: "version", arity: .flag, help: "Show the version of bench (as 'bench version').")])
    }

    /// Runs `bench` in this process with `arguments` (without the program name) and the
    /// strategies of `catalog`, and returns the exit code: 0 success, 1 a failed gate, 2 bad
    /// usage or input.
    ///
    /// Output goes only through `stdout` and `stderr`, and only during the call. Progress lines
    /// are written to `stderr` when the process's standard error is a terminal. Hosted this way,
    /// `bench` cannot start itself again, so `--processes` and `--instructions` are refused; an
    /// executable uses `main(strategies:)` instead.
    public static func main(_ arguments: [String], catalog: StrategyCatalog = .builtIn,
                            stdout: (String) -> Void, stderr: (String) -> Void) -> Int32 {
        main(arguments, catalog: catalog, stdout: stdout, stderr: stderr, stderrIsTerminal: isatty(2) == 1)
    }

    /// `main` with the terminal test made explicit: progress lines go to `stderr` only when
    /// `stderrIsTerminal` (tests and embedders pass false).
    public static func main(_ arguments: [String], catalog: StrategyCatalog = .builtIn,
                            stdout: (String) -> Void, stderr: (String) -> Void, stderrIsTerminal: Bool) -> Int32 {
        run(arguments, catalog: catalog, executable: nil, stdout: stdout, stderr: stderr, stderrIsTerminal: stderrIsTerminal)
    }

    /// Runs `bench`: `main` with the executable that child processes run (nil: none can be).
    static func run(_ arguments: [String], catalog: StrategyCatalog, executable: URL?,
                    stdout: (String) -> Void, stderr: (String) -> Void, stderrIsTerminal: Bool) -> Int32 {
        withoutActuallyEscaping(stdout) { stdout in
            withoutActuallyEscaping(stderr) { stderr in
                // Results record the program that made them: another package's `bench` has other strategies.
                let program = executable?.lastPathComponent ?? "bench"
                let context = CommandContext(stdout: stdout, stderr: stderr, stderrIsTerminal: stderrIsTerminal,
                                             commandLine: [program] + arguments, executable: executable)
                var spec = rootSpec
                spec.program = program
                do {
                    let (resolved, rest) = try resolve(arguments, catalog: catalog)
                    guard let command = resolved else {
                        stdout(helpText(for: nil, catalog: catalog, program: program))
                        return 0
                    }
                    spec = command.spec(catalog)
                    spec.program = program
                    if wantsHelp(rest) {
                        stdout(helpText(for: command, catalog: catalog, program: program))
                        return 0
                    }
                    let parsed = try ParsedArguments(rest, for: spec)
                    for warning in parsed.warnings { stderr(Console.wrapped(String(warning.dropLast()), indent: 2)) }
                    return try command.init(parsed, catalog: catalog).run(context)
                } catch {
                    let (message, code) = report(error, for: spec)
                    stderr(message)
                    return code
                }
            }
        }
    }

    /// The help of `command`, or of `bench` itself for nil, with the strategies of `catalog`, as
    /// `program` (the executable's name) prints it: what `--help`, `-h` and `bench help <command>`
    /// all print.
    static func helpText(for command: (any BenchCommand.Type)?, catalog: StrategyCatalog, program: String) -> String {
        guard let command else {
            let listed = commands.map { type in
                let spec = type.spec(catalog)
                return (label: spec.name! + (type == defaultCommand ? " (default)" : ""), abstract: spec.abstract)
            }
            var root = rootSpec
            root.program = program
            return Help.text(for: root, subcommands: listed)
        }
        var spec = command.spec(catalog)
        spec.program = program
        return Help.text(for: spec)
    }

    /// The message and exit code for `error`, raised while handling `command`.
    ///
    /// Mistakes in the command line end with the command's usage and where to read more, as
    /// swift-argument-parser does; a bad file, an unwritable output, an exhausted resource (exit 2)
    /// or a failed gate (exit 1) are reported alone, since the usage would not help.
    static func report(_ error: Error, for command: CommandSpec) -> (message: String, code: Int32) {
        let benchError = error as? BenchError
        // Names in messages are already quoted with `Escape.message`; this catches any other text
        // from a file or the command line (a path, a program's output) before it reaches a terminal.
        var sentence = Escape.terminal(benchError?.description ?? "\(error)", keepingNewlines: true)
        // Capitalize a leading word, never a leading file name or option: a relative path made of
        // letters alone ("fifo: cannot read the file") is followed by a colon, a word by a space.
        let firstWord = sentence.prefix { $0 != " " && $0 != ":" }
        let afterFirstWord = sentence.dropFirst(firstWord.count).first
        if !firstWord.isEmpty, firstWord.allSatisfy(\.isLetter), afterFirstWord != ":" {
            sentence = sentence.prefix(1).uppercased() + sentence.dropFirst()
        }
        if let last = sentence.last, !".?!".contains(last) { sentence += "." }
        let code = benchError?.exitCode ?? 2
        var message = "Error: \(sentence)\n"
        if benchError?.showsUsage ?? true {
            message += Help.usage(for: command, prefix: "Usage: ") + "\n"
            message += "See '\(command.commandLine) --help'.\n"
        }
        return (message, code)
    }

    /// The command `arguments` name and the arguments left for it; nil when they ask for the
    /// help of `bench` itself (`-h` or `--help` first).
    ///
    /// No arguments, or options first, mean the default command, so `bench --steps 60` is
    /// `bench run --steps 60`; `--version` first is `bench version`.
    static func resolve(_ arguments: [String], catalog: StrategyCatalog) throws -> ((any BenchCommand.Type)?, [String]) {
        guard let first = arguments.first else { return (defaultCommand, []) }
        if first == "-h" || first == "--help" { return (nil, arguments) }
        if first == "--version" { return (VersionCommand.self, Array(arguments.dropFirst())) }
        if first.hasPrefix("-") { return (defaultCommand, arguments) }
        if let command = command(named: first, catalog: catalog) { return (command, Array(arguments.dropFirst())) }
        throw unknownCommand(first, catalog: catalog)
    }

    /// The subcommand called `name`, or nil.
    static func command(named name: String, catalog: StrategyCatalog) -> (any BenchCommand.Type)? {
        commands.first { $0.spec(catalog).name == name }
    }

    /// The error for a subcommand that does not exist, with the nearest one.
    static func unknownCommand(_ name: String, catalog: StrategyCatalog) -> BenchError {
        let names = commands.compactMap { $0.spec(catalog).name }
        return BenchError.usage(.unknownCommand(name: name, known: names))
    }

    /// Whether `arguments` ask for help: `-h` or `--help` anywhere before `--`, which wins over
    /// any other mistake in the line, so help is always reachable.
    private static func wantsHelp(_ arguments: [String]) -> Bool {
        for argument in arguments {
            if argument == "--" { return false }
            if argument == "-h" || argument == "--help" { return true }
        }
        return false
    }
}
