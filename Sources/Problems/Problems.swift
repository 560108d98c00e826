// Problems: what went wrong, each kind a value with its one sentence.
//
// Job: `BenchError` and the problems it carries (`UsageProblem` with `SelectionProblem`,
// `InputProblem` with `ReadFailure`, `OutputProblem` with `WriteFailure`, `ResourceProblem`,
// `IncomparableResults` with `DefinitionChange`), and the small values their messages name
// (`Shard`, `NameList`, `ToolBuild`). A throw site passes values; the type's `description` writes
// the sentence, and `BenchCLI.report` decides the exit code.
//
// May import: JSON (its `JSONProblem` and `JSONValue` appear in problems), Text. Nothing of
// results files, layers or tables, so rewording a message rebuilds only what shows it.
