import Raster
import Table

/// How a scenario scrolls (DESIGN.md §5 `scroll.kind`).
public enum ScrollMotion: Hashable, Sendable {
    /// A constant number of points per frame.
    case constant(pointsPerStep: Double)
    /// A fling at a velocity (points per second) with a deceleration rate per millisecond.
    case fling(velocity: Double, deceleration: Double)
    /// A jump to a content offset.
    case jumpToOffset(Double)
    /// A jump to a row (its top at the top of the screen, as far as the content allows).
    case jumpToRow(IndexPath)
}

/// Something that happens at a step of a scenario.
public struct ScenarioEvent: Hashable, Sendable {
    /// What happens.
    public enum Action: Hashable, Sendable {
        /// Style properties change (corner radius, inset, column width, colours).
        case set(StyleChange)
        /// The table's container changes size (a rotation or split view).
        case resize(width: Double, height: Double)
        /// A row is selected.
        case select(IndexPath)
    }

    /// The step at whose start it happens.
    public var atStep: Int
    /// What happens.
    public var action: Action

    public init(atStep: Int, action: Action) {
        self.atStep = atStep
        self.action = action
    }
}

/// Style properties an event changes; nil leaves one as it is.
public struct StyleChange: Hashable, Sendable {
    public var cornerRadius: Double?
    public var sideInset: Double?
    public var maxColumnWidth: Double?
    public var backgroundColor: Color?
    public var cellColor: Color?
    public var selectedColor: Color?

    public init(cornerRadius: Double? = nil, sideInset: Double? = nil, maxColumnWidth: Double? = nil,
                backgroundColor: Color? = nil, cellColor: Color? = nil, selectedColor: Color? = nil) {
        self.cornerRadius = cornerRadius
        self.sideInset = sideInset
        self.maxColumnWidth = maxColumnWidth
        self.backgroundColor = backgroundColor
        self.cellColor = cellColor
        self.selectedColor = selectedColor
    }

    /// `style` with these changes applied.
    public func applied(to style: TableStyle) -> TableStyle {
        var s = style
        if let cornerRadius { s.cornerRadius = cornerRadius }
        if let sideInset { s.sideInset = sideInset }
        if let maxColumnWidth { s.maxColumnWidth = maxColumnWidth }
        if let backgroundColor { s.backgroundColor = backgroundColor }
        if let cellColor { s.cellColor = cellColor }
        if let selectedColor { s.selectedColor = selectedColor }
        return s
    }
}

/// One benchmark situation: a device, a table, its style and how it scrolls (DESIGN.md §5).
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
    /// Corner radius, inset, column width and colours.
    public var style: TableStyle
    /// Points scrolled per step (constant scrolling; `bench render --step K` shows the frame at
    /// offset K × pointsPerStep).
    public var pointsPerStep: Double
    /// How the table scrolls; nil means constant scrolling at `pointsPerStep` from the top.
    public var motion: ScrollMotion?
    /// Things that happen at given steps: style changes, resizes, selections.
    public var events: [ScenarioEvent] = []
    /// Steps measured.
    public var steps: Int
    /// Steps run once before measuring, on a separate table, to warm code and caches.
    public var warmupSteps: Int

    public init(name: String, device: Device, sections: Int, rowsPerSection: [Int], rowHeight: Double = 44,
                headerHeight: Double = 35, footerHeight: Double = 18, style: TableStyle = TableStyle(),
                pointsPerStep: Double = 12, motion: ScrollMotion? = nil, steps: Int, warmupSteps: Int = 10,
                events: [ScenarioEvent] = []) {
        self.name = name
        self.device = device
        self.sections = sections
        self.rowsPerSection = rowsPerSection
        self.rowHeight = rowHeight
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
        self.style = style
        self.pointsPerStep = pointsPerStep
        self.steps = steps
        self.warmupSteps = warmupSteps
        self.motion = motion
        self.events = events
    }

    /// The table's sections.
    public var sectionSpecs: [SectionSpec] {
        guard !rowsPerSection.isEmpty else { return [] }
        return (0..<sections).map {
            SectionSpec(rows: rowsPerSection[$0 % rowsPerSection.count], rowHeight: rowHeight,
                        headerHeight: headerHeight, footerHeight: footerHeight)
        }
    }

    /// The total number of rows.
    public var rowCount: Int { sectionSpecs.reduce(0) { $0 + $1.rows } }

    /// The scroll motion for `geometry` (a jump to a row needs the row's offset).
    public func scroll(in geometry: TableGeometry) -> ScrollDriver {
        let hz = device.refreshHz
        switch motion ?? .constant(pointsPerStep: pointsPerStep) {
        case .constant(let pps): return ScrollDriver(.constant(pointsPerStep: pps, start: 0), refreshHz: hz)
        case .fling(let velocity, let deceleration):
            return ScrollDriver(.fling(velocity: velocity, deceleration: deceleration, start: 0), refreshHz: hz)
        case .jumpToOffset(let offset): return ScrollDriver(.jump(to: offset, start: 0), refreshHz: hz)
        case .jumpToRow(let row):
            let valid = row.section >= 0 && row.section < geometry.sections.count
                && row.row >= 0 && row.row < geometry.sections[row.section].rows
            return ScrollDriver(.jump(to: valid ? geometry.rowExtent(row).top : 0, start: 0), refreshHz: hz)
        }
    }

    /// "ipad-settings", what `swift run bench` runs: an iPad Pro 12.9" (1024 × 1366 pt at 2×,
    /// 120 Hz) showing 30 sections of mixed sizes, single-row sections among them, in
    /// TORoundedTableView's default style (radius 7, inset 18, column ≤ 675 pt), scrolled at
    /// 12 pt per frame (1,440 pt/s) through the content.
    public static let ipadSettings = Scenario(
        name: "ipad-settings", device: Device.named("ipad-pro-12.9")!, sections: 30,
        rowsPerSection: [1, 3, 8, 2, 5, 1, 4, 6], steps: 360, warmupSteps: 30)

    /// Built-in scenarios by name.
    public static let builtIn: [Scenario] = [ipadSettings]

    /// The built-in scenario called `name`, or nil.
    public static func named(_ name: String) -> Scenario? { builtIn.first { $0.name == name } }
}
