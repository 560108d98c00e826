import Harness
import HarnessTestSupport
import Pictures
import Raster
import Table
import XCTest

/// The step a picture is drawn at shows a section's rounded edge, found from the table's geometry.
final class FramedCornerTests: XCTestCase {
    /// The default scenario with `rows` rows in every section (what `bench run --rows-per-section`
    /// makes), without content so the frames draw quickly.
    private func longSections(_ rows: Int, steps: Int = 180) -> Scenario {
        var scenario = Fixtures.ipadSettingsWithoutContent
        scenario.rowsPerSection = [rows]
        scenario.steps = steps
        return scenario
    }

    /// Where the edges of the sections' rows are on screen at `step`, in points from the screen's
    /// top, worked out from the simulation's table after drawing that frame.
    private func edgesOnScreen(_ scenario: Scenario, step: Int) throws -> [Double] {
        let sim = try Simulation(scenario: scenario, strategyName: "none")
        sim.jump(toStep: step)
        let table = sim.table
        return table.visibleCells.values.flatMap { cell -> [Double] in
            let frame = cell.layer.frame, y = frame.minY - table.contentOffset
            switch cell.position {
            case .top: return [y]
            case .bottom: return [y + frame.height]
            case .single: return [y, y + frame.height]
            case .middle: return []
            }
        }.filter { $0 >= 0 && $0 <= table.size.height }
    }

    func testWithFiftyRowsASectionTheStepShowsAnEdgeNearTheMiddleWhereStep40ShowsNone() throws {
        let scenario = longSections(50)
        let height = scenario.device.height
        XCTAssertEqual(try edgesOnScreen(scenario, step: 40), [], "the old fixed step shows no section edge")
        let corner = try XCTUnwrap(FramedCorner.find(in: scenario))
        let middle = (height / 3)...(height * 2 / 3)
        let edges = try edgesOnScreen(scenario, step: corner.step)
        XCTAssertTrue(edges.contains { middle.contains($0) }, "step \(corner.step): edges at \(edges)")
        XCTAssertTrue(edges.contains(corner.screenY), "the edge it names is where the table drew one")
        // The first such step from 1 on: the rows' edges come from the geometry alone (a section
        // is its header, 50 rows and its footer; the scroll is 12 pt a step).
        let section: Double = scenario.headerHeight + 50 * scenario.rowHeight + scenario.footerHeight
        var rowEdges: [Double] = []
        for s in 0..<scenario.sections {
            let top: Double = Double(s) * section
            rowEdges += [top + scenario.headerHeight, top + section - scenario.footerHeight]
        }
        for step in 1..<corner.step {
            let offset = Double(step) * scenario.pointsPerStep
            XCTAssertFalse(rowEdges.contains { middle.contains($0 - offset) }, "step \(step) already had one")
        }
    }

    func testATableBelowABandNamesItsEdgeOnTheScreenAndKeepsTheCloseUpInItsFrame() throws {
        let scenario = longSections(50)
        var framed = scenario
        framed.tableTop = 100
        framed.device.height += 100
        let plain = try XCTUnwrap(FramedCorner.find(in: scenario)), corner = try XCTUnwrap(FramedCorner.find(in: framed))
        XCTAssertEqual(corner.step, plain.step, "the table scrolls as the one filling a screen as tall as its frame")
        XCTAssertEqual(corner.screenY, plain.screenY + 100, "the edge's distance below the screen's top")
        XCTAssertEqual(corner.closeUp.y, plain.closeUp.y + Int(100 * scenario.device.scale), "the close-up moves with the frame")
        XCTAssertGreaterThanOrEqual(corner.closeUp.y, Int(100 * scenario.device.scale), "nothing of the band")
    }

    func testTheCloseUpHoldsTheCornerWhole() throws {
        for scenario in [longSections(50), Scenario.ipadSettings, Fixtures.longTable()] {
            let corner = try XCTUnwrap(FramedCorner.find(in: scenario), scenario.name)
            let scale = scenario.device.scale
            let column = scenario.style.column(tableWidth: scenario.device.width)
            let radius = scenario.style.effectiveCornerRadius(tableWidth: scenario.device.width)
            // The corner's r × r square, on the cap's side of the edge.
            let y = corner.edge == .top ? corner.screenY : corner.screenY - radius
            let square = Rect(x: column.x, y: y, width: radius, height: radius).pixelRect(scale: scale)
            XCTAssertTrue(corner.closeUp.contains(square), "\(scenario.name): \(corner.closeUp) holds \(square)")
            XCTAssertEqual(Double(corner.closeUp.width), FramedCorner.closeUpSize.width * scale, accuracy: 1)
        }
    }

    func testSectionsLongerThanTheRunFallBackToAnEdgeAnywhereAndNoRowsToNone() throws {
        // 20 steps of 12 pt never bring an edge to the middle: the first section's top, near the
        // screen's top, is what there is.
        let short = longSections(50, steps: 20)
        let corner = try XCTUnwrap(FramedCorner.find(in: short))
        XCTAssertEqual(corner.step, 1)
        XCTAssertEqual(corner.section, 0)
        XCTAssertEqual(corner.edge, .top)
        XCTAssertEqual(corner.screenY, short.headerHeight - short.pointsPerStep)
        XCTAssertNil(FramedCorner.find(in: longSections(0)), "sections without rows have no edges")
    }

    func testAOneStepRunUsesItsOnlyFrame() throws {
        XCTAssertEqual(FramedCorner.find(in: .ipadSettings, steps: 1)?.step, 0)
        XCTAssertEqual(FramedCorner.find(in: .ipadSettings)?.step, 1, "short sections: the first scrolled frame has edges mid-screen")
    }
}
