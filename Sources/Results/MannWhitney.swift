#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The Mann–Whitney U test (Wilcoxon rank-sum): do two samples come from the same distribution?
///
/// Used, as benchstat uses it, on the per-round medians of two runs: it assumes no shape for the
/// timings (they are skewed and heavy-tailed), only that rounds are independent. Small samples
/// get the exact distribution of U (counted by dynamic programming, with ties given mid-ranks and
/// the exact null distribution of their rank sum), so the p-value is honest for 3–20 rounds where
/// the normal approximation is not.
public enum MannWhitney {
    /// The result of one test.
    public struct Result: Equatable, Sendable {
        /// The two-sided p-value: the probability, if both samples came from one distribution, of
        /// ranks at least this far apart.
        public var p: Double
        /// The smallest two-sided p-value samples of these sizes can reach; when it is above α no
        /// difference, however large, can be called significant.
        public var smallestPossibleP: Double
    }

    /// Tests `xs` against `ys` (two-sided).
    /// - Complexity: O(n² · m²) time for the exact distribution, fine for a few dozen rounds; the
    ///   normal approximation with tie correction beyond 40 values in all.
    public static func test(_ xs: [Double], _ ys: [Double]) -> Result {
        let n = xs.count, m = ys.count
        guard n > 0, m > 0 else { return Result(p: 1, smallestPossibleP: 1) }
        // Ranks in the pooled sample, doubled so mid-ranks of ties stay integers.
        let pooled = (xs.map { ($0, 0) } + ys.map { ($0, 1) }).sorted { $0.0 < $1.0 }
        var doubledRanks = [Int](repeating: 0, count: pooled.count)
        var i = 0
        while i < pooled.count {
            var j = i
            while j + 1 < pooled.count && pooled[j + 1].0 == pooled[i].0 { j += 1 }
            for k in i...j { doubledRanks[k] = i + j + 2 }  // 2 × the mean of ranks i+1 ... j+1
            i = j + 1
        }
        let observed = zip(pooled, doubledRanks).filter { $0.0.1 == 0 }.reduce(0) { $0 + $1.1 }
        let smallest = 2 / binomial(n + m, n)
        if n + m > 40 { return Result(p: normalP(observed, doubledRanks, n: n, m: m), smallestPossibleP: smallest) }
        // Exact: the distribution of the doubled rank sum of n values drawn from these ranks.
        let total = doubledRanks.reduce(0, +)
        // ways[k][s]: subsets of size k with doubled rank sum s.
        var ways = [[Double]](repeating: [Double](repeating: 0, count: total + 1), count: n + 1)
        ways[0][0] = 1
        for r in doubledRanks {
            for k in stride(from: min(n, doubledRanks.count), through: 1, by: -1) {
                for s in stride(from: total, through: r, by: -1) where ways[k - 1][s - r] > 0 {
                    ways[k][s] += ways[k - 1][s - r]
                }
            }
        }
        let all = ways[n].reduce(0, +)
        // Two-sided: as far from the mean rank sum as observed, on either side.
        let mean2 = Double(n) * Double(total) / Double(n + m)  // mean of the doubled sum
        let distance = abs(Double(observed) - mean2)
        var extreme = 0.0
        for s in 0...total where ways[n][s] > 0 && abs(Double(s) - mean2) >= distance - 1e-9 { extreme += ways[n][s] }
        return Result(p: min(1, extreme / all), smallestPossibleP: smallest)
    }

    /// The normal approximation of the two-sided p-value, with the tie correction.
    private static func normalP(_ observed: Int, _ doubledRanks: [Int], n: Int, m: Int) -> Double {
        let N = Double(n + m)
        let u = Double(observed) / 2 - Double(n * (n + 1)) / 2
        let mean = Double(n * m) / 2
        var ties = 0.0
        var counts: [Int: Int] = [:]
        for r in doubledRanks { counts[r, default: 0] += 1 }
        for t in counts.values where t > 1 { ties += Double(t * t * t - t) }
        let variance = Double(n * m) / 12 * ((N + 1) - ties / (N * (N - 1)))
        guard variance > 0 else { return 1 }
        let z = (abs(u - mean) - 0.5) / variance.squareRoot()
        return min(1, erfc(max(0, z) / 2.0.squareRoot()))
    }

    /// n choose k, as a double.
    static func binomial(_ n: Int, _ k: Int) -> Double {
        var result = 1.0
        for i in 0..<min(k, n - k) { result = result * Double(n - i) / Double(i + 1) }
        return result
    }
}
