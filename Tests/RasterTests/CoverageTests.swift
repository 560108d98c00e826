import RasterTestSupport
@testable import Raster
import XCTest

/// Anti-aliased coverage: exact areas, checked against brute-force supersampling.
final class CoverageTests: XCTestCase {
    /// Fraction of the pixel (px, py) inside a rounded rect, by n × n point samples.
    private func supersampled(_ px: Int, _ py: Int, n: Int, rect: (Double, Double, Double, Double), r: Double) -> Double {
        let (x0, y0, x1, y1) = rect
        var inside = 0
        for j in 0..<n {
            for i in 0..<n {
                let x = Double(px) + (Double(i) + 0.5) / Double(n), y = Double(py) + (Double(j) + 0.5) / Double(n)
                guard x >= x0, x <= x1, y >= y0, y <= y1 else { continue }
                let cx = min(max(x, x0 + r), x1 - r), cy = min(max(y, y0 + r), y1 - r)
                if (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r { inside += 1 }
            }
        }
        return Double(inside) / Double(n * n)
    }

    func testRoundedRectCoverageMatchesSupersampledReference() {
        // Radii and sub-pixel offsets that matter: integer and fractional, small and large.
        for radius in [1.0, 3.5, 7, 14, 21] {
            for offset in [0.0, 0.25, 0.5] {
                let w = 2 * radius + 10, h = 2 * radius + 6
                let rect = (offset, offset, offset + w, offset + h)
                let size = PixelSize(width: Int(w) + 2, height: Int(h) + 2)
                let mask = CoverageMask(size: size, roundedRect: rect, radius: radius, corners: .all)!
                for py in 0..<size.height {
                    for px in 0..<size.width {
                        let expected = supersampled(px, py, n: 64, rect: rect, r: radius) * 255
                        // 64 × 64 samples estimate the area within about 1/64 of an edge pixel.
                        XCTAssertEqual(Double(mask[px, py]), expected, accuracy: 4.5, "r \(radius) offset \(offset) at \(px),\(py)")
                    }
                }
            }
        }
    }

    func testDiskCoverageSumsToTheCirclesArea() {
        for diameter in [2, 9, 14, 28, 64] {
            let mask = CoverageMask.disk(diameter: diameter)!
            let area = mask.values.reduce(0.0) { $0 + Double($1) / 255 }
            let r = Double(diameter) / 2
            XCTAssertEqual(area, Double.pi * r * r, accuracy: Double(diameter) * 0.01 + 0.01, "diameter \(diameter)")
        }
    }

    func testExactDiskAreaOfWholeAndQuarterBoxes() {
        XCTAssertEqual(Coverage.diskArea(cx: 0, cy: 0, r: 2, x0: -2, x1: 2, y0: -2, y1: 2), Double.pi * 4, accuracy: 1e-12)
        XCTAssertEqual(Coverage.diskArea(cx: 5, cy: 5, r: 3, x0: 5, x1: 9, y0: 5, y1: 9), Double.pi * 9 / 4, accuracy: 1e-12)
        XCTAssertEqual(Coverage.diskArea(cx: 0, cy: 0, r: 1, x0: 2, x1: 3, y0: 0, y1: 1), 0)
    }

    func testUnroundedCornersStaySquareAndInteriorIsFull() {
        let mask = CoverageMask(size: PixelSize(width: 40, height: 20), roundedRect: (0, 0, 40, 20), radius: 8, corners: .top)!
        XCTAssertEqual(mask[0, 19], 255, "bottom-left is not rounded")
        XCTAssertEqual(mask[39, 19], 255)
        XCTAssertEqual(mask[0, 0], 0, "top-left is rounded: its outermost pixel is outside the arc")
        XCTAssertEqual(mask[20, 10], 255)
    }
}
