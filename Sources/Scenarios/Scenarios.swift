// Scenarios: a scenario's definition as a typed value, beneath the results that record it.
//
// Job: `ScenarioDefinition` (the device, the table, its style, content or cell, scroll, events
// and overlays a scenario was run with, as results record it: read from and written to JSON in
// one place, compared field by field, its events' labels made from it); the model's cell and
// layer values it holds (`CellDescription`, `LayerDescription`, `LayerContents`, `ImageContent`,
// `TextContent`, `MaskShape`, `RoundedRectShape`, `ShadowDescription`, `BorderDescription`),
// which Table builds layers from and whose JSON is written here (`LayerDescription+JSON`); the
// table's and the scenario's values the definition records as they are (`TableStyle`,
// `ContentPattern` of `CellContent` and `RowContent`, `IndexPath`, `ScrollMotion`,
// `ScenarioEvent`), whose JSON, and which kind of content a pattern is written as, are decided
// here too; `RecordedDefinition` (a definition as a results file holds it: typed, or the older
// prose), and `EventLabel` (the words of an event).
//
// May import: Raster (`Color`, `Rect`, `Point`, `Size`, `Backdrop`), JSON and Text. Nothing of
// layers' rendering or tables: Results stores this value and Analysis and Reports read it without
// linking the compositor or the table; Table describes its cells with its types, and Harness
// assembles a definition from the scenario's fields (`Scenario.definition`), so dependencies
// point one way.
