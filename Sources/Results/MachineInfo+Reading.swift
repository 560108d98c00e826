import JSON

/// The machine of a results file, read by the type that writes it.
extension MachineInfo {
    /// The operating system, the logical processors (at least 1) and the processor's model.
    init(from item: JSONNode) throws {
        let f = try item.object("an object", keys: CodingKeys.self)
        self.init(os: try f.required(.os, "a string").string(),
                  cores: try f.required(.cores, "an integer").integer(1...Results.maxValue, "an integer ≥ 1"),
                  cpu: try f.required(.cpu, "a string").string())
    }
}
