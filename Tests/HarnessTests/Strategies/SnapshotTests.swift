import Foundation
import Harness
import HarnessTestSupport
import Raster
import RasterTestSupport
import Scenarios
import Strategies
import Table
import XCTest

/// A few small frames kept as reference PNGs in `__Snapshots__/` and compared exactly, so any
/// change to what is drawn — font, layout, colours, corner coverage — shows up as a failing test
/// with the new picture beside the old.
///
/// On a mismatch the actual frame is written to a temporary directory and its path printed.
/// `CORNERBENCH_RECORD_SNAPSHOTS=1 swift test --filter SnapshotTests` writes new references
/// (review them, then commit); recording is refused when `CI` is set, so CI only ever compares.
final class SnapshotTests: XCTestCase {
    private static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__")

    private func scenario(scale: Double = 2, width: Double = 320, opaqueLabels: Bool = false) -> Scenario {
        Scenario(name: "snapshot", device: Fixtures.device(width: width, height: 200, scale: scale), sections: 4,
                 rowsPerSection: [3, 1, 2], style: TableStyle(opaqueLabelBackgrounds: opaqueLabels), content: .settings,
                 pointsPerStep: 9, steps: 20, warmupSteps: 0)
    }

    func testSettingsFrameAtTheTop() throws {
        try assertSnapshot("settings-top", scenario(), strategy: "shared-corner-grid", step: 0)
    }

    func testSettingsFrameScrolledWithASelectedRow() throws {
        var scrolled = scenario()
        scrolled.events = [ScenarioEvent(atStep: 0, action: .select(Scenarios.IndexPath(row: 0, section: 1)))]
        try assertSnapshot("settings-scrolled-selected", scrolled, strategy: "per-cell-mask", step: 11)
    }

    func testSettingsFrameWithOpaqueLabelsAt3x() throws {
        try assertSnapshot("settings-opaque-labels-3x", scenario(scale: 3, width: 200, opaqueLabels: true),
                           strategy: "uikit-inset-grouped", step: 4)
    }

    /// Renders `strategy`'s frame at `step` and compares it with the reference `name`.png exactly.
    private func assertSnapshot(_ name: String, _ scenario: Scenario, strategy: String, step: Int,
                                file: StaticString = #filePath, line: UInt = #line) throws {
        let sim = try Simulation(scenario: scenario, strategyName: strategy)
        for _ in 0...step { sim.step() }
        let png = sim.renderer.framebuffer.pngData()
        let reference = Self.directory.appendingPathComponent(name + ".png")
        let environment = ProcessInfo.processInfo.environment
        if environment["CORNERBENCH_RECORD_SNAPSHOTS"] == "1" {
            guard environment["CI"] == nil else {
                return XCTFail("CORNERBENCH_RECORD_SNAPSHOTS is set under CI: snapshots are recorded only on a developer's machine.",
                               file: file, line: line)
            }
            try FileManager.default.createDirectory(at: Self.directory, withIntermediateDirectories: true)
            try Data(png).write(to: reference, options: .atomic)
            return XCTFail("recorded \(reference.path); review it, commit it and run again without CORNERBENCH_RECORD_SNAPSHOTS.",
                           file: file, line: line)
        }
        let actual = try PNGDecoder.decode(png)
        guard let stored = FileManager.default.contents(atPath: reference.path) else {
            let path = try writeActual(png, name)
            return XCTFail("no reference \(reference.path); the frame drawn is at \(path). Record with CORNERBENCH_RECORD_SNAPSHOTS=1.",
                           file: file, line: line)
        }
        let expected = try PNGDecoder.decode(Array(stored))
        guard expected.width == actual.width, expected.height == actual.height else {
            let path = try writeActual(png, name)
            return XCTFail("\(name): \(actual.width) × \(actual.height) px, the reference is \(expected.width) × \(expected.height); actual at \(path)",
                           file: file, line: line)
        }
        let differing = stride(from: 0, to: actual.rgba.count, by: 4).filter {
            actual.rgba[$0..<$0 + 4] != expected.rgba[$0..<$0 + 4]
        }
        if !differing.isEmpty {
            let path = try writeActual(png, name)
            let first = differing[0] / 4
            XCTFail("\(name): \(differing.count) pixels differ from \(reference.lastPathComponent), the first at (\(first % actual.width), \(first / actual.width)); actual at \(path)",
                    file: file, line: line)
        }
    }

    /// Writes the actual frame where a developer can open it; returns its path.
    private func writeActual(_ png: [UInt8], _ name: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cornerbench-snapshots")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name + ".actual.png")
        try Data(png).write(to: url, options: .atomic)
        print("snapshot \(name): actual frame written to \(url.path)")
        return url.path
    }
}
