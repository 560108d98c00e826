import Compositor
import Raster
import Scenarios
import Strategies
import Table

/// A table with a strategy as its provider and a renderer, stepped frame by frame by the same
/// step as the harness's `Simulation` (`TableFrames.step`): offset, reuse and layout when due,
/// render.
///
/// What the tests of a strategy need of a simulation, at the Strategies layer: no clocks, events
/// or scenario files. A test that changes the table between steps (a selection, a style, new
/// data) calls the table itself, as a scenario event would.
public final class TableDriver {
    /// A strategy name the catalogue does not know, or a screen the renderer refused.
    public struct SetupError: Error, CustomStringConvertible {
        public let description: String
    }

    /// What the table was made from.
    public let setup: TableSetup
    /// The strategy drawing the corners (the table's provider).
    public let strategy: any CornerStrategy
    /// The table, its renderer and scroll, and the step.
    public let frames: TableFrames
    /// The table.
    public var table: TableView { frames.table }
    /// The renderer and its framebuffer.
    public var renderer: Renderer { frames.renderer }
    /// The next frame to draw.
    public var frame: Int { frames.frame }

    /// A table of `setup` drawn by the strategy of `catalog` called `strategyName`.
    public init(_ setup: TableSetup, strategy strategyName: String, catalog: StrategyCatalog = .builtIn) throws {
        guard let strategy = catalog.make(strategyName, screenScale: setup.scale) else {
            throw SetupError(description: "unknown strategy '\(strategyName)'")
        }
        guard let renderer = Renderer(screenSize: setup.pixelSize, scale: setup.scale) else {
            throw SetupError(description: "no framebuffer of \(setup.pixelSize)")
        }
        self.setup = setup
        self.strategy = strategy
        let table = TableView(sections: setup.sections, size: Size(width: setup.width, height: setup.height),
                              style: setup.style, provider: strategy, content: setup.content, scale: setup.scale)
        frames = TableFrames(table: table, renderer: renderer,
                             scroll: ScrollDriver(setup.motion, refreshHz: setup.refreshHz, geometry: table.geometry),
                             refreshHz: setup.refreshHz)
    }

    /// Draws the next frame and returns what it cost.
    @discardableResult
    public func step() -> TableFrames.Step { frames.step() }

    /// Draws frame `step` directly, at that step's offset, without the frames before it.
    @discardableResult
    public func jump(toStep step: Int) -> TableFrames.Step {
        frames.frame = max(0, step)
        return frames.step()
    }

    /// The visible cells, top to bottom.
    public var cellsTopToBottom: [(IndexPath, Cell)] {
        table.visibleCells.keys.sorted().map { ($0, table.visibleCells[$0]!) }
    }
}
