import Compositor
import Harness
import HarnessTestSupport
@testable import Pictures
import Raster
import Scenarios
import Table
import XCTest

/// A picture of a described cell with an overlay numbers the cell's layers that pay for what the
/// overlay shows, where they drew it, and its legend says what each number paid.
final class LayerLabelTests: XCTestCase {
    /// A 32 pt image at `x`, masked by an oval when `masked` (an off-screen pass and the mask's).
    private func image(x: Double, masked: Bool) -> LayerDescription {
        var layer = LayerDescription(frame: Rect(x: x, y: 6, width: 32, height: 32))
        layer.contents = .image(.picture(size: nil, color: nil, cornerRadius: 0))
        if masked { layer.mask = .oval }
        return layer
    }

    /// Three rows of a cell with a masked image then an unmasked one, scrolling `pointsPerStep`.
    private func maskedThenPlain(pointsPerStep: Double = 2) -> Scenario {
        let cell = CellDescription(layers: [image(x: 16, masked: true), image(x: 56, masked: false)], separatorInset: 96)
        return Fixtures.singleSection(pointsPerStep: pointsPerStep, content: ContentPattern(cells: [.layers(cell)]))
    }

    /// The screen pixels of the layers tagged `tag` in frame `step`, found from the layer tree as
    /// the renderer places them (each origin its parent's plus its frame's, less the parent's
    /// bounds origin, which is how the table scrolls), cut to the screen.
    private func onScreen(tag: Int, _ scenario: Scenario, step: Int) throws -> [PixelRect] {
        let simulation = try Simulation(scenario: scenario, strategyName: "none")
        simulation.jump(toStep: step)
        let screen = PixelRect(origin: .zero, size: scenario.device.pixelSize)
        var found: [PixelRect] = []
        func visit(_ layer: Layer, _ parent: Point) {
            guard !layer.isHidden else { return }
            let origin = Point(x: parent.x + layer.frame.origin.x, y: parent.y + layer.frame.origin.y)
            if layer.costTag == tag {
                let rect = Rect(origin: origin, size: layer.frame.size).pixelRect(scale: scenario.device.scale).intersection(screen)
                if !rect.isEmpty { found.append(rect) }
            }
            let inner = Point(x: origin.x - layer.boundsOrigin.x, y: origin.y - layer.boundsOrigin.y)
            for sublayer in layer.sublayers { visit(sublayer, inner) }
        }
        visit(simulation.table.layer, .zero)
        return found
    }

    /// True when a number's box has its top-left at `point` of `picture`: its edge is white and
    /// the pixel inside the edge the box's ink.
    private func box(at point: PixelPoint, in picture: Pixmap) -> Bool {
        let edge = max(1, LayerLabels.pixelsPerEm(forWidth: picture.width) / 16)
        return picture[point.x, point.y] == Color.white.premultiplied
            && picture[point.x + edge, point.y + edge] == LayerLabels.ink
    }

    func testTheOffscreenOverlayNumbersExactlyTheMaskedLayerAtItsRectOnScreen() throws {
        let scenario = maskedThenPlain()
        let (frame, labels) = try FramePicture.drawn(scenario: scenario, strategy: "none", step: 0, overlay: .offscreen,
                                                     downscale: 1, catalog: .builtIn)
        XCTAssertEqual(labels.labels.map(\.path), ["layers[0]"], "the unmasked image pays no pass")
        let masked = try onScreen(tag: 0, scenario, step: 0)
        XCTAssertEqual(masked.count, 3, "each of the three rows shows its masked image")
        XCTAssertEqual(labels.labels.first?.regions, masked)
        let picture = try FramePicture.render(scenario: scenario, strategy: "none", step: 0, overlay: .offscreen)
        for rect in masked { XCTAssertTrue(box(at: rect.origin, in: picture), "a number at \(rect.origin)") }
        XCTAssertNotEqual(picture, frame, "the numbers are drawn on the frame")
    }

    /// A cell of 1,000 masked layers numbers the dearest `maxNumbered`, and its legend says how
    /// many more paid in one line, rather than growing a line per layer (issue 59, "also seen":
    /// a legend 48,030 px tall).
    func testACellOfAThousandPayingLayersNumbersTheDearestAndCountsTheRest() throws {
        // The first layer, larger, pays more pixels than any other: it is numbered whatever the ties.
        var layers = (0..<CellDescription.maxLayers).map { i -> LayerDescription in
            var layer = LayerDescription(frame: Rect(x: Double(i % 100) * 3, y: Double(i / 100) * 3, width: 2, height: 2))
            layer.contents = .image(.picture(size: nil, color: nil, cornerRadius: 0))
            layer.mask = .oval
            return layer
        }
        layers[999].frame = Rect(x: 0, y: 30, width: 12, height: 12)
        let cell = CellDescription(layers: layers, separatorInset: 16)
        let scenario = Fixtures.singleSection(rows: 1, content: ContentPattern(cells: [.layers(cell)]))
        let (frame, labels) = try FramePicture.drawn(scenario: scenario, strategy: "none", step: 0, overlay: .blended,
                                                     downscale: 1, catalog: .builtIn)
        XCTAssertEqual(labels.labels.count, LayerLabels.maxNumbered)
        XCTAssertGreaterThan(labels.unnumbered, CellDescription.maxLayers / 2, "the masked layers on screen blend their composites")
        XCTAssertTrue(labels.labels.contains { $0.path == "layers[999]" }, "the dearest is numbered: \(labels.labels.map(\.path))")
        let legend = PictureLegend(scenario: scenario, strategy: "none", step: 0, overlay: .blended, labels: labels)
        let height = legend.drawn(below: frame).height - frame.height
        let lineHeight = BuiltinFont.standard.lineHeight(pixelsPerEm: PictureLegend.pixelsPerEm(forWidth: frame.width))
        XCTAssertLessThan(height, 60 * lineHeight, "the caption, the tints, 20 numbered layers and one line for the rest")
    }

    func testTheBlendedOverlayNumbersTheMaskedLayerWhoseCompositeBlendsNotTheOpaqueImage() throws {
        let (_, labels) = try FramePicture.drawn(scenario: maskedThenPlain(), strategy: "none", step: 0, overlay: .blended,
                                                 downscale: 1, catalog: .builtIn)
        XCTAssertEqual(labels.labels.map(\.path), ["layers[0]"])
    }

    func testAFrameOfBuiltInRowsIsNotNumbered() throws {
        let scenario = Fixtures.singleSection()
        for overlay in Overlay.allCases {
            let (frame, labels) = try FramePicture.drawn(scenario: scenario, strategy: "per-cell-mask", step: 2, overlay: overlay,
                                                         downscale: 1, catalog: .builtIn)
            XCTAssertEqual(labels, .none)
            XCTAssertEqual(try FramePicture.render(scenario: scenario, strategy: "per-cell-mask", step: 2, overlay: overlay), frame)
        }
    }

    func testTheNumbersStayInsideThePictureWhenTheLayerIsPartlyOffScreen() throws {
        // Scrolled 70 pt: the first row's images are cut by the screen's top (it starts 60 pt down).
        let scenario = maskedThenPlain(pointsPerStep: 35)
        let (_, labels) = try FramePicture.drawn(scenario: scenario, strategy: "none", step: 2, overlay: .offscreen,
                                                 downscale: 1, catalog: .builtIn)
        let regions = try XCTUnwrap(labels.labels.first?.regions)
        XCTAssertEqual(regions, try onScreen(tag: 0, scenario, step: 2))
        let cut = try XCTUnwrap(regions.first { $0.y == 0 }, "\(regions)")
        XCTAssertLessThan(cut.height, 64, "the image is partly off screen")
        let picture = try FramePicture.render(scenario: scenario, strategy: "none", step: 2, overlay: .offscreen)
        XCTAssertTrue(box(at: cut.origin, in: picture))
        // A region in the picture's corner: its box is moved in, whole.
        let blank = Pixmap(width: 200, height: 100, fill: Color.white.premultiplied)!
        let label = LayerLabels.Label(number: 7, path: "layers[0]", meaning: "", regions: [PixelRect(x: 198, y: 99, width: 2, height: 1)])
        let size = LayerLabels.boxSize(7, pixelsPerEm: LayerLabels.pixelsPerEm(forWidth: 200))
        let corner = LayerLabels(labels: [label]).drawn(on: blank)
        XCTAssertTrue(box(at: PixelPoint(x: 200 - size.width, y: 100 - size.height), in: corner))
    }

    func testADownscaledPictureHasItsNumbersAtScaledPlacesAndFullSize() throws {
        let scenario = maskedThenPlain()
        let (_, labels) = try FramePicture.drawn(scenario: scenario, strategy: "none", step: 0, overlay: .offscreen,
                                                 downscale: 2, catalog: .builtIn)
        let picture = try FramePicture.render(scenario: scenario, strategy: "none", step: 0, overlay: .offscreen, downscale: 2)
        for rect in try XCTUnwrap(labels.labels.first?.regions) {
            XCTAssertTrue(box(at: PixelPoint(x: rect.x / 2, y: rect.y / 2), in: picture), "a number at half \(rect.origin)")
        }
        XCTAssertGreaterThanOrEqual(LayerLabels.pixelsPerEm(forWidth: picture.width), 11, "legible: the legend's smallest text")
    }

    func testTheLegendSaysWhatEachNumberedLayerPaid() throws {
        let scenario = maskedThenPlain()
        let (_, labels) = try FramePicture.drawn(scenario: scenario, strategy: "none", step: 0, overlay: .offscreen,
                                                 downscale: 1, catalog: .builtIn)
        let legend = PictureLegend(scenario: scenario, strategy: "none", step: 0, overlay: .offscreen, labels: labels)
        // Three rows on screen, each image masked: its own pass and its mask's.
        XCTAssertEqual(legend.labels.map(\.meaning), ["layers[0]: 6 off-screen passes in this frame, 2 per cell"])
        let plain = try FramePicture.captioned(scenario: Fixtures.singleSection(), strategy: "none", step: 0, overlay: .offscreen)
        let numbered = try FramePicture.captioned(scenario: scenario, strategy: "none", step: 0, overlay: .offscreen)
        let line = BuiltinFont.standard.lineHeight(pixelsPerEm: PictureLegend.pixelsPerEm(forWidth: numbered.width))
        XCTAssertGreaterThanOrEqual(numbered.height - plain.height, line, "a line for the numbered layer")
    }

    func testMarkersAreNumberedAsTheLayersAreCountedFromZeroAndTheLegendNamesThem() throws {
        // Two plain images, then a named masked one: the only layer that pays is layers[2].
        var badge = image(x: 96, masked: true)
        badge.name = "badge"
        let cell = CellDescription(layers: [image(x: 16, masked: false), image(x: 56, masked: false), badge], separatorInset: 96)
        let scenario = Fixtures.singleSection(pointsPerStep: 2, content: ContentPattern(cells: [.layers(cell)]))
        let (_, labels) = try FramePicture.drawn(scenario: scenario, strategy: "none", step: 0, overlay: .offscreen,
                                                 downscale: 1, catalog: .builtIn)
        XCTAssertEqual(labels.labels.map(\.number), [2], "layers[2] is marked 2")
        XCTAssertEqual(labels.labels.map(\.name), ["badge"])
        let legend = PictureLegend(scenario: scenario, strategy: "none", step: 0, overlay: .offscreen, labels: labels)
        XCTAssertEqual(legend.labels.map(\.meaning), ["badge (layers[2]): 6 off-screen passes in this frame, 2 per cell"])
    }
}
