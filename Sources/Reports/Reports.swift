// Reports: every rendering of results but their JSON.
//
// Job: the console's tables and verdict (`Console`, `Report+Console`, `Verdict`), Markdown, CSV and
// HTML with its charts, the gate's and a comparison's reports (`Report+Gate`,
// `Report+Comparison`, `Report+Limits`), and the exports (Bencher, github-action-benchmark,
// InfluxDB, Chrome trace) from one list of measures per row (`ExportMeasure`, `ExportJSON`).
//
// May import: Analysis, Results, Scenarios, JSON, Text, DeviceModel. Nothing of layers or tables.
