import Compositor
import Harness

extension FrameMemory {
    /// What `bench render` needs to draw frame `step` of `scenario` by `strategy` with `overlay`,
    /// shrunk by `downscale`: a run's need for one strategy and two steps (the frame before the
    /// step is drawn first for the raster overlay), and the picture's (`FramePicture.bytesBound`).
    public static func need(forRender scenario: Scenario, strategy: String, overlay: Overlay?, downscale: Int) -> MemoryNeed {
        var need = need(for: RunPlan(scenarios: [scenario], strategies: [strategy]), steps: 2, rounds: 1)
        need.pictureBytes = FramePicture.bytesBound(scenario: scenario, overlay: overlay, downscale: downscale)
        return need
    }
}
