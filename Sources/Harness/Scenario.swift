import Devices
import Raster
import Scenarios
import Table

/// One benchmark situation: a device, a table, its style and how it scrolls (a scenario file,
/// docs/scenario-files.md).
public struct Scenario: Hashable, Sendable {
    /// The scenario's name in results and on the command line.
    public var name: String
    /// The screen.
    public var device: Device
    /// Number of sections.
    public var sections: Int
    /// Rows per section, repeated cyclically over the sections.
    public var rowsPerSection: [Int]
    /// Height of every row, points.
    public var rowHeight: Double
    /// Section header height, points.
    public var headerHeight: Double
    /// Section footer height, points.
    public var footerHeight: Double
    /// Points at the top and at the bottom of the screen outside the table's frame (an opaque
    /// navigation bar or tab bar the table does not scroll under): the table is the screen's
    /// width and its height less both, `tableTop` from the top. What lies there is the
    /// overlays'. 0 by default, the table filling the screen.
    public var tableTop: Double = 0, tableBottom: Double = 0
    /// Corner radius, inset, column width and colours.
    public var style: TableStyle
    /// What the rows and section labels show; Settings by default.
    public var content: ContentPattern
    /// Points scrolled per step (constant scrolling; `bench render --step K` shows the frame at
    /// offset K × pointsPerStep).
    public var pointsPerStep: Double
    /// How the table scrolls; nil means constant scrolling at `pointsPerStep` from the top.
    public var motion: ScrollDriver.Motion?
    /// Things that happen at given steps: style changes, resizes, selections.
    public var events: [ScenarioEvent] = []
    /// Layers drawn above the table, fixed to the screen, back to front (an app's navigation bar
    /// and tool bar, which may blur what scrolls beneath them: `LayerDescription.backdrop`);
    /// frames in screen points. They do not scroll: each frame draws them after the table, and
    /// what they cost is the frame's, no cell's. None by default.
    public var overlays: [LayerDescription] = []
    /// Steps measured.
    public var steps: Int
    /// Steps run once before measuring, on a separate table, to warm code and caches.
    public var warmupSteps: Int

    /// What a scenario has where neither `init`'s caller nor a scenario file says otherwise: one
    /// source for both, so a file that leaves a key out runs the scenario `init` would build.
    public enum Defaults {
        /// Height of every row, points (a UIKit grouped table's).
        public static let rowHeight = 44.0
        /// Section header height, points.
        public static let headerHeight = 35.0
        /// Section footer height, points.
        public static let footerHeight = 18.0
        /// What the rows and section labels show.
        public static let content = ContentPattern.settings
        /// Points scrolled per step of a constant scroll.
        public static let pointsPerStep = 12.0
        /// Steps run before measuring.
        public static let warmupSteps = 10
    }

    public init(name: String, device: Device, sections: Int, rowsPerSection: [Int], rowHeight: Double = Defaults.rowHeight,
                headerHeight: Double = Defaults.headerHeight, footerHeight: Double = Defaults.footerHeight,
                style: TableStyle = TableStyle(), content: ContentPattern = Defaults.content,
                pointsPerStep: Double = Defaults.pointsPerStep, motion: ScrollDriver.Motion? = nil, steps: Int,
                warmupSteps: Int = Defaults.warmupSteps, events: [ScenarioEvent] = [], overlays: [LayerDescription] = [],
                tableTop: Double = 0, tableBottom: Double = 0) {
        self.name = name
        self.device = device
        self.sections = sections
        self.rowsPerSection = rowsPerSection
        self.rowHeight = rowHeight
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
        self.style = style
        self.content = content
        self.pointsPerStep = pointsPerStep
        self.steps = steps
        self.warmupSteps = warmupSteps
        self.motion = motion
        self.events = events
        self.overlays = overlays
        self.tableTop = tableTop
        self.tableBottom = tableBottom
    }

    /// Whether the table's frame is the whole screen (neither `tableTop` nor `tableBottom`).
    public var fillsScreen: Bool { tableTop == 0 && tableBottom == 0 }

    /// The table's frame on the screen, points: full width, between `tableTop` and `tableBottom`.
    public var tableFrame: Rect {
        Rect(x: 0, y: tableTop, width: device.width, height: device.height - tableTop - tableBottom)
    }

    /// The table's sections.
    public var sectionSpecs: [SectionSpec] {
        guard !rowsPerSection.isEmpty else { return [] }
        return (0..<sections).map {
            SectionSpec(rows: rowsPerSection[$0 % rowsPerSection.count], rowHeight: rowHeight,
                        headerHeight: headerHeight, footerHeight: footerHeight)
        }
    }

    /// The total number of rows, counted without making the sections (ten million of them are
    /// 320 MB, which a memory check must not need before it runs).
    /// - Complexity: O(`rowsPerSection.count`).
    public var rowCount: Int {
        guard !rowsPerSection.isEmpty else { return 0 }
        let cycle = rowsPerSection.reduce(0, +)
        let partial = rowsPerSection.prefix(sections % rowsPerSection.count).reduce(0, +)
        return (sections / rowsPerSection.count) * cycle + partial
    }

    /// The scroll driver for this scenario's table (`geometry` resolves a jump to a row).
    public func scroll(in geometry: TableGeometry) -> ScrollDriver {
        ScrollDriver(motion ?? .constant(pointsPerStep: pointsPerStep), refreshHz: device.refreshHz, geometry: geometry)
    }

    /// "ipad-settings", what `swift run bench` runs: an iPad Pro 12.9" (1024 × 1366 pt at 2×,
    /// 120 Hz) showing 30 sections of mixed sizes, single-row sections among them, in
    /// TORoundedTableView's default style (radius 7, inset 18, column ≤ 675 pt), scrolled at
    /// 12 pt per frame (1,440 pt/s) for 180 frames (1.5 s, 2,160 pt) through the content, after
    /// 10 warm-up frames: 30 moved no strategy's median step beyond the spread between processes
    /// (docs/measurements.md) and cost 6 % of a default run.
    public static let ipadSettings = Scenario(
        name: "ipad-settings", device: Device.named("ipad-pro-12.9")!, sections: 30,
        rowsPerSection: [1, 3, 8, 2, 5, 1, 4, 6], steps: 180, warmupSteps: 10)

    /// Built-in scenarios by name.
    public static let builtIn: [Scenario] = [ipadSettings]

    /// The built-in scenario called `name`, or nil.
    public static func named(_ name: String) -> Scenario? { builtIn.first { $0.name == name } }
}
