import Compositor
import Raster
import Scenarios

/// A table view model: a scrolling layer whose sublayers are the visible cells, taken from and
/// returned to reuse pools as rows enter and leave the screen.
///
/// A layout pass has two phases the runner times separately: `updateVisibleCells()` (reuse:
/// enqueue rows that left, dequeue and configure rows that entered) and `layoutVisibleCells()`
/// (layout: frames of the visible cells, then the provider's layout hook). `layoutSubviews()` runs
/// both, as UIKit does when the bounds change.
public final class TableView {
    /// Where the table, its cells and its provider count the layers, paths and images they create.
    public let ledger: Ledger
    /// The table's own counters since the last `takeStats()`: cell reuse and rows visited.
    public internal(set) var stats = TableStats()
    /// The scroll view's layer: fills the screen with the grouped background; its bounds origin
    /// is the content offset.
    public let layer: Layer
    /// The row layout.
    public private(set) var geometry: TableGeometry
    /// The inset-grouped style.
    public private(set) var style: TableStyle
    /// The table's size in points (the screen or its container).
    public private(set) var size: Size
    /// The cells on screen, by row.
    public private(set) var visibleCells: [IndexPath: Cell] = [:]
    /// The content offset (top of the visible band), points.
    public private(set) var contentOffset: Double = 0
    /// The global rows on screen after the last reuse pass (the next search starts there).
    private var visibleRange = 0..<0
    /// Bumped when cell frames may change (width, style, data): a layout pass re-frames only cells
    /// positioned under an older generation, so scrolling does not re-read the row geometry of
    /// every visible cell (which, for a million rows, is spread over megabytes).
    private var layoutGeneration = 0
    /// Cells waiting for reuse.
    public private(set) var reusePool = ReusePool()
    /// The provider of cells and layout (a corner strategy).
    public let provider: TableCellProvider
    /// What the rows and section labels show (the app's data source).
    public let content: ContentPattern
    /// Draws the content's bitmaps at the screen's scale.
    public let drawing: ContentDrawing
    private let sectionLabels = SectionLabels()
    /// Visible cells that an event (selection, style, size) changed, configured in the next
    /// layout pass.
    private var pendingConfiguration: Set<IndexPath> = []
    /// The selected rows.
    public private(set) var selectedRows: Set<IndexPath> = []
    /// True when a layout pass is due: a new table, a scroll, a resize or a style change — as
    /// UIKit's `setNeedsLayout`. Cleared by `layoutVisibleCells()`.
    public private(set) var needsLayout = true

    /// Creates a table of `sections` filling `size`, its rows showing `content` drawn at `scale`
    /// pixels per point.
    public convenience init(sections: [SectionSpec], size: Size, style: TableStyle, provider: TableCellProvider,
                            content: ContentPattern = .none, scale: Double = 2, ledger: Ledger = Ledger()) {
        self.init(geometry: TableGeometry(sections: sections), size: size, style: style, provider: provider,
                  content: content, scale: scale, ledger: ledger)
    }

    /// Creates a table with an already laid-out `geometry` (tables of one scenario share its
    /// arrays: a million rows are laid out once, not once per strategy), its bitmaps drawn by
    /// `kernels`.
    public init(geometry: TableGeometry, size: Size, style: TableStyle, provider: TableCellProvider,
                content: ContentPattern = .none, scale: Double = 2, ledger: Ledger = Ledger(),
                kernels: KernelChoice = .preferred) {
        self.ledger = ledger
        self.geometry = geometry
        self.style = style
        self.size = size
        self.provider = provider
        self.content = content
        self.drawing = ContentDrawing(scale: scale, ledger: ledger, kernels: kernels)
        self.layer = Layer(frame: Rect(origin: .zero, size: size), ledger: ledger)
        layer.backgroundColor = style.backgroundColor
        layer.isOpaque = true
        layer.masksToBounds = true
    }

    /// Returns the table's counters so far and resets them.
    public func takeStats() -> TableStats {
        defer { stats = TableStats() }
        return stats
    }

    /// The largest content offset: the content's bottom at the screen's bottom (0 when the content
    /// is shorter than the screen).
    public var maxContentOffset: Double { max(0, geometry.contentHeight - size.height) }

    /// Scrolls to `offset`, clamped to the content. Returns true when the offset changed (and so
    /// a layout pass is due, as a bounds change triggers `layoutSubviews`).
    @discardableResult
    public func setContentOffset(_ offset: Double) -> Bool {
        // An infinite offset (a scroll that overflowed) is the content's end, not its start.
        let clamped = min(max(0, offset.isNaN ? 0 : offset), maxContentOffset)
        guard clamped != contentOffset else { return false }
        contentOffset = clamped
        layer.boundsOrigin = Point(x: 0, y: clamped)
        needsLayout = true
        return true
    }

    /// Both phases of a layout pass.
    public func layoutSubviews() {
        updateVisibleCells()
        layoutVisibleCells()
    }

    /// The reuse phase: rows that left the screen give their cells back; rows that entered get a
    /// cell from the pools, positioned and configured.
    /// - Complexity: O(log rows + visible rows).
    public func updateVisibleCells() {
        let range = geometry.rows(intersecting: contentOffset, contentOffset + size.height, near: visibleRange.lowerBound)
        visibleRange = range
        let first = range.isEmpty ? nil : geometry.indexPath(ofGlobalRow: range.lowerBound)
        let last = range.isEmpty ? nil : geometry.indexPath(ofGlobalRow: range.upperBound - 1)
        func isVisible(_ p: IndexPath) -> Bool {
            guard let first, let last else { return false }
            return p >= first && p <= last
        }
        // Sorted, so the pools' order — and so which cell is reused — is the same every run.
        for indexPath in visibleCells.keys.sorted() where !isVisible(indexPath) {
            let cell = visibleCells.removeValue(forKey: indexPath)!
            cell.layer.removeFromSuperlayer()
            reusePool.enqueue(cell)
            pendingConfiguration.remove(indexPath)
        }
        if content.headerLength > 0 || content.footerLength > 0 {
            sectionLabels.update(geometry.sections(intersecting: contentOffset, contentOffset + size.height), geometry: geometry,
                                 content: content, column: style.column(tableWidth: size.width), table: layer, ledger: ledger,
                                 drawing: drawing)
        }
        guard let first else { return }
        var path = first
        for _ in range {
            // Advance over empty sections: the range only holds real rows.
            while path.row >= geometry.sections[path.section].rows { path = IndexPath(row: 0, section: path.section + 1) }
            if visibleCells[path] == nil { show(path) }
            path.row += 1
        }
    }

    /// The layout phase: every visible cell gets its frame in the column, then the provider's
    /// layout hook runs.
    /// - Complexity: O(visible rows) plus the provider's hook.
    public func layoutVisibleCells() {
        let column = style.column(tableWidth: size.width)
        for (indexPath, cell) in visibleCells where cell.layoutGeneration != layoutGeneration {
            cell.layer.frame = frame(of: indexPath, column: column)
            cell.layoutContentView()
            cell.layoutGeneration = layoutGeneration
            showContent(in: cell, at: indexPath)
        }
        configurePendingCells()
        provider.tableDidLayout(LayoutContext(self))
        needsLayout = false
    }

    /// Changes the style (radius, inset, colours); the next layout pass positions the visible
    /// cells in the new column and configures them again, as TORoundedTableView reloads its rows
    /// after a radius or colour change.
    /// - Complexity: O(visible rows).
    public func setStyle(_ newStyle: TableStyle) {
        guard newStyle != style else { return }
        style = newStyle
        layer.backgroundColor = newStyle.backgroundColor
        needsLayout = true
        layoutGeneration += 1
        reconfigureVisibleCells()
    }

    /// Resizes the table (a rotation or a split-view change), its frame's origin where it was: the
    /// column and the style's inset-or-plain choice follow the new width; the next layout pass
    /// updates the cells.
    public func setSize(_ newSize: Size) {
        guard newSize != size else { return }
        size = newSize
        layer.frame = Rect(origin: layer.frame.origin, size: newSize)
        needsLayout = true
        layoutGeneration += 1
        setContentOffset(contentOffset)
        let column = style.column(tableWidth: size.width)
        for (indexPath, cell) in visibleCells { cell.layer.frame = frame(of: indexPath, column: column) }
        reconfigureVisibleCells()
    }

    /// Replaces the table's sections (the data changed, as `reloadData`): every visible cell goes
    /// back to its pool, selections of rows that no longer exist are dropped, the offset is
    /// clamped to the new content, and the next layout pass shows the new rows.
    /// - Complexity: O(sections + rows) to lay the new rows out.
    public func reloadData(sections: [SectionSpec]) {
        geometry = TableGeometry(sections: sections)
        visibleRange = 0..<0
        layoutGeneration += 1
        for indexPath in visibleCells.keys.sorted() {
            let cell = visibleCells.removeValue(forKey: indexPath)!
            cell.layer.removeFromSuperlayer()
            reusePool.enqueue(cell)
        }
        pendingConfiguration.removeAll()
        selectedRows = selectedRows.filter {
            $0.section < sections.count && $0.row < sections[$0.section].rows
        }
        contentOffset = min(contentOffset, maxContentOffset)
        layer.boundsOrigin = Point(x: 0, y: contentOffset)
        needsLayout = true
    }

    /// Selects (or deselects) the row. A visible cell shows it after the next layout pass, which
    /// the selection makes due: UIKit's `setSelected` marks the cell as needing layout, and its
    /// selected background appears in `layoutSubviews`.
    public func selectRow(at indexPath: IndexPath, selected: Bool = true) {
        guard indexPath.section >= 0, indexPath.section < numberOfSections,
              indexPath.row >= 0, indexPath.row < numberOfRows(inSection: indexPath.section) else { return }
        if selected { selectedRows.insert(indexPath) } else { selectedRows.remove(indexPath) }
        if let cell = visibleCells[indexPath] {
            cell.isSelected = selected
            pendingConfiguration.insert(indexPath)
            needsLayout = true
        }
    }

    /// Every visible cell is configured again in the next layout pass.
    private func reconfigureVisibleCells() {
        pendingConfiguration.formUnion(visibleCells.keys)
    }

    /// Configures the visible cells an event changed, in index-path order (so the strategies
    /// create their layers in the same order every run).
    private func configurePendingCells() {
        guard !pendingConfiguration.isEmpty else { return }
        for indexPath in pendingConfiguration.sorted() {
            guard let cell = visibleCells[indexPath] else { continue }
            showContent(in: cell, at: indexPath)
            provider.configure(cell, at: indexPath, position: cell.position, in: LayoutContext(self))
        }
        pendingConfiguration.removeAll()
    }

    /// The visible cell of `indexPath`, or nil when the row is off screen or does not exist —
    /// as `cellForRow(at:)`.
    /// - Complexity: O(1).
    public func cellForRow(at indexPath: IndexPath) -> Cell? { visibleCells[indexPath] }

    /// The number of sections.
    public var numberOfSections: Int { geometry.sections.count }

    /// The number of rows in `section`.
    public func numberOfRows(inSection section: Int) -> Int { geometry.sections[section].rows }

    /// The row's frame in content coordinates.
    public func frameForRow(at indexPath: IndexPath) -> Rect {
        frame(of: indexPath, column: style.column(tableWidth: size.width))
    }

    /// The corner radius drawn at the table's current width (zero in the plain fallback).
    public var cornerRadius: Double { style.effectiveCornerRadius(tableWidth: size.width) }

    private func frame(of indexPath: IndexPath, column: (x: Double, width: Double)) -> Rect {
        let (top, height) = geometry.rowExtent(indexPath)
        return Rect(x: column.x, y: top, width: column.width, height: height)
    }

    /// The provider's reuse identifier for a row at `position`, and the row's cell class when the
    /// content has several (an app registers one identifier per cell class).
    private func reuseIdentifier(for position: RowPosition, row: Int) -> String {
        let identifier = provider.reuseIdentifier(for: position)
        return content.kindCount > 1 ? "\(identifier)#\(content.kind(ofRow: row))" : identifier
    }

    private func show(_ indexPath: IndexPath) {
        let position = RowPosition(row: indexPath.row, count: geometry.sections[indexPath.section].rows)
        let identifier = reuseIdentifier(for: position, row: geometry.globalRow(indexPath))
        let cell = reusePool.dequeue(identifier, stats: &stats) {
            provider.makeCell(reuseIdentifier: identifier, in: LayoutContext(self))
        }
        cell.indexPath = indexPath
        cell.position = position
        cell.isSelected = selectedRows.contains(indexPath)
        cell.layer.frame = frameForRow(at: indexPath)
        cell.layoutContentView()
        cell.layoutGeneration = layoutGeneration
        layer.addSublayer(cell.layer)
        visibleCells[indexPath] = cell
        showContent(in: cell, at: indexPath)
        provider.configure(cell, at: indexPath, position: position, in: LayoutContext(self))
        pendingConfiguration.remove(indexPath)
    }

    /// The app's part of configuring a cell: the row's content, laid out in the cell's current
    /// size, a Settings row's labels over the cell's colour when the style makes them opaque.
    /// A cell configured again for the same row, size, label background and separator (an event
    /// that changed only the sections' style) is left as it is: every value would be set to the
    /// one it has.
    private func showContent(in cell: Cell, at indexPath: IndexPath) {
        let global = geometry.globalRow(indexPath)
        guard let content = content.cell(global) else { return }
        let size = cell.layer.frame.size
        var background: Color?
        if case .settings = content, style.opaqueLabelBackgrounds {
            background = cell.isSelected ? style.selectedColor : style.cellColor
        }
        let configuration = CellLayers.Configuration(row: global, size: size, labelBackground: background,
                                                     separator: indexPath.row < geometry.sections[indexPath.section].rows - 1)
        if cell.contentLayers?.configuration == configuration { return }
        let description: CellDescription
        switch content {
        case .settings(let row):
            description = row.description(row: global, size: size, labelBackground: background, drawing: drawing)
        case .layers(let layers):
            description = layers
        }
        // A pool per cell class (`reuseIdentifier(for:row:)`), so a reused cell's layers fit.
        assert(cell.contentLayers?.fits(description) ?? true, "a cell of another class was dequeued for row \(indexPath)")
        let described: Bool
        if case .layers = content { described = true } else { described = false }
        let layers = cell.contentLayers ?? CellLayers(description, in: cell, ledger: ledger, attributed: described)
        cell.contentLayers = layers
        layers.apply(description, configuration, drawing: drawing)
    }
}
