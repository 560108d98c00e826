@testable import Compositor
import Raster
import XCTest

/// Where a described cell's layers drew what an overlay tints as a cost: the regions a picture
/// numbers (`Renderer.overlayRegions(_:)`), by tag, on screen, one per layer per cell.
final class OverlayRegionTests: XCTestCase {
    let ledger = Ledger()

    /// A translucent 20 × 20 pt square at `x` (a blended draw), tagged `tag`.
    private func translucent(x: Double, tag: Int) -> Layer {
        let layer = Layer(frame: Rect(x: x, y: 50, width: 20, height: 20), ledger: ledger)
        layer.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 100)
        layer.costTag = tag
        return layer
    }

    private func regions(_ kind: Overlay, _ layers: [Layer]) -> [String] {
        let (renderer, root) = flatScene([], ledger: ledger)
        renderer.recordsOverlay = true
        for layer in layers { root.addSublayer(layer) }
        _ = renderer.render(root, time: 0)
        return renderer.overlayRegions(kind).map { "\($0.tag) \($0.rect)" }
    }

    private func text(_ tag: Int, _ x: Int, _ y: Int, _ width: Int, _ height: Int) -> String {
        "\(tag) \(PixelRect(x: x, y: y, width: width, height: height))"
    }

    func testTheOffscreenRegionsAreTheTaggedLayersDrawnOffScreenAtTheirRects() {
        let untagged = clippedLayer(x: 50, tag: -1, ledger: ledger)
        XCTAssertEqual(regions(.offscreen, [clippedLayer(x: 2, tag: 0, ledger: ledger), translucent(x: 2, tag: 1), untagged]),
                       [text(0, 2, 10, 40, 30)], "the blended layer and the untagged pass are not numbered")
        XCTAssertEqual(regions(.blended, [clippedLayer(x: 2, tag: 0, ledger: ledger), translucent(x: 60, tag: 1)]),
                       [text(0, 2, 10, 40, 30), text(1, 60, 50, 20, 20)], "a composite blends, as the translucent square does")
    }

    func testARegionIsCutToTheScreenAndALayerOffTheScreenHasNone() {
        XCTAssertEqual(regions(.offscreen, [clippedLayer(x: 110, y: -10, tag: 0, ledger: ledger), clippedLayer(x: 200, tag: 1, ledger: ledger)]),
                       [text(0, 110, 0, 18, 20)])
    }

    func testOneLayersBorderPiecesAreOneRegion() {
        let bordered = translucent(x: 10, tag: 0)
        bordered.borderWidth = 2
        bordered.cornerRadius = 6
        XCTAssertEqual(regions(.blended, [bordered]), [text(0, 10, 50, 20, 20)])
    }

    func testTwoCellsRegionsThatTouchStayTwo() {
        // A cell's own drawing (untagged) between two cells' layers of one tag, side by side.
        let cell = Layer(frame: Rect(x: 42, y: 10, width: 4, height: 4), ledger: ledger)
        cell.backgroundColor = .black
        XCTAssertEqual(regions(.offscreen, [clippedLayer(x: 2, tag: 0, ledger: ledger), cell, clippedLayer(x: 42, tag: 0, ledger: ledger)]),
                       [text(0, 2, 10, 40, 30), text(0, 42, 10, 40, 30)])
    }

    func testWithoutRecordingThereAreNoRegions() {
        let (renderer, root) = flatScene([], ledger: ledger)
        root.addSublayer(clippedLayer(x: 2, tag: 0, ledger: ledger))
        _ = renderer.render(root, time: 0)
        XCTAssertTrue(renderer.overlayRegions(.offscreen).isEmpty)
    }
}
