import Compositor
import Raster
import Scenarios
import Table

/// A table for a strategy test: its sections, screen, style, content and scroll, as a value, so a
/// test can vary one of them and run the same table under every strategy.
///
/// The Strategies-layer counterpart of a scenario, without what only the harness needs (a name,
/// a device catalogue, events, warm-up): tests of what a strategy does on a table build only the
/// model.
public struct TableSetup: Hashable, Sendable {
    /// The sections, top to bottom.
    public var sections: [SectionSpec]
    /// The screen's width in points.
    public var width: Double
    /// The screen's height in points.
    public var height: Double
    /// Pixels per point.
    public var scale: Double
    /// The table's style.
    public var style: TableStyle
    /// What the rows and section labels show.
    public var content: ContentPattern
    /// How the content offset moves, step by step.
    public var motion: ScrollDriver.Motion
    /// Frames per second: the time of step n, which the rasterization cache ages by, is n / refreshHz.
    public var refreshHz: Double

    public init(sections: [SectionSpec], width: Double = 600, height: Double = 400, scale: Double = 2,
                style: TableStyle = TableStyle(), content: ContentPattern = .none,
                motion: ScrollDriver.Motion = .constant(pointsPerStep: 12), refreshHz: Double = 120) {
        self.sections = sections
        self.width = width
        self.height = height
        self.scale = scale
        self.style = style
        self.content = content
        self.motion = motion
        self.refreshHz = refreshHz
    }

    /// `count` sections whose row counts cycle through `rows` (as a scenario's `rowsPerSection`),
    /// with UIKit's grouped heights unless given.
    public static func sections(_ count: Int, rows: [Int], rowHeight: Double = 44, headerHeight: Double = 35,
                                footerHeight: Double = 18) -> [SectionSpec] {
        guard !rows.isEmpty else { return [] }
        return (0..<count).map {
            SectionSpec(rows: rows[$0 % rows.count], rowHeight: rowHeight, headerHeight: headerHeight, footerHeight: footerHeight)
        }
    }

    /// One section of `rows` rows that stays fully on screen (600 × 400 pt) while the content
    /// scrolls `pointsPerStep` per step: a tall footer makes the content scrollable. Empty cells
    /// by default, so a strategy's own cost is the whole figure.
    public static func singleSection(rows: Int = 3, radius: Double = 7, scale: Double = 2, pointsPerStep: Double = 2,
                                     content: ContentPattern = .none) -> TableSetup {
        TableSetup(sections: sections(1, rows: [rows], headerHeight: 60, footerHeight: 400), scale: scale,
                   style: TableStyle(cornerRadius: radius), content: content, motion: .constant(pointsPerStep: pointsPerStep))
    }

    /// A long table of mixed sections for scrolling and reuse tests (empty cells by default).
    public static func longTable(sections count: Int = 200, width: Double = 600, height: Double = 400,
                                 pointsPerStep: Double = 10, content: ContentPattern = .none) -> TableSetup {
        TableSetup(sections: sections(count, rows: [1, 3, 8, 2, 0, 5]), width: width, height: height, content: content,
                   motion: .constant(pointsPerStep: pointsPerStep))
    }

    /// The total number of rows.
    public var rowCount: Int { sections.reduce(0) { $0 + $1.rows } }

    /// The screen in pixels.
    public var pixelSize: PixelSize { Rect(x: 0, y: 0, width: width, height: height).pixelRect(scale: scale).size }
}
