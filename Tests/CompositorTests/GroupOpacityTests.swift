@testable import Compositor
import Raster
import XCTest

/// `allowsGroupOpacity`: whether an opacity below 1 over sublayers renders the group off-screen
/// (Core Animation's default since iOS 7) or fades each part on its own.
final class GroupOpacityTests: XCTestCase {
    let ledger = Ledger()
    private let screen = PixelSize(width: 200, height: 160)

    /// At 2×: an opaque white root, and a 40 × 40 pt black card at (10, 10) at opacity 0.5 with
    /// an opaque black 20 × 20 pt sublayer over its top-left quarter.
    private func render(allowsGroupOpacity: Bool) -> (RenderStats, Pixmap) {
        let renderer = Renderer(screenSize: screen, scale: 2)!
        let root = Layer(frame: Rect(x: 0, y: 0, width: 100, height: 80), ledger: ledger)
        root.backgroundColor = .white
        let card = Layer(frame: Rect(x: 10, y: 10, width: 40, height: 40), ledger: ledger)
        card.backgroundColor = .black
        card.opacity = 0.5
        card.allowsGroupOpacity = allowsGroupOpacity
        let inner = Layer(frame: Rect(x: 0, y: 0, width: 20, height: 20), ledger: ledger)
        inner.backgroundColor = .black
        card.addSublayer(inner)
        root.addSublayer(card)
        let stats = renderer.render(root, time: 0)
        return (stats, renderer.framebuffer)
    }

    func testGroupOpacityIsOnByDefault() {
        XCTAssertTrue(Layer(ledger: ledger).allowsGroupOpacity)
    }

    func testWithoutGroupOpacityAFadedLayerWithSublayersNeedsNoOffscreenPass() {
        let (group, _) = render(allowsGroupOpacity: true)
        let (parts, _) = render(allowsGroupOpacity: false)
        // The group: one pass of the card's 80 × 80 pixels, composited blended over them.
        XCTAssertEqual(group.offscreenPasses, 1)
        XCTAssertEqual(group.offscreenPixels, 80 * 80)
        XCTAssertEqual(group.renderPasses, 2)
        XCTAssertEqual(group.blendedPixels, 80 * 80)
        // Each part on its own: no pass; the card's 80 × 80 and the sublayer's 40 × 40 blended.
        XCTAssertEqual(parts.offscreenPasses, 0)
        XCTAssertEqual(parts.offscreenPixels, 0)
        XCTAssertEqual(parts.renderPasses, 1)
        XCTAssertEqual(parts.blendedPixels, 80 * 80 + 40 * 40)
        XCTAssertEqual(parts.tileTrafficBytes, screen.area * 4, "only the screen is stored")
    }

    func testWithoutGroupOpacityOverlappingPartsShowThroughEachOther() {
        let (_, group) = render(allowsGroupOpacity: true)
        let (_, parts) = render(allowsGroupOpacity: false)
        // Opacity 0.5 is alpha 128 of 255: black at 128 over white leaves 255 − 128 = 127.
        let half = Color(red: 127, green: 127, blue: 127).premultiplied
        XCTAssertEqual(group[30, 30], half, "the group fades once, where the parts overlap too")
        XCTAssertEqual(group[70, 70], half)
        XCTAssertEqual(parts[70, 70], half, "where only the card is, the same")
        XCTAssertLessThan(parts[30, 30].red, half.red, "where both are, faded twice: darker")
    }

    func testWithoutSublayersOpacityNeverNeedsAPass() {
        let layer = Layer(frame: Rect(x: 0, y: 0, width: 10, height: 10), ledger: ledger)
        layer.opacity = 0.5
        XCTAssertFalse(layer.needsOffscreenPass(.newest))
        layer.addSublayer(Layer(ledger: ledger))
        XCTAssertTrue(layer.needsOffscreenPass(.newest))
        layer.allowsGroupOpacity = false
        XCTAssertFalse(layer.needsOffscreenPass(.newest))
    }

    func testChangingGroupOpacityInvalidatesTheLayer() {
        let layer = Layer(ledger: ledger)
        let before = layer.version
        layer.allowsGroupOpacity = false
        XCTAssertGreaterThan(layer.version, before, "a rasterized ancestor must draw again")
    }
}
