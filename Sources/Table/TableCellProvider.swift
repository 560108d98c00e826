import Compositor
import Raster
import Scenarios

/// What a table asks of the code that draws its cells — UIKit's data source `cellForRow` plus
/// a table subclass's `layoutSubviews` override. A corner strategy is one.
///
/// Every call gets a `LayoutContext`, the provider's whole view of the table.
public protocol TableCellProvider: AnyObject {
    /// The reuse pool a row at `position` draws its cell from.
    func reuseIdentifier(for position: RowPosition) -> String
    /// A new cell for `reuseIdentifier` (called when its pool is empty).
    func makeCell(reuseIdentifier: String, in context: LayoutContext) -> Cell
    /// Prepares `cell` to show the row at `indexPath` (its frame is already set).
    func configure(_ cell: Cell, at indexPath: IndexPath, position: RowPosition, in context: LayoutContext)
    /// Runs at the end of every layout pass, after the visible cells were positioned.
    func tableDidLayout(_ context: LayoutContext)
}
