import Compositor
import Raster
import Results
import Strategies

/// One frame of a scenario as a picture, optionally with an Instruments-style overlay: what
/// `bench render` writes.
public enum FramePicture {
    /// Frame `step` of `scenario` drawn by `strategy` (the content offset of that step, one layout
    /// pass, no warm-up), with `overlay` tinted over the layers and shrunk by `downscale`; the
    /// strategy's name is looked up in `catalog`.
    public static func render(scenario: Scenario, strategy: String, step: Int, overlay: Overlay? = nil,
                              downscale: Int = 1, catalog: StrategyCatalog = .builtIn) throws -> Pixmap {
        guard step >= 0 else { throw BenchError.usage("--step must be 0 or more, not \(step).") }
        guard downscale >= 1 else { throw BenchError.usage("--downsample must be 1 or more, not \(downscale).") }
        let simulation = try Simulation(scenario: scenario, strategyName: strategy, catalog: catalog)
        simulation.renderer.recordsOverlay = overlay != nil
        if overlay == .raster && step > 0 {
            // The cache only means something after a frame: draw the one before first.
            simulation.jump(toStep: step - 1)
            simulation.step()
        } else {
            simulation.jump(toStep: step)
        }
        try simulation.checkBuffers()
        let picture = overlay.map { simulation.renderer.overlay($0) } ?? simulation.renderer.framebuffer
        return picture.downsampled(by: downscale)
    }
}
