import Results
import XCTest

/// A row's device time against its frame budget (`DeviceTime`): the refresh interval, the share
/// of it each end of the estimate takes, and whether either end exceeds it.
final class DeviceTimeBudgetTests: XCTestCase {
    /// The estimate `low ... high` seconds per frame at `refreshHz`.
    private func time(_ low: Double, _ high: Double, refreshHz: Double) -> DeviceTime {
        DeviceTime(gpu: "a13", refreshHz: refreshHz, lowNanos: Int((low * 1e9).rounded()), highNanos: Int((high * 1e9).rounded()))
    }

    func testTheBudgetIsTheRefreshInterval() {
        XCTAssertEqual(time(0, 0, refreshHz: 60).budgetNanos / 1e6, 16.7, accuracy: 0.05)
        XCTAssertEqual(time(0, 0, refreshHz: 120).budgetNanos / 1e6, 8.3, accuracy: 0.05)
    }

    func testBudgetSharesAt60And120Hz() {
        let at60 = time(1.0 / 240, 1.0 / 50, refreshHz: 60).budgetShare
        XCTAssertEqual(at60.low, 60.0 / 240, accuracy: 1e-6)
        XCTAssertEqual(at60.high, 60.0 / 50, accuracy: 1e-6)
        let at120 = time(1.0 / 240, 1.0 / 50, refreshHz: 120).budgetShare
        XCTAssertEqual(at120.low, 2 * at60.low, accuracy: 1e-6)
        XCTAssertEqual(at120.high, 2 * at60.high, accuracy: 1e-6)
    }

    func testOverBudgetTellsTheEndsApart() {
        let fits = time(1.0 / 100, 1.0 / 70, refreshHz: 60)
        XCTAssertFalse(fits.overBudget)
        XCTAssertFalse(fits.possiblyOverBudget)
        let slowEndOver = time(1.0 / 100, 1.0 / 70, refreshHz: 90)
        XCTAssertFalse(slowEndOver.overBudget)
        XCTAssertTrue(slowEndOver.possiblyOverBudget)
        let bothOver = time(1.0 / 100, 1.0 / 70, refreshHz: 120)
        XCTAssertTrue(bothOver.overBudget)
        XCTAssertTrue(bothOver.possiblyOverBudget)
        let wholeInterval = time(1.0 / 50, 1.0 / 50, refreshHz: 50)
        XCTAssertFalse(wholeInterval.possiblyOverBudget, "the whole interval fits")
    }
}
