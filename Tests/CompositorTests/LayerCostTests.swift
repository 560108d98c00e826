@testable import Compositor
import Raster
import XCTest

/// What a described cell's layers cost, attributed by the renderer as it does the work: each
/// pass, split and byte of tile traffic to the innermost tagged layer whose drawing ran it, each
/// blended on-screen draw to the tagged layer it draws. Expected counts come from the trees.
final class LayerCostTests: XCTestCase {
    let ledger = Ledger()

    func testEachTaggedLayerIsChargedItsOwnPassSplitAndBlendedComposite() {
        let (renderer, root) = flatScene([], ledger: ledger)
        root.addSublayer(clippedLayer(x: 2, tag: 0, ledger: ledger))
        root.addSublayer(clippedLayer(x: 50, tag: 1, ledger: ledger))
        let plain = Layer(frame: Rect(x: 95, y: 10, width: 20, height: 20), ledger: ledger)
        plain.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 100)
        plain.costTag = 2
        root.addSublayer(plain)
        let stats = renderer.render(root, time: 0)
        for tag in [0, 1] {
            let cost = stats.layerCosts[tag] ?? LayerCost()
            XCTAssertEqual(cost.offscreenPasses, 1, "tag \(tag)")
            XCTAssertEqual(cost.screenSplits, 1, "tag \(tag)")
            XCTAssertEqual(cost.blendedPixels, 40 * 30, "its composite is a blended draw of its bounds")
            XCTAssertEqual(cost.tileTrafficBytes, 2 * 4 * 40 * 30, "its buffer stored and read back")
        }
        XCTAssertEqual(stats.layerCosts[2]?.offscreenPasses ?? 0, 0)
        XCTAssertEqual(stats.layerCosts[2]?.blendedPixels, 20 * 20)
        let total = stats.layerCosts.values.reduce(into: LayerCost()) { $0 += $1 }
        XCTAssertEqual(total.offscreenPasses, stats.offscreenPasses, "every pass of this frame is a tagged layer's")
        XCTAssertEqual(total.screenSplits, stats.screenSplits)
    }

    func testANestedTaggedLayerTakesItsOwnPassAndItsParentKeepsTheRest() {
        let (renderer, root) = flatScene([], ledger: ledger)
        let outer = clippedLayer(x: 2, tag: 0, ledger: ledger)
        outer.frame = Rect(x: 2, y: 2, width: 120, height: 80)
        outer.addSublayer(clippedLayer(x: 10, tag: 1, ledger: ledger))
        root.addSublayer(outer)
        let stats = renderer.render(root, time: 0)
        XCTAssertEqual(stats.layerCosts[0]?.offscreenPasses, 1)
        XCTAssertEqual(stats.layerCosts[0]?.screenSplits, 1, "the outer pass splits the screen's")
        XCTAssertEqual(stats.layerCosts[1]?.offscreenPasses, 1)
        XCTAssertEqual(stats.layerCosts[1]?.screenSplits, 0, "the inner one begins from the outer's buffer")
        XCTAssertEqual(stats.layerCosts[1]?.blendedPixels ?? 0, 0, "drawn off-screen, it blends nothing on screen")
        XCTAssertEqual(stats.layerCosts[0]?.blendedPixels, 120 * 80)
    }

    func testUntaggedLayersAttributeNothing() {
        let (renderer, root) = flatScene([], ledger: ledger)
        let layer = clippedLayer(x: 2, tag: 0, ledger: ledger)
        layer.costTag = -1
        root.addSublayer(layer)
        let stats = renderer.render(root, time: 0)
        XCTAssertEqual(stats.offscreenPasses, 1)
        XCTAssertTrue(stats.layerCosts.isEmpty)
    }
}
