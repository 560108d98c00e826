@testable import BenchCLI
import Harness
import Raster
import XCTest

/// `bench kernels`' table and the memory-traffic bound it prints, on made-up timings.
final class KernelsCommandTests: XCTestCase {
    private let bytes = 1000

    /// A row timed at `nanos` with the bound the run computes from memset 100 ns and memcpy 150 ns.
    private func row(_ name: String, _ nanos: Int, written: Int, read: Int) -> KernelBench.Row {
        KernelBench.Row(name: name, nanos: nanos, written: written, read: read,
                        bound: KernelBench.bound(written: written, read: read, bytes: bytes, setNanos: 100, copyNanos: 150))
    }

    func testBoundChargesWritesAtMemsetAndReadsAtMemcpyLessMemset() {
        // A byte written costs 100 / 1000 ns, a byte read (150 − 100) / 1000 ns.
        XCTAssertEqual(KernelBench.bound(written: bytes, read: 0, bytes: bytes, setNanos: 100, copyNanos: 150), 1)
        XCTAssertEqual(KernelBench.bound(written: bytes, read: bytes, bytes: bytes, setNanos: 100, copyNanos: 150), 1.5)
        XCTAssertEqual(KernelBench.bound(written: bytes, read: 2 * bytes, bytes: bytes, setNanos: 100, copyNanos: 150), 2)
        XCTAssertEqual(KernelBench.bound(written: bytes, read: 2 * bytes + bytes / 4, bytes: bytes, setNanos: 100, copyNanos: 150), 2.125)
        // A memcpy measured faster than memset (noise) makes reads free, not negative.
        XCTAssertEqual(KernelBench.bound(written: bytes, read: bytes, bytes: bytes, setNanos: 100, copyNanos: 90), 1)
        XCTAssertEqual(KernelBench.bound(written: bytes, read: bytes, bytes: bytes, setNanos: 0, copyNanos: 90), 0)
        XCTAssertEqual(KernelBench.bound(written: bytes, read: 2 * bytes, kept: bytes, bytes: bytes, setNanos: 100, copyNanos: 150,
                                         keptNanos: 300), 3.5, "1 written + 0.5 read from the cache + 2 kept, in fill floors")
    }

    func testTableShowsTimeAndBoundAsMultiplesOfTheFillFloorInAlignedColumns() {
        let rows = [row("fill floor (rows)", 100_000, written: bytes, read: 0),
                    row("copy floor (rows from cache)", 150_000, written: bytes, read: bytes),
                    row("blend image (source-over)", 212_500, written: bytes, read: 2 * bytes),
                    row("masked composite", 290_000, written: bytes, read: 2 * bytes + bytes / 4)]
        XCTAssertEqual(KernelsCommand.table(rows), """
            Kernels over one 2048 × 2732 framebuffer (medians; times and bounds as multiples of the fill floor):
            kernel                        µs / frame  GB/s  × floor  bound
            fill floor (rows)                  100.0   0.0     1.00   1.00
            copy floor (rows from cache)       150.0   0.0     1.50   1.50
            blend image (source-over)          212.5   0.0     2.13   2.00
            masked composite                   290.0   0.0     2.90   2.13
            bound: the time the bytes a kernel writes and reads take at this run's rates, a byte written at the fill
            floor's, a byte read at the copy floor's less the fill floor's, and a byte of an image or mask kept across
            passes at the kept-copy floor's less the fill floor's.

            """)
    }

    func testEveryKernelReportsItsTrafficAndABoundAtLeastItsWrites() {
        let rows = KernelBench.run(size: PixelSize(width: 64, height: 8), repetitions: 1)
        XCTAssertEqual(rows.map(\.name), ["fill floor (rows)", "copy floor (rows from cache)", "kept-copy floor (kept image)",
                                          "fill opaque colour", "copy opaque image", "blend colour (source-over)",
                                          "blend image (source-over)", "masked composite"])
        let n = 64 * 8 * 4
        XCTAssertEqual(rows.map(\.written), [Int](repeating: n, count: 8))
        XCTAssertEqual(rows.map(\.read), [0, n, n, 0, n, n, 2 * n, 2 * n + n / 4])
        XCTAssertEqual(rows.map(\.kept), [0, 0, n, 0, n, 0, n, n + n / 4], "images and masks are kept across passes")
        for row in rows { XCTAssertGreaterThanOrEqual(row.bound, 1, row.name) }
    }
}
