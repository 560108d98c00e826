// Strategies: the ways of rounding a section's corners.
//
// Job: `CornerStrategy` (a `TableCellProvider` with a name and a description), one file per
// built-in strategy (`NoCorners`, `SharedCornerGrid`, `PerCellMask`, `RasterizedMask`,
// `RasterizedMaskStable`, `CornerRadiusClip`, `SectionBackground`, `Precomposited`,
// `UIKitInsetGrouped`), and `StrategyCatalog`, the built-in ones plus any a package adds
// (docs/custom-strategies.md). Every strategy draws the same picture; they differ in what it costs.
//
// May import: Table, Compositor, Raster, Scenarios (`TableStyle`, `IndexPath`, `ContentPattern`).
// Exported with them as the `Strategies` product.
