import Compositor
import Harness
import Pictures
import Problems
import Reports
import Results
import Strategies
import Text

/// `bench render`: one frame of a scenario as a PNG, optionally with an Instruments-style overlay.
struct RenderCommand: BenchCommand {
    static func spec(_ catalog: StrategyCatalog) -> CommandSpec {
        CommandSpec(
            name: "render",
            abstract: "Write one frame of a scenario as a PNG.",
            discussion: "Step K is the frame at the scenario's scroll offset for step K (K × pointsPerStep for a "
                + "constant scroll), drawn after one layout pass with no warm-up. The overlays tint each pixel by "
                + "the front-most layer drawn there, like Instruments: 'blended' paints blended layers red and "
                + "opaque ones green, 'offscreen' paints off-screen-rendered layers yellow, 'raster' paints "
                + "rasterization-cache hits green and misses red (the frame before K is drawn first, so the "
                + "cache has something to hit). A legend under the picture names the strategy, scenario, device and "
                + "step and says what each tint means. With --cell, the overlay numbers the cell's layers that pay "
                + "(off-screen passes, blended pixels, cache misses) and the legend says what each paid.",
            options: ScenarioSelection.singleOptions + TableOptions.options + [
                OptionSpec(name: "strategy", valueName: "name", help: "The strategy that draws the frame.",
                           allowedValues: catalog.names, isRequired: true),
                OptionSpec(name: "step", valueName: "k", help: "The step whose frame is drawn.",
                           defaultDescription: "the first from 1 on that shows a section's rounded edge near the middle of the screen"),
                OptionSpec(name: "png", valueName: "file",
                           help: "Where to write the PNG (replaced atomically); '-' writes it to standard output.",
                           isRequired: true),
                OptionSpec(name: "overlay", valueName: "kind", help: "A debug overlay to tint over the frame.",
                           allowedValues: Overlay.allCases.map(\.rawValue), defaultDescription: "none"),
                OptionSpec(name: "downsample", valueName: "n",
                           help: "Shrink the picture n times (box filter), for viewing.", defaultDescription: "1"),
                // The old name of --downsample, which read like the device's pixels per point.
                OptionSpec(name: "scale", valueName: "n", help: "The old name of --downsample.", renamedTo: "downsample"),
            ])
    }

    var scenario: Scenario
    var strategy: String
    /// The step asked for; nil draws the first that shows a section's rounded edge (`FramedCorner`).
    var step: Int?
    var pngPath: String
    var overlay: Overlay?
    var downscale: Int
    var outputs: OutputPlan
    /// Where the strategy's name is looked up.
    var catalog: StrategyCatalog

    init(_ arguments: ParsedArguments, catalog: StrategyCatalog) throws {
        self.catalog = catalog
        let inputs = try InputFiles(arguments)
        scenario = try ScenarioSelection.singleWithOptions(arguments, inputs: inputs, command: "render")
        strategy = arguments.value("strategy")!
        step = try arguments.integer("step", atLeast: 0)
        if let step, step > 1_000_000 { throw BenchError.usage(.numberAbove(option: "step", maximum: 1_000_000, value: step)) }
        downscale = try arguments.integer("downsample", atLeast: 1) ?? 1
        overlay = arguments.value("overlay").flatMap(Overlay.init(rawValue:))
        pngPath = arguments.value("png")!
        outputs = try OutputPlan(arguments, outputs: ["png"], inputs: ["scenario-file"] + TableOptions.inputNames)
        try outputs.check()
    }

    func run(_ context: CommandContext) throws -> Int32 {
        context.stderr(ScenarioSelection.deviceNotes([scenario]))
        // One frame, or two with the raster overlay: its work and memory (the table, the cell's
        // bitmaps, the picture and its legend) are checked before it is drawn, as a run's are.
        try WorkEstimate.check(RunPlan(scenarios: [scenario], strategies: [strategy]), steps: 2, rounds: 1)
        try FrameMemory.check(FrameMemory.need(forRender: scenario, strategy: strategy, overlay: overlay, downscale: downscale))
        // Once it will be drawn (a refused one says only why): its cell's layers outside their rows.
        context.stderr(ScenarioSelection.cellWarnings([scenario]))
        // A table whose sections are all longer than the scroll shows no edge: then step 0.
        let step = self.step ?? FramedCorner.find(in: scenario)?.step ?? 0
        let picture = try FramePicture.captioned(scenario: scenario, strategy: strategy, step: step, overlay: overlay,
                                                 downscale: downscale, catalog: catalog)
        // A PNG is bytes, not text: `-` goes straight to descriptor 1 (AtomicFile's rule).
        try AtomicFile.write(picture.pngData(), to: pngPath, notice: context.stderr)
        let target = pngPath == AtomicFile.standardOutput ? "standard output" : Escape.terminal(pngPath)
        // Wrapped to the page as merge's and run's lines are; a name up to `Escape.nameLimit`
        // characters is kept whole (docs/cli.md, "Long names").
        context.forPeople(outputs)(Console.wrapped("Wrote \(target): \(Escape.terminal(Escape.shortened(scenario.name))), \(strategy), step \(step)"
            + (overlay.map { ", overlay \($0.rawValue)" } ?? "") + ", \(picture.width) × \(picture.height) px.", indent: 2))
        return 0
    }
}
