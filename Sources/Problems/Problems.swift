// Problems: what went wrong, each kind a value with its one sentence.
//
// Job: `BenchError` and the problems it carries (`UsageProblem` with `SelectionProblem`,
// `InputProblem` with `ReadFailure`, `OutputProblem` with `WriteFailure`, `ResourceProblem`,
// `IncomparableResults` with `DefinitionChange`), and `NameList`, how their messages list names.
// A throw site passes values; the type's `description` writes the sentence, and `BenchCLI.report`
// decides the exit code. The values a message names but that are not problems (a results file's
// `ToolBuild`, a `Shard`) live with the results, and a problem carries them in words.
//
// May import: JSON (its `JSONProblem` and `JSONValue` appear in problems), Text. Nothing of
// results files, layers or tables, so rewording a message rebuilds only what shows it.
