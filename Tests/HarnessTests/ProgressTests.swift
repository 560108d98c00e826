import Harness
import XCTest

/// The progress line's estimate of the time a run has left.
final class ProgressTests: XCTestCase {
    func testTimeLeftAssumesTheRateSoFarAndSaysNothingInTheFirstSecond() {
        XCTAssertNil(Runner.timeLeft(elapsedNanos: 900_000_000, done: 10, total: 100), "too early")
        XCTAssertNil(Runner.timeLeft(elapsedNanos: 5_000_000_000, done: 0, total: 100), "no rate yet")
        XCTAssertNil(Runner.timeLeft(elapsedNanos: 5_000_000_000, done: 100, total: 100), "done")
        XCTAssertEqual(Runner.timeLeft(elapsedNanos: 2_000_000_000, done: 25, total: 100), "about 6 s left")
        XCTAssertEqual(Runner.timeLeft(elapsedNanos: 10_000_000_000, done: 99.99, total: 100), "about 1 s left")
        XCTAssertEqual(Runner.timeLeft(elapsedNanos: 60_000_000_000, done: 10, total: 100), "about 9 min left")
        XCTAssertEqual(Runner.timeLeft(elapsedNanos: 3_600_000_000_000, done: 20, total: 100), "about 4 h left")
    }
}
