// Scenarios: a scenario's definition as a typed value, beneath the results that record it.
//
// Job: `ScenarioDefinition` (the device, the table, its style, content or cell, scroll, events
// and overlays a scenario was run with, as results record it, down to each layer's properties
// (`ScenarioDefinition.Layer`, typed fields mirroring the model's `LayerDescription`): read from
// and written to JSON in one place, compared field by field, its events' labels made from it),
// `RecordedDefinition` (a definition as a results file holds it: typed, or the older prose), and
// `EventLabel` (the words of an event).
//
// May import: JSON and Text. Nothing of layers or tables: Results stores this value and
// Analysis and Reports read it without linking the model; Harness makes it from the model's
// own types (`Scenario.definition`), so dependencies point one way.
