import Harness
import JSON
import Scenarios
import Table
import Text

/// A scenario's `overlays`: layers drawn above the table, fixed to the screen, back to front (an
/// app's navigation bar and tool bar), each written as a cell's layer is and read by the same
/// parser (`decodeLayer`), frames in screen points. Only a top-level overlay layer may have a
/// `backdrop`, a blur of what scrolls beneath it (WWDC 2014 session 419's photos app, whose bars
/// are "tinted yellow, that's because there are blurs with these layers"); a cell's layer or an
/// overlay's sublayer with one is refused at its key.
extension ScenarioFile {
    /// The largest backdrop blur radius, points: as a shadow's (`maxShadowRadius`), more than any
    /// interface's blur uses, and a blur that stays within a few hundred pixels.
    static let maxBackdropRadius = maxShadowRadius

    /// The overlay layers of a scenario, an array of layer objects (it may be empty); names are
    /// unique among them, as in a cell.
    static func decodeOverlays(_ node: JSONNode) throws -> [LayerDescription] {
        var count = 0
        var named: [String: String] = [:]
        return try node.array(nonEmpty: false).map { try decodeLayer($0, place: .overlay, depth: 1, count: &count, named: &named) }
    }

    /// The overlays' limits, checked as each layer is met: at most `Scenario.maxOverlayLayers`
    /// layers in all, nested at most `Scenario.maxOverlayDepth` deep.
    static func checkOverlayLimits(_ node: JSONNode, depth: Int, count: Int) throws {
        guard count <= Scenario.maxOverlayLayers else {
            throw node.fail("more than \(Format.grouped(Scenario.maxOverlayLayers)) overlay layers; a scenario may have at most \(Format.grouped(Scenario.maxOverlayLayers))")
        }
        guard depth <= Scenario.maxOverlayDepth else {
            throw node.fail("overlay layers nested \(depth) deep; a scenario's overlays may nest at most \(Scenario.maxOverlayDepth)")
        }
    }

    /// Why a layer at `place` (not a top-level overlay) may not have a backdrop: the blur is of
    /// what lies behind a layer fixed to the screen, which a cell's layer, scrolling with its row,
    /// and an overlay's sublayer, over its own overlay, are not.
    static func backdropRefusal(_ place: LayerPlace) -> String {
        let rule = "a backdrop blur is allowed only on a scenario's overlay layers"
        return place == .overlaySublayer ? rule + ", not on their sublayers" : rule
    }

    /// `{"radius", "tint"}`, both required: a blur of `radius` points (0 to `maxBackdropRadius`)
    /// under `tint` (`#RRGGBB` or `#RRGGBBAA`), set as `layer`'s backdrop.
    static func decodeBackdrop(_ node: JSONNode, into layer: inout LayerDescription) throws {
        let f = try node.object(allowing: ["radius", "tint"], expected: "a backdrop object")
        let expected = "a number of points from 0 to \(Format.number(maxBackdropRadius))"
        let radius = try f.required("radius", expected).number(expected) { $0 >= 0 && $0 <= maxBackdropRadius }
        let tint = try f.required("tint", "a colour (\"#RRGGBB\" or \"#RRGGBBAA\")").color()
        layer.backdrop = .init(radius: radius, tint: tint)
    }
}
