import DeviceModel
import Devices
import Harness
import Reports
import Problems
import Results
import ScenarioFiles
import Strategies
import Text

/// `bench calibrate`: a GPU profile fitted to a frame time measured on the user's own device
/// (`GPUCalibration`), written as a profile file that `--gpu-profile` prices with.
struct CalibrateCommand: BenchCommand {
    static func spec(_ catalog: StrategyCatalog) -> CommandSpec {
        CommandSpec(
            name: "calibrate",
            abstract: "Fit a GPU profile to a frame time measured on your device.",
            discussion: "Runs one scenario under one strategy, as 'bench run' would, and moves the one parameter of the "
                + "device's GPU profile behind the largest term of its estimate (the passes' switch time, the memory "
                + "bandwidth or the fill rate) until the centre of the estimate of the mean frame is the measured time "
                + "(an Instruments frame time of the same table scrolling on the device). The other parameters keep "
                + "their sourced ranges. The profile is written as a cornerbench.gpu/1 file; 'bench run --gpu-profile "
                + "FILE' prices with it, and every output it prices names it as calibrated. Describe the scenario as "
                + "the device ran it: its cell (--cell), device and iOS (--device, --ios).",
            options: ScenarioSelection.singleOptions + TableOptions.options + [
                OptionSpec(name: "strategy", valueName: "name", help: "The strategy the measured table used.",
                           allowedValues: catalog.names, defaultDescription: StrategyCatalog.reference),
                OptionSpec(name: "frame-ms", valueName: "ms", help: "The frame time measured on the device, in milliseconds.",
                           isRequired: true),
                OptionSpec(name: "steps", valueName: "n", help: "Measure this many steps.", defaultDescription: "the scenario's"),
                OptionSpec(name: "id", valueName: "name", help: "The calibrated profile's id, as outputs name its GPU.",
                           defaultDescription: "the GPU's id and '-calibrated'"),
                OptionSpec(name: "output", valueName: "file", help: "Where to write the profile (replaced atomically).",
                           isRequired: true),
            ])
    }

    var scenario: Scenario
    var strategy: String
    var measuredSeconds: Double
    var steps: Int?
    var id: String?
    var outputPath: String
    var outputs: OutputPlan
    var catalog: StrategyCatalog

    init(_ arguments: ParsedArguments, catalog: StrategyCatalog) throws {
        self.catalog = catalog
        let inputs = try InputFiles(arguments)
        scenario = try ScenarioSelection.singleWithOptions(arguments, inputs: inputs, command: "calibrate")
        let strategies = arguments.allValues("strategy")
        guard strategies.count <= 1 else { throw BenchError.usage(.calibrationNeedsOneRow(rows: strategies.count)) }
        strategy = strategies.first ?? StrategyCatalog.reference
        guard scenario.device.gpuProfile != nil else { throw BenchError.usage(.calibrationNeedsGPU(scenario: scenario.name)) }
        measuredSeconds = try arguments.decimal("frame-ms", in: 0.001...100_000, example: "12.5 = an Instruments frame time")! / 1e3
        steps = try arguments.integer("steps", in: 1...ScenarioFile.maxSteps)
        id = arguments.value("id")
        if let id, id.isEmpty || id.count > Escape.nameLimit || id.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw BenchError.usage(.emptyValue(flag: "--id"))
        }
        outputPath = arguments.value("output")!
        outputs = try OutputPlan(arguments, outputs: ["output"], inputs: ["scenario-file"] + TableOptions.inputNames)
        try outputs.check()
    }

    func run(_ context: CommandContext) throws -> Int32 {
        context.stderr(ScenarioSelection.deviceNotes([scenario]))
        let results = try Runner(catalog: catalog).run(scenarios: [scenario], strategies: [strategy], steps: steps)
        guard let row = results.runs.first, let profile = scenario.device.gpuProfile else {
            throw BenchError.usage(.calibrationNeedsGPU(scenario: scenario.name))
        }
        let work = scenario.device.frameWork(perStep: row.perStep)
        let model = GPUFrameTime.estimate(work, on: profile)
        let calibrated: GPUProfile
        do {
            calibrated = try GPUCalibration.calibrate(profile, work: work, measuredSeconds: measuredSeconds,
                                                      id: id ?? profile.id + "-calibrated")
        } catch .shorterThanTheRest(let measured, let other, let parameter) {
            throw BenchError.usage(.cannotCalibrate(measuredMs: measured * 1e3, otherMs: other * 1e3, parameter: parameter.rawValue))
        } catch {
            throw BenchError.usage(.cannotCalibrate(measuredMs: measuredSeconds * 1e3, otherMs: nil, parameter: nil))
        }
        try context.write(ScenarioFile.gpuProfileText(calibrated), to: outputPath)
        let note = calibrated.calibration.map(Device.describe) ?? ""
        let centre = (model.lowerBound + model.upperBound) / 2 * 1e3
        context.forPeople(outputs)(Console.wrapped(
            "The model priced '\(Escape.terminal(Escape.shortened(scenario.name)))' under \(strategy) at \(Format.fixed(model.lowerBound * 1e3, 2))–"
            + "\(Format.fixed(model.upperBound * 1e3, 2)) ms a frame on the \(profile.id) GPU (centre \(Format.fixed(centre, 2)) ms); "
            + "\(calibrated.id) is \(note). Wrote '\(Escape.terminal(outputPath))'; price with it: bench run --gpu-profile "
            + "\(Escape.terminal(outputPath)).", indent: 2))
        return 0
    }
}
