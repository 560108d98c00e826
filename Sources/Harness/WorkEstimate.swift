import Problems
import Raster
import Results
import Scenarios
import Table

/// What a scenario will cost before it runs, in the units a run spends: bytes held (the table's
/// geometry, and all a user's cell may make the renderer hold: `CellEstimate`) and pixels drawn
/// (the screen and every off-screen pass a step, and the coverage of the cells' masks, made once
/// per cell). `FrameMemory.need` adds the bytes to the memory a run needs, and
/// `check(_:steps:rounds:)` refuses a run whose cells' off-screen pixels and masks would take far
/// longer than any benchmark should, saying how many, before a frame is drawn.
///
/// The counts follow the renderer's rules (docs/cost-model.md §7): every visible cell of a
/// described cell draws each of its layers; a layer that needs an off-screen pass (a mask, a
/// rounded clip of contents or sublayers, group opacity, a shadow without a path, a rasterized
/// bitmap too large to keep) takes a buffer of at most what can reach the screen. They are upper
/// bounds: a cell of the pattern's costliest kind is assumed in every visible row.
public enum WorkEstimate {
    /// The most pixels a run's described cells may draw off screen (every step of every strategy,
    /// warm-ups and rounds included): as many as the default run draws on screen
    /// (`ipad-settings`, nine strategies: 1.1 × 10¹⁰ pixels, under a minute). The screen itself
    /// is not limited: its pixels grow only with the steps, rounds and strategies asked for,
    /// where a described cell's can grow a thousandfold with one number in its file.
    public static let maxOffscreenPixels = 1e10

    /// The bytes a table of `scenario` keeps in its geometry and sections: a row's top and
    /// section (12 bytes, 16 counted), a section's spec, first row and top (48 bytes, 80 counted
    /// for the spec the scenario makes while the geometry is built). Ten million single-row
    /// sections: 960 MB counted; the whole run of `none` measured 787 MB resident.
    public static func tableBytes(_ scenario: Scenario) -> Int {
        scenario.rowCount * 16 + scenario.sections * 80
    }

    /// The rows of `scenario`'s table on screen at once, at most: the screen's height in rows,
    /// and one more at each edge.
    static func visibleRows(_ scenario: Scenario) -> Int {
        let rows = Int((scenario.device.height / max(1, scenario.rowHeight)).rounded(.up)) + 2
        return max(0, min(rows, scenario.rowCount))
    }

    /// The bytes the described cells of `scenario` may hold in one table, at most: what
    /// `CellEstimate` counts by the renderer's rules (the pictures, every visible cell's labels,
    /// off-screen buffers, mask attachments, kept paths' coverage and shadows, the coverage cache,
    /// the shadow blur's scratch, the rasterization cache, the surfaces the pools keep), and the
    /// overlays' (`overlayBytes`). Zero for Settings rows without overlays, whose cost the frame
    /// allowance covers.
    public static func cellBytes(_ scenario: Scenario) -> Int {
        let cells = describedCells(scenario)
        guard !cells.isEmpty else { return overlayBytes(scenario) }
        return CellEstimate(cells, screen: scenario.device.pixelSize, scale: scenario.device.scale)
            .bytes(visibleRows: visibleRows(scenario)) + overlayBytes(scenario)
    }

    /// The bytes the overlays of `scenario` may hold in one table, at most: counted as one cell of
    /// their layers shown once (`CellEstimate`), and for each backdrop a colour surface of the
    /// screen's size (the content pass's buffer, `Renderer.buildBackdrop`) and three of its layer's
    /// size cut to the screen (the content captured, the blurred and the upscaled result, the
    /// downscaled ones smaller). Zero without overlays.
    static func overlayBytes(_ scenario: Scenario) -> Int {
        guard !scenario.overlays.isEmpty else { return 0 }
        let screen = scenario.device.pixelSize.area, scale = scenario.device.scale
        let backdrops = scenario.overlays.map { self.backdrops($0, scale: scale, screen: screen) }
        return CellEstimate([CellDescription(layers: scenario.overlays)], screen: scenario.device.pixelSize, scale: scale)
            .bytes(visibleRows: 1) + 4 * screen * backdrops.reduce(0) { $0 + $1.count }
            + 3 * 4 * backdrops.reduce(0) { $0 + $1.pixels }
    }

    /// The backdrops of `layer` and its sublayers (hidden ones draw none): how many, and their
    /// pixels, each its layer's size cut to the screen.
    private static func backdrops(_ layer: LayerDescription, scale: Double, screen: Int) -> (count: Int, pixels: Int) {
        guard !layer.isHidden else { return (0, 0) }
        var found = layer.backdrop == nil ? (count: 0, pixels: 0) : (count: 1, pixels: min(area(layer, scale: scale), screen))
        for sublayer in layer.sublayers {
            let inner = backdrops(sublayer, scale: scale, screen: screen)
            found.count += inner.count
            found.pixels += inner.pixels
        }
        return found
    }

    /// The coverage values the masks of one table's described cells take to make: each cell
    /// that can show at once makes its masks' paths once (a path keeps its coverage), each shape
    /// over its bounds within the layer.
    public static func maskCoveragePerTable(_ scenario: Scenario) -> Double {
        let cells = describedCells(scenario)
        guard !cells.isEmpty else { return 0 }
        return CellEstimate(cells, screen: scenario.device.pixelSize, scale: scenario.device.scale).coveragePerCell
            * Double(visibleRows(scenario))
    }

    /// The cells of `scenario` described as layers.
    private static func describedCells(_ scenario: Scenario) -> [CellDescription] {
        scenario.content.cells.compactMap { cell -> CellDescription? in
            if case .layers(let description) = cell { return description }
            return nil
        }
    }

    /// The pixels a step of `scenario` draws off screen: every visible described cell's
    /// off-screen passes (none for Settings rows, whose passes the strategies make and the
    /// counters measure), and the overlays' once, each backdrop as four passes of its layer's
    /// size cut to the screen (the blur's four off-screen passes, Layer.backdrop).
    public static func offscreenPixelsPerStep(_ scenario: Scenario) -> Double {
        let screen = scenario.device.pixelSize.area, scale = scenario.device.scale
        var worst = 0.0
        for case .layers(let cell) in scenario.content.cells {
            worst = max(worst, cell.layers.reduce(0) { $0 + offscreenPixels($1, scale: scale, screen: screen) })
        }
        let cells = worst * Double(visibleRows(scenario))
        guard !scenario.overlays.isEmpty else { return cells }
        return cells + scenario.overlays.reduce(0) {
            $0 + offscreenPixels($1, scale: scale, screen: screen) + 4 * Double(backdrops($1, scale: scale, screen: screen).pixels)
        }
    }

    /// The pixels a step of `scenario` draws: the screen, and `offscreenPixelsPerStep`.
    public static func pixelsPerStep(_ scenario: Scenario) -> Double {
        Double(scenario.device.pixelSize.area) + offscreenPixelsPerStep(scenario)
    }

    /// The off-screen pixels a run of `plan` draws (`offscreenPixelsPerStep`, over the warm-up and
    /// measured steps of every round and strategy).
    public static func offscreenPixels(for plan: RunPlan, steps: Int?, rounds: Int) -> Double {
        plan.items.reduce(0) { total, item in
            let scenario = item.scenario, measured = steps ?? scenario.steps
            let perStrategy = Double(min(scenario.warmupSteps, measured) + measured * max(1, rounds))
            return total + offscreenPixelsPerStep(scenario) * perStrategy * Double(item.strategies.count)
        }
    }

    /// The tables a run of `plan` makes per strategy, at most: one a round and the warm-up's
    /// (`Runner`), counted as two a round so that `rounds` may be processes times rounds.
    private static func tables(rounds: Int) -> Int { 2 * max(1, rounds) }

    /// The coverage values the masks of a run of `plan` take to make: `maskCoveragePerTable`
    /// for every table of every strategy.
    public static func maskCoverage(for plan: RunPlan, rounds: Int) -> Double {
        plan.items.reduce(0) { $0 + maskCoveragePerTable($1.scenario) * Double($1.strategies.count * tables(rounds: rounds)) }
    }

    /// Throws when a run of `plan` would draw more than `maxOffscreenPixels` off screen, its
    /// masks' coverage counted as drawn, naming the costliest scenario and what it draws a step
    /// (or, when the masks are most of it, what each of its cells' masks cover).
    /// - Throws: `BenchError.resource(.runTooLong(...))` or `.resource(.masksTooLong(...))`.
    public static func check(_ plan: RunPlan, steps: Int?, rounds: Int) throws {
        let drawn = offscreenPixels(for: plan, steps: steps, rounds: rounds), masks = maskCoverage(for: plan, rounds: rounds)
        guard drawn + masks > maxOffscreenPixels else { return }
        if masks > drawn, let worst = plan.items.max(by: { maskCoveragePerTable($0.scenario) < maskCoveragePerTable($1.scenario) }) {
            let cells = visibleRows(worst.scenario)
            throw BenchError.resource(.masksTooLong(values: drawn + masks, limit: maxOffscreenPixels, scenario: worst.scenario.name,
                                                    perCell: maskCoveragePerTable(worst.scenario) / Double(max(1, cells)),
                                                    cells: cells * worst.strategies.count * tables(rounds: rounds)))
        }
        guard let worst = plan.scenarios.max(by: { offscreenPixelsPerStep($0) < offscreenPixelsPerStep($1) }) else { return }
        throw BenchError.resource(.runTooLong(pixels: drawn + masks, limit: maxOffscreenPixels, scenario: worst.name,
                                              pixelsPerStep: offscreenPixelsPerStep(worst),
                                              screenPixels: Double(worst.device.pixelSize.area)))
    }

    /// A layer's size in pixels at `scale`, at least 0.
    private static func area(_ layer: LayerDescription, scale: Double) -> Int {
        let width = Int((max(0, layer.frame.width) * scale).rounded(.up)), height = Int((max(0, layer.frame.height) * scale).rounded(.up))
        return width * height
    }

    /// Whether the renderer gives `layer` an off-screen pass of its own every frame.
    private static func needsPass(_ layer: LayerDescription, scale: Double, screen: Int) -> Bool {
        let hasContent = layer.contents != .none || !layer.sublayers.isEmpty
        if layer.mask != nil || (layer.masksToBounds && layer.cornerRadius > 0 && hasContent) { return true }
        if layer.opacity < 1 && layer.allowsGroupOpacity && !layer.sublayers.isEmpty { return true }
        if let shadow = layer.shadow, !shadow.hasPath { return true }
        // A rasterized bitmap too large for the cache is drawn again every frame.
        return layer.shouldRasterize && Double(area(layer, scale: 1)) * layer.rasterizationScale * layer.rasterizationScale * 4
            > Double(screen * 4 * 5 / 2)
    }

    /// The off-screen pixels `layer` and its sublayers draw a frame: each pass at most a screen
    /// (what can reach it), a mask's pass as a second, and a shadow without a path as twenty:
    /// its shape is rendered, its alpha taken, blurred by three box passes each way and
    /// composited, which took twenty times a plain pass's time (a 2,048-point shadowed layer on
    /// every row of an iPhone 15 Pro: over two minutes for ten frames).
    private static func offscreenPixels(_ layer: LayerDescription, scale: Double, screen: Int) -> Double {
        guard !layer.isHidden else { return 0 }
        var pixels = 0.0
        if needsPass(layer, scale: scale, screen: screen) {
            let buffer = Double(min(area(layer, scale: scale), screen))
            pixels += buffer * (layer.mask != nil ? 2 : 1) + (layer.shadow.map { $0.hasPath ? 0 : 20 * buffer } ?? 0)
        }
        return pixels + layer.sublayers.reduce(0) { $0 + offscreenPixels($1, scale: scale, screen: screen) }
    }
}
