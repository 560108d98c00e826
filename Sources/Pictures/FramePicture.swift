import Compositor
import Harness
import Problems
import Raster
import Results
import Strategies

/// One frame of a scenario as a picture, optionally with an Instruments-style overlay: what
/// `bench render` writes and the HTML report shows.
public enum FramePicture {
    /// Frame `step` of `scenario` drawn by `strategy` (the content offset of that step, one layout
    /// pass, no warm-up), with `overlay` tinted over the layers and shrunk by `downscale`; the
    /// strategy's name is looked up in `catalog`. With an overlay, the layers of a described cell
    /// that pay for what it shows are numbered (`LayerLabels`).
    public static func render(scenario: Scenario, strategy: String, step: Int, overlay: Overlay? = nil,
                              downscale: Int = 1, catalog: StrategyCatalog = .builtIn) throws -> Pixmap {
        let (frame, labels) = try drawn(scenario: scenario, strategy: strategy, step: step, overlay: overlay,
                                        downscale: downscale, catalog: catalog)
        return labels.drawn(on: frame.downsampled(by: downscale), downscale: downscale)
    }

    /// The frame as `bench render` writes it: `render(...)` with its legend drawn below
    /// (`PictureLegend`), naming the strategy, overlay, scenario, device and step and saying what
    /// each tint and number means.
    public static func captioned(scenario: Scenario, strategy: String, step: Int, overlay: Overlay? = nil,
                                 downscale: Int = 1, catalog: StrategyCatalog = .builtIn) throws -> Pixmap {
        let (frame, labels) = try drawn(scenario: scenario, strategy: strategy, step: step, overlay: overlay,
                                        downscale: downscale, catalog: catalog)
        let legend = PictureLegend(scenario: scenario, strategy: strategy, step: step, overlay: overlay, labels: labels)
        return legend.drawn(below: labels.drawn(on: frame.downsampled(by: downscale), downscale: downscale))
    }

    /// Frame `step` at full size with its overlay, and the numbers of its described cell's layers
    /// that pay for what the overlay shows, to be drawn once the frame is shrunk (`downscale` is
    /// only checked here).
    static func drawn(scenario: Scenario, strategy: String, step: Int, overlay: Overlay?, downscale: Int,
                      catalog: StrategyCatalog) throws -> (frame: Pixmap, labels: LayerLabels) {
        guard step >= 0 else { throw BenchError.usage(.numberBelow(option: "step", minimum: 0, value: step)) }
        guard downscale >= 1 else { throw BenchError.usage(.numberBelow(option: "downsample", minimum: 1, value: downscale)) }
        let simulation = try Simulation(scenario: scenario, strategyName: strategy, catalog: catalog)
        let renderer = simulation.renderer
        renderer.recordsOverlay = overlay != nil
        let record: StepRecord
        if overlay == .raster && step > 0 {
            // The cache only means something after a frame: draw the one before first.
            simulation.jump(toStep: step - 1)
            record = simulation.step()
        } else {
            record = simulation.jump(toStep: step)
        }
        try simulation.checkBuffers()
        guard let overlay else { return (renderer.framebuffer, .none) }
        let labels = scenario.describedCell.map {
            LayerLabels(overlay: overlay, cell: $0, regions: renderer.overlayRegions(overlay), costs: record.stats.render.layerCosts)
        }
        return (renderer.overlay(overlay), labels ?? .none)
    }

    /// The bytes `captioned` may hold beside the renderer's for a frame of `scenario`, at most:
    /// the overlay's picture of the screen, the shrunk picture and its numbered copy, and the
    /// picture with its legend seven times over while it is encoded as a PNG and written (its
    /// pixels, their bytes, the filtered rows, the compressed stream grown by doubling, the file's
    /// bytes and the copy written). The legend is counted with every line it can take: the
    /// caption's, each tint's and each of the cell's layers', two lines each (a 1,000-layer cell's
    /// legend on the iPad is 78,000 pixels tall).
    public static func bytesBound(scenario: Scenario, overlay: Overlay?, downscale: Int) -> Int {
        let screen = scenario.device.pixelSize, shrink = max(1, downscale)
        let width = (screen.width + shrink - 1) / shrink, height = (screen.height + shrink - 1) / shrink
        let em = PictureLegend.pixelsPerEm(forWidth: width)
        let entries = overlay.map { $0.legend.count + 1 } ?? 0
        let lines = PictureLegend.maxLines * (2 + entries + (scenario.describedCell?.layerCount ?? 0))
        let legend = em + lines * BuiltinFont.standard.lineHeight(pixelsPerEm: em) + 2 * em
        let overlaid = overlay == nil ? 0 : screen.area * 4
        return overlaid + 2 * width * height * 4 + 7 * width * (height + legend) * 4
    }

    /// How wide a close-up is shown, about: the corner's few pixels enlarged to read on a page.
    public static let closeUpWidth = 480

    /// What the HTML report shows of frame `step`: the whole frame with its legend, shrunk to at
    /// most 1,280 px wide, and a close-up of `closeUp` (device pixels, usually a `FramedCorner`'s),
    /// enlarged (pixels as squares) to about `closeUpWidth`. Drawn once at full size; both pictures
    /// come from that frame.
    public static func report(scenario: Scenario, strategy: String, step: Int, overlay: Overlay?, closeUp area: PixelRect?,
                              catalog: StrategyCatalog = .builtIn) throws -> (whole: Pixmap, closeUp: Pixmap?) {
        let (frame, labels) = try drawn(scenario: scenario, strategy: strategy, step: step, overlay: overlay, downscale: 1,
                                        catalog: catalog)
        let downscale = max(1, (frame.width + 1279) / 1280)
        let legend = PictureLegend(scenario: scenario, strategy: strategy, step: step, overlay: overlay, labels: labels)
        let whole = legend.drawn(below: labels.drawn(on: frame.downsampled(by: downscale), downscale: downscale))
        let closeUp = area.flatMap(frame.cropped(to:)).flatMap { part in
            part.enlarged(by: max(1, Int((Double(closeUpWidth) / Double(part.width)).rounded())))
        }
        return (whole, closeUp)
    }
}
