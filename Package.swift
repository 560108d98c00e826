// swift-tools-version:6.0
import PackageDescription

/// The hot modules are compiled with `-O` even in the debug configuration, because
/// `swift run bench` (debug) must measure optimized code. Results record the configuration.
/// `-disable-cmo`: with `-O`, bodies are inlined across modules, and the debug configuration's
/// incremental builds did not rebuild dependants when an inlined type changed (a stale object
/// allocation size crashed a test); the hot loops live inside their modules, so nothing is lost.
let optimizedInDebug: [SwiftSetting] = [.unsafeFlags(["-O", "-disable-cmo"], .when(configuration: .debug))]

let package = Package(
    name: "CornerBench",
    products: [
        .executable(name: "bench", targets: ["bench"]),
        .library(name: "BenchKit", targets: ["BenchKit"]),
    ],
    targets: [
        .target(name: "Raster", swiftSettings: optimizedInDebug),
        .target(name: "Compositor", dependencies: ["Raster"], swiftSettings: optimizedInDebug),
        .target(name: "Table", dependencies: ["Compositor"], swiftSettings: optimizedInDebug),
        .target(name: "Strategies", dependencies: ["Table"], swiftSettings: optimizedInDebug),
        .target(name: "BenchKit", dependencies: ["Strategies"], swiftSettings: optimizedInDebug),
        .executableTarget(name: "bench", dependencies: ["BenchKit"]),

        .target(name: "CornerBenchTestSupport", dependencies: ["BenchKit"], path: "Tests/CornerBenchTestSupport"),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "CornerBenchTestSupport"]),
        .testTarget(name: "CompositorTests", dependencies: ["Compositor", "CornerBenchTestSupport"]),
        .testTarget(name: "TableTests", dependencies: ["Table", "CornerBenchTestSupport"]),
        .testTarget(name: "StrategiesTests", dependencies: ["Strategies", "CornerBenchTestSupport"]),
        .testTarget(name: "BenchKitTests", dependencies: ["BenchKit", "CornerBenchTestSupport"]),
    ]
)
