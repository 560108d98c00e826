import Harness
import Raster
import Results
import Strategies
import Text

/// `bench kernels`: the pixel kernels' throughput next to the memory floor.
struct KernelsCommand: BenchCommand {
    static func spec(_ catalog: StrategyCatalog) -> CommandSpec {
        CommandSpec(
            name: "kernels",
            abstract: "Time the pixel kernels against the memory floor.",
            discussion: "Fill, copy, source-over blend and the masked composite each run over a 2048 × 2732 "
                + "framebuffer, interleaved with the memory floors they are compared with, so the distance to "
                + "the floors is visible: every row filled, every row written from a row in the cache, and every "
                + "row copied from a kept image dropped from the caches first, each floor the fastest of the "
                + "ways this processor has (the kernels' store paths and streaming stores). The kernels keep the "
                + "store path and blend lanes 'bench run' times with by default on this processor.",
            options: [OptionSpec(name: "repetitions", valueName: "n", help: "Passes per kernel, from 1 to \(Format.grouped(maxRepetitions)).",
                                 defaultDescription: "45")])
    }

    /// The most passes per kernel: 1,000 passes of the five kernels and their floors over a
    /// 22 MB frame take minutes; more would only run longer (the medians settle within tens).
    static let maxRepetitions = 1000

    var repetitions: Int

    init(_ arguments: ParsedArguments, catalog: StrategyCatalog) throws {
        repetitions = try arguments.integer("repetitions", in: 1...Self.maxRepetitions) ?? 45
    }

    func run(_ context: CommandContext) throws -> Int32 {
        // The kernels a run on this host times with.
        let size = Scenario.ipadSettings.device.pixelSize, kernels = KernelChoice.preferred
        context.stdout("Store path: \(kernels.store.rawValue); blend lanes: \(kernels.blendLanes.rawValue) (as 'bench run' times by default here)\n")
        context.stdout(Self.table(KernelBench.run(size: size, repetitions: repetitions, kernels: kernels)))
        return 0
    }

    /// The rows as a table with each kernel's time, and its memory-traffic bound, as multiples
    /// of the fill floor (the first row).
    static func table(_ rows: [KernelBench.Row]) -> String {
        let floor = rows.first?.nanos ?? 1
        var table = [["kernel", "µs / frame", "GB/s", "× floor", "bound"]]
        for row in rows {
            table.append([row.name, Format.micros(row.nanos), Format.fixed(row.gigabytesPerSecond, 1),
                          Format.fixed(Double(row.nanos) / Double(max(floor, 1)), 2), Format.fixed(row.bound, 2)])
        }
        return "Kernels over one 2048 × 2732 framebuffer (medians; times and bounds as multiples of the fill floor):\n"
            + Format.align(table)
            + "bound: the time the bytes a kernel writes and reads take at this run's rates, a byte written at the fill\n"
            + "floor's, a byte read at the copy floor's less the fill floor's, and a byte of an image or mask kept across\n"
            + "passes at the kept-copy floor's less the fill floor's.\n"
    }
}
