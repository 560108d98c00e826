import TestSupport
import Analysis
import Results
import XCTest

/// The rank-sum test on data whose answer is known by hand or by construction.
final class MannWhitneyTests: XCTestCase {
    func testExactPValuesMatchTheHandCountedDistribution() {
        // n = m = 3: C(6, 3) = 20 equally likely rank sets; complete separation is 2 of them.
        XCTAssertEqual(MannWhitney.test([1, 2, 3], [4, 5, 6]).p, 2.0 / 20, accuracy: 1e-12)
        // U = 1: U ≤ 1 or U ≥ 8 are 4 of the 20.
        XCTAssertEqual(MannWhitney.test([1, 2, 4], [3, 5, 6]).p, 4.0 / 20, accuracy: 1e-12)
        // n = m = 5: complete separation, 2 of C(10, 5) = 252.
        XCTAssertEqual(MannWhitney.test([1, 2, 3, 4, 5], [6, 7, 8, 9, 10]).p, 2.0 / 252, accuracy: 1e-12)
        XCTAssertEqual(MannWhitney.test([6, 7, 8, 9, 10], [1, 2, 3, 4, 5]).p, 2.0 / 252, accuracy: 1e-12, "two-sided")
    }

    func testTooFewRoundsCannotReachSignificance() {
        XCTAssertEqual(MannWhitney.test([1, 2, 3], [4, 5, 6]).smallestPossibleP, 0.1, accuracy: 1e-12)
        XCTAssertGreaterThan(MannWhitney.test([1, 2], [3, 4]).smallestPossibleP, 0.05)
        XCTAssertLessThan(MannWhitney.test([1, 2, 3, 4], [5, 6, 7, 8]).smallestPossibleP, 0.05)
    }

    func testEqualSamplesAndAllTiesAreNotSignificant() {
        XCTAssertEqual(MannWhitney.test([5, 5, 5], [5, 5, 5]).p, 1, accuracy: 1e-12)
        XCTAssertEqual(MannWhitney.test([1, 2, 3, 4], [1, 2, 3, 4]).p, 1, accuracy: 1e-12)
    }

    /// Noisy timings: a median of 1 with ±10 % multiplicative noise, skewed to the slow side.
    private func timings(_ count: Int, scale: Double, _ rng: inout SeededRandom) -> [Double] {
        (0..<count).map { _ in
            let u = Double.random(in: 0..<1, using: &rng), v = Double.random(in: 0..<1, using: &rng)
            return scale * (1 + 0.05 * (u + v - 1) + 0.05 * u * u * u)
        }
    }

    func testIdenticalDistributionsAreCalledSignificantAtAboutTheAlphaRate() {
        var rng = SeededRandom(seed: 12)
        let trials = 2000
        let alarms = (0..<trials).filter { _ in
            MannWhitney.test(timings(8, scale: 1, &rng), timings(8, scale: 1, &rng)).p < 0.05
        }.count
        let rate = Double(alarms) / Double(trials)
        // The exact test is conservative: at most α, and not far below it with 8 + 8 values.
        XCTAssertLessThanOrEqual(rate, 0.06, "false-alarm rate \(rate)")
        XCTAssertGreaterThanOrEqual(rate, 0.025, "false-alarm rate \(rate)")
    }

    func testAClearShiftIsAlwaysSignificant() {
        var rng = SeededRandom(seed: 34)
        for _ in 0..<500 {
            XCTAssertLessThan(MannWhitney.test(timings(8, scale: 1, &rng), timings(8, scale: 1.2, &rng)).p, 0.05)
        }
    }

    func testLargeSamplesUseTheNormalApproximationConsistently() {
        let xs = (0..<30).map(Double.init), ys = (0..<30).map { Double($0) + 100 }
        XCTAssertLessThan(MannWhitney.test(xs, ys).p, 1e-9)
        let same = MannWhitney.test(xs, xs.reversed())
        XCTAssertGreaterThan(same.p, 0.9)
    }
}
