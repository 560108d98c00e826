import BenchKit
let results = try Runner().run(scenarios: [Scenario.ipadSettings], strategies: ["none", "shared-corner-grid", "per-cell-mask", "rasterized-mask"])
print(results.comparisonTable())
