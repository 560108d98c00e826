import Compositor
import Raster
import Strategies
import Table

/// A table with a strategy as its provider and a renderer, stepped frame by frame as the harness's
/// `Simulation.step()` steps one: offset, then reuse and layout when due, then render.
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
    /// The table.
    public let table: TableView
    /// The renderer and its framebuffer.
    public let renderer: Renderer
    private let scroll: ScrollDriver
    /// The next frame to draw.
    public private(set) var frame = 0

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
        self.renderer = renderer
        self.table = TableView(sections: setup.sections, size: Size(width: setup.width, height: setup.height),
                               style: setup.style, provider: strategy, content: setup.content, scale: setup.scale)
        self.scroll = ScrollDriver(setup.motion, refreshHz: setup.refreshHz, geometry: table.geometry)
    }

    /// Draws the next frame and returns what it cost.
    @discardableResult
    public func step() -> DrivenStep {
        // As UIScrollView, the offset stays on the pixel grid: a scroll slower than half a pixel
        // a frame does not move the bounds, so it lays nothing out.
        let scale = setup.scale
        table.setContentOffset((scroll.offset(atStep: frame) * scale).rounded() / scale)
        let laidOut = table.needsLayout
        if laidOut {
            table.updateVisibleCells()
            table.layoutVisibleCells()
        }
        let render = renderer.render(table.layer, time: Double(frame) / setup.refreshHz)
        frame += 1
        return DrivenStep(render: render, allocations: table.ledger.take(), table: table.takeStats(), laidOut: laidOut)
    }

    /// Draws frame `step` directly, at that step's offset, without the frames before it.
    @discardableResult
    public func jump(toStep step: Int) -> DrivenStep {
        frame = max(0, step)
        return self.step()
    }

    /// The visible cells, top to bottom.
    public var cellsTopToBottom: [(IndexPath, Cell)] {
        table.visibleCells.keys.sorted().map { ($0, table.visibleCells[$0]!) }
    }
}
