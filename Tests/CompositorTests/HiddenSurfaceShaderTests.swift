@testable import Compositor
import Raster
import XCTest

/// The hidden-surface shader on its own: a display list in, the visible fragments shaded and
/// counted and returned; the scratch space it keeps between lists never shows in a later one.
final class HiddenSurfaceShaderTests: XCTestCase {
    private let red = Color(red: 200, green: 0, blue: 0).premultiplied
    private let blue = Color(red: 0, green: 0, blue: 200).premultiplied
    private let veil = Color(red: 0, green: 0, blue: 0, alpha: 100).premultiplied

    /// A background filling 40 × 30 pixels, an opaque square in front and a blended band over both.
    private func list() -> [DrawOp] {
        [DrawOp(rect: PixelRect(x: 0, y: 0, width: 40, height: 30), paint: .fill(red), mark: .opaque),
         DrawOp(rect: PixelRect(x: 10, y: 10, width: 10, height: 10), paint: .fill(blue), mark: .opaque),
         DrawOp(rect: PixelRect(x: 0, y: 25, width: 40, height: 5), paint: .blend(veil), mark: .blended)]
    }

    func testOpaqueOperationsHideWhatIsBehindThemAndBlendedOnesHideNothing() throws {
        var shader = HiddenSurfaceShader()
        var target = try XCTUnwrap(Pixmap(width: 40, height: 30))
        let stats = shader.shade(list(), into: &target, onScreen: true)
        XCTAssertEqual(stats.shadedPixels, 40 * 30 + 40 * 5, "each pixel once, and the blended band over it")
        XCTAssertEqual(stats.blendedFragments, 40 * 5)
        XCTAssertEqual(stats.blendedPixels, 40 * 5, "on screen, blended layers are counted whole")
        XCTAssertEqual(target[15, 15], blue)
        XCTAssertEqual(target[5, 5], red)
    }

    func testAShaderKeptAcrossListsShadesEachAsAFreshOneWould() throws {
        var kept = HiddenSurfaceShader()
        var first = try XCTUnwrap(Pixmap(width: 40, height: 30))
        XCTAssertEqual(kept.shade(list(), into: &first, onScreen: true).shadedPixels, 40 * 30 + 40 * 5)
        // A smaller list after a larger one: nothing of the first may be shaded again.
        let small = [DrawOp(rect: PixelRect(x: 2, y: 2, width: 4, height: 3), paint: .blend(veil), mark: .blended)]
        var again = try XCTUnwrap(Pixmap(width: 40, height: 30))
        let keptStats = kept.shade(small, into: &again, onScreen: false)
        var fresh = HiddenSurfaceShader()
        var once = try XCTUnwrap(Pixmap(width: 40, height: 30))
        let freshStats = fresh.shade(small, into: &once, onScreen: false)
        XCTAssertEqual(keptStats, freshStats)
        XCTAssertEqual(keptStats.shadedPixels, 12)
        XCTAssertEqual(keptStats.blendedPixels, 0, "off screen, no Color Blended Layers pixels")
        XCTAssertEqual(again, once)
    }
}
