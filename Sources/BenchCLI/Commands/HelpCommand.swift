import Strategies

/// `bench help [<subcommand>]`: the same text as `bench <subcommand> --help`.
struct HelpCommand: BenchCommand {
    static func spec(_ catalog: StrategyCatalog) -> CommandSpec {
        CommandSpec(name: "help", abstract: "Show help for a subcommand.",
                    arguments: [ArgumentSpec(name: "subcommand", help: "The subcommand to explain; bench itself when absent.",
                                             isOptional: true)])
    }

    /// The subcommand to explain; nil for `bench` itself.
    var subject: (any BenchCommand.Type)?
    /// The strategies the help lists.
    var catalog: StrategyCatalog

    init(_ arguments: ParsedArguments, catalog: StrategyCatalog) throws {
        self.catalog = catalog
        guard let name = arguments.arguments.first else { return }
        guard let command = BenchCLI.command(named: name, catalog: catalog) else {
            throw BenchCLI.unknownCommand(name, catalog: catalog)
        }
        subject = command
    }

    func run(_ context: CommandContext) throws -> Int32 {
        context.stdout(BenchCLI.helpText(for: subject, catalog: catalog, program: context.commandLine.first ?? "bench"))
        return 0
    }
}
