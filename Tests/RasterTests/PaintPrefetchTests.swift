import XCTest
@testable import Raster

/// `Paint.sourceRegion`: the part of a source image a band's rows and columns read, which the
/// shader asks the cache for a band ahead.
final class PaintPrefetchTests: XCTestCase {
    private let image = Pixmap(width: 30, height: 10, fill: Color.white.premultiplied)!

    func testSourceRegionMapsDestinationRowsAndColumnsThroughTheOffset() {
        let draw = Paint.draw(image, offset: PixelPoint(x: 100, y: 200), opacity: 255)
        let region = draw.sourceRegion(rows: 202..<204, columns: 105..<120)
        XCTAssertEqual(region?.rows, 2..<4)
        XCTAssertEqual(region?.columns, 5..<20)
    }

    func testSourceRegionIsClippedToTheImage() {
        let copy = Paint.copy(image, offset: PixelPoint(x: 100, y: 200))
        let region = copy.sourceRegion(rows: 195..<215, columns: 90..<200)
        XCTAssertEqual(region?.rows, 0..<10)
        XCTAssertEqual(region?.columns, 0..<30)
    }

    func testSourceRegionIsNilOutsideTheImageAndForPaintsWithoutOne() {
        let draw = Paint.draw(image, offset: PixelPoint(x: 100, y: 200), opacity: 128)
        XCTAssertNil(draw.sourceRegion(rows: 210..<220, columns: 100..<130))
        XCTAssertNil(draw.sourceRegion(rows: 200..<210, columns: 130..<140))
        XCTAssertNil(Paint.fill(Color.white.premultiplied).sourceRegion(rows: 0..<10, columns: 0..<10))
        // Prefetching what lies outside reads nothing and must not trap.
        draw.prefetchSource(rows: -50..<500, columns: -50..<500)
        Paint.blend(Color.white.premultiplied).prefetchSource(rows: 0..<10, columns: 0..<10)
    }
}
