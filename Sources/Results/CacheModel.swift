/// The cache hierarchy valgrind simulates when it counts a run's host-free cost: fixed by the tool,
/// never the host's, so two machines count memory alike (docs/cost-model.md, "A cost that does not
/// depend on the host"). `standard` is a common desktop core's L1 (32 KiB, 8-way) with a 2 MiB last
/// level, smaller than every frame the catalogue and the CI suite draw (the smallest, the iPhone
/// SE's, is 3.8 MiB), so a frame's lines go to memory on every pass, on any host, where a host whose
/// cache holds a frame rewards a strategy in time for touching it again.
public struct CacheModel: Encodable, Equatable, Sendable {
    /// One simulated cache: total size, ways and line size, in bytes.
    public struct Level: Encodable, Equatable, Sendable {
        public var sizeBytes: Int
        public var associativity: Int
        public var lineBytes: Int

        public init(sizeBytes: Int, associativity: Int, lineBytes: Int) {
            self.sizeBytes = sizeBytes
            self.associativity = associativity
            self.lineBytes = lineBytes
        }

        /// The keys a results file writes, and the ones its reader (`CacheModel+Reading.swift`) looks up.
        enum CodingKeys: String, CodingKey, CaseIterable {
            case sizeBytes, associativity, lineBytes
        }

        /// Valgrind's `size,associativity,line` option value.
        public var valgrindValue: String { "\(sizeBytes),\(associativity),\(lineBytes)" }

        /// How valgrind's profile header describes it (`32768 B, 64 B, 8-way associative`), so a
        /// profile can be checked to have been simulated with it.
        public var valgrindDescription: String {
            "\(sizeBytes) B, \(lineBytes) B, \(associativity)-way associative"
        }
    }

    /// First-level instruction cache.
    public var l1i: Level
    /// First-level data cache.
    public var l1d: Level
    /// Last-level (unified) cache: its misses are RAM accesses.
    public var ll: Level
    /// How `estimatedCycles` weighs hits and misses.
    public var formula: String

    public init(l1i: Level, l1d: Level, ll: Level, formula: String = CacheModel.cycleFormula) {
        self.l1i = l1i
        self.l1d = l1d
        self.ll = ll
        self.formula = formula
    }

    /// The keys a results file writes, and the ones its reader (`CacheModel+Reading.swift`) looks up.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case l1i, l1d, ll, formula
    }

    /// The configuration every count uses.
    public static let standard = CacheModel(l1i: Level(sizeBytes: 32_768, associativity: 8, lineBytes: 64),
                                            l1d: Level(sizeBytes: 32_768, associativity: 8, lineBytes: 64),
                                            ll: Level(sizeBytes: 2_097_152, associativity: 16, lineBytes: 64))

    /// Itamar Turner-Trauring's estimate ("Consistent benchmarking in CI", pythonspeed.com, 2020),
    /// as iai-callgrind reports it: an L1 hit costs 1 cycle, a last-level hit 5, a RAM access 35.
    public static let cycleFormula = "L1 hits + 5 × LL hits + 35 × RAM accesses (Turner-Trauring)"

    /// The valgrind options that select this model (`--cache-sim=yes --I1=… --D1=… --LL=…`).
    public var valgrindOptions: [String] {
        ["--cache-sim=yes", "--I1=\(l1i.valgrindValue)", "--D1=\(l1d.valgrindValue)", "--LL=\(ll.valgrindValue)"]
    }
}

/// The nine event counts valgrind's cache simulation gives a stretch of code, and what follows
/// from them.
public struct CacheEvents: Equatable, Sendable {
    /// Instructions executed (`Ir`), data reads (`Dr`) and writes (`Dw`).
    public var ir = 0, dr = 0, dw = 0
    /// First-level misses: instruction reads (`I1mr`), data reads (`D1mr`), data writes (`D1mw`).
    public var i1mr = 0, d1mr = 0, d1mw = 0
    /// Last-level misses, the same three (`ILmr`, `DLmr`, `DLmw`).
    public var ilmr = 0, dlmr = 0, dlmw = 0

    /// The event names callgrind writes, in this type's field order.
    public static let names = ["Ir", "Dr", "Dw", "I1mr", "D1mr", "D1mw", "ILmr", "DLmr", "DLmw"]

    public init() {}

    /// Events from values in `names` order; nil unless there are nine.
    public init?(_ values: [Int]) {
        guard values.count == 9 else { return nil }
        (ir, dr, dw, i1mr, d1mr, d1mw, ilmr, dlmr, dlmw) =
            (values[0], values[1], values[2], values[3], values[4], values[5], values[6], values[7], values[8])
    }

    /// Every access: instruction fetches and data reads and writes.
    public var accesses: Int { ir + dr + dw }
    /// Accesses that missed the first level.
    public var l1Misses: Int { i1mr + d1mr + d1mw }
    /// Accesses that missed the last level too: RAM accesses.
    public var ramAccesses: Int { ilmr + dlmr + dlmw }

    /// `CacheModel.cycleFormula` on these counts.
    public var estimatedCycles: Int {
        let l1Hits = accesses - l1Misses, llHits = l1Misses - ramAccesses
        return l1Hits + 5 * llHits + 35 * ramAccesses
    }

    /// The catalogue's cost metrics of these counts.
    public var metrics: [CostMetric: Int] {
        [.dataReads: dr, .dataWrites: dw, .l1Misses: l1Misses, .ramAccesses: ramAccesses, .estimatedCycles: estimatedCycles]
    }
}
