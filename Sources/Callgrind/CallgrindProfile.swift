import Problems
import Results

/// The cost of each function in one callgrind dump (valgrind's callgrind output format, version
/// 1), for every event the dump records: `Ir` alone by default, or the nine of
/// `CacheEvents.names` with `--cache-sim=yes`.
///
/// A function's inclusive cost is its own lines' cost plus the cost of every call it makes (the
/// line after each `calls=`, which callgrind writes as the callee's inclusive cost for that
/// call). Compressed names (`fn=(12) name`, then `fn=(12)`) and compressed positions (`+3`, `*`)
/// are understood, so the file can come from callgrind's defaults; a cost line may leave out
/// trailing events, which are zero.
public struct CallgrindProfile: Sendable {
    /// A function's cost: its own code's, and with everything it called.
    public struct Cost: Equatable, Sendable {
        /// Per event, in the order of `CallgrindProfile.events`.
        public var exclusiveEvents: [Int]
        public var inclusiveEvents: [Int]

        public init(exclusive: [Int], inclusive: [Int]) {
            exclusiveEvents = exclusive
            inclusiveEvents = inclusive
        }

        /// The first event's (instructions) exclusive cost.
        public var exclusive: Int { exclusiveEvents.first ?? 0 }
        /// The first event's (instructions) inclusive cost.
        public var inclusive: Int { inclusiveEvents.first ?? 0 }
    }

    /// The events of the dump, from its `events:` line (`Ir`, or `Ir Dr Dw I1mr …`).
    public var events: [String]
    /// Costs by (mangled) function name.
    public var functions: [String: Cost]
    /// The dump's `totals:` or `summary:` line: every instruction counted in the dump.
    public var total: Int
    /// The caches the dump was simulated with, as its header describes them (`I1 cache` →
    /// `32768 B, 64 B, 8-way associative`); empty without cache simulation.
    public var caches: [String: String]

    /// Parses one dump. Throws `BenchError.input` when the text is not a callgrind dump.
    /// - Complexity: O(n) in the length of the text.
    public init(text: Substring) throws {
        var functions: [String: Cost] = [:]
        var names: [String: String] = [:]
        var caches: [String: String] = [:]
        var events: [String] = []
        var positionColumns = 1
        var current: String?
        var nextIsCall = false
        var total: Int?

        func name(_ spec: Substring) -> String {
            // "(id) name" defines id; "(id)" refers to it; anything else is the name itself.
            guard spec.first == "(", let close = spec.firstIndex(of: ")") else { return String(spec) }
            let id = String(spec[spec.index(after: spec.startIndex)..<close])
            let rest = spec[spec.index(after: close)...].drop { $0 == " " }
            if rest.isEmpty { return names[id] ?? String(spec) }
            names[id] = String(rest)
            return String(rest)
        }
        let zero = { [Int](repeating: 0, count: max(1, events.count)) }

        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            guard let first = line.first else { continue }
            if first.isNumber || first == "+" || first == "-" || first == "*" {
                guard let current else { nextIsCall = false; continue }
                let fields = line.split(separator: " ").dropFirst(positionColumns)
                var cost = functions[current] ?? Cost(exclusive: zero(), inclusive: zero())
                for (k, field) in fields.prefix(cost.inclusiveEvents.count).enumerated() {
                    let value = Int(field) ?? 0
                    cost.inclusiveEvents[k] += value
                    if !nextIsCall { cost.exclusiveEvents[k] += value }
                }
                functions[current] = cost
                nextIsCall = false
            } else if line.hasPrefix("fn=") {
                let fn = name(line.dropFirst(3))
                current = fn
                if functions[fn] == nil { functions[fn] = Cost(exclusive: zero(), inclusive: zero()) }
            } else if line.hasPrefix("cfn=") {
                _ = name(line.dropFirst(4))
            } else if line.hasPrefix("calls=") {
                nextIsCall = true
            } else if line.hasPrefix("positions:") {
                positionColumns = max(1, line.dropFirst("positions:".count).split(separator: " ").count)
            } else if line.hasPrefix("events:") {
                events = line.dropFirst("events:".count).split(separator: " ").map(String.init)
            } else if line.hasPrefix("desc: "), let colon = line.dropFirst(6).firstIndex(of: ":") {
                let key = line[line.index(line.startIndex, offsetBy: 6)..<colon]
                if key.hasSuffix(" cache") {
                    caches[String(key)] = line[line.index(after: colon)...].trimmingPrefix(" ").description
                }
            } else if line.hasPrefix("totals:") || line.hasPrefix("summary:") {
                let value = line.split(separator: ":", maxSplits: 1).last.map { $0.split(separator: " ").first.map { Int($0) ?? 0 } ?? 0 } ?? 0
                if line.hasPrefix("totals:") || total == nil { total = value }
            }
        }
        guard !events.isEmpty else { throw BenchError.input(.notACallgrindProfile) }
        self.events = events
        self.functions = functions
        self.caches = caches
        self.total = total ?? functions.values.reduce(0) { $0 + $1.exclusive }
    }

    /// The inclusive cost of every function whose name contains `fragment`, summed.
    public func inclusive(containing fragment: String) -> Int {
        functions.reduce(0) { $0 + ($1.key.contains(fragment) ? $1.value.inclusive : 0) }
    }

    /// The inclusive cost of every event of every function whose name contains `fragment`,
    /// summed, in the order of `events`.
    public func inclusiveEvents(containing fragment: String) -> [Int] {
        var sum = [Int](repeating: 0, count: events.count)
        for (name, cost) in functions where name.contains(fragment) {
            for k in sum.indices where k < cost.inclusiveEvents.count { sum[k] += cost.inclusiveEvents[k] }
        }
        return sum
    }

    /// Each phase's instruction count in this dump (`CountedPairs.phaseSymbols`).
    public var phaseCounts: [Phase: Int] {
        CountedPairs.phaseSymbols.mapValues { inclusive(containing: $0) }
    }

    /// Each phase's simulated cache events in this dump; nil when the dump was not simulated
    /// with `CacheEvents.names`' nine events.
    public var phaseCacheEvents: [Phase: CacheEvents]? {
        guard events == CacheEvents.names else { return nil }
        var out: [Phase: CacheEvents] = [:]
        for (phase, symbol) in CountedPairs.phaseSymbols {
            guard let counts = CacheEvents(inclusiveEvents(containing: symbol)) else { return nil }
            out[phase] = counts
        }
        return out
    }
}
