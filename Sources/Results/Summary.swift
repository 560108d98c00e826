/// Order statistics of a sample of timings (integer nanoseconds).
public struct Summary: Encodable, Equatable, Sendable {
    public var median: Int
    public var p90: Int
    public var p99: Int
    public var min: Int
    public var max: Int

    public init(median: Int, p90: Int, p99: Int, min: Int, max: Int) {
        self.median = median; self.p90 = p90; self.p99 = p99; self.min = min; self.max = max
    }

    /// The keys a results file writes, and the ones its reader (`Summary+Reading.swift`) looks up.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case median, p90, p99, min, max
    }

    /// The summary of `samples`; all zero when empty.
    /// - Complexity: O(n log n).
    public init(_ samples: [Int]) {
        let sorted = samples.sorted()
        let median = sorted.isEmpty ? 0 : Int(Summary.median(sorted: sorted.map(Double.init)).rounded())
        self.init(median: median, p90: Summary.percentile(sorted, 90),
                  p99: Summary.percentile(sorted, 99), min: sorted.first ?? 0, max: sorted.last ?? 0)
    }

    /// The median of sorted values: the middle one, or the mean of the two middle ones; NaN when
    /// empty.
    /// - Complexity: O(1).
    public static func median(sorted: [Double]) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let n = sorted.count
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
    }

    /// The nearest-rank percentile `p` (0 ... 100) of sorted values.
    public static func percentile(_ sorted: [Int], _ p: Double) -> Int {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[Swift.max(0, Swift.min(sorted.count - 1, rank - 1))]
    }
}
