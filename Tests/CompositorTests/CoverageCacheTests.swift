@testable import Compositor
import Raster
import XCTest

/// The rounded-coverage cache holds at most its capacity in bytes, evicts the least recently used
/// shapes first, and hands out the same coverage whether a shape was cached, evicted or too large
/// to keep.
final class CoverageCacheTests: XCTestCase {
    private func direct(_ size: PixelSize, _ radius: Double, _ corners: Corners = .all) -> CoverageMask {
        CoverageMask(size: size, roundedRect: (0, 0, Double(size.width), Double(size.height)), radius: radius, corners: corners)!
    }

    func testTheLeastRecentlyUsedShapeIsEvictedWhenANewOneWouldExceedTheCap() {
        let size = PixelSize(width: 20, height: 20)
        let entry = size.area + CoverageCache.entryOverhead
        var cache = CoverageCache(capacity: 3 * entry)
        for radius in [1.0, 2, 3] { XCTAssertEqual(cache.mask(size, radius: radius, corners: .all)?.kept, false, "made now") }
        XCTAssertEqual(cache.count, 3)
        XCTAssertEqual(cache.bytes, 3 * entry)
        // Radius 1 is now used more recently than 2, and it was held from before.
        XCTAssertEqual(cache.mask(size, radius: 1, corners: .all)?.kept, true, "held since an earlier lookup")
        XCTAssertEqual(cache.mask(size, radius: 4, corners: .all)?.kept, false)
        XCTAssertTrue(cache.holds(size, radius: 1, corners: .all, whole: true))
        XCTAssertFalse(cache.holds(size, radius: 2, corners: .all, whole: true), "the least recently used goes first")
        XCTAssertTrue(cache.holds(size, radius: 3, corners: .all, whole: true))
        XCTAssertTrue(cache.holds(size, radius: 4, corners: .all, whole: true))
        XCTAssertEqual(cache.bytes, 3 * entry)
        // A shape needing two entries' room evicts the two least recently used (3, then 1).
        let double = PixelSize(width: 20, height: 20 + (20 * 20 + CoverageCache.entryOverhead) / 20)
        _ = cache.mask(double, radius: 5, corners: .all)
        XCTAssertEqual(cache.count, 2)
        XCTAssertFalse(cache.holds(size, radius: 3, corners: .all, whole: true))
        XCTAssertFalse(cache.holds(size, radius: 1, corners: .all, whole: true))
        XCTAssertTrue(cache.holds(size, radius: 4, corners: .all, whole: true))
        XCTAssertLessThanOrEqual(cache.bytes, cache.capacity)
    }

    func testTheCacheStaysUnderItsCapInBytesWhenFedManyDistinctLargeRadii() {
        // A 256 × 256 px "screen": the renderer's cap is four screens of coverage, 256 KiB.
        let screen = PixelSize(width: 256, height: 256)
        var cache = CoverageCache(capacity: 4 * screen.area)
        let shape = PixelSize(width: 256, height: 256)
        for step in 0..<100 {
            let radius = 10 + Double(step) * 1.17  // up to 125.8 px: corner tiles up to 63 KB
            let mask = cache.mask(shape, radius: radius, corners: .all)?.mask
            let corners = cache.corners(PixelSize(width: 256, height: 20_000_000), radius: radius, corners: .all)
            XCTAssertLessThanOrEqual(cache.bytes, cache.capacity, "step \(step)")
            if step % 25 == 0 {
                XCTAssertEqual(mask, direct(shape, radius), "step \(step)")
                XCTAssertEqual(corners?.byteCount, 4 * Int(radius.rounded(.up)) * Int(radius.rounded(.up)), "step \(step)")
            }
        }
        XCTAssertGreaterThan(cache.bytes, cache.capacity / 2, "the cache is used up to its cap")
        XCTAssertLessThanOrEqual(cache.largestComputed, shape.area, "no coverage larger than the largest shape drawn")
        // The first shapes were evicted long ago; asked for again, they are the same.
        XCTAssertFalse(cache.holds(shape, radius: 10, corners: .all, whole: true))
        XCTAssertEqual(cache.mask(shape, radius: 10, corners: .all)?.mask, direct(shape, 10))
    }

    func testAShapeLargerThanTheCapIsHandedOutButNotKept() {
        var cache = CoverageCache(capacity: 1_000)
        let size = PixelSize(width: 40, height: 40)
        XCTAssertEqual(cache.mask(size, radius: 6, corners: .top)?.mask, direct(size, 6, .top))
        XCTAssertNil(cache.corners(size, radius: 20, corners: .all), "corners of 1,600 bytes do not fit in 1,000")
        XCTAssertNotNil(cache.corners(size, radius: 6, corners: .all), "corners of 144 bytes do")
        XCTAssertEqual(cache.count, 1)
        XCTAssertLessThanOrEqual(cache.bytes, cache.capacity)
        XCTAssertNil(cache.mask(PixelSize(width: 0, height: 5), radius: 1, corners: .all))
    }
}
