// Harness: the scenario and the run that measures it.
//
// Job: `Scenario` (a screen, a table, a scroll, events and overlays; `Scenario+Definition`, and the one
// whole-scenario check with its limits in `Scenario+Checks`), `Simulation` (one scenario with one strategy, stepped by
// `TableFrames` with each phase timed by `Stopwatch`), `RunPlan` (`PairSelection`, `NamePattern`),
// `Runner` (warm-ups, rounds, strategies in lockstep with the memory floor's turns),
// `ScenarioMeasurement` (a scenario's rounds made into rows, priced by `Device+Time`), `FixPricing`
// (a described cell's fixes, each a `CellVariant` run under `none`), `MemoryFloor`, `FrameMemory`,
// `WorkEstimate` and `CellEstimate` (a run's memory and work, bounded before it starts),
// `LayerOutsideRow`, `FaultInjection`, and `KernelBench` (`bench kernels`, which times the memory
// floor's own loops). The screens and their GPU pricing are the Devices module's, the machine and
// the build the Host module's; pictures of frames are the Pictures module's, counting under
// valgrind the Callgrind module's: both step a `Simulation` from here.
//
// May import: Devices, Host, Strategies, Table, Compositor, Raster, Results, Scenarios, Problems,
// JSON, Text. DeviceModel is reached through Devices: the run asks a `Device` for its price.
