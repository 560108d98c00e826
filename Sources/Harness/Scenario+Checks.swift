import Devices
import Scenarios
import Table
import Text

/// The one whole-scenario check (`Scenario.breach`) and the limits it holds a scenario to. A
/// scenario file is held to it once decoded (`ScenarioFile`, each breach at the key that set it),
/// and the command line's options once applied (`TableOptions`, each breach a usage error).
extension Scenario {
    /// The most rows a table may have in all: the table's geometry keeps a few words per row.
    public static let maxRows = 10_000_000
    /// The longest screen side, resize, row, header or footer, in pixels at the device's scale.
    /// Cells are drawn into bitmaps as large as themselves (precomposited caps, rasterized
    /// cells), so this keeps the largest at 2^26 pixels, a quarter of `Pixmap.maxPixelCount`.
    public static let maxPixelLength = 8192.0
    /// The most layers a scenario's overlays may have in all, nested ones included: as many as a
    /// cell may (`CellDescription.maxLayers`), far more than an app's bars hold, and few enough
    /// that no frame takes minutes. A scenario file is held to it as it reads `overlays` (each
    /// layer at its key, as a cell's); the command line's options never change the overlays.
    public static let maxOverlayLayers = CellDescription.maxLayers
    /// The deepest nesting of an overlay's sublayers, as a cell's (`CellDescription.maxDepth`).
    public static let maxOverlayDepth = CellDescription.maxDepth

    /// How a whole scenario breaks a rule the model holds every scenario to.
    public enum Breach: Equatable, Sendable {
        /// The device's iOS version `ios` is outside `range`, the versions it may be given
        /// (`Device.iosRange(_:)`: those it ran that the model knows).
        case iosOutOfRange(ios: Int, range: ClosedRange<Int>)
        /// The table has `rows` rows in all, more than `maximum` (`Scenario.maxRows`).
        case tooManyRows(rows: Int, maximum: Int)
        /// A row is `pixels` pixels tall at the device's scale (unrounded), more than `maximum`
        /// (`Scenario.maxPixelLength`).
        case rowAbovePixelLimit(pixels: Double, maximum: Double)
        /// The scroll jumps to `row`, which the table does not have: it has `sections` sections,
        /// and the row's section (nil when it does not exist) `rows` rows.
        case jumpOutsideTable(row: Scenarios.IndexPath, sections: Int, rows: Int?)
        /// A corner radius above half the row height (`Scenario.cornerRadiusBreach`).
        case cornerRadius(CornerRadiusBreach)
        /// The table's frame leaves no height: `top` and `bottom` points of a screen `height` tall.
        case noTableHeight(top: Double, bottom: Double, height: Double)
    }

    /// The first rule the scenario breaks, checked in this order: the device's iOS version, the
    /// rows in all, a row's height in pixels, a jump's row, the corner radius (the order the
    /// command line has always reported them in), then the height the table's frame leaves; nil
    /// when it keeps them all.
    ///
    /// The row count cannot overflow for a table a file or the options can give (at most
    /// `maxRows` sections of at most `maxRows` rows each).
    public var breach: Breach? {
        let iosRange = Device.iosRange(device.iosSupport)
        if !iosRange.contains(device.ios) { return .iosOutOfRange(ios: device.ios, range: iosRange) }
        let rows = rowCount
        if rows > Self.maxRows { return .tooManyRows(rows: rows, maximum: Self.maxRows) }
        let rowPixels = rowHeight * device.scale
        if rowPixels > Self.maxPixelLength { return .rowAbovePixelLimit(pixels: rowPixels, maximum: Self.maxPixelLength) }
        if case .jumpToRow(let row)? = motion {
            let rows = row.section < sections ? rowsPerSection[row.section % rowsPerSection.count] : nil
            guard let rows, row.row < rows else { return .jumpOutsideTable(row: row, sections: sections, rows: rows) }
        }
        if let radius = cornerRadiusBreach { return .cornerRadius(radius) }
        if tableTop + tableBottom >= device.height {
            return .noTableHeight(top: tableTop, bottom: tableBottom, height: device.height)
        }
        return nil
    }

    /// What `Breach.noTableHeight` says, in a file's problem and a usage error alike.
    public static func noTableHeight(top: Double, bottom: Double, height: Double) -> String {
        "the table's frame leaves no height: \(Format.number(top)) pt above it and \(Format.number(bottom)) pt below it "
            + "on a screen \(Format.number(height)) pt tall; top and bottom together must be less than the screen's height"
    }

    /// Where a scenario breaks the rule that a corner radius is at most half its row height.
    public struct CornerRadiusBreach: Equatable, Sendable {
        /// The `set` event whose style breaks it, by its index in `events`; nil for the
        /// scenario's own style.
        public var event: Int?
        /// The radius that breaks it, points.
        public var radius: Double
        /// The largest radius the rows allow (half the row height), points.
        public var limit: Double

        /// `radius` above `limit` in the style of `event` (nil: the scenario's own).
        public init(event: Int?, radius: Double, limit: Double) {
            self.event = event
            self.radius = radius
            self.limit = limit
        }
    }

    /// The rule that a table's corner radius is at most half its row height, the last part of
    /// `breach`: the scenario's style first, then each style event's in the order they apply;
    /// nil when every radius keeps it. Above it TORoundedTableView's corner grid would overlap
    /// itself while masks clamp the radius, so the strategies would no longer draw the same
    /// picture.
    public var cornerRadiusBreach: CornerRadiusBreach? {
        let limit = rowHeight / 2
        if style.cornerRadius > limit { return CornerRadiusBreach(event: nil, radius: style.cornerRadius, limit: limit) }
        for i in events.indices.sorted(by: { (events[$0].atStep, $0) < (events[$1].atStep, $1) }) {
            if case .setStyle(let set) = events[i].action, set.cornerRadius > limit {
                return CornerRadiusBreach(event: i, radius: set.cornerRadius, limit: limit)
            }
        }
        return nil
    }
}
