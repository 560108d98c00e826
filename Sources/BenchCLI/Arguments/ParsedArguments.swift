import Problems
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
            throw BenchError.usage(.integerBelow(option: name, minimum: minimum, value: text))
        }
        return number
    }

    /// The integer value of option `name` within `range`, or nil when absent.
    /// - Throws: `BenchError.usage` naming the option and the range otherwise.
    func integer(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw BenchError.usage(.integerOutOfRange(option: name, range: range, value: text))
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
            throw BenchError.usage(.decimalOutOfRange(option: name, range: range, example: example, value: text))
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
                if inline != nil { throw BenchError.usage(.takesNoValue(flag: option.flagName, argument: argument)) }
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
                throw BenchError.usage(.needsValue(flag: option.flagName, label: option.label))
            }
            let items = option.arity == .multiple ? Self.listItems(value) : [value]
            for item in items {
                guard !item.isEmpty else { throw BenchError.usage(.emptyValue(flag: option.flagName)) }
                if let allowed = option.allowedValues, !allowed.contains(item) {
                    throw BenchError.usage(.unknownValue(flag: option.flagName, value: item, known: allowed))
                }
                values[option.name, default: []].append(item)
            }
        }

        if self.arguments.count > command.arguments.count, command.arguments.last?.isVariadic != true {
            throw BenchError.usage(.unexpectedArgument(argument: self.arguments[command.arguments.count], command: command.commandLine,
                                                       maximum: command.arguments.count, options: command.options.map(\.flagName)))
        }
        for (position, spec) in command.arguments.enumerated() where !spec.isOptional && position >= self.arguments.count {
            throw BenchError.usage(.missingArgument(command: command.commandLine, name: spec.name))
        }
        for option in command.options where option.isRequired && values[option.name] == nil && !flags.contains(option.name) {
            throw BenchError.usage(.missingOption(command: command.commandLine, label: option.label))
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
        return BenchError.usage(.unknownOption(flag: flag, command: command.commandLine, known: known))
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
