/// What a scenario was run with, as results record it: everything that decides what is drawn and
/// how the table scrolls (the measured step count is recorded per run and can be overridden, so
/// it is not part of it), as the model's own values (`TableStyle`, `ContentPattern`, `ScrollMotion`,
/// `ScenarioEvent`, `CellDescription`, `LayerDescription`), written in the units and names of
/// scenario and cell files. Harness makes it
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

    /// The screen.
    public var device: Device
    /// Number of sections.
    public var sections: Int
    /// Rows per section, repeated cyclically over the sections.
    public var rowsPerSection: [Int]
    /// Height of every row, of section headers and of footers, points.
    public var rowHeight: Double, headerHeight: Double, footerHeight: Double
    /// Corner radius, inset, column width and colours.
    public var style: TableStyle
    /// What the rows show.
    public var content: ContentPattern
    /// How the table scrolls.
    public var scroll: ScrollMotion
    /// What happens at given steps, in the order listed.
    public var events: [ScenarioEvent]
    /// Steps run before measuring.
    public var warmupSteps: Int
    /// The layers drawn above the table, fixed to the screen, back to front, as a scenario file's
    /// `overlays` gives them (a layer's `backdrop` as `{"radius": r, "tint": "#hex"}`); empty for
    /// a scenario without any, whose JSON then has no `overlays` key, as before they existed.
    public var overlays: [LayerDescription]
    /// Points of the screen above and below the table's frame (`Scenario.tableTop`,
    /// `tableBottom`); 0 for a table filling the screen, whose JSON then has neither key.
    public var tableTop: Double, tableBottom: Double

    /// A definition, every field given (`Scenario.definition` makes one from a scenario); no
    /// overlays unless `overlays` says.
    public init(device: Device, sections: Int, rowsPerSection: [Int], rowHeight: Double, headerHeight: Double, footerHeight: Double,
                style: TableStyle, content: ContentPattern, scroll: ScrollMotion, events: [ScenarioEvent], warmupSteps: Int, overlays: [LayerDescription] = [],
                tableTop: Double = 0, tableBottom: Double = 0) {
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
        self.tableTop = tableTop
        self.tableBottom = tableBottom
    }
}
