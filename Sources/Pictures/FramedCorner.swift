import Harness
import Raster
import Table

/// Where a picture of a scenario finds a rounded corner: a step whose frame shows a section's
/// rounded top or bottom edge, and the part of that frame around the edge's left corner.
///
/// The corners are what the strategies differ in, and they exist only where a section starts or
/// ends. A fixed step shows none when sections are longer than the screen (50 rows of 44 pt is
/// 2,200 pt, the iPad's screen 1,366 pt), and then the off-screen and raster overlays have nothing
/// to tint. The step is worked out from the table's geometry and the scroll, without drawing.
public struct FramedCorner: Equatable, Sendable {
    /// Which edge of a section's rows.
    public enum Edge: String, Sendable {
        /// The first row's top: the section's top corners.
        case top
        /// The last row's bottom: the section's bottom corners.
        case bottom
    }

    /// The step whose frame shows the edge.
    public var step: Int
    /// The section whose edge it is.
    public var section: Int
    /// Which of its edges.
    public var edge: Edge
    /// The edge's distance below the top of the screen, in points.
    public var screenY: Double
    /// The part of the frame, in device pixels, that a close-up shows: the edge's left corner
    /// with the header or footer beside it and the start of the cap row.
    public var closeUp: PixelRect

    /// The close-up's size in points: wide enough for the corner, the cap's icon and the start of
    /// its title, tall enough for the edge and what is on either side of it.
    public static let closeUpSize = Size(width: 120, height: 64)

    /// The first step of `scenario` from 1 on (then step 0) whose frame shows a section's rounded
    /// edge in the middle third of the screen, the edge closest to the middle; failing that, the
    /// first whose frame shows one anywhere with its corner whole. Nil when no frame of the first
    /// `steps` (default: the scenario's) shows an edge.
    ///
    /// Step 1 comes first because a raster overlay means something only after a frame (the cache
    /// then has something to hit) and because it shows a table that has started scrolling. The
    /// scenario's events (a resize, a style change) are applied as the scroll reaches them.
    /// - Complexity: O(steps × (events + log sections + sections on screen)).
    public static func find(in scenario: Scenario, steps: Int? = nil) -> FramedCorner? {
        let geometry = TableGeometry(sections: scenario.sectionSpecs)
        let scroll = scenario.scroll(in: geometry)
        let count = max(1, steps ?? scenario.steps)
        let order = Array(1..<max(1, count)) + [0]
        var fallback: FramedCorner?
        for step in order {
            let edges = visibleEdges(of: scenario, geometry: geometry, scroll: scroll, step: step)
            if let middle = edges.filter(\.inMiddleThird).min(by: { $0.fromMiddle < $1.fromMiddle }) { return middle.corner }
            if fallback == nil { fallback = edges.min { $0.fromMiddle < $1.fromMiddle }?.corner }
        }
        return fallback
    }

    /// The edges whose corners are whole on screen at `step`, with how far each is from the
    /// screen's middle.
    private static func visibleEdges(of scenario: Scenario, geometry: TableGeometry, scroll: ScrollDriver, step: Int)
        -> [(corner: FramedCorner, inMiddleThird: Bool, fromMiddle: Double)] {
        var size = scenario.tableFrame.size
        var style = scenario.style
        for event in scenario.events where event.atStep <= step {
            switch event.action {
            case .setStyle(let newStyle): style = newStyle
            case let .resize(width, height): size = Size(width: width, height: height)
            case .select: break
            }
        }
        // The offset as the simulation sets it: on the pixel grid, clamped to the content.
        let scale = scenario.device.scale
        let raw = (scroll.offset(atStep: step) * scale).rounded() / scale
        let offset = min(max(0, raw.isNaN ? 0 : raw), max(0, geometry.contentHeight - size.height))
        let radius = style.effectiveCornerRadius(tableWidth: size.width)
        let column = style.column(tableWidth: size.width)
        // A corner is whole on screen when the radius and a little of what is beside it fit.
        let margin = max(radius, 4) + 4
        // The table's frame on the screen, in pixels (the whole screen unless the scenario's table
        // leaves a band above or below it).
        let frameTop = scenario.tableTop
        let screen = PixelRect(x: 0, y: Int((frameTop * scale).rounded()), width: Int((size.width * scale).rounded()),
                               height: Int((size.height * scale).rounded()))
        var out: [(corner: FramedCorner, inMiddleThird: Bool, fromMiddle: Double)] = []
        for section in geometry.sections(intersecting: offset, offset + size.height) {
            let spec = geometry.sections[section]
            guard spec.rows > 0 else { continue }
            let top = geometry.sectionTops[section] + spec.headerHeight
            let bottom = geometry.sectionBottom(section) - spec.footerHeight
            for (edge, y) in [(Edge.top, top - offset), (Edge.bottom, bottom - offset)]
            where y >= margin && y <= size.height - margin {
                // The edge 3/8 of the way across the close-up from the header's or footer's side, so
                // most of it shows the cap row; 20 pt of background left of the corner, unless the
                // screen ends first (then the close-up moves, keeping its size).
                let above = edge == .top ? closeUpSize.height * 3 / 8 : closeUpSize.height * 5 / 8
                var area = Rect(x: column.x - 20, y: frameTop + y - above, width: closeUpSize.width, height: closeUpSize.height)
                    .pixelRect(scale: scale)
                area.x = max(0, min(area.x, screen.width - area.width))
                area.y = max(screen.y, min(area.y, screen.y + screen.height - area.height))
                let corner = FramedCorner(step: step, section: section, edge: edge, screenY: frameTop + y, closeUp: area.intersection(screen))
                let inMiddle = y >= size.height / 3 && y <= size.height * 2 / 3
                out.append((corner, inMiddle, abs(y - size.height / 2)))
            }
        }
        return out
    }
}
