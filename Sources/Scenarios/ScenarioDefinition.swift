/// What a scenario was run with, as results record it: everything that decides what is drawn and
/// how the table scrolls (the measured step count is recorded per run and can be overridden, so
/// it is not part of it), in the units and names of scenario and cell files. Harness makes it
/// (`Scenario.definition`); Results stores it (`Results.scenarioDefinitions`); a gate compares
/// two field by field (`differences(to:)`) to refuse runs of differently defined scenarios, and
/// reports read its properties.
///
/// Its JSON (`json`, read back by `init(node:)`) is the one written since definitions had typed
/// fields:
///
///     {"device": {"name": "iphone-se", "width": 375, "height": 667, "scale": 2, "refreshHz": 60, "ios": 17},
///      "sections": 30, "rowsPerSection": [1, 3, 8], "rowHeight": 44, "headerHeight": 35,
///      "footerHeight": 18, "style": {"cornerRadius": 10, …}, "content": {"kind": "cell",
///      "cell": {"layers": [{"frame": {…}, "cornerRadius": 8}], "separatorInset": 16},
///      "header": 20, "footer": 40}, "scroll": {"kind": "constant", "pointsPerStep": 12},
///      "events": [{"atStep": 20, "style": {…}}, {"atStep": 35, "select": {"section": 1, "row": 2}}],
///      "warmupSteps": 5}
///
/// with `"overlays": [{"frame": {…}, "backgroundColor": "#F9F9F9CC", "backdrop": {"radius": 20, "tint": "#FFCC0080"}}]`
/// when the scenario has layers above the table.
public struct ScenarioDefinition: Hashable, Sendable {
    /// The screen: its catalogue name (or a file's), size in points, scale, refresh rate and iOS.
    public struct Device: Hashable, Sendable {
        /// The catalogue name, a file's own, or "custom".
        public var name: String
        /// Width and height in points.
        public var width: Double, height: Double
        /// Pixels per point.
        public var scale: Double
        /// Frames per second.
        public var refreshHz: Double
        /// The iOS major version whose rules decided the passes; nil in files written before
        /// devices had one.
        public var ios: Int?

        /// A screen as a definition records it.
        public init(name: String, width: Double, height: Double, scale: Double, refreshHz: Double, ios: Int?) {
            self.name = name
            self.width = width
            self.height = height
            self.scale = scale
            self.refreshHz = refreshHz
            self.ios = ios
        }
    }

    /// The table's style, colours as `#RRGGBB` or `#RRGGBBAA` (`Color.hexString`).
    public struct Style: Hashable, Sendable {
        /// Corner radius of each section's column, points.
        public var cornerRadius: Double
        /// Minimum gap between the column and the table's sides, points.
        public var sideInset: Double
        /// The widest the column grows, points.
        public var maxColumnWidth: Double
        /// The grouped background, the cells' colour and a selected cell's.
        public var backgroundColor: String, cellColor: String, selectedColor: String
        /// Whether a compact-width table is rounded too.
        public var roundsInCompactWidth: Bool
        /// Whether labels draw an opaque background.
        public var opaqueLabels: Bool

        /// A style, every property given.
        public init(cornerRadius: Double, sideInset: Double, maxColumnWidth: Double, backgroundColor: String, cellColor: String,
                    selectedColor: String, roundsInCompactWidth: Bool, opaqueLabels: Bool) {
            self.cornerRadius = cornerRadius
            self.sideInset = sideInset
            self.maxColumnWidth = maxColumnWidth
            self.backgroundColor = backgroundColor
            self.cellColor = cellColor
            self.selectedColor = selectedColor
            self.roundsInCompactWidth = roundsInCompactWidth
            self.opaqueLabels = opaqueLabels
        }
    }

    /// A row by section and row index.
    public struct Row: Hashable, Sendable {
        /// The section, from 0.
        public var section: Int
        /// The row within it, from 0.
        public var row: Int

        /// Row `row` of section `section`.
        public init(section: Int, row: Int) {
            self.section = section
            self.row = row
        }
    }

    /// How the table scrolls, as a scenario file's `scroll` names it (without the steps).
    public enum Scroll: Hashable, Sendable {
        /// The same distance every step, points.
        case constant(pointsPerStep: Double)
        /// A fling from `velocity` points per second, multiplied by `deceleration` each millisecond.
        case fling(velocity: Double, deceleration: Double)
        /// A jump to an offset, points.
        case jumpToOffset(Double)
        /// A jump to a row.
        case jumpToRow(Row)
    }

    /// Something that happens at a step.
    public struct Event: Hashable, Sendable {
        /// What happens.
        public enum Action: Hashable, Sendable {
            /// The style becomes this one (a file's `set`, resolved against the style before it).
            case style(Style)
            /// The table's container changes size, points.
            case resize(width: Double, height: Double)
            /// A row is selected.
            case select(Row)
        }

        /// The step at whose start it happens.
        public var atStep: Int
        /// What happens.
        public var action: Action

        /// `action` at the start of step `atStep`.
        public init(atStep: Int, action: Action) {
            self.atStep = atStep
            self.action = action
        }
    }

    /// The screen.
    public var device: Device
    /// Number of sections.
    public var sections: Int
    /// Rows per section, repeated cyclically over the sections.
    public var rowsPerSection: [Int]
    /// Height of every row, of section headers and of footers, points.
    public var rowHeight: Double, headerHeight: Double, footerHeight: Double
    /// Corner radius, inset, column width and colours.
    public var style: Style
    /// What the rows show.
    public var content: Content
    /// How the table scrolls.
    public var scroll: Scroll
    /// What happens at given steps, in the order listed.
    public var events: [Event]
    /// Steps run before measuring.
    public var warmupSteps: Int
    /// The layers drawn above the table, fixed to the screen, back to front, as a scenario file's
    /// `overlays` gives them (a layer's `backdrop` as `{"radius": r, "tint": "#hex"}`); empty for
    /// a scenario without any, whose JSON then has no `overlays` key, as before they existed.
    public var overlays: [LayerDescription]

    /// A definition, every field given (`Scenario.definition` makes one from a scenario); no
    /// overlays unless `overlays` says.
    public init(device: Device, sections: Int, rowsPerSection: [Int], rowHeight: Double, headerHeight: Double, footerHeight: Double,
                style: Style, content: Content, scroll: Scroll, events: [Event], warmupSteps: Int, overlays: [LayerDescription] = []) {
        self.device = device
        self.sections = sections
        self.rowsPerSection = rowsPerSection
        self.rowHeight = rowHeight
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
        self.style = style
        self.content = content
        self.scroll = scroll
        self.events = events
        self.warmupSteps = warmupSteps
        self.overlays = overlays
    }
}
