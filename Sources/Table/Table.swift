// Table: a UITableView with real cell reuse, drawn frame by frame.
//
// Job: `TableView` (prefix-sum row geometry, visible rows, `ReusePool`, the inset-grouped column,
// selection, style and size events), its cells (`Cell`; cells described as layers:
// `CellDescription` (Scenarios), built by `CellLayers`; the Settings row, Scenarios' `RowContent`,
// drawn by `RowContent.description`), `ScrollDriver` (where the scroll is at each frame, by
// Scenarios' `ScrollMotion`), and `TableFrames`, the one frame step (offset on the pixel grid,
// reuse and layout when due, render; a scenario's overlays, layers fixed above the table, built by
// `CellLayers` under its `root`) with its counters, `FrameStats` and `TableStats`. Corner
// strategies plug in as the table's `TableCellProvider`.
//
// May import: Compositor, Raster, Scenarios (`CellDescription`, `LayerDescription` and their
// parts, `TableStyle`, `ContentPattern`, `IndexPath`, `ScrollMotion`: the values a scenario's
// definition records; `TextContent.text(row:)` is here).
