// Text: how numbers and names are written for people.
//
// Job: `Format` (grouped integers, fixed decimals, microseconds, percentages), `Escape` (control
// characters made visible, long names shortened) and `Suggestion` ("did you mean …?"), so every
// message and report writes a number or a name the same way.
//
// May import: nothing but the standard library.
