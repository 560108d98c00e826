import Harness
import Host
import Problems
import Results
import Strategies
import Text

/// `bench version` and `bench --version`: which build this is, in one line.
struct VersionCommand: BenchCommand {
    static func spec(_ catalog: StrategyCatalog) -> CommandSpec {
        CommandSpec(name: "version", abstract: "Show the version of bench.",
                    discussion: "Prints 'bench VERSION (CONFIGURATION, Swift X.Y)', the build that results record as "
                        + "'tool'. 'bench --version' prints the same; --version is accepted before a subcommand only.")
    }

    init(_ arguments: ParsedArguments, catalog: StrategyCatalog) throws {}

    func run(_ context: CommandContext) throws -> Int32 {
        context.stdout(Self.line(.current) + "\n")
        return 0
    }

    /// `bench 0.1.0 (debug, Swift 6.3)`, with a warning when the hot modules were not optimized.
    static func line(_ tool: ToolBuild) -> String {
        let optimized = tool.optimized ? "" : ", hot modules NOT optimized"
        return Escape.terminal("bench \(tool.version) (\(tool.configuration)\(optimized), Swift \(tool.swift))")
    }
}
