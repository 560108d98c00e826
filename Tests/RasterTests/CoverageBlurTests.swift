@testable import Raster
import XCTest

/// The shadow blur: three box blurs standing in for a Gaussian, checked against a direct Gaussian
/// convolution, for symmetry and for keeping the shape's total coverage.
final class CoverageBlurTests: XCTestCase {
    /// A mask of `shape` (a rounded rectangle in pixels) with `margin` empty pixels on every side.
    private func shape(width: Int, height: Int, radius: Double, margin: Int) -> CoverageMask {
        let m = Double(margin)
        return CoverageMask(size: PixelSize(width: width + 2 * margin, height: height + 2 * margin),
                            roundedRect: (m, m, m + Double(width), m + Double(height)), radius: radius, corners: .all)!
    }

    /// The mask convolved with a Gaussian of `sigma`, directly (separable, kernel out to 5σ and
    /// normalised, values beyond the mask 0), in units of coverage (0 ... 255).
    private func gaussian(_ mask: CoverageMask, sigma: Double) -> [Double] {
        let r = Int((5 * sigma).rounded(.up))
        var kernel = (-r...r).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        let w = mask.width, h = mask.height
        var rows = [Double](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                var sum = 0.0
                for k in -r...r where x + k >= 0 && x + k < w { sum += kernel[k + r] * Double(mask[x + k, y]) }
                rows[y * w + x] = sum
            }
        }
        var out = [Double](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                var sum = 0.0
                for k in -r...r where y + k >= 0 && y + k < h { sum += kernel[k + r] * rows[(y + k) * w + x] }
                out[y * w + x] = sum
            }
        }
        return out
    }

    func testThreeBoxesAddUpToTheGaussiansVarianceAndReachNoFurtherThanThreeSigma() {
        for step in 1...160 {
            let sigma = Double(step) / 4
            let radii = CoverageMask.boxRadii(sigma: sigma)
            XCTAssertEqual(radii.count, 3)
            // A box of radius r (width 2r + 1) has variance r(r + 1) / 3; variances add.
            let variance = radii.reduce(0.0) { $0 + Double($1 * ($1 + 1)) / 3 }
            // Two neighbouring radii r and r + 1 come within (r + 1) / 3 of σ².
            XCTAssertEqual(variance, sigma * sigma, accuracy: Double(radii.max()! + 1) / 3, "σ \(sigma)")
            XCTAssertLessThanOrEqual(radii.reduce(0, +), CoverageMask.blurReach(sigma: sigma), "σ \(sigma): the margin holds the blur")
        }
        XCTAssertEqual(CoverageMask.boxRadii(sigma: 0), [0, 0, 0])
        XCTAssertEqual(CoverageMask.blurReach(sigma: 0), 0)
        XCTAssertEqual(CoverageMask.blurReach(sigma: 3), 9)
    }

    func testTheBlurStaysWithinFourHundredthsOfADirectGaussian() {
        for sigma in [1.5, 3, 6, 12] {
            let margin = CoverageMask.blurReach(sigma: sigma) + 4
            let mask = shape(width: 40, height: 24, radius: 6, margin: margin)
            let expected = gaussian(mask, sigma: sigma)
            let blurred = mask.blurred(sigma: sigma)
            var worst = 0.0
            for i in expected.indices { worst = max(worst, abs(Double(blurred.values[i]) - expected[i])) }
            // Three boxes differ from a Gaussian most at the blur's shoulders: within 4 % of full
            // coverage (10/255) for these shapes.
            XCTAssertLessThanOrEqual(worst, 10, "σ \(sigma)")
        }
    }

    func testTheBlurKeepsTheShapesTotalCoverage() {
        for sigma in [1.0, 3, 7.5] {
            let mask = shape(width: 30, height: 20, radius: 5, margin: CoverageMask.blurReach(sigma: sigma))
            let before = mask.values.reduce(0) { $0 + Int($1) }
            let after = mask.blurred(sigma: sigma).values.reduce(0) { $0 + Int($1) }
            // Only rounding: at most half a step of 1/255 per value.
            XCTAssertEqual(Double(after), Double(before), accuracy: Double(mask.values.count) / 2, "σ \(sigma)")
        }
    }

    func testABlurredSymmetricShapeStaysSymmetric() {
        let mask = shape(width: 21, height: 13, radius: 4, margin: 12).blurred(sigma: 4)
        for y in 0..<mask.height {
            for x in 0..<mask.width {
                XCTAssertEqual(mask[x, y], mask[mask.width - 1 - x, y], "mirrored left to right at \(x),\(y)")
                XCTAssertEqual(mask[x, y], mask[x, mask.height - 1 - y], "mirrored top to bottom at \(x),\(y)")
            }
        }
    }

    func testNoBlurLeavesTheMaskAsItWasAndMovesNoBytes() {
        var mask = shape(width: 10, height: 10, radius: 3, margin: 2)
        let before = mask
        var scratch = BlurScratch()
        let traffic = mask.blur(sigma: 0, scratch: &scratch)
        XCTAssertEqual(mask, before)
        XCTAssertEqual(traffic.read, 0)
        XCTAssertEqual(traffic.written, 0)
    }

    func testEachBoxPassReadsAndWritesEveryValueOnce() {
        var mask = shape(width: 10, height: 10, radius: 3, margin: 9)
        var scratch = BlurScratch()
        let traffic = mask.blur(sigma: 3, scratch: &scratch)
        // σ = 3 takes three boxes of non-zero radius, on each of the two axes.
        XCTAssertEqual(traffic.read, 6 * 28 * 28)
        XCTAssertEqual(traffic.written, 6 * 28 * 28)
    }
}
