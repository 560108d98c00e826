import Harness
import Raster
import Results
import Strategies

/// `bench kernels`: the pixel kernels' throughput next to the memory floor.
struct KernelsCommand: BenchCommand {
    static func spec(_ catalog: StrategyCatalog) -> CommandSpec {
        CommandSpec(
            name: "kernels",
            abstract: "Time the pixel kernels against the memory floor.",
            discussion: "Fill, copy, source-over blend and the masked composite each run over a 2048 × 2732 "
                + "framebuffer, interleaved with the memory floors they are compared with (every row filled, "
                + "white or grey as is faster, every row written from a row in the cache, and every row copied "
                + "from a kept image dropped from the caches first, by the renderer's own fill and copy), so the "
                + "distance to the floors is visible. The store path and blend lanes are chosen as 'bench run' "
                + "chooses them, by a start-up calibration.",
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
        // The kernel paths a run on this host would time with.
        let scenario = Scenario.ipadSettings, size = scenario.device.pixelSize
        let choice = try KernelCalibration.measure(scenario: scenario, rotation: StrategyCatalog.builtIn.names.count + MemoryFloor.frames)
        StorePath.current = choice.path
        BlendLanes.current = choice.lanes
        context.stdout(Self.calibrationLine(choice))
        context.stdout(Self.table(KernelBench.run(size: size, repetitions: repetitions)))
        return 0
    }

    /// The store path and blend lanes chosen and what each took in the calibration.
    static func calibrationLine(_ choice: KernelCalibration.Choice) -> String {
        let times = StorePath.allCases.compactMap { path in choice.nanos[path].map { "\(path.rawValue) \(Format.micros($0)) µs" } }
        let source = "the composite of \(Scenario.ipadSettings.name)'s frames drawn by \(StrategyCatalog.reference)"
        var line = "Store path: \(choice.path.rawValue) (calibration, \(source): \(times.joined(separator: ", ")))\n"
        let lanes = BlendLanes.allCases.compactMap { lanes in choice.laneNanos[lanes].map { "\(lanes.rawValue) \(Format.micros($0)) µs" } }
        if lanes.isEmpty {
            line += "Blend lanes: \(choice.lanes.rawValue) (the only lanes this processor has)\n"
        } else {
            let p = choice.laneP.map { String(format: ", p = %.3g", $0) } ?? ""
            line += "Blend lanes: \(choice.lanes.rawValue) (calibration, the same frames: \(lanes.joined(separator: ", "))\(p))\n"
        }
        return line
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
