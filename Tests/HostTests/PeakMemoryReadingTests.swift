import Host
import XCTest

/// The peak memory the results record is this program's own, read from the kernel's high-water
/// mark, not a peak inherited from the process that started it.
final class PeakMemoryReadingTests: XCTestCase {
    func testTheHighWaterMarkIsReadFromAStatusTextWithTabsAndSpaces() {
        XCTAssertEqual(PeakMemory.highWaterKilobytes("Name:\tbench\nVmPeak:\t  300000 kB\nVmHWM:\t  206940 kB\nVmRSS:\t 1 kB\n"), 206_940)
        XCTAssertEqual(PeakMemory.highWaterKilobytes("VmHWM: 12 kB"), 12)
        XCTAssertNil(PeakMemory.highWaterKilobytes("VmRSS:\t 1 kB\n"))
    }
}
