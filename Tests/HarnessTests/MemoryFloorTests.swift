import Harness
import Raster
import XCTest

/// The memory floor is the least over every way the kernels can store, whichever path the run
/// chose.
final class MemoryFloorTests: XCTestCase {
    func testTheFillFloorTriesEveryStorePathBothKindsOfColourAndStreamingStores() {
        let paths = Set(MemoryFloor.fillWays.map(\.path))
        XCTAssertEqual(paths, Set(StoreKernel.allCases.map { $0 } + [nil]))
        // The string path has two fills: a byte fill (bytes all equal) and a word fill.
        let stringColors = MemoryFloor.fillWays.filter { $0.path == .string }.map(\.color.packed)
        XCTAssertTrue(stringColors.contains { $0 == ($0 & 0xFF) &* 0x0101_0101 })
        XCTAssertTrue(stringColors.contains { $0 != ($0 & 0xFF) &* 0x0101_0101 })
        // A frame per fill way of the kernels' paths; per store path, one copied from the cache
        // (its kept copy's image); and one that the streaming fill and the kept copy write.
        XCTAssertEqual(MemoryFloor.frames, MemoryFloor.fillWays.filter { $0.path != nil }.count + StoreKernel.allCases.count + 1)
    }

    func testTheKeptCopyWritesEveryPixelOfTheFrameFromTheImage() throws {
        let source = try XCTUnwrap(Pixmap(size: PixelSize(width: 70, height: 9), fill: MemoryFloor.grey))
        var frame = try XCTUnwrap(Pixmap(size: source.size, fill: .transparent))
        XCTAssertGreaterThan(MemoryFloor.timeKeptCopy(source, into: &frame, path: .vector), 0)
        XCTAssertEqual(frame, source)
        var streamed = try XCTUnwrap(Pixmap(size: source.size, fill: .transparent))
        XCTAssertGreaterThan(MemoryFloor.timeKeptCopy(source, into: &streamed, path: nil), 0)
        XCTAssertEqual(streamed, source)
    }

    /// A floor times every one of its ways, each on its own store path, and takes the least.
    func testTheFloorTimesEveryWayAndTakesTheLeast() throws {
        var fillsTimed: [Int] = [], copiesTimed: [Int] = []
        XCTAssertEqual(MemoryFloor.leastFill { fillsTimed.append($0); return 100 - $0 }, 100 - MemoryFloor.fillWays.count + 1)
        XCTAssertEqual(MemoryFloor.leastCopy { copiesTimed.append($0); return 100 + $0 }, 100)
        XCTAssertEqual(fillsTimed, Array(MemoryFloor.fillWays.indices))
        XCTAssertEqual(copiesTimed, Array(MemoryFloor.copyWays.indices))
        var floor = try XCTUnwrap(MemoryFloor(size: PixelSize(width: 64, height: 32)))
        XCTAssertGreaterThan(floor.timeFill(), 0)
        XCTAssertGreaterThan(floor.timeCopy(), 0)
        for way in MemoryFloor.copyWays.indices { XCTAssertGreaterThan(floor.timeKeptCopy(way: way), 0) }
    }
}
