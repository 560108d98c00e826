import Results

/// The arguments of one command after parsing: syntax checked, values not yet interpreted.
///
/// A command's initializer turns these into typed, validated fields (the "validate" step), so a
/// bad value is reported before any work starts.
struct ParsedArguments: Sendable {
    /// Every value given per option name, in order (a `multiple` option's lists already split).
    var values: [String: [String]] = [:]
    /// The flags given.
    var flags: Set<String> = []
    /// Positional arguments, in order.
    var arguments: [String] = []
    /// Warnings for stderr, one line each: an option given by its old name.
    var warnings: [String] = []

    /// The value of a single-valued option (the last one given), or nil when absent.
    func value(_ name: String) -> String? { values[name]?.last }

    /// Every value given for an option; empty when absent.
    func allValues(_ name: String) -> [String] { values[name] ?? [] }

    /// Whether a flag was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The integer value of option `name`, or nil when absent.
    /// - Throws: `BenchError.usage` naming the option when the value is not an integer or is
    ///   below `minimum`.
    func integer(_ name: String, atLeast minimum: Int) throws -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), number >= minimum else {
            let wanted = minimum == 1 ? "a positive integer"
                : minimum == 0 ? "an integer of 0 or more" : "an integer of at least \(minimum)"
            throw BenchError.usage("--\(name) must be \(wanted), not '\(Escape.message(text))'.")
        }
        return number
    }

    /// The integer value of option `name` within `range`, or nil when absent.
    /// - Throws: `BenchError.usage` naming the option and the range otherwise.
    func integer(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw BenchError.usage("--\(name) must be an integer from \(Format.grouped(range.lowerBound)) to \(Format.grouped(range.upperBound)), not '\(Escape.message(text))'.")
        }
        return number
    }

    /// The decimal number given for option `name` within `range`, or nil when absent.
    /// - Throws: `BenchError.usage` naming the option and the range when the value is not written
    ///   in decimal (`decimalNumber(_:)`) or lies outside `range`; `example` ("0.25 = 25 %") shows
    ///   how the number reads.
    func decimal(_ name: String, in range: ClosedRange<Double>, example: String) throws -> Double? {
        guard let text = value(name) else { return nil }
        guard let number = Self.decimalNumber(text), range.contains(number) else {
            throw BenchError.usage("--\(name) must be a decimal number from \(Self.shown(range.lowerBound)) to \(Self.shown(range.upperBound)) (\(example)), not '\(Escape.message(text))'.")
        }
        return number
    }

    /// `text` as a number when it is written in decimal: digits with an optional sign, point and
    /// exponent (`0.25`, `.5`, `2e-2`); nil otherwise. `Double(_:)` alone also reads `0x10` (16,
    /// a hexadecimal float), `inf` and `nan`, which no one means as a tolerance.
    static func decimalNumber(_ text: String) -> Double? {
        var rest = Substring(text)
        if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
        let mantissa = rest.prefix { $0 != "e" && $0 != "E" }
        let exponent = rest.dropFirst(mantissa.count)
        let parts = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let digits = parts.joined()
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        if !exponent.isEmpty {
            var power = exponent.dropFirst()
            if power.first == "+" || power.first == "-" { power = power.dropFirst() }
            guard !power.isEmpty, power.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        }
        return Double(text).flatMap { $0.isFinite ? $0 : nil }
    }

    /// A bound of a range as a message shows it: `10`, `0.5`.
    private static func shown(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? Format.grouped(Int(value)) : String(value)
    }

    /// Parses `arguments` by `command`'s grammar.
    ///
    /// Accepts `--opt value` and `--opt=value`; a value may start with `-` only when it is a
    /// number or `-` itself, so `--steps -3` reaches validation (and its message) and `--json -`
    /// names standard output, while `--json --quiet` reports the missing value. After `--`
    /// everything is positional.
    /// - Throws: `BenchError.usage` for an unknown option (suggesting the nearest), a missing or
    ///   unexpected value, a value outside the allowed ones, an unexpected or missing argument,
    ///   or a missing required option.
    init(_ arguments: [String], for command: CommandSpec) throws {
        var index = 0
        var onlyPositional = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositional || !argument.hasPrefix("-") || argument == "-" || Self.isNumber(argument) {
                self.arguments.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositional = true
                continue
            }
            guard argument.hasPrefix("--") else { throw Self.unknownOption(argument, in: command) }
            let body = argument.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            let inline = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
            guard var option = command.option(named: name) else { throw Self.unknownOption("--" + name, in: command) }
            if let newName = option.renamedTo, let renamed = command.option(named: newName) {
                let warning = "Warning: \(option.flagName) is renamed \(renamed.flagName); \(option.flagName) still works for now, "
                    + "but will be removed.\n"
                if !warnings.contains(warning) { warnings.append(warning) }
                option = renamed
            }

            if option.arity == .flag {
                if inline != nil { throw BenchError.usage("\(option.flagName) takes no value, but was given '\(Escape.message(argument))'.") }
                flags.insert(option.name)
                continue
            }
            var value: String
            if let inline {
                value = inline
            } else if index < arguments.count, Self.isValue(arguments[index]) {
                value = arguments[index]
                index += 1
            } else {
                throw BenchError.usage("\(option.flagName) needs a value: \(option.label).")
            }
            let items = option.arity == .multiple ? Self.listItems(value) : [value]
            for item in items {
                guard !item.isEmpty else { throw BenchError.usage("\(option.flagName) was given an empty value.") }
                if let allowed = option.allowedValues, !allowed.contains(item) {
                    let hint = Suggestion.nearest(to: item, in: allowed).map { " Did you mean '\($0)'?" } ?? ""
                    throw BenchError.usage("'\(Escape.message(item))' is not a known value of \(option.flagName).\(hint) The known values are: \(allowed.joined(separator: ", ")).")
                }
                values[option.name, default: []].append(item)
            }
        }

        if self.arguments.count > command.arguments.count, command.arguments.last?.isVariadic != true {
            let extra = self.arguments[command.arguments.count]
            let asOption = command.options.map(\.flagName)
            let hint = Suggestion.nearest(to: "--" + extra, in: asOption).map { " Did you mean '\($0)'?" } ?? ""
            let takes = command.arguments.isEmpty ? "takes no arguments"
                : "takes at most \(command.arguments.count) argument\(command.arguments.count == 1 ? "" : "s")"
            throw BenchError.usage("Unexpected argument '\(Escape.message(extra))': '\(command.commandLine)' \(takes).\(hint)")
        }
        for (position, spec) in command.arguments.enumerated() where !spec.isOptional && position >= self.arguments.count {
            throw BenchError.usage("'\(command.commandLine)' needs the argument <\(spec.name)>.")
        }
        for option in command.options where option.isRequired && values[option.name] == nil && !flags.contains(option.name) {
            throw BenchError.usage("'\(command.commandLine)' needs the option \(option.label).")
        }
    }

    /// Whether `text` is a number such as `-3` or `-0.5`: a value, not an option.
    static func isNumber(_ text: String) -> Bool {
        Double(text) != nil
    }

    /// Whether `text`, after an option that takes a value, is that value: anything but an
    /// option, so a word, a number (`-3`) or `-` (standard output, `--json -`).
    static func isValue(_ text: String) -> Bool {
        !text.hasPrefix("-") || text == AtomicFile.standardOutput || isNumber(text)
    }

    /// The error for an option `command` does not have, with the nearest known option.
    private static func unknownOption(_ flag: String, in command: CommandSpec) -> BenchError {
        let known = command.options.filter { !$0.isHidden }.map(\.flagName) + ["--help"]
        var hint = Suggestion.nearest(to: flag, in: known).map { " Did you mean '\($0)'?" } ?? ""
        if flag == "--version" { hint = " --version goes before the subcommand: 'bench --version'." }
        return BenchError.usage("Unknown option '\(Escape.message(flag))' for '\(command.commandLine)'.\(hint)")
    }

    /// A comma-separated list's items. A comma escaped with a backslash (`\,`) or inside a pattern's
    /// `[...]` set belongs to its item, so a `--filter` pattern can name a scenario with a comma
    /// in it (`'fling\, fast/*'`); the backslash stays, for the pattern to read as "literally".
    static func listItems(_ value: String) -> [String] {
        var items: [String] = [], current = ""
        var escaped = false, inSet = false
        for character in value {
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "[" {
                inSet = true
            } else if character == "]" {
                inSet = false
            } else if character == ",", !inSet {
                items.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        items.append(current)
        return items
    }
}
