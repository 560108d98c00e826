import TestSupport
import Analysis
import Results
import XCTest

/// What `bench compare` calls "detectable" must agree with what it calls noise.
final class SmallestDetectableTests: XCTestCase {
    /// A change the test calls not significant (`~`) is never larger than the change the same
    /// processes could have detected: over skewed and symmetric random samples, 5 processes a side.
    func testAChangeCalledNoiseIsNeverLargerThanTheSmallestDetectable() throws {
        var random = SeededRandom(seed: 23)
        var checked = 0
        for _ in 0..<2_000 {
            // One slow process now and then, as on a shared machine: skewed samples.
            func sample(_ centre: Double) -> [Double] {
                (0..<5).map { _ in
                    centre * (1 + Double.random(in: -0.03...0.03, using: &random))
                        * (Double.random(in: 0...1, using: &random) < 0.2 ? Double.random(in: 1.05...1.3, using: &random) : 1)
                }
            }
            let xs = sample(2000), ys = sample(2000 * Double.random(in: 0.85...1.15, using: &random))
            guard MannWhitney.test(xs, ys).p >= Comparison.alpha else { continue }
            let change = Summary.median(sorted: ys.sorted()) / Summary.median(sorted: xs.sorted()) - 1
            let detectable = try XCTUnwrap(Comparison.smallestDetectable(xs, ys))
            XCTAssertGreaterThanOrEqual(detectable, abs(change), "old \(xs), new \(ys)")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 200, "enough not-significant pairs were drawn")
    }
}
