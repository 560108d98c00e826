import BenchCLI

// The built-in strategies; another package adds its own the same way (docs/custom-strategies.md).
BenchCLI.main()
