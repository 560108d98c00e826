// Reports: every rendering of results but their JSON.
//
// Job: `Report`, the results as each format renders them, a file per format: the console's tables
// and verdict (`Report+Console`, `Verdict`, `Console`), Markdown, CSV, HTML with its charts, and
// the exports (Bencher, github-action-benchmark, InfluxDB, Chrome trace) from one list of measures
// per row (`ExportMeasure`, `ExportJSON`); and the gate's, a comparison's and the limits' reports,
// each beside the type it renders (`GateReport+Rendering`, `Comparison+Rendering`,
// `LimitCheck+Rendering`).
//
// May import: Analysis, Results, Scenarios, JSON, Text, DeviceModel. Nothing of layers or tables.
