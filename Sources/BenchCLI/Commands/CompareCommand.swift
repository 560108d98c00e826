import Analysis
import Reports
import Results
import Strategies

/// `bench compare A.json B.json`: what changed between two saved runs.
struct CompareCommand: BenchCommand {
    static func spec(_ catalog: StrategyCatalog) -> CommandSpec {
        CommandSpec(
            name: "compare",
            abstract: "Compare two results files, strategy by strategy.",
            discussion: "For each scenario, prints each strategy's counters per step old → new and its step time: the "
                + "median over processes, the change, and the p-value of a Mann–Whitney U test of the new processes "
                + "against the old ('~' when not significant at α = 0.05), the smallest change, up or down, the "
                + "processes could have detected, and the ratio to none in the same process, tested the same way. "
                + "A sample is a process: steps and rounds inside one process share its luck and count as one value, "
                + "so make both runs with --processes 5 (docs/cli.md, 'Samples, significance and tolerances'). "
                + "Files that differ in more than the code (another build configuration, a scenario defined "
                + "differently, other steps, another kind of host) are compared with a note above the tables saying so.",
            arguments: [ArgumentSpec(name: "old.json", help: "The earlier results (the reference)."),
                        ArgumentSpec(name: "new.json", help: "The later results.")],
            options: [OptionSpec(name: "markdown", valueName: "file",
                                 help: "Also write the comparison as Markdown, for a pull-request comment; '-' writes "
                                     + "it to standard output and the text tables to standard error.")])
    }

    var old: Results
    var new: Results
    var markdownPath: String?
    var outputs: OutputPlan

    init(_ arguments: ParsedArguments, catalog: StrategyCatalog) throws {
        old = try Results.load(from: arguments.arguments[0])
        new = try Results.load(from: arguments.arguments[1])
        markdownPath = arguments.value("markdown")
        outputs = try OutputPlan(arguments, outputs: ["markdown"], inputs: [], positionalInputs: ["old.json", "new.json"])
        try outputs.check()
    }

    func run(_ context: CommandContext) throws -> Int32 {
        let comparison = Comparison(old, new)
        // The file first (see RunCommand).
        let text = context.forPeople(outputs)
        do {
            if let markdownPath { try context.write(comparison.markdown(), to: markdownPath) }
        } catch {
            text(comparison.text())
            throw error
        }
        text(comparison.text())
        return 0
    }
}
