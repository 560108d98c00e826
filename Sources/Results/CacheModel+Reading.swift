import JSON

/// The cache model of a results file, read by the type that writes it.
extension CacheModel {
    /// Three cache levels, each of positive sizes, and the formula that weighs them.
    init(from item: JSONNode) throws {
        let f = try item.object("an object (l1i, l1d, ll, formula)", keys: CodingKeys.self)
        func level(_ key: CodingKeys) throws -> Level { try Level(from: f.required(key, "a cache level object")) }
        self.init(l1i: try level(.l1i), l1d: try level(.l1d), ll: try level(.ll), formula: try f.required(.formula, "a string").string())
    }
}

extension CacheModel.Level {
    /// A cache level: its size, ways and line size, each at least 1.
    init(from item: JSONNode) throws {
        let l = try item.object("a cache level object (sizeBytes, associativity, lineBytes)", keys: CodingKeys.self)
        self.init(sizeBytes: try l.required(.sizeBytes, "an integer").integer(1...Results.maxValue, "an integer ≥ 1"),
                  associativity: try l.required(.associativity, "an integer").integer(1...Results.maxValue, "an integer ≥ 1"),
                  lineBytes: try l.required(.lineBytes, "an integer").integer(1...Results.maxValue, "an integer ≥ 1"))
    }
}
