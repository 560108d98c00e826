// JSON: the one strict parser and the one typed reader.
//
// Job: `StrictJSON` parses a document and fails with line and column (`JSONSyntaxError`);
// `JSONNode` reads it by type, so a wrong type, a missing, unknown or duplicate key is a
// `JSONProblem` that names the key path (`JSONKeyPath`): "file: key.path: expected what, got what".
// Results files, scenario, suite and cell files are all read through it.
//
// May import: Text.
