// swift-tools-version:6.0
import PackageDescription

/// The library modules are compiled with `-O` even in debug builds, because `swift run bench`
/// (debug) must measure optimized code; results record whether they were. `-disable-cmo`: with
/// cross-module inlining, incremental debug builds did not rebuild dependants when an inlined type
/// changed (a stale allocation size crashed a test). SwiftPM refuses unsafe flags in a dependency
/// by version, so a downloaded copy leaves them out: one under a `checkouts` directory or
/// `registry/downloads`, or at `/`, where SwiftPM reads the manifests of versions it is still
/// choosing between. docs/custom-strategies.md has the cases, and why a branch is not told apart.
let isDownloaded: Bool = {
    let directory = Context.packageDirectory
    let components = directory.split(separator: "/")
    return components.count < 2 || components[components.count - 2] == "checkouts"
        || directory.contains("/registry/downloads/")
}()
let optimizedInDebug: [SwiftSetting] = isDownloaded ? []
    : [.unsafeFlags(["-O", "-disable-cmo"], .when(configuration: .debug))]

/// A warning, in every Swift target, when one expression takes the type checker over 3 s (a
/// typical one takes under 0.5 s): three of 14–17 s and one of 3 s were a tenth of a clean build's
/// CPU time before they were typed step by step.
let typeCheckWatch: [SwiftSetting] = isDownloaded ? []
    : [.unsafeFlags(["-Xfrontend", "-warn-long-expression-type-checking=3000"], .when(configuration: .debug))]

/// CIntrinsics' C files (the vector path's fill and copy, the wide blend kernels): optimized in
/// every configuration, each loop aligned to 32 bytes so that its speed does not depend on where
/// the linker places it, and left as written (not unrolled or vectorized further, so the store
/// loops count under valgrind as the Swift loops they replaced did). DWARF 4: valgrind 3.19 could
/// not read the DWARF 5 that an optimized C object carries, and gave up on the whole binary.
let alignedLoops: [CSetting] = isDownloaded ? []
    : [.unsafeFlags(["-O2", "-falign-loops=32", "-fno-unroll-loops", "-fno-vectorize", "-fno-slp-vectorize", "-gdwarf-4"])]

/// Modules by job; each depends only on modules above it (docs/architecture.md draws the graph).
let package = Package(
    name: "CornerBench",
    products: [
        .executable(name: "bench", targets: ["bench"]),
        // For packages that add strategies (docs/custom-strategies.md): the command line, and
        // what a strategy is written with.
        .library(name: "BenchCLI", targets: ["BenchCLI"]),
        .library(name: "Strategies", targets: ["Strategies", "Table", "Compositor", "Raster", "Scenarios"]),
    ],
    targets: [
        // The model: pixels, layers, the table, the strategies (and, beneath the table, the cell
        // values a scenario's definition records, with the text and JSON it is written in).
        // CIntrinsics: instructions Swift cannot emit, for Raster's loops (a prefetch hint and a
        // string store for the span kernels, carry-less multiplication for CRC-32, the blend
        // kernels on AVX2 lanes) and for the renderer (a prefetch of the blocks its last tree
        // walk read), and the loops whose placement Swift cannot control.
        .target(name: "CIntrinsics", cSettings: alignedLoops),
        .target(name: "Raster", dependencies: ["CIntrinsics"], swiftSettings: optimizedInDebug),
        .target(name: "Compositor", dependencies: ["Raster", "CIntrinsics"], swiftSettings: optimizedInDebug),
        // Text (how numbers and names are written for people) and JSON (the strict reader), on
        // which Scenarios writes and reads a definition.
        .target(name: "Text", swiftSettings: optimizedInDebug),
        .target(name: "JSON", dependencies: ["Text"], swiftSettings: optimizedInDebug),
        // Scenarios: a scenario's definition as a typed value, beneath Results (which stores it),
        // Analysis and Reports (which compare and read it), Table (whose cells it describes:
        // `CellDescription`, `LayerDescription`) and Harness; on Raster's colours and geometry,
        // nothing of layers' rendering or tables. Optimized in debug like the model: the table's
        // layout builds and compares these values every step it lays out.
        .target(name: "Scenarios", dependencies: ["Raster", "JSON", "Text"], swiftSettings: optimizedInDebug),
        .target(name: "Table", dependencies: ["Compositor", "Raster", "Scenarios"], swiftSettings: optimizedInDebug),
        .target(name: "Strategies", dependencies: ["Table", "Compositor", "Raster", "Scenarios"], swiftSettings: optimizedInDebug),
        // The tool: the problems it reports, result values, their analysis, the devices and the
        // host, the harness that measures, pictures of its frames, the valgrind child, input
        // files, reports, and the command line.
        // Each target lists every module its files import.
        // Problems: BenchError and every problem it carries, each with its one message.
        .target(name: "Problems", dependencies: ["JSON", "Text"], swiftSettings: optimizedInDebug),
        .target(name: "Results", dependencies: ["Scenarios", "Problems", "JSON", "Text"], swiftSettings: optimizedInDebug),
        // Analysis: the gate, the comparison and its statistics, merging shards and processes.
        .target(name: "Analysis", dependencies: ["Results", "Scenarios", "Problems", "JSON", "Text"], swiftSettings: optimizedInDebug),
        // DeviceModel: counted work of a frame in, an estimated GPU time on a named chip out
        // (docs/device-model.md). Pure Swift on no other module; small, so not optimized in debug.
        .target(name: "DeviceModel"),
        // Devices: the catalogue of screens and what a frame costs on their GPUs (`Device+Time`);
        // beneath Harness, ScenarioFiles and BenchCLI, which name devices, and knowing no scenario.
        .target(name: "Devices", dependencies: ["Table", "Compositor", "Raster", "Scenarios", "Results", "Text", "DeviceModel"],
                swiftSettings: optimizedInDebug),
        // Host: what the machine and the build are (fingerprint, provenance, the tool's build, peak
        // memory), read once per run; nothing of the run.
        .target(name: "Host", dependencies: ["Raster", "Results"], swiftSettings: optimizedInDebug),
        // Harness: the scenario and the run (simulation, runner, measurement, memory floor).
        .target(name: "Harness", dependencies: ["Devices", "Host", "Strategies", "Table", "Compositor", "Raster", "Results", "Scenarios", "Problems",
                                               "JSON", "Text"],
                swiftSettings: optimizedInDebug),
        // Pictures: frames drawn for people (`bench render`, the HTML report's frames), with
        // overlays and legends; beside Harness, which measures and never draws one.
        .target(name: "Pictures", dependencies: ["Harness", "Strategies", "Table", "Compositor", "Raster", "Results", "Scenarios", "Problems", "Text"],
                swiftSettings: optimizedInDebug),
        // Callgrind: the child's side of counting instructions under valgrind, and reading its
        // dumps; the parent, with the command line's child processes, is BenchCLI's.
        .target(name: "Callgrind", dependencies: ["Harness", "Strategies", "Table", "Raster", "Results", "Problems"],
                swiftSettings: optimizedInDebug),
        .target(name: "ScenarioFiles", dependencies: ["Harness", "Devices", "Strategies", "Table", "Raster", "Results", "Scenarios", "Problems", "JSON", "Text",
                                                      "DeviceModel"],
                swiftSettings: optimizedInDebug),
        // Reports writes text once a run is over (about 1 % of a 1,000-step run's CPU unoptimized),
        // so it is not optimized in debug: -O cost 4 × the CPU time of compiling it.
        .target(name: "Reports", dependencies: ["Analysis", "Results", "Scenarios", "JSON", "Text", "DeviceModel"]),
        // CProcess: the system calls the command line needs that Swift cannot make (prctl,
        // getdents64), for child processes that must not outlive `bench`. DWARF 4 for valgrind,
        // as CIntrinsics.
        .target(name: "CProcess", cSettings: isDownloaded ? [] : [.unsafeFlags(["-gdwarf-4"])]),
        // BenchCLI is glue (options, files, child processes; the timed loops are Harness's), so it
        // is not optimized in debug: -O cost 2.7 × the CPU time of compiling it, at the end of
        // the build's chain.
        .target(name: "BenchCLI", dependencies: ["Harness", "Devices", "Host", "Pictures", "Callgrind", "ScenarioFiles", "Reports", "Analysis",
                                                  "Strategies", "Table", "Compositor", "Raster", "Results", "Scenarios", "Problems", "Text", "CProcess",
                                                  "DeviceModel"]),
        .executableTarget(name: "bench", dependencies: ["BenchCLI"]),
        // CellExporter: the one source file an iOS app adds to a debug build to write its cells as
        // cell files (docs/scenario-files.md, "Export your cell from the app"). Here only its
        // protocol path compiles, for its tests; nothing in the tool depends on it.
        .target(name: "CellExporter", path: "Examples/CellExporter/Sources/CellExporter"),

        // Test support, split by layer so a test builds only what it tests. The support and the
        // tests that do heavy work themselves are optimized like the library: frame comparisons,
        // PNG decoding and supersampled references walk every pixel of many frames, and the
        // results fuzz builds thousands of files (unoptimized, AnalysisTests took 2.7 × as long).
        // The tests of the tool's text, files, reports and command line are not: their time is
        // the library's, and -O tripled the CPU time of compiling them (ReportsTests: 50 s of CPU
        // with -O, for 2.4 s less test time). (No test relies on `assert`, which -O removes.)
        .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: optimizedInDebug),
        .target(name: "RasterTestSupport", dependencies: ["Raster", "TestSupport"], path: "Tests/RasterTestSupport", swiftSettings: optimizedInDebug),
        .target(name: "ResultsTestSupport", dependencies: ["Results", "Scenarios", "JSON", "Problems"], path: "Tests/ResultsTestSupport", swiftSettings: optimizedInDebug),
        .target(name: "StrategiesTestSupport", dependencies: ["Strategies", "Table", "Compositor", "Raster", "Scenarios", "RasterTestSupport"], path: "Tests/StrategiesTestSupport", swiftSettings: optimizedInDebug),
        .target(name: "HarnessTestSupport", dependencies: ["Harness", "Devices", "Table", "Compositor", "Raster", "Scenarios", "RasterTestSupport", "StrategiesTestSupport"], path: "Tests/HarnessTestSupport", swiftSettings: optimizedInDebug),
        .target(name: "CLITestSupport", dependencies: ["BenchCLI", "Problems"], path: "Tests/CLITestSupport", swiftSettings: optimizedInDebug),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "RasterTestSupport"], swiftSettings: optimizedInDebug),
        .testTarget(name: "CompositorTests", dependencies: ["Compositor", "Raster", "RasterTestSupport"], swiftSettings: optimizedInDebug),
        .testTarget(name: "TableTests", dependencies: ["Table", "Compositor", "Raster", "Scenarios"], swiftSettings: optimizedInDebug),
        .testTarget(name: "StrategiesTests", dependencies: ["Strategies", "Table", "Compositor", "Raster", "Scenarios", "StrategiesTestSupport", "RasterTestSupport"], swiftSettings: optimizedInDebug),
        // The reference frames are read by path (#filePath), not bundled as resources.
        .testTarget(name: "HarnessTests", dependencies: ["Harness", "Devices", "Strategies", "Table", "Compositor", "Raster", "Results", "Scenarios", "JSON", "Problems",
                                                      "DeviceModel", "HarnessTestSupport", "RasterTestSupport"], exclude: ["Strategies/__Snapshots__"],
                    swiftSettings: optimizedInDebug),
        .testTarget(name: "PicturesTests", dependencies: ["Pictures", "Harness", "Strategies", "Table", "Compositor", "Raster", "Scenarios", "HarnessTestSupport",
                                                      "RasterTestSupport"],
                    swiftSettings: optimizedInDebug),
        .testTarget(name: "CallgrindTests", dependencies: ["Callgrind", "Results"]),
        .testTarget(name: "DevicesTests", dependencies: ["Devices"]),
        .testTarget(name: "HostTests", dependencies: ["Host"]),
        .testTarget(name: "DeviceModelTests", dependencies: ["DeviceModel"]),
        .testTarget(name: "TextTests", dependencies: ["Text"]),
        .testTarget(name: "JSONTests", dependencies: ["JSON"]),
        .testTarget(name: "ProblemsTests", dependencies: ["Problems", "JSON"]),
        .testTarget(name: "ScenariosTests", dependencies: ["Scenarios", "Raster", "JSON"]),
        .testTarget(name: "ResultsTests", dependencies: ["Results", "Scenarios", "Problems", "JSON", "ResultsTestSupport", "TestSupport"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "AnalysisTests", dependencies: ["Analysis", "Results", "Scenarios", "Problems", "JSON", "ResultsTestSupport", "TestSupport"], swiftSettings: optimizedInDebug),
        .testTarget(name: "ScenarioFilesTests", dependencies: ["ScenarioFiles", "Harness", "Devices", "Strategies", "Table", "Raster", "Results", "Scenarios", "JSON", "Problems",
                                                           "RasterTestSupport"]),
        .testTarget(name: "ReportsTests", dependencies: ["Reports", "Analysis", "Results", "Scenarios", "Problems", "JSON", "Text", "DeviceModel", "ResultsTestSupport"]),
        .testTarget(name: "CellExporterTests", dependencies: ["CellExporter", "CLITestSupport", "ScenarioFiles", "TestSupport"]),
        .testTarget(name: "BenchCLITests", dependencies: ["BenchCLI", "Harness", "Devices", "Host", "Pictures", "Callgrind", "Reports", "Analysis", "Strategies", "Table", "Raster",
                                                       "Results", "Scenarios", "Problems", "JSON", "Text", "DeviceModel", "ScenarioFiles", "CLITestSupport",
                                                       "HarnessTestSupport", "RasterTestSupport"], exclude: ["__Snapshots__"]),
    ]
)

for target in package.targets where !["CIntrinsics", "CProcess"].contains(target.name) {
    target.swiftSettings = (target.swiftSettings ?? []) + typeCheckWatch
}
