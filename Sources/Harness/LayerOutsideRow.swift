import Scenarios
import Table
import Text

/// A layer of a cell described as layers that reaches above or below the row it is drawn in (a
/// layer at y = 200 in a 44 pt row). Not an error: Core Animation draws it, over the neighbouring
/// rows, since a cell does not clip its content view, and the model draws it so too; but it is
/// seldom meant (a frame typed wrong, a cell exported from a taller row), so a run says so once,
/// naming the layer, and goes on.
public struct LayerOutsideRow: Equatable, Sendable, CustomStringConvertible {
    /// The layer's path in the cell's description: `layers[3]`, `layers[1].sublayers[0]`.
    public var path: String
    /// The layer's `name`, nil when it has none.
    public var name: String?
    /// Where the layer reaches, points from the row's top (negative: above it).
    public var top: Double, bottom: Double
    /// The height of the rows it is drawn in, points.
    public var rowHeight: Double

    public init(path: String, name: String?, top: Double, bottom: Double, rowHeight: Double) {
        self.path = path
        self.name = name
        self.top = top
        self.bottom = bottom
        self.rowHeight = rowHeight
    }

    /// The sentence, after "Warning: ".
    public var description: String {
        let layer = name.map { "'\(Escape.message($0))' (\(path))" } ?? path
        return "layer \(layer) of the cell reaches from y = \(Format.number(top)) to \(Format.number(bottom)) pt, outside its "
            + "\(Format.number(rowHeight)) pt row: Core Animation draws it over the neighbouring rows, and so does this run; "
            + "move it into the row, or give the cell file the row's height (rowHeight) or the run --row-height."
    }
}

extension Scenario {
    /// The layers of the scenario's cells described as layers that reach outside its rows
    /// (`CellDescription.layersOutside(rowHeight:)`), each cell once, in the order of its rows.
    public var layersOutsideRows: [LayerOutsideRow] {
        var seen: [CellDescription] = []
        var out: [LayerOutsideRow] = []
        for case .layers(let cell) in content.cells where !seen.contains(cell) {
            seen.append(cell)
            out += cell.layersOutside(rowHeight: rowHeight).map {
                LayerOutsideRow(path: $0.path, name: $0.name, top: $0.top, bottom: $0.bottom, rowHeight: rowHeight)
            }
        }
        return out
    }
}
