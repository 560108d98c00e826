// Harness: runs scenarios and measures them.
//
// Job: `Device` (the catalogue of screens, `Device+Time` prices a run on its GPU), `Scenario` (a
// screen, a table, a scroll and events; `Scenario+Definition`), `Simulation` (one scenario with one
// strategy, stepped by `TableFrames` with each phase timed), `RunPlan`, `Runner` (warm-ups, rounds,
// strategies in lockstep with the memory floor's turns), `ScenarioMeasurement`, `MemoryFloor`,
// `FrameMemory` and `WorkEstimate` (a run's memory and work, bounded before it starts),
// `Stopwatch`, `KernelBench`, and the host's fingerprint and provenance. Pictures of frames are
// the Pictures module's, counting under valgrind the Callgrind module's: both step a `Simulation`
// from here.
//
// May import: Strategies, Table, Compositor, Raster, Results, Scenarios, Problems, JSON, Text,
// DeviceModel.
