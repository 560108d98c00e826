import Compositor
import Raster
import Scenarios
import Strategies
import StrategiesTestSupport
import Table
import XCTest

/// Counters of tables with Settings content, derived from the geometry of what is on screen: the
/// content is the same for every strategy, and what a strategy does with it follows the rules.
final class ContentCounterTests: XCTestCase {
    /// Six sections of Settings rows (three, one and five rows, twice) on a small screen at 3×,
    /// scrolling 7 pt per step.
    private func setup(opaqueLabels: Bool = false, content: ContentPattern = .settings) -> TableSetup {
        TableSetup(sections: TableSetup.sections(6, rows: [3, 1, 5]), width: 390, height: 300, scale: 3,
                   style: TableStyle(opaqueLabelBackgrounds: opaqueLabels), content: content, motion: .constant(pointsPerStep: 7))
    }

    private func visible(_ sim: TableDriver) -> [(Scenarios.IndexPath, Cell)] { sim.cellsTopToBottom }

    /// The on-screen pixels of `layer`, a sublayer of `cell`'s content view, positioned as the
    /// renderer positions it (absolute points summed parent to child, then snapped).
    private func screenPixels(of layer: Layer, in cell: Cell, _ sim: TableDriver) -> Int {
        guard !layer.isHidden, layer.contents != nil else { return 0 }
        let scale = sim.setup.scale
        let cellOrigin = Point(x: 0 + cell.layer.frame.minX, y: -sim.table.contentOffset + cell.layer.frame.minY)
        let rect = Rect(x: cellOrigin.x + layer.frame.minX, y: cellOrigin.y + layer.frame.minY,
                        width: layer.frame.width, height: layer.frame.height).pixelRect(scale: scale)
        return rect.intersection(sim.renderer.framebuffer.bounds).area
    }

    private func onScreenArea(of cell: Cell, _ sim: TableDriver) -> Int {
        let scale = sim.setup.scale
        var frame = cell.layer.frame
        frame.origin.y -= sim.table.contentOffset
        return frame.pixelRect(scale: scale).intersection(sim.renderer.framebuffer.bounds).area
    }

    func testPerCellMaskOffscreenPixelsEqualTheVisibleCapsAreaWhateverTheContent() throws {
        let withContent = try TableDriver(setup(), strategy: "per-cell-mask")
        let empty = try TableDriver(setup(content: .none), strategy: "per-cell-mask")
        for _ in 0..<40 {
            let a = withContent.step(), b = empty.step()
            let caps = visible(withContent).filter { $0.1.position.isCap }
            let area = caps.map { $0.1.layer.frame.pixelRect(scale: 3).area }.reduce(0, +)
            XCTAssertGreaterThan(area, 0)
            // Two passes a cap, each the cap's bounds: its mask and its content.
            XCTAssertEqual(a.render.offscreenPixels, 2 * area)
            XCTAssertEqual(a.render.offscreenPasses, 2 * caps.count)
            XCTAssertEqual(a.render.offscreenPixels, b.render.offscreenPixels, "the content does not change the passes' size")
        }
    }

    func testOpaqueLabelBackgroundsLowerBlendedPixelsByExactlyTheLabelsArea() throws {
        // The strategies' tables are independent: driven at once on the machine's cores; the
        // assertions are made here, in order, on what each step found.
        let names = ["none", "shared-corner-grid", "per-cell-mask", "uikit-inset-grouped"]
        let found = try names.concurrentMap { name -> [(saved: Int, labels: Int, allOpaque: Bool)] in
            let clear = try TableDriver(setup(), strategy: name)
            let opaque = try TableDriver(setup(opaqueLabels: true), strategy: name)
            return (0..<40).map { _ in
                let c = clear.step(), o = opaque.step()
                // Labels inside an off-screen pass (a masked cap) blend into its buffer, not the screen.
                let cells = visible(opaque).filter { name != "per-cell-mask" || !$0.1.position.isCap }
                let labels = cells.flatMap { cell in cell.1.textLabels.map { screenPixels(of: $0, in: cell.1, opaque) } }.reduce(0, +)
                return (c.render.blendedPixels - o.render.blendedPixels, labels,
                        visible(opaque).allSatisfy { $0.1.textLabels.allSatisfy { $0.contents?.isOpaque ?? true } })
            }
        }
        for (name, steps) in zip(names, found) {
            var saved = 0
            for (step, f) in steps.enumerated() {
                XCTAssertEqual(f.saved, f.labels, "\(name) step \(step)")
                XCTAssertTrue(f.allOpaque)
                saved += f.labels
            }
            XCTAssertGreaterThan(saved, 0, name)
        }
    }

    func testRenderPassesAreOnePlusOffscreenPassesForEveryStrategy() throws {
        // The strategies' tables are independent: driven at once on the machine's cores; the
        // assertions are made here, in order, on each step's passes.
        let names = StrategyCatalog.builtIn.names
        let found = try names.concurrentMap { name -> [(render: Int, offscreen: Int)] in
            let sim = try TableDriver(setup(), strategy: name)
            return (0..<40).map { step in
                // A selection, then a style change, between frames, as a scenario's events make them.
                if step == 10 { sim.table.selectRow(at: Scenarios.IndexPath(row: 0, section: 1)) }
                if step == 20 { sim.table.setStyle(TableStyle(cornerRadius: 11)) }
                let record = sim.step()
                return (record.render.renderPasses, record.render.offscreenPasses)
            }
        }
        for (name, steps) in zip(names, found) {
            for (step, passes) in steps.enumerated() {
                XCTAssertEqual(passes.render, 1 + passes.offscreen, "\(name) step \(step)")
            }
        }
    }

    func testUIKitInsetGroupedBlendsEachVisibleCapsAreaOverTheContentAndNothingOffscreen() throws {
        let system = try TableDriver(setup(), strategy: "uikit-inset-grouped")
        let plain = try TableDriver(setup(), strategy: "none")
        for step in 0..<40 {
            let s = system.step(), p = plain.step()
            let caps = visible(system).filter { $0.1.position.isCap }.map { onScreenArea(of: $0.1, system) }.reduce(0, +)
            XCTAssertEqual(s.render.offscreenPasses, 0)
            XCTAssertEqual(s.render.blendedPixels, p.render.blendedPixels + caps, "step \(step)")
            // A new cell brings one layer more than the plain table's: its background view.
            XCTAssertEqual(s.allocations.layersCreated, p.allocations.layersCreated + s.table.cellsCreated, "step \(step)")
            XCTAssertEqual(s.allocations.pathsCreated, 0)
        }
    }

    func testARowThatOnlyMovesKeepsItsLabelBitmaps() throws {
        let sim = try TableDriver(setup(), strategy: "none")
        sim.step()
        var before: [Scenarios.IndexPath: [ObjectIdentifier?]] = [:]
        for (indexPath, cell) in visible(sim) { before[indexPath] = cell.textLabels.map { $0.contents.map(ObjectIdentifier.init) } }
        for _ in 0..<5 { XCTAssertTrue(sim.step().laidOut) }
        var stayed = 0
        for (indexPath, cell) in visible(sim) {
            guard let old = before[indexPath] else { continue }
            XCTAssertEqual(cell.textLabels.map { $0.contents.map(ObjectIdentifier.init) }, old, "\(indexPath)")
            stayed += 1
        }
        XCTAssertGreaterThan(stayed, 3)
    }

    func testEveryRowButASectionsLastHasASeparatorInsetToItsText() throws {
        let sim = try TableDriver(setup(), strategy: "none")
        sim.step()
        for (indexPath, cell) in visible(sim) {
            let last = indexPath.row == sim.table.numberOfRows(inSection: indexPath.section) - 1
            let separator = cell.layer.sublayers.last!
            XCTAssertEqual(separator.isHidden, last, "\(indexPath)")
            if !last {
                XCTAssertEqual(separator.frame.height, 1.0 / 3, accuracy: 1e-12)
                XCTAssertEqual(separator.frame.minX, cell.textLabels[0].frame.minX, accuracy: 1e-9)
                XCTAssertEqual(separator.frame.maxX, cell.layer.frame.width, accuracy: 1e-9)
            }
        }
    }
}
