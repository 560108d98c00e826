import BenchCLI
import CapLayerRadius

// The whole program: `bench` with every built-in strategy and this package's.
BenchCLI.main(strategies: [CapLayerRadius.self])
