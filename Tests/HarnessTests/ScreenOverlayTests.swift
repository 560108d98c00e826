import Compositor
import Devices
import Harness
import HarnessTestSupport
import Raster
import Scenarios
import Table
import XCTest

/// A scenario's overlays are drawn above the table, fixed to the screen: a bar shows its colour at
/// its pixels whatever the scroll, the table's pixels elsewhere are those it draws without the
/// bar, and a scenario without overlays draws the layer tree it always drew.
final class ScreenOverlayTests: XCTestCase {
    /// A colour the table never draws.
    private static let magenta = Color(hex: "#FF00FF")!
    /// A bar across the top of the 600 × 400 pt screen at 2×: pixel rows 0 to 99.
    private static let barFrame = Rect(x: 0, y: 0, width: 600, height: 50)

    /// An opaque bar of `color` at `frame`.
    private static func bar(_ frame: Rect = barFrame, color: Color = magenta) -> LayerDescription {
        var bar = LayerDescription(frame: frame)
        bar.backgroundColor = color
        bar.isOpaque = true
        return bar
    }

    /// A long table of Settings rows scrolling 10 pt a step, with `overlays` and `events`.
    private static func scenario(overlays: [LayerDescription], events: [ScenarioEvent] = []) -> Scenario {
        var scenario = Fixtures.longTable(steps: 30, content: .settings)
        scenario.overlays = overlays
        scenario.events = events
        return scenario
    }

    /// Frames `steps` (a sorted list) of `scenario` under `none`, drawn in order.
    private static func frames(_ scenario: Scenario, at steps: [Int]) throws -> [Pixmap] {
        let simulation = try Simulation(scenario: scenario, strategyName: "none")
        var out: [Pixmap] = []
        for step in 0...(steps.last ?? 0) {
            simulation.step()
            if steps.contains(step) { out.append(simulation.renderer.framebuffer) }
        }
        return out
    }

    /// The pixels of `frame` inside `rect` (pixels) that are not `color`, and those outside it
    /// that differ from `table`'s (the same frame without overlays).
    private static func mismatches(_ frame: Pixmap, rect: PixelRect, color: Color, table: Pixmap) -> (inside: Int, outside: Int) {
        var inside = 0, outside = 0
        let expected = color.premultiplied
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                if x >= rect.x && x < rect.maxX && y >= rect.y && y < rect.maxY {
                    if frame[x, y] != expected { inside += 1 }
                } else if frame[x, y] != table[x, y] {
                    outside += 1
                }
            }
        }
        return (inside, outside)
    }

    func testAnOpaqueBarShowsItsColourAtItsPixelsAndTheTableElsewhereAsTheTableScrolls() throws {
        let steps = [0, 6, 14]
        let withBar = try Self.frames(Self.scenario(overlays: [Self.bar()]), at: steps)
        let without = try Self.frames(Self.scenario(overlays: []), at: steps)
        let barPixels = PixelRect(x: 0, y: 0, width: 1200, height: 100)
        for (i, step) in steps.enumerated() {
            let found = Self.mismatches(withBar[i], rect: barPixels, color: Self.magenta, table: without[i])
            XCTAssertEqual(found.inside, 0, "every pixel of the bar is its colour at step \(step)")
            XCTAssertEqual(found.outside, 0, "every other pixel is the table's at step \(step)")
        }
        // The table under the bar scrolled between the steps; the bar did not move.
        XCTAssertNotEqual(without[0].checksum, without[1].checksum)
        XCTAssertNotEqual(withBar[0].checksum, withBar[1].checksum)
    }

    func testOverlaysAreDrawnBackToFrontAndStayOnTheScreenWhenTheTableIsResized() throws {
        let square = Self.bar(Rect(x: 100, y: 10, width: 20, height: 20), color: Color(hex: "#00FF00")!)
        let resize = ScenarioEvent(atStep: 2, action: .resize(width: 300, height: 400))
        let scenario = Self.scenario(overlays: [Self.bar(), square], events: [resize])
        let table = try Self.frames(Self.scenario(overlays: [], events: [resize]), at: [4])[0]
        let frame = try Self.frames(scenario, at: [4])[0]
        XCTAssertEqual(frame[210, 30], Color(hex: "#00FF00")!.premultiplied, "the later overlay over the earlier")
        XCTAssertEqual(frame[1100, 50], Self.magenta.premultiplied, "the bar still spans the screen, not the 300 pt table")
        XCTAssertEqual(frame[1100, 300], table[1100, 300], "below the bar, the screen the table left")
    }

    func testWithoutOverlaysTheRendererDrawsTheTablesLayerAsItAlwaysDid() throws {
        let plain = try Simulation(scenario: Self.scenario(overlays: []), strategyName: "none")
        XCTAssertTrue(plain.frames.root === plain.table.layer)
        let barred = try Simulation(scenario: Self.scenario(overlays: [Self.bar()]), strategyName: "none")
        XCTAssertFalse(barred.frames.root === barred.table.layer)
        XCTAssertEqual(barred.frames.root.sublayers.count, 2, "the table's layer, then the bar")
        XCTAssertTrue(barred.frames.root.sublayers.first === barred.table.layer)
        XCTAssertEqual(barred.frames.root.sublayers.map(\.costTag), [-1, -1], "an overlay is nobody's cell")
        XCTAssertEqual(barred.frames.root.frame, Rect(x: 0, y: 0, width: 600, height: 400), "the screen, in points")
    }

    func testAHiddenOverlayLeavesEveryPixelAndPassAsTheTableDrawsThem() throws {
        var hidden = Self.bar()
        hidden.isHidden = true
        let plain = try Simulation(scenario: Self.scenario(overlays: []), strategyName: "per-cell-mask")
        let barred = try Simulation(scenario: Self.scenario(overlays: [hidden]), strategyName: "per-cell-mask")
        for step in 0..<8 {
            let a = plain.step(), b = barred.step()
            XCTAssertEqual(plain.renderer.framebuffer.checksum, barred.renderer.framebuffer.checksum, "step \(step)")
            XCTAssertEqual(a.stats.render.offscreenPasses, b.stats.render.offscreenPasses, "step \(step)")
            XCTAssertEqual(a.stats.render.blendedPixels, b.stats.render.blendedPixels, "step \(step)")
        }
    }

    func testAnOverlaysPassesAreCountedButNotChargedToTheCellsLayers() throws {
        var avatar = LayerDescription(frame: Rect(x: 16, y: 6, width: 32, height: 32))
        avatar.contents = .image(.picture(size: nil, color: nil, cornerRadius: 0))
        avatar.cornerRadius = 16
        avatar.masksToBounds = true
        var clipped = Self.bar()
        clipped.contents = .image(.picture(size: nil, color: nil, cornerRadius: 0))
        clipped.cornerRadius = 8
        clipped.masksToBounds = true
        var scenario = Self.scenario(overlays: [])
        scenario.content = ContentPattern(cells: [.layers(CellDescription(layers: [avatar]))])
        let plain = try Simulation(scenario: scenario, strategyName: "none").step()
        scenario.overlays = [clipped]
        let barred = try Simulation(scenario: scenario, strategyName: "none").step()
        XCTAssertEqual(barred.stats.render.offscreenPasses, plain.stats.render.offscreenPasses + 1, "the bar's rounded clip")
        XCTAssertEqual(barred.stats.render.layerCosts, plain.stats.render.layerCosts, "the cell's layers cost what they did")
    }

    func testTheIPad2And3DrawABackdropAsItsTintAloneAndAnotherA5DeviceBlursIt() throws {
        var bar = LayerDescription(frame: Rect(x: 0, y: 0, width: 768, height: 64))
        bar.backdrop = Backdrop(radius: 20, tint: Color(hex: "#F7F7F7CC")!)
        func passes(on name: String) throws -> Int {
            var scenario = Self.scenario(overlays: [bar])
            scenario.device = try XCTUnwrap(Device.named(name), name)
            let simulation = try Simulation(scenario: scenario, strategyName: "none")
            return simulation.step().stats.render.offscreenPasses
        }
        for name in ["ipad-2", "ipad-3"] {
            XCTAssertFalse(try XCTUnwrap(Device.named(name)).blursBackdrops, name)
            XCTAssertEqual(try passes(on: name), 0, "\(name): the tint alone, as Apple draws it there")
        }
        XCTAssertEqual(try passes(on: "ipad-mini"), 4, "the same A5 in an iPad mini blurs")
        // A screen of one's own takes its name as a label: it blurs, whatever it is called.
        let own = Device(name: "ipad-2", width: 768, height: 1024, scale: 1, refreshHz: 60, gpu: Device.chip("a5"))
        XCTAssertTrue(own.blursBackdrops, "a file's own device named ipad-2")
        XCTAssertFalse(try XCTUnwrap(Device.named("ipad-2")).blursBackdrops, "the catalogue's")
    }

    func testOverlaysCountOnceAFrameInTheRunsWorkAndMemoryBounds() {
        var scenario = Fixtures.longTable(content: .none)
        XCTAssertEqual(WorkEstimate.cellBytes(scenario), 0, "empty cells and no overlays: the frame allowance covers them")
        XCTAssertEqual(WorkEstimate.offscreenPixelsPerStep(scenario), 0)
        var bar = LayerDescription(frame: Self.barFrame)
        bar.backdrop = Backdrop(radius: 20, tint: Color(hex: "#FFCC0066")!)
        scenario.overlays = [bar]
        let barPixels = 1200 * 100
        XCTAssertEqual(WorkEstimate.offscreenPixelsPerStep(scenario), Double(4 * barPixels), "a backdrop's four passes")
        let screen = scenario.device.pixelSize.area
        XCTAssertGreaterThanOrEqual(WorkEstimate.cellBytes(scenario), 4 * screen + 3 * 4 * barPixels,
                                    "the content pass's buffer of the screen's size and three of the bar's")
        bar.isHidden = true
        scenario.overlays = [bar]
        XCTAssertEqual(WorkEstimate.offscreenPixelsPerStep(scenario), 0, "a hidden overlay draws nothing")
    }
}
