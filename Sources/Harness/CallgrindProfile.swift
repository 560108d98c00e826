import Results

/// The cost of each function in one callgrind dump (valgrind's callgrind output format, version
/// 1), for the first event (`Ir`: instructions executed).
///
/// A function's inclusive cost is its own lines' cost plus the cost of every call it makes (the
/// line after each `calls=`, which callgrind writes as the callee's inclusive cost for that
/// call). Compressed names (`fn=(12) name`, then `fn=(12)`) and compressed positions (`+3`, `*`)
/// are understood, so the file can come from callgrind's defaults.
public struct CallgrindProfile: Sendable {
    /// Instructions in a function's own code and in everything it called, by function name.
    public struct Cost: Equatable, Sendable {
        public var exclusive: Int
        public var inclusive: Int

        public init(exclusive: Int = 0, inclusive: Int = 0) {
            self.exclusive = exclusive
            self.inclusive = inclusive
        }
    }

    /// Costs by (mangled) function name.
    public var functions: [String: Cost]
    /// The dump's `totals:` or `summary:` line: every instruction counted in the dump.
    public var total: Int

    /// Parses one dump. Throws `BenchError.input` when the text is not a callgrind dump.
    public init(text: Substring) throws {
        var functions: [String: Cost] = [:]
        var names: [String: String] = [:]
        var positionColumns = 1
        var current: String?
        var nextIsCall = false
        var total: Int?
        var sawHeader = false

        func name(_ spec: Substring) -> String {
            // "(id) name" defines id; "(id)" refers to it; anything else is the name itself.
            guard spec.first == "(", let close = spec.firstIndex(of: ")") else { return String(spec) }
            let id = String(spec[spec.index(after: spec.startIndex)..<close])
            let rest = spec[spec.index(after: close)...].drop { $0 == " " }
            if rest.isEmpty { return names[id] ?? String(spec) }
            names[id] = String(rest)
            return String(rest)
        }

        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            guard let first = line.first else { continue }
            if first.isNumber || first == "+" || first == "-" || first == "*" {
                let fields = line.split(separator: " ")
                let cost = fields.count > positionColumns ? Int(fields[positionColumns]) ?? 0 : 0
                if let current {
                    if nextIsCall {
                        functions[current, default: Cost()].inclusive += cost
                    } else {
                        functions[current, default: Cost()].exclusive += cost
                        functions[current, default: Cost()].inclusive += cost
                    }
                }
                nextIsCall = false
            } else if line.hasPrefix("fn=") {
                let fn = name(line.dropFirst(3))
                current = fn
                if functions[fn] == nil { functions[fn] = Cost() }
            } else if line.hasPrefix("cfn=") {
                _ = name(line.dropFirst(4))
            } else if line.hasPrefix("calls=") {
                nextIsCall = true
            } else if line.hasPrefix("positions:") {
                positionColumns = max(1, line.dropFirst("positions:".count).split(separator: " ").count)
            } else if line.hasPrefix("events:") {
                sawHeader = true
            } else if line.hasPrefix("totals:") || line.hasPrefix("summary:") {
                let value = line.split(separator: ":", maxSplits: 1).last.map { $0.split(separator: " ").first.map { Int($0) ?? 0 } ?? 0 } ?? 0
                if line.hasPrefix("totals:") || total == nil { total = value }
            }
        }
        guard sawHeader else { throw BenchError.input("not a callgrind profile (no 'events:' line).") }
        self.functions = functions
        self.total = total ?? functions.values.reduce(0) { $0 + $1.exclusive }
    }

    /// The inclusive cost of every function whose name contains `fragment`, summed.
    public func inclusive(containing fragment: String) -> Int {
        functions.reduce(0) { $0 + ($1.key.contains(fragment) ? $1.value.inclusive : 0) }
    }

    /// Each phase's instruction count in this dump (`InstructionCount.phaseSymbols`).
    public var phaseCounts: [Phase: Int] {
        InstructionCount.phaseSymbols.mapValues { inclusive(containing: $0) }
    }
}
