@testable import Compositor
import Raster
import XCTest

/// Splits of the screen's pass: each group of off-screen passes begun while drawing into the
/// screen interrupts it once, however many passes the group runs back to back or nested
/// (docs/cost-model.md §5). Expected counts come from the trees built here.
final class ScreenSplitTests: XCTestCase {
    let ledger = Ledger()

    private func render(_ layers: [Layer]) -> RenderStats {
        let (renderer, root) = flatScene([], ledger: ledger)
        for layer in layers { root.addSublayer(layer) }
        return renderer.render(root, time: 0)
    }

    func testAFrameWithoutOffScreenPassesHasNoSplit() {
        let stats = render([Layer(frame: Rect(x: 10, y: 10, width: 40, height: 30), ledger: ledger)])
        XCTAssertEqual(stats.renderPasses, 1)
        XCTAssertEqual(stats.screenSplits, 0)
    }

    func testEachClippedLayerOnScreenSplitsTheScreensPassOnce() {
        for count in 1...3 {
            let stats = render((0..<count).map { clippedLayer(x: 2 + 41 * Double($0), ledger: ledger) })
            XCTAssertEqual(stats.offscreenPasses, count)
            XCTAssertEqual(stats.screenSplits, count, "\(count) clipped layers")
        }
    }

    func testAMasksTwoBackToBackPassesSplitOnce() {
        let masked = Layer(frame: Rect(x: 10, y: 10, width: 40, height: 30), ledger: ledger)
        masked.backgroundColor = .black
        let shape = ShapeLayer(frame: Rect(x: 0, y: 0, width: 40, height: 30), ledger: ledger)
        shape.path = Path(.roundedRect(Rect(x: 0, y: 0, width: 40, height: 30), radius: 8, corners: .all), ledger: ledger)
        masked.mask = shape
        let stats = render([masked])
        XCTAssertEqual(stats.offscreenPasses, 2, "the mask's pass and the content's")
        XCTAssertEqual(stats.screenSplits, 1)
    }

    func testPassesNestedInAnOffScreenPassSplitOnce() {
        let outer = clippedLayer(x: 2, radius: 4, ledger: ledger)
        outer.frame = Rect(x: 2, y: 2, width: 120, height: 80)
        outer.addSublayer(clippedLayer(x: 0, ledger: ledger))
        outer.addSublayer(clippedLayer(x: 50, ledger: ledger))
        let stats = render([outer])
        XCTAssertEqual(stats.offscreenPasses, 3)
        XCTAssertEqual(stats.screenSplits, 1, "the inner passes begin from the outer's buffer, not the screen")
    }

    func testARasterizationMissSplitsOnceWithItsNestedPassesAndAHitNotAtAll() {
        let (renderer, root) = flatScene([], ledger: ledger)
        let cell = Layer(frame: Rect(x: 2, y: 2, width: 120, height: 80), ledger: ledger)
        cell.backgroundColor = .white
        cell.shouldRasterize = true
        cell.addSublayer(clippedLayer(x: 0, ledger: ledger))
        cell.addSublayer(clippedLayer(x: 50, ledger: ledger))
        root.addSublayer(cell)
        let miss = renderer.render(root, time: 0), hit = renderer.render(root, time: 1.0 / 60)
        XCTAssertEqual(miss.rasterMisses, 1)
        XCTAssertEqual(miss.offscreenPasses, 3, "the bitmap's pass and the two clips inside it")
        XCTAssertEqual(miss.screenSplits, 1)
        XCTAssertEqual(hit.rasterHits, 1)
        XCTAssertEqual(hit.screenSplits, 0, "a cached bitmap is drawn in the screen's pass")
    }

    func testAShadowWithoutAPathSplitsOnceForItsShapeAndAPathKeepsThePassWhole() {
        func shadowed(path: Bool) -> RenderStats {
            let layer = Layer(frame: Rect(x: 20, y: 20, width: 40, height: 30), ledger: ledger)
            layer.backgroundColor = .white
            layer.shadowOpacity = 0.5
            layer.shadowRadius = 3
            if path { layer.shadowPath = Path(.rect(Rect(x: 0, y: 0, width: 40, height: 30)), ledger: ledger) }
            return render([layer])
        }
        XCTAssertEqual(shadowed(path: false).screenSplits, 1, "the pass that learns the shadow's shape")
        XCTAssertEqual(shadowed(path: true).screenSplits, 0)
    }

    func testALayerOffTheScreenRunsNoPassAndSplitsNothing() {
        let stats = render([clippedLayer(x: 1000, ledger: ledger)])
        XCTAssertEqual(stats.offscreenPasses, 0)
        XCTAssertEqual(stats.screenSplits, 0)
    }
}
