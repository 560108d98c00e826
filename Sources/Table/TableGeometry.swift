import Compositor
import Raster
import Scenarios

/// One section of a table: its rows and the heights around them (points).
public struct SectionSpec: Hashable, Sendable {
    /// Number of rows; zero is a normal case (the section shows only its header and footer).
    public var rows: Int
    /// Height of every row of the section.
    public var rowHeight: Double
    /// Height of the header above the first row.
    public var headerHeight: Double
    /// Height of the footer below the last row.
    public var footerHeight: Double

    public init(rows: Int, rowHeight: Double = 44, headerHeight: Double = 35, footerHeight: Double = 18) {
        self.rows = rows
        self.rowHeight = rowHeight
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
    }
}

/// Where a row sits in its section, which decides the corners it shows.
public enum RowPosition: Hashable, Sendable {
    /// The first of several rows: rounded at the top.
    case top
    /// Neither first nor last: square.
    case middle
    /// The last of several rows: rounded at the bottom.
    case bottom
    /// The only row: rounded at all four corners.
    case single

    /// The position of `row` in a section of `count` rows.
    public init(row: Int, count: Int) {
        if count == 1 { self = .single } else if row == 0 { self = .top } else if row == count - 1 { self = .bottom } else { self = .middle }
    }

    /// The corners a row at this position rounds.
    public var corners: Corners {
        switch self {
        case .top: return .top
        case .middle: return []
        case .bottom: return .bottom
        case .single: return .all
        }
    }

    /// True for the first or last row of a section (a "cap").
    public var isCap: Bool { self != .middle }
}

/// The vertical layout of a table's content: where every section and row lies.
///
/// Row origins are prefix sums computed once, so the rows in a band of content are found by
/// binary search — O(log rows) per scroll step, never O(rows).
public struct TableGeometry: Sendable {
    /// The sections, as given.
    public let sections: [SectionSpec]
    /// Global index of each section's first row; one extra entry holds the total row count.
    public let firstRow: [Int]
    /// Top of each section (its header) in content coordinates.
    public let sectionTops: [Double]
    /// Top of every row, by global row index.
    private let rowTops: [Double]
    /// The section of every row, by global row index: O(1) index paths without a search.
    private let rowSections: [Int32]
    /// Total content height.
    public let contentHeight: Double

    /// Lays out `sections` from the top of the content.
    /// - Complexity: O(sections + rows).
    public init(sections: [SectionSpec]) {
        self.sections = sections
        var firstRow = [Int](), sectionTops = [Double](), rowTops = [Double](), rowSections = [Int32]()
        firstRow.reserveCapacity(sections.count + 1)
        sectionTops.reserveCapacity(sections.count)
        rowTops.reserveCapacity(sections.reduce(0) { $0 + max(0, $1.rows) })
        rowSections.reserveCapacity(rowTops.capacity)
        var y = 0.0
        for section in sections {
            firstRow.append(rowTops.count)
            sectionTops.append(y)
            y += section.headerHeight
            for _ in 0..<max(0, section.rows) {
                rowTops.append(y)
                rowSections.append(Int32(truncatingIfNeeded: sectionTops.count - 1))
                y += section.rowHeight
            }
            y += section.footerHeight
        }
        firstRow.append(rowTops.count)
        self.firstRow = firstRow
        self.sectionTops = sectionTops
        self.rowTops = rowTops
        self.rowSections = rowSections
        self.contentHeight = y
    }

    /// Total number of rows in all sections.
    public var rowCount: Int { rowTops.count }

    /// The index path of global row `index`.
    /// - Complexity: O(1).
    public func indexPath(ofGlobalRow index: Int) -> IndexPath {
        let section = Int(rowSections[index])
        return IndexPath(row: index - firstRow[section], section: section)
    }

    /// The global index of `indexPath`.
    public func globalRow(_ indexPath: IndexPath) -> Int { firstRow[indexPath.section] + indexPath.row }

    /// The row's top and height in content coordinates.
    public func rowExtent(_ indexPath: IndexPath) -> (top: Double, height: Double) {
        (rowTops[globalRow(indexPath)], sections[indexPath.section].rowHeight)
    }

    /// The global indices of the rows that intersect the content band `top ..< bottom`.
    ///
    /// `hint`, the answer for a nearby band (the previous frame's), makes the search start there
    /// and widen exponentially, so a scroll step costs O(log distance) and touches memory next to
    /// what the last step touched — flat however long the table is.
    /// - Complexity: O(log rows) without a hint; O(log |moved rows|) with one.
    public func rows(intersecting top: Double, _ bottom: Double, near hint: Int? = nil) -> Range<Int> {
        guard bottom > top, !rowTops.isEmpty else { return 0..<0 }
        // The last row starting at or above `top`, then past rows that end before it (a row in
        // the band's first section gap ends above `top`).
        var first = partition(from: hint) { $0 > top } - 1
        if first < 0 { first = 0 }
        while first < rowTops.count && rowBottom(first) <= top { first += 1 }
        let end = partition(from: first) { $0 >= bottom }
        return first < end ? first..<end : first..<first
    }

    /// The sections whose extent (header, rows and footer) intersects the content band
    /// `top ..< bottom`.
    /// - Complexity: O(log sections).
    public func sections(intersecting top: Double, _ bottom: Double) -> Range<Int> {
        guard bottom > top, !sections.isEmpty else { return 0..<0 }
        // The first section that ends below `top`, then the first that starts at or below `bottom`.
        var lo = 0, hi = sections.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sectionBottom(mid) > top { hi = mid } else { lo = mid + 1 }
        }
        let first = lo
        hi = sections.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sectionTops[mid] >= bottom { hi = mid } else { lo = mid + 1 }
        }
        return first..<max(first, lo)
    }

    /// The bottom of `section`'s footer in content coordinates.
    public func sectionBottom(_ section: Int) -> Double {
        section + 1 < sectionTops.count ? sectionTops[section + 1] : contentHeight
    }

    private func rowBottom(_ index: Int) -> Double {
        rowTops[index] + sections[Int(rowSections[index])].rowHeight
    }

    /// The first row index whose top satisfies `predicate` (false then true along the rows),
    /// searched outward from `start` when given.
    private func partition(from start: Int? = nil, _ predicate: (Double) -> Bool) -> Int {
        var lo = 0, hi = rowTops.count
        if let start, start >= 0, start < rowTops.count {
            // Gallop from the hint to bracket the answer, then bisect the bracket.
            var step = 1
            if predicate(rowTops[start]) {
                hi = start
                while hi - step > 0 && predicate(rowTops[hi - step]) { hi -= step; step *= 2 }
                lo = max(0, hi - step)
            } else {
                lo = start + 1
                while lo + step < rowTops.count && !predicate(rowTops[lo + step - 1]) { lo += step; step *= 2 }
                hi = min(rowTops.count, lo + step)
            }
        }
        while lo < hi {
            let mid = (lo + hi) / 2
            if predicate(rowTops[mid]) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }
}
