// Analysis: what a set of results means.
//
// Job: the gate (`Gate`: its policy in Gate.swift, its findings as data in Gate+Findings.swift,
// `GateWarning`), limits a CI sets (`LimitCheck`), comparisons of two runs (`Comparison`,
// `ComparisonNote`) with their statistics (`MannWhitney`, `ReferenceTest`), and merging shards and
// processes into one result (`Results+Merge`, `Results+Processes`, `MergeNote`).
//
// May import: Results, Scenarios, Problems, JSON, Text. Nothing of the compositor or tables: a
// results file is gated by code that links of the model only Raster's values (through Scenarios).
