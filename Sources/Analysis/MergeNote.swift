import Problems
import Results
import Text

/// What a reader of `bench merge`'s file should know: shards missing or unrecorded, options that
/// differ between shards, other hosts or machines. `description` is its sentence.
public enum MergeNote: Equatable, Sendable, CustomStringConvertible {
    /// A file given as the shard `shard` of its run.
    public struct GivenShard: Equatable, Sendable {
        public var shard: Shard
        public var file: String

        public init(shard: Shard, file: String) {
            self.shard = shard
            self.file = file
        }
    }

    /// The files that gave the option one value (nil: their command lines lacked it).
    public struct OptionValue: Equatable, Sendable {
        public var value: String?
        public var files: [String]

        public init(value: String?, files: [String]) {
            self.value = value
            self.files = files
        }
    }

    /// A kind of host other than the first file's: the first file measured on it, and how it
    /// differs (nil: the file records no host, or the first file records none).
    public struct OtherHost: Equatable, Sendable {
        public var file: String
        public var differences: String?

        public init(file: String, differences: String?) {
            self.file = file
            self.differences = differences
        }
    }

    /// `files` record no `--shard`, so which of the `count` shards are missing cannot be told.
    case unrecordedShards(files: [String], count: Int)
    /// The shards `missing` (1-based) of a division into `count` are missing; `given` are the rest.
    case missingShards(missing: [Int], count: Int, given: [GivenShard])
    /// The shards were made with other values of `--option`; `absent` is what a command line
    /// without it means.
    case otherOption(option: String, values: [OptionValue], absent: String)
    /// The files were measured on other kinds of host than `first`'s: `others`.
    case otherHosts(first: String, others: [OtherHost])
    /// The rows of the scenario `scenario` were priced on more than one GPU (or some on none):
    /// each value, "a13 at 60 Hz" or nil for none, with the files whose rows have it.
    case otherGPUs(scenario: String, values: [OptionValue])
    /// `count` of the `total` files were measured on another machine than `first`, a `cores`-core
    /// `cpu`, which the merged file records.
    case otherMachines(count: Int, total: Int, first: String, cpu: String, cores: Int)
    /// The shards recorded other `limits` (each value, "offscreenPasses ≤ 0" or nil for none, with
    /// its files); the merged file holds the stricter of each, `applied`, so that `bench check`
    /// judges it the same whatever the order of the files.
    case otherLimits(values: [OptionValue], applied: [Limit])

    public var description: String {
        switch self {
        case let .unrecordedShards(files, count):
            return "\(files.joined(separator: ", ")) record(s) no --shard, so which shards of the \(count) are missing cannot be told"
        case let .missingShards(missing, count, given):
            let present = given.map { "\($0.shard) in \($0.file)" }.joined(separator: ", ")
            let absent = missing.map { "\($0)/\(count)" }.joined(separator: ", ")
            return "shard(s) \(absent) of the run are missing (given: \(present)); the merged file holds only the given shards' rows, and bench check against a baseline of the whole run names the rows it lacks"
        case let .otherOption(option, values, absent):
            let list = values.map { "\($0.value.map(Escape.message) ?? absent) in \($0.files.joined(separator: ", "))" }.joined(separator: "; ")
            return "the shards were made with different --\(option) (\(list)); each row keeps the \(option) its own shard measured, so the rows of the merged file are not alike"
        case let .otherHosts(first, others):
            let differences = others.map {
                "\(Escape.message($0.file)) against \(Escape.message(first)): \(Escape.shortened($0.differences ?? "no host recorded", limit: Escape.messageLimit))"
            }
            return "the files were measured on \(others.count + 1) kinds of host (\(differences.joined(separator: "; "))), so the merged file records none, and bench check reports its times without gating them"
        case let .otherGPUs(scenario, values):
            let list = values.map { "\($0.value.map(Escape.message) ?? "no GPU") in \($0.files.joined(separator: ", "))" }.joined(separator: "; ")
            return "the scenario '\(Escape.message(scenario))' was priced on more than one GPU (\(list)); its rows' GPU times are not alike, and bench check gates a row's only against a baseline row priced the same way"
        case let .otherMachines(count, total, first, cpu, cores):
            return "\(count) of the \(total) files were measured on another machine than \(first) (\(Escape.message(cpu)), \(cores) cores), whose machine the merged file records; each row's ratios were measured on its own shard's machine"
        case let .otherLimits(values, applied):
            let list = values.map { "\($0.value ?? "none") in \($0.files.joined(separator: ", "))" }.joined(separator: "; ")
            return "the shards record different limits (\(list)); the merged file holds the stricter of each, \(applied.map(\.description).joined(separator: ", "))"
        }
    }
}
