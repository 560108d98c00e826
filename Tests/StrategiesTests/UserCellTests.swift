import Compositor
import Raster
import RasterTestSupport
import Scenarios
import Strategies
import StrategiesTestSupport
import Table
import XCTest

/// A user's cell, described as layers, priced by the rules the section strategies follow; every
/// expectation is worked out from the geometry of what is on screen.
final class UserCellTests: XCTestCase {
    /// Two 32 × 32 pt image views in every row, rounded by `round`, and a title label.
    private func twoImages(_ round: (inout LayerDescription) -> Void) -> CellDescription {
        var layers: [LayerDescription] = []
        for x in [16.0, 56.0] {
            var image = LayerDescription(frame: Rect(x: x, y: 6, width: 32, height: 32))
            image.contents = .image(.picture(size: nil, color: nil, cornerRadius: 0))
            round(&image)
            layers.append(image)
        }
        var title = LayerDescription(frame: Rect(x: 96, y: 12, width: 200, height: 20))
        title.contents = .text(TextContent(source: .rowTitle(length: 16)))
        layers.append(title)
        return CellDescription(layers: layers, separatorInset: 96)
    }

    private let roundedClip: (inout LayerDescription) -> Void = { $0.cornerRadius = 16; $0.masksToBounds = true }
    private let ovalMask: (inout LayerDescription) -> Void = { $0.mask = .oval }

    /// Six sections of rows of `cell` (three, one and five rows, twice) on a small screen at 2×,
    /// scrolling 7 pt per step.
    private func setup(_ cell: CellDescription) -> TableSetup {
        TableSetup(sections: TableSetup.sections(6, rows: [3, 1, 5]), width: 390, height: 300, scale: 2,
                   content: ContentPattern(cells: [.layers(cell)], headerLength: 14, footerLength: 38),
                   motion: .constant(pointsPerStep: 7))
    }

    func testEachRoundedImageViewOnScreenIsOneOffscreenPassBeforeIOS10NoneFromItAndEachMaskedOneTwo() throws {
        let clipped = try TableDriver(setup(twoImages(roundedClip)), strategy: "none")
        clipped.renderer.rules = CoreAnimationRules(ios: 9)!
        let current = try TableDriver(setup(twoImages(roundedClip)), strategy: "none")
        let masked = try TableDriver(setup(twoImages(ovalMask)), strategy: "none")
        var seen = 0
        for step in 0..<40 {
            let c = clipped.step(), m = masked.step(), now = current.step()
            let views = onScreen(clipped) { $0.masksToBounds }
            XCTAssertEqual(onScreen(masked) { $0.mask != nil }, views, "the same views are on screen at step \(step)")
            XCTAssertEqual(c.render.offscreenPasses, views, "cornerRadius + masksToBounds on iOS 9, step \(step)")
            XCTAssertEqual(now.render.offscreenPasses, 0, "the image alone is clipped where it is drawn from iOS 10, step \(step)")
            XCTAssertEqual(m.render.offscreenPasses, 2 * views, "a shape-layer mask: its mask and its content, step \(step)")
            seen += views
        }
        XCTAssertGreaterThan(seen, 40 * 8, "rows of two rounded views fill the screen")
    }

    func testACircleMaskAndARoundedClipOfTheSameCircleDrawTheSamePicture() throws {
        let clipped = try TableDriver(setup(twoImages(roundedClip)), strategy: "none")
        let masked = try TableDriver(setup(twoImages(ovalMask)), strategy: "none")
        for step in [0, 13, 29] {
            clipped.jump(toStep: step)
            masked.jump(toStep: step)
            let diff = PictureDifference(clipped.renderer.framebuffer, masked.renderer.framebuffer, threshold: 0)
            XCTAssertTrue(diff.pixelsOverThreshold.isEmpty, "step \(step): \(diff.pixelsOverThreshold.prefix(3))")
        }
    }

    func testEveryStrategyDrawsTheUsersCellAsTheSectionsLetIt() throws {
        let setup = setup(twoImages(roundedClip))
        for step in [0, 21] {
            let reference = try TableDriver(setup, strategy: "shared-corner-grid")
            reference.jump(toStep: step)
            for name in StrategyCatalog.builtIn.names where name != "none" && name != "shared-corner-grid" {
                let sim = try TableDriver(setup, strategy: name)
                sim.jump(toStep: step)
                let over = PictureDifference(reference.renderer.framebuffer, sim.renderer.framebuffer, threshold: 2).pixelsOverThreshold
                XCTAssertTrue(over.isEmpty, "\(name) at step \(step) differs at \(over.count) pixels, e.g. \(over.prefix(3))")
            }
        }
    }

    func testCornerRadiusAloneOnALabelsBackgroundNeedsNoOffscreenPass() throws {
        var label = LayerDescription(frame: Rect(x: 16, y: 8, width: 120, height: 28))
        label.backgroundColor = Color(hex: "#E5E5EA")
        label.contents = .text(TextContent(source: .rowTitle(length: 10)))
        label.cornerRadius = 8
        var clipped = label
        clipped.masksToBounds = true
        let plain = try TableDriver(setup(CellDescription(layers: [label])), strategy: "none")
        let clip = try TableDriver(setup(CellDescription(layers: [clipped])), strategy: "none")
        for _ in 0..<20 {
            let p = plain.step(), c = clip.step()
            XCTAssertEqual(p.render.offscreenPasses, 0, "a radius rounds the background without a pass")
            XCTAssertEqual(c.render.offscreenPasses, onScreen(clip) { $0.masksToBounds }, "clipping the text needs one")
        }
    }

    func testARasterizedLabelOfAReusedCellMissesWhenItsTextChangesAndHitsWhileItOnlyMoves() throws {
        var label = LayerDescription(frame: Rect(x: 16, y: 8, width: 160, height: 28))
        label.contents = .text(TextContent(source: .rowTitle(length: 16)))
        label.shouldRasterize = true
        label.rasterizationScale = 2
        let sim = try TableDriver(setup(CellDescription(layers: [label])), strategy: "none")
        /// The labels on screen and the text each shows.
        func drawn() -> [ObjectIdentifier: String] {
            var out: [ObjectIdentifier: String] = [:]
            for (indexPath, cell) in sim.table.visibleCells {
                let layer = cell.contentView.sublayers[0]
                guard onScreen(sim, { $0 === layer }) == 1 else { continue }
                out[ObjectIdentifier(layer)] = ContentText.title(row: sim.table.geometry.globalRow(indexPath), length: 16)
            }
            return out
        }
        sim.step()
        var last = drawn()
        var misses = 0, hits = 0
        for step in 1..<40 {
            let record = sim.step()
            let now = drawn()
            // A label drawn last frame with the same text hits; any other misses.
            let expected = now.filter { last[$0.key] != $0.value }.count
            XCTAssertEqual(record.render.rasterMisses, expected, "step \(step)")
            XCTAssertEqual(record.render.rasterHits, now.count - expected, "step \(step)")
            misses += record.render.rasterMisses
            hits += record.render.rasterHits
            last = now
        }
        XCTAssertGreaterThan(misses, 0)
        XCTAssertGreaterThan(hits, misses, "rows that only move keep their bitmaps")
    }
}

/// Shadows, borders and group opacity of a user's cell, priced per layer on screen.
final class UserCellDecorationTests: XCTestCase {
    /// Runs rows of `layer` and calls `check` for each step with the number of layers whose pixel
    /// rect, moved down by `shift` and grown by `grow` pixels on every side, meets the screen.
    private func run(_ layer: LayerDescription, steps: Int = 20, grow: Int = 0, shift: Int = 0,
                     _ check: (TableDriver, TableFrames.Step, Int) -> Void) throws {
        let setup = TableSetup(sections: TableSetup.sections(6, rows: [3, 1, 5]), width: 390, height: 300, scale: 2,
                               content: ContentPattern(cells: [.layers(CellDescription(layers: [layer]))]),
                               motion: .constant(pointsPerStep: 7))
        let sim = try TableDriver(setup, strategy: "none")
        for _ in 0..<steps {
            let record = sim.step()
            check(sim, record, onScreen(sim, grow: grow, shift: shift) { _ in true })
        }
    }

    private var badge: LayerDescription {
        var layer = LayerDescription(frame: Rect(x: 300, y: 12, width: 28, height: 20))
        layer.backgroundColor = Color(hex: "#FF3B30")
        layer.cornerRadius = 10
        layer.contents = .text(TextContent(source: .literal("12"), pointSize: 13, color: .white))
        return layer
    }

    func testAShadowWithoutAPathIsFivePassesPerLayerOnScreenAndWithOneNone() throws {
        var plain = badge
        plain.shadow = ShadowDescription(opacity: 0.3, radius: 2, offset: Point(x: 0, y: 1))
        var seen = 0
        // The shadow's extent: 1 pt (2 px) down, grown by the blur's reach, ⌈3σ⌉ = 6 px for
        // σ = radius × scale / 2 = 2 px; a layer just off screen still casts a shadow onto it.
        try run(plain, grow: 6, shift: 2) { _, record, onScreen in
            XCTAssertEqual(record.render.offscreenPasses, (1 + Renderer.shadowBlurPasses) * onScreen, "its shape's and its blur's")
            seen += onScreen
        }
        XCTAssertGreaterThan(seen, 0)
        var pathed = plain
        pathed.shadow?.hasPath = true
        try run(pathed) { _, record, _ in XCTAssertEqual(record.render.offscreenPasses, 0) }
    }

    func testABorderAndUngroupedOpacityCostNoPass() throws {
        var bordered = badge
        bordered.border = BorderDescription(width: 1, color: .black)
        try run(bordered) { _, record, _ in XCTAssertEqual(record.render.offscreenPasses, 0) }
        var group = badge
        group.opacity = 0.5
        group.sublayers = [LayerDescription(frame: Rect(x: 2, y: 2, width: 8, height: 8))]
        group.sublayers[0].backgroundColor = .white
        try run(group) { _, record, onScreen in XCTAssertEqual(record.render.offscreenPasses, onScreen, "group opacity: a pass each") }
        group.allowsGroupOpacity = false
        try run(group) { _, record, _ in XCTAssertEqual(record.render.offscreenPasses, 0, "each layer alone") }
    }
}

/// The layers of the visible cells' content views that `matches` whose pixels, as the renderer
/// places them (absolute points, snapped), moved down by `shift` and grown by `grow` pixels on
/// every side (a shadow's extent), meet the screen.
private func onScreen(_ sim: TableDriver, grow: Int = 0, shift: Int = 0, _ matches: (Layer) -> Bool) -> Int {
    let scale = sim.setup.scale
    var count = 0
    for cell in sim.table.visibleCells.values {
        for layer in cell.contentView.sublayers where matches(layer) && !layer.isHidden {
            let rect = Rect(x: cell.layer.frame.minX + layer.frame.minX,
                            y: cell.layer.frame.minY - sim.table.contentOffset + layer.frame.minY,
                            width: layer.frame.width, height: layer.frame.height).pixelRect(scale: scale)
            let grown = PixelRect(x: rect.x - grow, y: rect.y + shift - grow, width: rect.width + 2 * grow, height: rect.height + 2 * grow)
            if !grown.intersection(sim.renderer.framebuffer.bounds).isEmpty { count += 1 }
        }
    }
    return count
}
