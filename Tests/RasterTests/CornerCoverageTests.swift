@testable import Raster
import XCTest

/// The anti-aliased corner against two independent references, over the radii, scales and
/// sub-pixel offsets that matter.
final class CornerCoverageTests: XCTestCase {
    /// Exact-enough area of pixel (px, py) inside the rounded rect with top-left corner at
    /// (x0, y0), radius r, extending far right and down: the vertical extent of the shape is
    /// integrated over 256 slices of the pixel's width (midpoint rule; error ≪ 1/255).
    private func integrated(_ px: Int, _ py: Int, x0: Double, y0: Double, r: Double) -> Double {
        let n = 256
        var area = 0.0
        for i in 0..<n {
            let x = Double(px) + (Double(i) + 0.5) / Double(n)
            guard x >= x0 else { continue }
            let top = x < x0 + r ? y0 + r - (r * r - (x0 + r - x) * (x0 + r - x)).squareRoot() : y0
            area += max(0, Double(py + 1) - max(Double(py), top))
        }
        return area / Double(n)
    }

    /// Point samples on a k × k grid.
    private func supersampled(_ px: Int, _ py: Int, k: Int, x0: Double, y0: Double, r: Double) -> Double {
        var inside = 0
        for j in 0..<k {
            for i in 0..<k {
                let x = Double(px) + (Double(i) + 0.5) / Double(k), y = Double(py) + (Double(j) + 0.5) / Double(k)
                guard x >= x0, y >= y0 else { continue }
                if x >= x0 + r || y >= y0 + r { inside += 1; continue }
                let dx = x0 + r - x, dy = y0 + r - y
                if dx * dx + dy * dy <= r * r { inside += 1 }
            }
        }
        return Double(inside) / Double(k * k)
    }

    private func forEachCorner(_ body: (CoverageMask, Double, Double, Double, String) -> Void) {
        for radius in [2.0, 5, 7, 10, 13.5] {
            for scale in [1.0, 2, 3] {
                for offset in [0.0, 0.3, 0.5, 0.75] {
                    let r = radius * scale
                    let side = Int((r + offset).rounded(.up)) + 3
                    let far = Double(side) * 4
                    let mask = CoverageMask(size: PixelSize(width: side, height: side),
                                            roundedRect: (offset, offset, far, far), radius: r, corners: .all)!
                    body(mask, offset, offset, r, "radius \(radius) scale \(scale) offset \(offset)")
                }
            }
        }
    }

    func testCornerCoverageMatchesIntegratedAreaWithin2Over255() {
        forEachCorner { mask, x0, y0, r, label in
            for py in 0..<mask.height {
                for px in 0..<mask.width {
                    let expected = integrated(px, py, x0: x0, y0: y0, r: r) * 255
                    XCTAssertEqual(Double(mask[px, py]), expected, accuracy: 2, "\(label) at \(px),\(py)")
                }
            }
        }
    }

    /// A 16 × 16 point sampler is itself off the true area by up to ~5/255 on these edges, so the
    /// corner must match it within 2/255 beyond the sampler's own error at that pixel.
    func testCornerCoverageMatches16x16SupersamplingWithin2Over255BeyondItsOwnError() {
        forEachCorner { mask, x0, y0, r, label in
            for py in 0..<mask.height {
                for px in 0..<mask.width {
                    let reference = supersampled(px, py, k: 16, x0: x0, y0: y0, r: r) * 255
                    let samplerError = abs(integrated(px, py, x0: x0, y0: y0, r: r) * 255 - reference)
                    XCTAssertLessThanOrEqual(abs(Double(mask[px, py]) - reference), samplerError + 2, "\(label) at \(px),\(py)")
                }
            }
        }
    }
}
