/// `bench help [<subcommand>]`: the same text as `bench <subcommand> --help`.
struct HelpCommand: BenchCommand {
    static var spec: CommandSpec {
        CommandSpec(name: "help", abstract: "Show help for a subcommand.",
                    arguments: [ArgumentSpec(name: "subcommand", help: "The subcommand to explain; bench itself when absent.",
                                             isOptional: true)])
    }

    /// The subcommand to explain; nil for `bench` itself.
    var subject: (any BenchCommand.Type)?

    init(_ arguments: ParsedArguments) throws {
        guard let name = arguments.arguments.first else { return }
        guard let command = BenchCLI.command(named: name) else { throw BenchCLI.unknownCommand(name) }
        subject = command
    }

    func run(_ context: CommandContext) throws -> Int32 {
        context.stdout(BenchCLI.helpText(for: subject))
        return 0
    }
}
