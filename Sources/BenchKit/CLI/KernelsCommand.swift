/// `bench kernels`: the pixel kernels' throughput next to memset and memcpy.
struct KernelsCommand: BenchCommand {
    static var spec: CommandSpec {
        CommandSpec(
            name: "kernels",
            abstract: "Time the pixel kernels against memset and memcpy.",
            discussion: "Fill, copy, source-over blend and the masked composite each run over a 2048 × 2732 "
                + "framebuffer, interleaved with the bulk memset and memcpy they are compared with, so the "
                + "distance to the memory floor is visible.",
            options: [OptionSpec(name: "repetitions", valueName: "n", help: "Passes per kernel.", defaultDescription: "15")])
    }

    var repetitions: Int

    init(_ arguments: ParsedArguments) throws {
        repetitions = try arguments.integer("repetitions", atLeast: 1) ?? 15
    }

    func run(_ context: CommandContext) throws -> Int32 {
        context.stdout(KernelBench.table(KernelBench.run(repetitions: repetitions)))
        return 0
    }
}
