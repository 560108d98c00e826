import Results
import Text

/// Help text and usage lines, generated from a `CommandSpec` so they always match the parser.
///
/// The layout follows swift-argument-parser: sections OVERVIEW / USAGE / ARGUMENTS / OPTIONS /
/// SUBCOMMANDS, labels indented by 2, descriptions in a column at 26, everything wrapped at
/// 80 columns so the text reads the same in any terminal and can be compared in tests.
enum Help {
    /// The width help is wrapped to.
    static let width = 80
    /// The column where option and subcommand descriptions start.
    static let descriptionColumn = 26

    /// The full help of `command`; `subcommands` (the root's) adds a SUBCOMMANDS section.
    static func text(for command: CommandSpec, subcommands: [(label: String, abstract: String)] = []) -> String {
        var out = wrap(command.abstract, indent: 0, first: "OVERVIEW: ").joined(separator: "\n") + "\n"
        if !command.discussion.isEmpty {
            for paragraph in command.discussion.components(separatedBy: "\n\n") {
                out += "\n" + wrap(paragraph, indent: 0).joined(separator: "\n") + "\n"
            }
        }
        out += "\n" + usage(for: command, prefix: "USAGE: ") + "\n"

        // The root's one argument is a subcommand, which the SUBCOMMANDS section explains.
        if !command.arguments.isEmpty && subcommands.isEmpty {
            out += "\nARGUMENTS:\n"
            for argument in command.arguments { out += entry("<\(argument.name)>", argument.help) }
        }
        out += "\nOPTIONS:\n"
        for option in command.options where !option.isHidden { out += entry(option.label, describe(option)) }
        out += entry("-h, --help", "Show help information.")

        if !subcommands.isEmpty {
            out += "\nSUBCOMMANDS:\n"
            for subcommand in subcommands { out += entry(subcommand.label, subcommand.abstract) }
            out += "\n  See '\(command.program) help <subcommand>' for detailed help.\n"
        }
        return out
    }

    /// `prefix` + `bench run [--scenario <name>] ...`, wrapped with continuation lines aligned
    /// under the first argument.
    static func usage(for command: CommandSpec, prefix: String) -> String {
        var tokens: [String] = []
        for argument in command.arguments {
            let repeated = argument.isVariadic ? " ..." : ""
            tokens.append(argument.isOptional ? "[<\(argument.name)>\(repeated)]" : "<\(argument.name)>\(repeated)")
        }
        for option in command.options where !option.isHidden {
            let repeated = option.arity == .multiple ? " ..." : ""
            tokens.append(option.isRequired ? option.label + repeated : "[\(option.label)\(repeated)]")
        }
        let head = prefix + command.commandLine
        let indent = String(repeating: " ", count: head.count + 1)
        var lines = [head]
        for token in tokens {
            if lines[lines.count - 1].count + 1 + token.count > width, lines[lines.count - 1] != head {
                lines.append(indent + token)
            } else {
                lines[lines.count - 1] += " " + token
            }
        }
        return lines.joined(separator: "\n")
    }

    /// An option's help sentence followed by "(values: ...; default: ...)".
    static func describe(_ option: OptionSpec) -> String {
        var notes: [String] = []
        if let allowed = option.allowedValues { notes.append("values: " + allowed.joined(separator: ", ")) }
        if let defaultDescription = option.defaultDescription { notes.append("default: " + defaultDescription) }
        return notes.isEmpty ? option.help : option.help + " (" + notes.joined(separator: "; ") + ")"
    }

    /// One labelled entry: the label at column 2, the wrapped description at column 26 (on the
    /// next line when the label is too long to leave a gap).
    private static func entry(_ label: String, _ description: String) -> String {
        let labelText = "  " + label
        let lines = wrap(description, indent: descriptionColumn)
        if labelText.count + 2 > descriptionColumn {
            return labelText + "\n" + lines.joined(separator: "\n") + "\n"
        }
        let padded = labelText + String(repeating: " ", count: descriptionColumn - labelText.count)
        var result = [padded + lines[0].dropFirst(descriptionColumn)]
        result += lines.dropFirst()
        return result.joined(separator: "\n") + "\n"
    }

    /// `text` broken into lines of at most `width` columns, each indented by `indent`, the first
    /// starting with `first` (which counts towards its width). A word longer than a line stays whole.
    static func wrap(_ text: String, indent: Int, first: String = "") -> [String] {
        Format.wrap(text, width: width, indent: indent, first: first)
    }
}
