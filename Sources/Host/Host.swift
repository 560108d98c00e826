// Host: what the machine and the build are, read once per run.
//
// Job: `HostFingerprint.current(kernels:)` (the CPU, its caches, transparent huge pages, the kernels
// chosen), `Provenance.current(commandLine:kernels:)` (command line, git commit, compiler, target,
// kernel, memory, and the fingerprint), `ToolBuild.current` and `MachineInfo.current` (the tool's
// version and configuration, and the machine), `CornerBench` (the version and the compiler), and
// `PeakMemory` (the process's high-water mark, read when a run ends). The values they fill are
// Results'; nothing here knows a scenario or a run. The clock the run reads (`Stopwatch`) and
// `KernelBench` (which times `MemoryFloor`'s loops) stay in Harness: docs/architecture.md says why.
//
// May import: Raster, Results.
