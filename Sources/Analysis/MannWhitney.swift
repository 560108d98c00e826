import Results
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
    /// - Complexity: O(N log N) for N = n + m values to sort them, then as
    ///   `test(sortedXs:sortedYs:)`.
    public static func test(_ xs: [Double], _ ys: [Double]) -> Result {
        test(sortedXs: xs.sorted(), sortedYs: ys.sorted())
    }

    /// The exact null distributions of the rank sum that tests given this have counted, by the
    /// ranks and sample size they were counted for. A caller that tests many rescalings of the
    /// same samples (`Comparison.smallestDetectable`, about 90 tests a row) meets the same ranks
    /// again and again; with one of these it counts each distribution once, and every p-value is
    /// the same as without it. Not shared between threads: one per caller.
    public final class ExactCounts {
        /// The last row of the counting table (subsets of size n, by doubled rank sum), by the
        /// doubled ranks in merged order followed by n.
        fileprivate var rows: [[Int]: [Double]] = [:]

        public init() {}
    }

    /// Tests `xs` against `ys` (two-sided), both sorted in ascending order (and free of NaN).
    ///
    /// The ranks come from merging the two sorted samples, so a caller that tests many rescalings
    /// of the same samples (`Comparison.smallestDetectable`) sorts them once, and with `counts`
    /// counts the exact distribution of each set of ranks once.
    /// - Complexity: O(N) for N = n + m values beyond 40 (the normal approximation with tie
    ///   correction); the exact distribution for up to 40, O(n² · m²) at most, counted by dynamic
    ///   programming (O(N) when `counts` holds it).
    public static func test(sortedXs xs: [Double], sortedYs ys: [Double], counts: ExactCounts? = nil) -> Result {
        let n = xs.count, m = ys.count
        guard n > 0, m > 0 else { return Result(p: 1, smallestPossibleP: 1) }
        let smallest = 2 / binomial(n + m, n)
        // Walk the merged order one group of tied values at a time. Ranks are doubled so that the
        // mid-rank of a tie group, (first + last) / 2, stays an integer.
        var observed = 0            // doubled rank sum of xs
        var tieTerm = 0.0           // Σ (t³ − t) over tie groups
        var doubledRanks: [Int] = []  // in merged order, for the exact distribution only
        let exact = n + m <= 40
        if exact { doubledRanks.reserveCapacity(n + m) }
        var i = 0, j = 0, rank = 0  // values ranked so far
        while i < n || j < m {
            // The smaller next value and every value equal to it (a NaN, which equals nothing,
            // is a group of one rather than a loop that never advances).
            let value: Double
            var fromX = 0, fromY = 0
            if j >= m || (i < n && xs[i] <= ys[j]) {
                value = xs[i]; i += 1; fromX = 1
            } else {
                value = ys[j]; j += 1; fromY = 1
            }
            while i < n && xs[i] == value { i += 1; fromX += 1 }
            while j < m && ys[j] == value { j += 1; fromY += 1 }
            let t = fromX + fromY
            let doubled = 2 * rank + t + 1  // 2 × the mean of ranks rank+1 ... rank+t
            observed += fromX * doubled
            if t > 1 { tieTerm += Double(t) * Double(t) * Double(t) - Double(t) }
            if exact { doubledRanks += repeatElement(doubled, count: t) }
            rank += t
        }
        if !exact { return Result(p: normalP(observed, tieTerm, n: n, m: m), smallestPossibleP: smallest) }
        // Exact: the distribution of the doubled rank sum of n values drawn from these ranks.
        let total = doubledRanks.reduce(0, +)
        let key = counts.map { _ in doubledRanks + [n] }
        let last: [Double]
        if let key, let known = counts?.rows[key] {
            last = known
        } else {
            last = exactCounts(doubledRanks, n: n, total: total)
            if let key { counts?.rows[key] = last }
        }
        let all = last.reduce(0, +)
        // Two-sided: as far from the mean rank sum as observed, on either side.
        let mean2 = Double(n) * Double(total) / Double(n + m)  // mean of the doubled sum
        let distance = abs(Double(observed) - mean2)
        var extreme = 0.0
        for s in 0...total where last[s] > 0 && abs(Double(s) - mean2) >= distance - 1e-9 {
            extreme += last[s]
        }
        return Result(p: min(1, extreme / all), smallestPossibleP: smallest)
    }

    /// The number of subsets of n of `doubledRanks` (whose sum is `total`) with each doubled rank
    /// sum s, at index s: the exact null distribution of the doubled rank sum, unnormalized.
    private static func exactCounts(_ doubledRanks: [Int], n: Int, total: Int) -> [Double] {
        let width = total + 1
        // ways[k × width + s]: subsets of size k with doubled rank sum s, in one flat buffer (an
        // array of arrays checked each row's uniqueness at every step of the innermost loop).
        // After the first i ranks no subset is larger than i or sums past their sum, so the loops
        // stop there: every entry they skip is 0, and the sums added are the same, in the same
        // order, as over the whole table.
        var ways = [Double](repeating: 0, count: (n + 1) * width)
        ways.withUnsafeMutableBufferPointer { ways in
            ways[0] = 1
            var reached = 0
            for (i, r) in doubledRanks.enumerated() {
                reached += r
                for k in stride(from: min(n, i + 1), through: 1, by: -1) {
                    let row = k * width, below = row - width - r
                    for s in stride(from: reached, through: r, by: -1) where ways[below + s] > 0 {
                        ways[row + s] += ways[below + s]
                    }
                }
            }
        }
        return Array(ways[(n * width)...])
    }

    /// The normal approximation of the two-sided p-value, with the tie correction; in doubles
    /// throughout, so no sample size can overflow it.
    private static func normalP(_ observed: Int, _ tieTerm: Double, n: Int, m: Int) -> Double {
        let nn = Double(n), mm = Double(m), N = nn + mm
        let u = Double(observed) / 2 - nn * (nn + 1) / 2
        let mean = nn * mm / 2
        let variance = nn * mm / 12 * ((N + 1) - tieTerm / (N * (N - 1)))
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
