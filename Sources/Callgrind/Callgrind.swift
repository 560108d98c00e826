// Callgrind: instructions counted under valgrind, the child's side.
//
// Job: `CountedPairs`, what a child `bench` run under valgrind's callgrind does (each scenario and
// strategy pair alone between two `boundary` calls, after which callgrind dumps its counts), and
// `CallgrindProfile`, which reads a dump's inclusive cost per function. The parent, which starts
// the children and turns their dumps into results, is BenchCLI's `InstructionCounter`: it needs the
// command line's child processes (`ChildProcess`, `InterruptState`).
//
// May import: Harness (the pairs step its `Simulation`), Strategies, Table, Raster, Results,
// Problems.
