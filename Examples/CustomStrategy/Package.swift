// swift-tools-version:6.0
import PackageDescription

/// A package that adds its own corner strategy to CornerBench and gets the whole `bench` command
/// line with it, as `custom-bench` (docs/custom-strategies.md walks through it).
///
/// The strategy's module is compiled with `-O` even in the debug configuration, like
/// CornerBench's own modules, so `swift run custom-bench` times optimized code; SwiftPM accepts
/// these flags because this package is the root of the build.
let optimizedInDebug: [SwiftSetting] = [.unsafeFlags(["-O", "-disable-cmo"], .when(configuration: .debug))]

let package = Package(
    name: "CustomStrategy",
    products: [.executable(name: "custom-bench", targets: ["custom-bench"])],
    dependencies: [
        // CornerBench itself, two directories up. A package of your own would depend on the
        // repository instead: .package(url: "<CornerBench's repository>", branch: "main").
        .package(name: "CornerBench", path: "../.."),
    ],
    targets: [
        // The strategy: written with the Strategies product (Strategies, Table, Scenarios, Compositor, Raster).
        .target(name: "CapLayerRadius", dependencies: [.product(name: "Strategies", package: "CornerBench")],
                swiftSettings: optimizedInDebug),
        // The executable: `bench` with the built-in strategies plus this package's.
        .executableTarget(name: "custom-bench", dependencies: [
            "CapLayerRadius",
            .product(name: "BenchCLI", package: "CornerBench"),
        ]),
    ]
)
