/// Instruction counts joined to the timed rows.
extension Results {
    /// Sets each row's `instructions` from `counts` (rows not counted get none) and records what
    /// counted them.
    public mutating func attach(instructions counts: [RunKey: [Phase: Int]], counter: String) {
        for i in runs.indices { runs[i].instructions = counts[runs[i].key] }
        instructionCounter = counter
    }
}
