import Foundation
import Results
import Strategies

/// A subcommand of `bench`: its grammar, its validation and its work.
///
/// Running a command is parse → validate → run: `ParsedArguments` checks the syntax against
/// `spec`, `init(_:)` interprets and validates the values (and checks that outputs can be
/// written), and only then does `run(_:)` start the possibly long work. The strategies a command
/// may name are those of the catalogue `bench` started with (`BenchCLI.main(strategies:)`).
protocol BenchCommand {
    /// Name, abstract, arguments and options, for a `bench` whose strategies are `catalog`'s.
    static func spec(_ catalog: StrategyCatalog) -> CommandSpec
    /// Interprets parsed arguments, throwing `BenchError.usage` (or `.input`, `.output`) for
    /// anything that would make the run fail or be meaningless; strategy names are `catalog`'s.
    init(_ arguments: ParsedArguments, catalog: StrategyCatalog) throws
    /// Does the work, writing through `context`; returns the exit code.
    func run(_ context: CommandContext) throws -> Int32
}

/// Where a command writes, so that tests can run commands in-process and read what they wrote.
struct CommandContext {
    /// Writes text to standard output (the text carries its own newlines).
    var stdout: (String) -> Void
    /// Writes text to standard error (the text carries its own newlines).
    var stderr: (String) -> Void
    /// Whether standard error is a terminal: progress lines are shown only then, because
    /// carriage-return updates would litter a log file or a CI transcript.
    var stderrIsTerminal: Bool
    /// The command line as typed (`bench` and its arguments), recorded in results.
    var commandLine: [String] = ["bench"]
    /// The executable that child processes run (`--processes`, `--instructions`): this process's
    /// own, so they have the same strategies; nil when `bench` runs inside another program (a
    /// test runner), which cannot be started as `bench`.
    var executable: URL? = nil

    /// Writes the text output `text` to `path` by the output rule (`AtomicFile`); the path `-`
    /// sends it through `stdout`, so that it goes where the command's standard output goes (a
    /// closed pipe is then reported like any other failed write to standard output).
    func write(_ text: String, to path: String) throws {
        if path == AtomicFile.standardOutput {
            stdout(text)
        } else {
            try AtomicFile.write(Array(text.utf8), to: path, notice: stderr)
        }
    }

    /// Writes the text outputs `outputs` as one transaction (`AtomicFile`): every file complete
    /// beside its target before any is replaced, and none replaced when one cannot be written.
    /// The path `-` sends its text through `stdout`, after the files are complete.
    func write(_ outputs: [(path: String, text: String)]) throws {
        try AtomicFile.write(outputs.map { ($0.path, Data($0.text.utf8)) }, notice: stderr,
                             standardOutput: { stdout(String(decoding: $0, as: UTF8.self)) })
    }

    /// Where the text for people (a table, a report, a line saying what was written) goes: to
    /// standard error when an output of `plan` takes standard output (`-`), so that standard
    /// output holds that output alone and can be piped (`bench run --json - | jq`).
    func forPeople(_ plan: OutputPlan) -> (String) -> Void {
        plan.usesStandardOutput ? stderr : stdout
    }
}
