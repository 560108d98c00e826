/// What a command accepts, as data: the parser reads it, help prints it, errors quote its usage.
///
/// Keeping the grammar in one value (swift-argument-parser's habit) means help, the usage line
/// and the parser cannot disagree, and a new command is one `CommandSpec` plus its `run`.
struct CommandSpec: Sendable {
    /// The subcommand's name (`run`), or nil for `bench` itself.
    var name: String?
    /// One sentence: the OVERVIEW line and the SUBCOMMANDS entry.
    var abstract: String
    /// Paragraphs shown under the overview; empty for none.
    var discussion: String = ""
    /// Positional arguments, in order.
    var arguments: [ArgumentSpec] = []
    /// Options, in the order help lists them (`--help` is added by help itself).
    var options: [OptionSpec] = []

    /// The program's name as help and errors show it: `bench`, or the executable of a package
    /// that adds strategies (`custom-bench`), which a user types instead.
    var program = "bench"

    /// `bench run`, or `bench` for the root.
    var commandLine: String { name.map { "\(program) \($0)" } ?? program }

    /// The option called `name` (without dashes), or nil.
    func option(named name: String) -> OptionSpec? { options.first { $0.name == name } }
}

/// A positional argument.
struct ArgumentSpec: Sendable {
    /// Its placeholder, without angle brackets: `subcommand` is shown as `<subcommand>`.
    var name: String
    /// One sentence for help.
    var help: String
    /// Whether the command runs without it.
    var isOptional: Bool = false
    /// Whether it may be given any number of times (`<file> ...`); only the last argument may be.
    var isVariadic: Bool = false
}

/// A `--name` option.
struct OptionSpec: Sendable {
    /// How many values the option takes.
    enum Arity: Sendable {
        /// A flag: present or not, no value (`--quiet`).
        case flag
        /// One value (`--steps 60`); given twice, the last one counts, so a wrapper script's
        /// default can be overridden by a later argument.
        case single
        /// Any number of values, by repeating the option or by a comma-separated list
        /// (`--strategy a --strategy b` or `--strategy a,b`).
        case multiple
    }

    /// The long name without dashes: `steps` is `--steps`.
    var name: String
    /// The value's placeholder in help, without angle brackets; ignored for a flag.
    var valueName: String = "value"
    /// How many values it takes.
    var arity: Arity = .single
    /// One sentence for help.
    var help: String
    /// The only values accepted, also listed in help; nil for free text.
    var allowedValues: [String]? = nil
    /// What applies when the option is absent, for help; nil to say nothing.
    var defaultDescription: String? = nil
    /// Whether the command refuses to run without it.
    var isRequired: Bool = false
    /// Whether help leaves it out: an option `bench` passes to a child `bench` of its own.
    var isInternal: Bool = false
    /// The option's new name when this is an old name kept working: the parser reads the value
    /// as the new option's and warns on stderr, and help shows only the new name.
    var renamedTo: String? = nil

    /// Whether help and the usage line leave it out: an internal option or an old name.
    var isHidden: Bool { isInternal || renamedTo != nil }

    /// `--steps`.
    var flagName: String { "--" + name }
    /// `--steps <n>`, or `--quiet` for a flag.
    var label: String { arity == .flag ? flagName : "\(flagName) <\(valueName)>" }
}
