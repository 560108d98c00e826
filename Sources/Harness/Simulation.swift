import Compositor
import Problems
import Raster
import Results
import Scenarios
import Strategies
import Table

/// What one scroll step cost: the exact counters and the measured phase times.
public struct StepRecord: Sendable {
    /// Counters of the step: table, strategy and renderer together.
    public var stats: FrameStats
    /// Whether a layout pass ran (it runs when the bounds or style changed, and on the first frame).
    public var laidOut: Bool
    /// Whether a scenario event (style change, resize, selection) happened at this step.
    public var hadEvent: Bool
    /// Nanoseconds in the reuse phase (cells leaving and entering).
    public var reuseNanos: Int
    /// Nanoseconds in the layout phase (cell frames and the strategy's layout).
    public var layoutNanos: Int
    /// Nanoseconds rendering the frame.
    public var compositeNanos: Int
    /// Nanoseconds for the whole step.
    public var stepNanos: Int
    /// CRC-32 (hex) of the frame drawn, when the step was asked for it
    /// (`Simulation.measuredStep(checksum:)`): a result keeps the pictures of a few steps
    /// (`Runner.pictureSteps`). Taken after the step's clock stopped.
    public var picture: String? = nil
    /// Off-screen buffers the renderer has allocated since it was made, this step's included
    /// (`Renderer.buffersAllocated`), when the step was measured with
    /// `Simulation.measuredStep(checksum:)`; nil after a plain `step()`, which leaves it out of
    /// what it counts.
    public var buffersAllocated: Int? = nil

    /// The nanoseconds of `phase`.
    public func nanos(_ phase: Phase) -> Int {
        switch phase {
        case .step: return stepNanos
        case .layout: return layoutNanos
        case .reuse: return reuseNanos
        case .composite: return compositeNanos
        }
    }
}

/// One scenario running one strategy: a table, its strategy and a renderer, stepped frame by
/// frame the way the device's display link would.
public final class Simulation {
    /// The scenario being run.
    public let scenario: Scenario
    /// The strategy drawing the corners.
    public let strategy: any CornerStrategy
    /// The table, its renderer and its scroll, and the frame step itself.
    public let frames: TableFrames
    /// The table (`frames.table`, held here too so the phases reach it as directly as before
    /// the step moved to `TableFrames`: their instruction counts are gated to 2 %).
    public let table: TableView
    /// The renderer and its framebuffer (`frames.renderer`).
    public let renderer: Renderer
    /// Events by step.
    private let events: [Int: [ScenarioEvent]]
    #if CORNERBENCH_FAULT_INJECTION
    private let slowdowns: FaultInjection.Slowdowns
    /// What a memory slowdown reads: a framebuffer's bytes, zeroed once.
    private let slowdownBuffer: UnsafeMutableRawBufferPointer
    #endif

    /// Sets a scenario up with the strategy of `catalog` called `strategyName`, its frames and
    /// bitmaps drawn by `kernels`; `geometry`, when given, is the scenario's laid-out rows, shared
    /// with its other simulations.
    public init(scenario: Scenario, strategyName: String, geometry: TableGeometry? = nil,
                catalog: StrategyCatalog = .builtIn, kernels: KernelChoice = .preferred) throws {
        guard let strategy = catalog.make(strategyName, screenScale: scenario.device.scale) else {
            throw BenchError.usage(.unknownStrategy(name: strategyName, known: catalog.names))
        }
        guard let renderer = Renderer(screenSize: scenario.device.pixelSize, scale: scenario.device.scale, kernels: kernels) else {
            // A screen of pixels whose buffer is refused: memory ran out (Pixmap checks the allocation).
            if scenario.device.pixelSize.area > 0 { throw FrameMemory.shortage(scenario.device.pixelSize) }
            throw BenchError.input(.emptyScreen(device: scenario.device.name))
        }
        renderer.rules = scenario.device.rules
        renderer.blursBackdrops = scenario.device.blursBackdrops
        self.scenario = scenario
        self.strategy = strategy
        let table = TableView(geometry: geometry ?? TableGeometry(sections: scenario.sectionSpecs),
                              size: scenario.tableFrame.size,
                              style: scenario.style, provider: strategy, content: scenario.content,
                              scale: scenario.device.scale, kernels: kernels)
        self.table = table
        self.renderer = renderer
        self.frames = TableFrames(table: table, renderer: renderer, scroll: scenario.scroll(in: table.geometry),
                                  refreshHz: scenario.device.refreshHz, overlays: scenario.overlays,
                                  tableTop: scenario.fillsScreen ? nil : scenario.tableTop)
        self.events = Dictionary(grouping: scenario.events, by: \.atStep)
        #if CORNERBENCH_FAULT_INJECTION
        self.slowdowns = FaultInjection.slowdowns(for: strategyName)
        let bytes = scenario.device.pixelSize.width * scenario.device.pixelSize.height * 4
        self.slowdownBuffer = .allocate(byteCount: bytes, alignment: 64)
        slowdownBuffer.initializeMemory(as: UInt8.self, repeating: 0)
        #endif
    }

    #if CORNERBENCH_FAULT_INJECTION
    deinit { slowdownBuffer.deallocate() }
    #endif

    /// Runs `steps` frames of `strategyName` on a table of its own and throws it away, so code,
    /// allocator and caches are warm before a measured simulation starts from a fresh table.
    public static func warmUp(scenario: Scenario, strategyName: String, geometry: TableGeometry?, steps: Int,
                              catalog: StrategyCatalog = .builtIn, kernels: KernelChoice = .preferred) throws {
        let warm = try Simulation(scenario: scenario, strategyName: strategyName, geometry: geometry, catalog: catalog,
                                  kernels: kernels)
        for _ in 0..<max(0, steps) {
            warm.step()
            try warm.checkBuffers()
        }
    }

    /// Throws when the last frame could not draw a pass because its buffer was refused (memory
    /// ran out): that frame is not the device's, so no number may come from it.
    public func checkBuffers() throws {
        if let size = renderer.refusedBuffer { throw FrameMemory.shortage(size) }
    }

    /// Runs the next frame: the step's events, scroll, layout if due, render; returns its cost.
    ///
    /// Each phase runs in a function of its own that is never inlined (`reusePhase`,
    /// `layoutPhase`, `compositePhase`), so an instruction count under valgrind can be restricted
    /// to it by name (`CountedPairs`).
    @discardableResult
    @inline(never)
    public func step() -> StepRecord {
        // Events arrive between frames and only mark what changed (the table configures and
        // lays out in its layout pass), so the step's clock starts after them.
        let happened = events[frames.frame] ?? []
        for event in happened { apply(event) }
        var phases = TimedPhases(simulation: self, start: Stopwatch.now())
        let frame = frames.step(&phases)
        let end = Stopwatch.now(), start = phases.start
        let afterReuse = phases.afterReuse ?? start, afterLayout = phases.afterLayout ?? start
        return StepRecord(stats: frame.stats, laidOut: frame.laidOut, hadEvent: !happened.isEmpty,
                          reuseNanos: Int(afterReuse - start), layoutNanos: Int(afterLayout - afterReuse),
                          compositeNanos: Int(end - afterLayout), stepNanos: Int(end - start))
    }

    /// The step's phases, each run by its own function and its end taken by the clock.
    private struct TimedPhases: FramePhases {
        unowned let simulation: Simulation
        let start: UInt64
        var afterReuse: UInt64?
        var afterLayout: UInt64?

        mutating func reuse(_ frames: TableFrames) {
            simulation.reusePhase()
            afterReuse = Stopwatch.now()
        }

        mutating func layout(_ frames: TableFrames) {
            simulation.layoutPhase()
            afterLayout = Stopwatch.now()
        }

        mutating func render(_ frames: TableFrames) -> RenderStats { simulation.compositePhase() }
    }

    /// Runs the next frame as `step()` does and adds to its record, outside the timed and counted
    /// step, what a result keeps of it: the frame's checksum when `checksum` is true, and the
    /// off-screen buffers allocated so far.
    /// - Throws: `BenchError.resource` when a pass could not draw because its buffer was refused
    ///   (`checkBuffers()`): no number may come from that frame.
    public func measuredStep(checksum: Bool) throws -> StepRecord {
        var record = step()
        try checkBuffers()
        if checksum { record.picture = renderer.framebuffer.checksum }
        record.buffersAllocated = renderer.buffersAllocated
        return record
    }

    /// Cells leaving and entering the visible rows.
    @inline(never)
    func reusePhase() {
        injectingSlowdown(.reuse) { table.updateVisibleCells() }
    }

    /// Cell frames and the strategy's layout.
    @inline(never)
    func layoutPhase() {
        injectingSlowdown(.layout) { table.layoutVisibleCells() }
    }

    /// The frame rendered.
    @inline(never)
    func compositePhase() -> RenderStats {
        injectingSlowdown(.composite) { frames.render() }
    }

    /// Runs `work`; in a fault-injection build, then busy-waits the phase's configured fraction of
    /// its time. Inlined so each phase function keeps its own symbol and, in normal builds, its
    /// own instructions only.
    @inline(__always)
    private func injectingSlowdown<T>(_ phase: Phase, _ work: () -> T) -> T {
        #if CORNERBENCH_FAULT_INJECTION
        switch slowdowns[phase] {
        case .time(let fraction)?:
            let start = Stopwatch.now()
            defer { FaultInjection.spin(since: start, fraction: fraction) }
            return work()
        case .memory?:
            defer { FaultInjection.touch(slowdownBuffer) }
            return work()
        case nil:
            break
        }
        #endif
        return work()
    }

    private func apply(_ event: ScenarioEvent) {
        switch event.action {
        case .setStyle(let style): table.setStyle(style)
        case let .resize(width, height): table.setSize(Size(width: width, height: height))
        case .select(let row): table.selectRow(at: row)
        }
    }

    /// Draws frame `step` directly — the content offset of that step, one layout pass, one
    /// render — without rendering the frames before it (what `bench render --step K` shows). The
    /// events of the frames skipped are applied first, in order, so the frame shows the state the
    /// scroll reached: a radius changed at step 20 is drawn at step 40.
    @discardableResult
    public func jump(toStep step: Int) -> StepRecord {
        let target = max(0, step)
        for skipped in frames.frame..<max(frames.frame, target) {
            for event in events[skipped] ?? [] { apply(event) }
        }
        frames.frame = target
        return self.step()
    }
}
