import Problems

/// `--shard i/n`: the i-th of n parts of a run's selected pairs (`PairSelection` in Harness deals
/// them). With the results, below Harness, because `bench merge` (Analysis) reads shards from
/// results files' provenance too; problems name a shard by its `description`.
public struct Shard: Equatable, Sendable, CustomStringConvertible {
    /// Which part, from 1.
    public var index: Int
    /// How many parts, from 1 to `Shard.maxCount`.
    public var count: Int

    /// The most shards a selection may be divided into.
    public static let maxCount = 1000

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Reads `i/n`.
    /// - Throws: `BenchError.usage` unless 1 ≤ i ≤ n ≤ `maxCount`.
    public init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
              (1...Shard.maxCount).contains(count), (1...count).contains(index) else {
            throw BenchError.usage(.selection(.badShard(text: text, maxCount: Shard.maxCount)))
        }
        self.init(index: index, count: count)
    }

    /// `i/n`.
    public var description: String { "\(index)/\(count)" }
}
