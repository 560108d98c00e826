// Harness: runs scenarios and measures them.
//
// Job: `Device` (the catalogue of screens, `Device+Time` prices a run on its GPU), `Scenario` (a
// screen, a table, a scroll and events; `Scenario+Definition`), `Simulation` (one scenario with one
// strategy, stepped by `TableFrames` with each phase timed), `RunPlan`, `Runner` (warm-ups, rounds,
// strategies in lockstep with the memory floor's turns), `ScenarioMeasurement`, `MemoryFloor`,
// `Stopwatch`, `FramePicture` (frames, overlays and their legends), `KernelBench`,
// `CountedPairs` and `CallgrindProfile` (the child side of counting under valgrind), and the
// host's fingerprint and provenance.
//
// May import: Strategies, Table, Compositor, Raster, Results, Scenarios, Problems, JSON, Text,
// DeviceModel.
