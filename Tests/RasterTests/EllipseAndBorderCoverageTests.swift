@testable import Raster
import XCTest

/// Ellipse coverage (exact areas by stretching a disk) and border rings (outer minus inner).
final class EllipseAndBorderCoverageTests: XCTestCase {
    /// Fraction of pixel (px, py) inside the ellipse inscribed in `rect`, by n × n point samples.
    private func supersampled(_ px: Int, _ py: Int, n: Int, rect: (Double, Double, Double, Double)) -> Double {
        let (x0, y0, x1, y1) = rect
        let a = (x1 - x0) / 2, b = (y1 - y0) / 2, cx = x0 + a, cy = y0 + b
        var inside = 0
        for j in 0..<n {
            for i in 0..<n {
                let u = (Double(px) + (Double(i) + 0.5) / Double(n) - cx) / a
                let v = (Double(py) + (Double(j) + 0.5) / Double(n) - cy) / b
                if u * u + v * v <= 1 { inside += 1 }
            }
        }
        return Double(inside) / Double(n * n)
    }

    func testACircleIsCoveredExactlyAsTheRoundedRectangleOfHalfItsSide() {
        for (side, offset) in [(10.0, 0.0), (17, 0.5), (31.5, 1.25)] {
            let size = PixelSize(width: 36, height: 36)
            let rect = (offset, offset, offset + side, offset + side)
            XCTAssertEqual(CoverageMask(size: size, ellipseIn: rect),
                           CoverageMask(size: size, roundedRect: rect, radius: side / 2, corners: .all), "side \(side)")
        }
    }

    func testEllipseCoverageMatchesSupersampledReference() {
        for rect in [(0.0, 0.0, 30.0, 12.0), (1.5, 2.25, 21.5, 30.75), (0.3, 0.6, 8.3, 3.6)] {
            let size = PixelSize(width: 32, height: 32)
            let mask = CoverageMask(size: size, ellipseIn: rect)!
            for py in 0..<size.height {
                for px in 0..<size.width {
                    let expected = supersampled(px, py, n: 64, rect: rect) * 255
                    // 64 × 64 samples estimate an edge pixel's area within about 1/64.
                    XCTAssertEqual(Double(mask[px, py]), expected, accuracy: 4.5, "\(rect) at \(px),\(py)")
                }
            }
        }
    }

    func testEllipseCoverageSumsToItsArea() {
        for (a, b) in [(15.0, 6.0), (4, 20), (40, 39)] {
            let mask = CoverageMask(size: PixelSize(width: 90, height: 90), ellipseIn: (3, 3, 3 + 2 * a, 3 + 2 * b))!
            let area = mask.values.reduce(0.0) { $0 + Double($1) / 255 }
            // Rounding each value to 1/255 moves the sum by at most half a step per edge pixel.
            XCTAssertEqual(area, Double.pi * a * b, accuracy: (a + b) * 0.02, "\(a) × \(b)")
        }
    }

    func testASquareBordersRingIsItsFourSides() {
        // 100 × 50 with a border of 2: two rows of 100 and two columns of 46, fully covered.
        let ring = CoverageMask(window: PixelRect(x: 0, y: 0, width: 100, height: 50), borderOf: (0, 0, 100, 50),
                                width: 2, radius: 0, corners: .all)!
        XCTAssertEqual(ring.values.filter { $0 == 255 }.count, 2 * 100 * 2 + 2 * 46 * 2)
        XCTAssertEqual(ring.values.filter { $0 != 255 && $0 != 0 }.count, 0)
        XCTAssertEqual(ring[50, 25], 0, "the inside is not the border's")
    }

    func testARoundedBordersRingCoversTheAreaBetweenItsCurves() {
        // Outer: 80 × 40 rounded by 12; inner: 74 × 34 rounded by 9. A rounded rectangle's area is
        // w·h − (4 − π) r².
        let ring = CoverageMask(window: PixelRect(x: 0, y: 0, width: 80, height: 40), borderOf: (0, 0, 80, 40),
                                width: 3, radius: 12, corners: .all)!
        let expected = (80.0 * 40 - (4 - Double.pi) * 144) - (74.0 * 34 - (4 - Double.pi) * 81)
        let area = ring.values.reduce(0.0) { $0 + Double($1) / 255 }
        XCTAssertEqual(area, expected, accuracy: 2)
    }

    func testABorderWithASquareOuterEdgeKeepsItsInnerCurve() {
        let square = CoverageMask(window: PixelRect(x: 0, y: 0, width: 40, height: 40), borderOf: (0, 0, 40, 40),
                                  width: 2, radius: 10, corners: .all, squareOuter: true)!
        let rounded = CoverageMask(window: PixelRect(x: 0, y: 0, width: 40, height: 40), borderOf: (0, 0, 40, 40),
                                   width: 2, radius: 10, corners: .all)!
        XCTAssertEqual(square[0, 0], 255, "the outer corner is left to the clip")
        XCTAssertEqual(rounded[0, 0], 0)
        XCTAssertEqual(square[5, 5], rounded[5, 5], "the inner curve is the same")
        XCTAssertEqual(square[20, 20], 0)
    }

    func testAWindowOfABorderHoldsTheWholeRingsValues() {
        let whole = CoverageMask(window: PixelRect(x: 0, y: 0, width: 60, height: 30), borderOf: (0, 0, 60, 30),
                                 width: 2.5, radius: 9, corners: [.topLeft, .bottomRight])!
        let window = PixelRect(x: 3, y: 1, width: 20, height: 12)
        let part = CoverageMask(window: window, borderOf: (0, 0, 60, 30), width: 2.5, radius: 9, corners: [.topLeft, .bottomRight])!
        for y in 0..<window.height {
            for x in 0..<window.width { XCTAssertEqual(part[x, y], whole[window.x + x, window.y + y]) }
        }
    }
}
