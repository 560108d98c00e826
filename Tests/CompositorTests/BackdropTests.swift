@testable import Compositor
import Raster
import XCTest

/// Backdrops: what lies behind a layer, blurred and tinted beneath it, as Apple's blur draws it in
/// five passes (WWDC 2014 session 419): four off-screen before the screen's (the content behind,
/// its capture downscaled, the horizontal and the vertical blur), then the compositing pass on the
/// screen, which upscales and tints.
///
/// Geometry: a screen of 200 × 160 pixels at 2×, its left half black and right half white, under
/// a 60 × 20 pt bar at (20, 10) pt: pixels x 40 ..< 160, y 20 ..< 60, 120 × 40, across the edge at
/// x 100.
final class BackdropTests: XCTestCase {
    let ledger = Ledger()
    private let screen = PixelSize(width: 200, height: 160)
    private let bar = PixelRect(x: 40, y: 20, width: 120, height: 40)

    private func scene(_ backdrop: Backdrop?, configure: (Layer) -> Void = { _ in }) -> (Renderer, Layer) {
        let renderer = Renderer(screenSize: screen, scale: 2)!
        let root = Layer(frame: Rect(x: 0, y: 0, width: 100, height: 80), ledger: ledger)
        root.backgroundColor = .white
        let left = Layer(frame: Rect(x: 0, y: 0, width: 50, height: 80), ledger: ledger)
        left.backgroundColor = .black
        root.addSublayer(left)
        let layer = Layer(frame: Rect(x: 20, y: 10, width: 60, height: 20), ledger: ledger)
        layer.backdrop = backdrop
        configure(layer)
        root.addSublayer(layer)
        return (renderer, root)
    }

    private func render(_ backdrop: Backdrop?, configure: (Layer) -> Void = { _ in }) -> (RenderStats, Pixmap) {
        let (renderer, root) = scene(backdrop, configure: configure)
        let stats = renderer.render(root, time: 0)
        return (stats, renderer.framebuffer)
    }

    func testABackdropCostsFourOffscreenPassesEveryFrameAndNoSplit() {
        let (renderer, root) = scene(Backdrop(radius: 8, tint: .clear))
        for frame in 0..<3 {
            let stats = renderer.render(root, time: Double(frame) / 60)
            XCTAssertEqual(stats.offscreenPasses, Renderer.backdropPasses, "frame \(frame)")
            XCTAssertEqual(stats.screenSplits, 0, "the blur's passes come before the screen's: frame \(frame)")
            XCTAssertEqual(stats.renderPasses, Renderer.backdropPasses + 1, "four passes and the screen's")
        }
        let (plain, _) = render(nil)
        XCTAssertEqual(plain.offscreenPasses, 0)
        XCTAssertEqual(plain.screenSplits, 0)
    }

    func testItsPassesStoreTheBarOnceAndShadeTheDownscaledBarThrice() {
        let (stats, _) = render(Backdrop(radius: 8, tint: .clear))
        let (plain, _) = render(nil)
        let k = Renderer.backdropDownscale
        let small = (bar.width / k) * (bar.height / k)
        // The content pass shades what lies under the bar; three passes shade the small
        // attachment; on the screen the blur covers the bar in place of what lay there.
        XCTAssertEqual(stats.shadedPixels - plain.shadedPixels, bar.area + 3 * small)
        XCTAssertEqual(stats.offscreenPixels, bar.area + 3 * small)
        // Stored: the content under the bar, then the small attachment thrice; read: the content
        // by the capture, each small attachment by the pass after it and by the compositing.
        let traffic = 4 * (bar.area + 3 * small) + 4 * (bar.area + 3 * small)
        XCTAssertEqual(stats.tileTrafficBytes - plain.tileTrafficBytes, traffic)
    }

    func testTheBarShowsWhatLiesBehindItBlurredAndNothingElseChanges() {
        let (_, blurred) = render(Backdrop(radius: 8, tint: .clear))
        let (_, plain) = render(nil)
        // Outside the bar, the picture is the plain one.
        for y in 0..<screen.height where !(bar.y..<bar.y + bar.height).contains(y) {
            for x in 0..<screen.width { XCTAssertEqual(blurred[x, y], plain[x, y], "(\(x), \(y))") }
        }
        // Inside, the black-to-white edge is spread: grey either side of x = 100, far ends as before.
        let y = bar.y + bar.height / 2
        let red = { (x: Int) in Int(blurred[x, y].packed & 0xFF) }
        XCTAssertEqual(red(bar.x), 0)
        XCTAssertEqual(red(bar.x + bar.width - 1), 255)
        XCTAssertGreaterThan(red(96), 0, "white reaches left of the edge")
        XCTAssertLessThan(red(104), 255, "black reaches right of the edge")
        for x in bar.x..<(bar.x + bar.width - 1) { XCTAssertLessThanOrEqual(red(x), red(x + 1), "the edge rises left to right") }
        XCTAssertTrue(blurred.cropped(to: bar)!.isFullyOpaque, "what is behind is opaque, and so is its blur")
    }

    func testAnOpaqueTintHidesTheBlurAndATranslucentOneLiesOverIt() {
        let (_, opaque) = render(Backdrop(radius: 8, tint: Color(hex: "#336699")!))
        XCTAssertEqual(opaque[bar.x + 5, bar.y + 5], Color(hex: "#336699")!.premultiplied)
        let (_, translucent) = render(Backdrop(radius: 8, tint: Color(hex: "#FFFFFF80")!))
        let left = translucent[bar.x, bar.y + 5].packed & 0xFF
        XCTAssertTrue((126...130).contains(left), "half white over black: \(left)")
    }

    func testTheLayersOwnDrawingLiesOverItsBackdrop() {
        let (_, pixels) = render(Backdrop(radius: 8, tint: .clear)) { $0.backgroundColor = Color(hex: "#FF000080")! }
        let p = pixels[bar.x, bar.y + 5]
        XCTAssertEqual(p.packed & 0xFF, 128, "half red over black")
        XCTAssertEqual((p.packed >> 8) & 0xFF, 0)
    }

    func testABackdropInsideAnotherLayersPassIsItsTintAlone() {
        let renderer = Renderer(screenSize: screen, scale: 2)!
        let root = Layer(frame: Rect(x: 0, y: 0, width: 100, height: 80), ledger: ledger)
        root.backgroundColor = .black
        let group = Layer(frame: Rect(x: 0, y: 0, width: 100, height: 80), ledger: ledger)
        group.opacity = 0.5
        let layer = Layer(frame: Rect(x: 20, y: 10, width: 60, height: 20), ledger: ledger)
        layer.backdrop = Backdrop(radius: 8, tint: .white)
        group.addSublayer(layer)
        group.addSublayer(Layer(frame: .zero, ledger: ledger))
        root.addSublayer(group)
        let stats = renderer.render(root, time: 0)
        XCTAssertEqual(stats.offscreenPasses, 1, "the group's pass, no blur's")
        XCTAssertEqual(renderer.framebuffer[bar.x, bar.y].packed & 0xFF, 128, "white at half opacity over black")
    }

    func testTheOverlaysKeepWhatWasDrawnBeforeTheBackdrop() {
        let (renderer, root) = scene(Backdrop(radius: 8, tint: .clear))
        renderer.recordsOverlay = true
        _ = renderer.render(root, time: 0)
        let marks = renderer.overlayOps.map { $0.mark }
        XCTAssertEqual(marks.count, 3, "the root's background, the black half, the bar's blur: \(marks)")
        XCTAssertEqual(marks.last, OverlayMark.offscreen)
    }
}
