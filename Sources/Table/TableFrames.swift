import Compositor
import Raster
import Scenarios

/// A table drawn frame by frame the way the device's display link draws it: the table, its
/// renderer and its scroll, and the one step both the harness's `Simulation` and the strategies'
/// tests run, so the two cannot drift apart.
public final class TableFrames {
    /// What one frame cost and whether it laid out. Its counters read as the stats' own
    /// (`step.render`, `step.table`), so a test writes what it checks.
    @dynamicMemberLookup
    public struct Step: Equatable, Sendable {
        /// The frame's counters.
        public var stats: FrameStats
        /// Whether a layout pass ran (the offset, size or style changed, or it is the first frame).
        public var laidOut: Bool

        public init(stats: FrameStats, laidOut: Bool) {
            self.stats = stats
            self.laidOut = laidOut
        }

        public subscript<T>(dynamicMember keyPath: KeyPath<FrameStats, T>) -> T { stats[keyPath: keyPath] }
    }

    /// The table.
    public let table: TableView
    /// The renderer and its framebuffer.
    public let renderer: Renderer
    /// Where the scroll is at each frame.
    public let scroll: ScrollDriver
    /// Frames per second: frame `n` is drawn at `n / refreshHz` seconds (rasterization caches age by it).
    public let refreshHz: Double
    /// The next frame to draw; set it to draw a later frame without the ones before it.
    public var frame = 0
    /// The layer the renderer draws each frame: the table's when it fills the screen and has no
    /// overlays (the tree every such scenario has always drawn), else a layer the size of the
    /// screen holding the table's, at its frame, and, above it, the overlays.
    public let root: Layer

    /// A table drawn by `renderer`, scrolled by `scroll`, with `overlays` above it: layers fixed
    /// to the screen (an app's navigation bar and tool bar), frames in screen points, back to
    /// front. They are built once, by the cells' own machinery (`CellLayers`), with row 0's texts
    /// and images, and not attributed per layer (`costTag` stays -1): they are nobody's cell.
    /// `tableTop`, when given, places the table's frame that many points down a screen it does not
    /// fill (the table's size is its own): the table clips to its bounds, so nothing of it shows
    /// outside its frame.
    public init(table: TableView, renderer: Renderer, scroll: ScrollDriver, refreshHz: Double,
                overlays: [LayerDescription] = [], tableTop: Double? = nil) {
        self.table = table
        self.renderer = renderer
        self.scroll = scroll
        self.refreshHz = refreshHz
        if let tableTop { table.layer.frame = Rect(origin: Point(x: 0, y: tableTop), size: table.size) }
        if overlays.isEmpty && tableTop == nil {
            root = table.layer
        } else {
            let screen = Size(width: Double(renderer.screenSize.width) / renderer.scale,
                              height: Double(renderer.screenSize.height) / renderer.scale)
            root = Self.screen(screen, holding: table, overlays: overlays)
        }
    }

    /// A layer of `size` points holding the table's layer and then `overlays`' layers, all in
    /// screen coordinates: the overlays are the screen's sublayers, not the table's, so they do
    /// not move as its bounds scroll, nor shrink with it when it is resized.
    private static func screen(_ size: Size, holding table: TableView, overlays: [LayerDescription]) -> Layer {
        let screen = Layer(frame: Rect(origin: .zero, size: size), ledger: table.ledger)
        screen.addSublayer(table.layer)
        var tag: Int? = nil
        for description in overlays {
            let node = CellLayers.Node(description, in: screen, ledger: table.ledger, tag: &tag)
            CellLayers.apply(description, to: node, row: 0, drawing: table.drawing)
        }
        return screen
    }

    /// Draws the next frame and returns what it cost.
    @discardableResult
    public func step() -> Step {
        var phases = Untimed()
        return step(&phases)
    }

    /// Draws the next frame with each phase's work done by `phases` (the harness times each and
    /// keeps each in a function of its own): the content offset of the frame, on the pixel grid as
    /// UIScrollView keeps it (a scroll slower than half a pixel a frame does not move the bounds,
    /// so it lays nothing out); reuse then layout when a layout is due; the render. The counters
    /// are taken after the render.
    public func step<P: FramePhases>(_ phases: inout P) -> Step {
        let scale = renderer.scale
        table.setContentOffset((scroll.offset(atStep: frame) * scale).rounded() / scale)
        let laidOut = table.needsLayout
        if laidOut {
            phases.reuse(self)
            phases.layout(self)
        }
        let rendered = phases.render(self)
        frame += 1
        return Step(stats: FrameStats(render: rendered, allocations: table.ledger.take(), table: table.takeStats()),
                    laidOut: laidOut)
    }

    /// The render of the current frame: the table's layers (and the overlays above them, `root`)
    /// drawn at the frame's time.
    public func render() -> RenderStats {
        renderer.render(root, time: Double(frame) / refreshHz)
    }

    /// The phases as they are, untimed.
    private struct Untimed: FramePhases {}
}

/// The work of a frame's phases, in the order `TableFrames.step(_:)` runs them. Each has its
/// plain work as the default; the harness's `Simulation` times each around it. A value rather
/// than closures: the phases' functions keep names of their own, by which an instruction count
/// tells them apart.
public protocol FramePhases {
    /// Cells leaving and entering the visible rows.
    mutating func reuse(_ frames: TableFrames)
    /// Cell frames and the strategy's layout.
    mutating func layout(_ frames: TableFrames)
    /// The table's layers drawn at the frame's time.
    mutating func render(_ frames: TableFrames) -> RenderStats
}

extension FramePhases {
    public mutating func reuse(_ frames: TableFrames) { frames.table.updateVisibleCells() }
    public mutating func layout(_ frames: TableFrames) { frames.table.layoutVisibleCells() }
    public mutating func render(_ frames: TableFrames) -> RenderStats { frames.render() }
}
