import Analysis
import Problems
import Results
import Strategies
import Reports
import Text

/// `bench merge A.json B.json … --json F`: the results of a run's shards (`bench run --shard i/n`)
/// joined into one results file (`Results.merging(shards:reference:strategyOrder:commandLine:)`).
struct MergeCommand: BenchCommand {
    static func spec(_ catalog: StrategyCatalog) -> CommandSpec {
        CommandSpec(
            name: "merge",
            abstract: "Join the results of a run's shards into one results file.",
            discussion: "Each (scenario, strategy) row comes from the one shard that measured it; the 'none' rows, which "
                + "every shard measures as the reference of its ratios, are kept from the first file given that has "
                + "them, and their copies must count and draw the same. Files from different builds or commits, made with "
                + "different --processes or --instructions, with a row in two files, with a scenario defined differently "
                + "or measured with other steps in two files (its rows would not be alike, and the kept 'none' would not "
                + "be the reference of the other file's rows), or shards of different divisions (--shard 1/3 and --shard "
                + "2/4) or one shard twice are refused (exit 2). A note on standard error names the shards missing from a "
                + "division (--shard 1/3 and 3/3 given: 2/3 is missing) and shards made with different --rounds, or with "
                + "different --steps on different scenarios. "
                + "bench check and bench compare read the merged file like the results of one run.",
            arguments: [ArgumentSpec(name: "results.json", help: "A shard's results (bench run --shard i/n --json); give each shard once.",
                                     isVariadic: true)],
            options: [OptionSpec(name: "json", valueName: "file",
                                 help: "Where to write the merged results; '-' writes them to standard output (and this "
                                     + "command's line for people to standard error). A file is replaced atomically, and left "
                                     + "as it was if the merge fails.", isRequired: true)])
    }

    /// The shards, in the order given.
    var shards: [(name: String, results: Results)]
    /// Where to write the merged results (`-`: standard output).
    var jsonPath: String
    /// The output, checked before the inputs are read.
    var outputs: OutputPlan
    /// The strategies of this `bench`, whose order the merged rows follow where the shards leave
    /// it open (added strategies after the built-in ones).
    var catalog: StrategyCatalog

    init(_ arguments: ParsedArguments, catalog: StrategyCatalog) throws {
        self.catalog = catalog
        var seen: [String: String] = [:]
        for path in arguments.arguments {
            if let earlier = seen[AtomicFile.identity(of: path)] {
                throw BenchError.usage(.shardGivenTwice(earlier: earlier, path: path))
            }
            seen[AtomicFile.identity(of: path)] = path
        }
        jsonPath = arguments.value("json")!
        outputs = try OutputPlan(arguments, outputs: ["json"], inputs: [],
                                 positionalInputs: arguments.arguments.map { _ in "results.json" })
        try outputs.check()
        shards = try arguments.arguments.map { ($0, try Results.load(from: $0)) }
    }

    func run(_ context: CommandContext) throws -> Int32 {
        let (merged, notes) = try Results.merging(shards: shards, reference: StrategyCatalog.reference,
                                                  strategyOrder: catalog.names, commandLine: context.commandLine)
        // Names in the notes are quoted already; this catches the paths typed on the command line.
        for note in notes { context.stderr(Console.wrapped("Note: \(Escape.terminal(note.description)).", indent: 2)) }
        try context.write(String(decoding: merged.jsonData(), as: UTF8.self), to: jsonPath)
        let scenarios = Set(merged.runs.map(\.scenario)).count
        context.forPeople(outputs)("Merged \(shards.count) file(s) into '\(Escape.terminal(jsonPath))': \(merged.runs.count) row(s) of \(scenarios) scenario(s).\n")
        return 0
    }
}
