import Compositor
import Raster
import Scenarios
@testable import Table
import XCTest

typealias IndexPath = Scenarios.IndexPath

/// A provider with one plain cell type, so the table's own behaviour is what is tested.
final class PlainProvider: TableCellProvider {
    var layoutPasses = 0
    var configured: [IndexPath] = []
    func reuseIdentifier(for position: RowPosition) -> String { position.isCap ? "cap" : "cell" }
    func makeCell(reuseIdentifier: String, in context: LayoutContext) -> Cell { Cell(reuseIdentifier: reuseIdentifier, ledger: context.ledger) }
    func configure(_ cell: Cell, at indexPath: IndexPath, position: RowPosition, in context: LayoutContext) { configured.append(indexPath) }
    func tableDidLayout(_ context: LayoutContext) { layoutPasses += 1 }
}

final class TableViewTests: XCTestCase {
    private func sections(_ rows: [Int]) -> [SectionSpec] {
        rows.map { SectionSpec(rows: $0, rowHeight: 44, headerHeight: 35, footerHeight: 18) }
    }

    func testRowOriginsArePrefixSumsOfHeadersRowsAndFooters() {
        let g = TableGeometry(sections: sections([2, 0, 1]))
        XCTAssertEqual(g.rowExtent(IndexPath(row: 0, section: 0)).top, 35)
        XCTAssertEqual(g.rowExtent(IndexPath(row: 1, section: 0)).top, 79)
        // Section 1 is empty: header + footer only.
        XCTAssertEqual(g.rowExtent(IndexPath(row: 0, section: 2)).top, 35 + 88 + 18 + 35 + 18 + 35)
        XCTAssertEqual(g.contentHeight, 3 * 53 + 3 * 44)
        XCTAssertEqual(g.indexPath(ofGlobalRow: 2), IndexPath(row: 0, section: 2), "empty sections are skipped")
    }

    func testVisibleRowsMatchALinearScan() {
        let g = TableGeometry(sections: sections([1, 3, 0, 8, 2, 0, 0, 5, 1]))
        for top in stride(from: -50.0, through: g.contentHeight + 50, by: 7.5) {
            for height in [1.0, 30, 100, 400] {
                let expected = (0..<g.rowCount).filter { i in
                    let (t, h) = g.rowExtent(g.indexPath(ofGlobalRow: i))
                    return t < top + height && t + h > top
                }
                let range = g.rows(intersecting: top, top + height)
                XCTAssertEqual(Array(range), expected, "band \(top) + \(height)")
            }
        }
    }

    func testEmptyAndSingleRowTablesAreNormal() {
        for rows in [[], [0], [0, 0], [1], [0, 1, 0]] {
            let provider = PlainProvider()
            let table = TableView(sections: sections(rows), size: Size(width: 800, height: 600), style: TableStyle(), provider: provider)
            table.layoutSubviews()
            XCTAssertEqual(table.visibleCells.count, rows.reduce(0, +))
            XCTAssertEqual(table.maxContentOffset, 0)
            XCTAssertFalse(table.setContentOffset(100), "content shorter than the screen does not scroll")
        }
    }

    func testScrollingReusesCellsAndCreatesNoMoreThanFitOnScreen() {
        let provider = PlainProvider()
        let specs = sections(Array(repeating: [1, 3, 8, 2, 0, 5], count: 200).flatMap { $0 })
        let table = TableView(sections: specs, size: Size(width: 800, height: 600), style: TableStyle(), provider: provider)
        var created = 0, dequeued = 0, reused = 0
        for step in 0..<2000 {
            table.setContentOffset(Double(step) * 13)
            table.layoutSubviews()
            let s = table.takeStats()
            created += s.cellsCreated
            dequeued += s.cellsDequeued
            reused += s.cellsReused
        }
        // At most ⌈600 / 44⌉ + 1 rows are on screen at once; two pools may each hold one spare.
        let onScreen = Int((600.0 / 44).rounded(.up)) + 1
        XCTAssertLessThanOrEqual(created, onScreen + 4)
        XCTAssertEqual(dequeued, created + reused)
        // Scrolling down, every row that ever showed entered exactly once.
        XCTAssertEqual(dequeued, table.geometry.rows(intersecting: 0, 1999 * 13 + 600).count)
    }

    func testInsetColumnIsCentredAndCappedAndRoundedAtEveryWidthByDefault() {
        let style = TableStyle()
        XCTAssertEqual(style.column(tableWidth: 1024).width, 675)
        XCTAssertEqual(style.column(tableWidth: 1024).x, (1024 - 675) / 2)
        XCTAssertEqual(style.column(tableWidth: 600).width, 600 - 36)
        XCTAssertEqual(style.column(tableWidth: 375).width, 375 - 36, "TORoundedTableView v0.2.1 rounds on iPhones too")
        XCTAssertEqual(style.effectiveCornerRadius(tableWidth: 375), 7)
        let fallback = TableStyle(roundsInCompactWidth: false)
        XCTAssertEqual(fallback.column(tableWidth: 375).width, 375, "the old size-class fallback: plain grouped, full width")
        XCTAssertEqual(fallback.effectiveCornerRadius(tableWidth: 375), 0)
    }

    func testASelectionMakesALayoutPassDueAndConfiguresTheCellInIt() {
        let provider = PlainProvider()
        let table = TableView(sections: sections([3]), size: Size(width: 800, height: 300), style: TableStyle(), provider: provider)
        table.layoutSubviews()
        XCTAssertFalse(table.needsLayout)
        provider.configured = []
        table.selectRow(at: IndexPath(row: 1, section: 0))
        XCTAssertTrue(table.needsLayout, "UIKit's setSelected marks the cell as needing layout")
        XCTAssertEqual(provider.configured, [], "nothing is configured while the event is delivered")
        XCTAssertTrue(table.cellForRow(at: IndexPath(row: 1, section: 0))!.isSelected)
        table.updateVisibleCells()
        XCTAssertEqual(provider.configured, [], "nor in the reuse phase")
        table.layoutVisibleCells()
        XCTAssertEqual(provider.configured, [IndexPath(row: 1, section: 0)], "the layout phase configures it, once")
    }

    func testAStyleChangeConfiguresEachVisibleCellOnceInTheLayoutPass() {
        let provider = PlainProvider()
        let table = TableView(sections: sections([3, 2]), size: Size(width: 800, height: 600), style: TableStyle(), provider: provider)
        table.layoutSubviews()
        provider.configured = []
        table.setStyle(TableStyle(cornerRadius: 10))
        XCTAssertEqual(provider.configured, [])
        table.layoutSubviews()
        XCTAssertEqual(provider.configured, table.visibleCells.keys.sorted())
    }

    func testContentOffsetIsClampedToTheContent() {
        let table = TableView(sections: sections([10, 10]), size: Size(width: 800, height: 300), style: TableStyle(), provider: PlainProvider())
        table.setContentOffset(-40)
        XCTAssertEqual(table.contentOffset, 0)
        table.setContentOffset(1e9)
        XCTAssertEqual(table.contentOffset, table.maxContentOffset)
        table.setContentOffset(.nan)
        XCTAssertEqual(table.contentOffset, 0)
        table.setContentOffset(.infinity)
        XCTAssertEqual(table.contentOffset, table.maxContentOffset, "an overflowed scroll is at the end, not the start")
        table.setContentOffset(-.infinity)
        XCTAssertEqual(table.contentOffset, 0)
    }
}
