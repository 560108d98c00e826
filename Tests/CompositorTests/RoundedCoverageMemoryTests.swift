@testable import Compositor
import Foundation
import Raster
import RasterTestSupport
import XCTest

/// The memory a rounded shape costs the renderer depends on its corners and on what is visible,
/// never on the layer's size, and the rounded-coverage cache stays within its cap in bytes; the
/// pictures are the same as before.
final class RoundedCoverageMemoryTests: XCTestCase {
    let ledger = Ledger()
    let background = Color(hex: "#F2F2F7")!
    let fill = Color(red: 40, green: 120, blue: 200, alpha: 230)

    /// A screen of 100 × 80 pt at 2× with an opaque background and one layer filled with `fill`,
    /// its corners rounded by `radius` pt.
    private func render(_ frame: Rect, radius: Double, screen: PixelSize = PixelSize(width: 200, height: 160))
        -> (Renderer, RenderStats) {
        let renderer = Renderer(screenSize: screen, scale: 2)!
        let root = Layer(frame: Rect(x: 0, y: 0, width: Double(screen.width) / 2, height: Double(screen.height) / 2), ledger: ledger)
        root.backgroundColor = background
        let layer = Layer(frame: frame, ledger: ledger)
        layer.backgroundColor = fill
        layer.cornerRadius = radius
        root.addSublayer(layer)
        let stats = renderer.render(root, time: 0)
        return (renderer, stats)
    }

    /// The frame expected for a rounded layer covering the pixels `box`, computed without the
    /// renderer: the background, then the colour through the whole mask of the rounded rectangle
    /// (the analytic mask as large as the shape, which the renderer no longer makes).
    private func expectedFrame(box: PixelRect, radius: Double, screen: PixelSize = PixelSize(width: 200, height: 160)) -> Pixmap {
        var frame = Pixmap(size: screen, fill: background.premultiplied)!
        let mask = CoverageMask(size: box.size, roundedRect: (0, 0, Double(box.width), Double(box.height)),
                                radius: radius, corners: .all)!
        frame.blend(fill.premultiplied, mask: mask, at: box.origin, kernels: .preferred)
        return frame
    }

    func testALayerTenMillionPointsTallWithACornerRadiusDrawsTheSamePixelsAsAShortLayerShowingTheSamePart() {
        let tall = 10_000_000.0
        // (the tall layer, a short layer with the same visible geometry, what is visible)
        let cases: [(Rect, Rect, String)] = [
            (Rect(x: 10, y: 10, width: 80, height: tall), Rect(x: 10, y: 10, width: 80, height: 200), "top corners"),
            (Rect(x: 10, y: 40 - tall, width: 80, height: tall), Rect(x: 10, y: -160, width: 80, height: 200), "bottom corners"),
            (Rect(x: 10, y: -tall / 2, width: 80, height: tall), Rect(x: 10, y: -100, width: 80, height: 300), "middle only"),
            (Rect(x: 30 - tall, y: 10, width: tall, height: tall), Rect(x: -170, y: 10, width: 200, height: 200), "wide and tall"),
        ]
        for (big, small, label) in cases {
            let (renderer, stats) = render(big, radius: 7.5)
            let (reference, referenceStats) = render(small, radius: 7.5)
            XCTAssertEqual(renderer.framebuffer, reference.framebuffer, label)
            XCTAssertEqual(renderer.framebuffer, expectedFrame(box: small.pixelRect(scale: 2), radius: 15), label)
            XCTAssertEqual(stats.shadedPixels, referenceStats.shadedPixels, label)
            XCTAssertEqual(stats.blendedPixels, referenceStats.blendedPixels, label)
            XCTAssertLessThanOrEqual(renderer.roundedCoverageBytes, 4 * 15 * 15 + CoverageCache.entryOverhead,
                                     "\(label): only the corners' coverage is kept")
        }
    }

    func testACornerTooLargeForTheCacheIsDrawnFromTheCoverageOfItsVisiblePart() {
        // A 20 × 20 px screen caps the cache at 1,600 bytes; corners of 100 px would take 40,000.
        let screen = PixelSize(width: 20, height: 20)
        let frames = [Rect(x: -3, y: -2, width: 100, height: 100), Rect(x: -40, y: -45, width: 100, height: 100),
                      Rect(x: 4, y: -90, width: 100, height: 100)]
        for frame in frames {
            let (renderer, _) = render(frame, radius: 50, screen: screen)
            XCTAssertEqual(renderer.framebuffer, expectedFrame(box: frame.pixelRect(scale: 2), radius: 100, screen: screen), "\(frame)")
            XCTAssertEqual(renderer.roundedCoverageBytes, 0, "nothing larger than the cap is kept")
        }
    }

    func testTheRoundedCoverageCacheStaysUnderItsCapInBytesAcrossManyRadiusChanges() {
        let renderer = Renderer(screenSize: PixelSize(width: 200, height: 160), scale: 2)!
        XCTAssertEqual(renderer.roundedCoverageCapacity, 4 * 200 * 160)
        let root = Layer(frame: Rect(x: 0, y: 0, width: 100, height: 80), ledger: ledger)
        root.backgroundColor = background
        let rounded = Layer(frame: Rect(x: 0, y: 0, width: 100, height: 80), ledger: ledger)
        rounded.backgroundColor = fill
        // A rounded clip over a sublayer: an off-screen pass whose clip is a whole mask.
        let clipped = Layer(frame: Rect(x: 5, y: 5, width: 90, height: 70), ledger: ledger)
        clipped.backgroundColor = .white
        clipped.masksToBounds = true
        let content = Layer(frame: Rect(x: 0, y: 0, width: 90, height: 20), ledger: ledger)
        content.backgroundColor = Color(red: 200, green: 30, blue: 30)
        clipped.addSublayer(content)
        root.addSublayer(rounded)
        root.addSublayer(clipped)

        var first: Pixmap?
        var peak = 0
        for step in 0..<160 {
            let radius = 0.5 + Double(step) * 0.25  // up to 40.25 pt: corners up to 80 px, clamped
            rounded.cornerRadius = radius
            clipped.cornerRadius = radius
            _ = renderer.render(root, time: Double(step) / 60)
            if step == 0 { first = renderer.framebuffer }
            peak = max(peak, renderer.roundedCoverageBytes)
            XCTAssertLessThanOrEqual(renderer.roundedCoverageBytes, renderer.roundedCoverageCapacity, "step \(step)")
        }
        XCTAssertGreaterThan(peak, renderer.roundedCoverageCapacity / 2, "the cache is used up to its cap")
        // The first shapes were evicted long ago; drawn again, they are computed to the same pixels.
        rounded.cornerRadius = 0.5
        clipped.cornerRadius = 0.5
        _ = renderer.render(root, time: 160.0 / 60)
        XCTAssertEqual(renderer.framebuffer, first)
    }

    func testBenchRunOnOneSectionOfTenMillionRowsWithSectionBackgroundFinishes() throws {
        let executable = BuiltBench.url
        try BuiltBench.require()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ten-million-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenario = directory.appendingPathComponent("big.json")
        let results = directory.appendingPathComponent("results.json")
        try Data("""
            {"name": "big", "device": "ipad-11",
             "table": {"sections": 1, "rowsPerSection": 10000000, "content": "none"},
             "scroll": {"kind": "constant", "pointsPerStep": 12, "steps": 3, "warmupSteps": 0}}
            """.utf8).write(to: scenario)
        let process = Process()
        process.executableURL = executable
        process.arguments = ["run", "--scenario-file", scenario.path, "--strategy", "section-background", "--quiet",
                             "--json", results.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        let start = Date()
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, message)
        XCTAssertLessThan(Date().timeIntervalSince(start), 60, "a few steps take seconds")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: results)) as? [String: Any]
        let peak = try XCTUnwrap(json?["peakMemoryBytes"] as? Int)
        // The table's geometry for ten million rows is most of it; the section's background, 440
        // million points tall, costs its corners.
        XCTAssertLessThan(peak, 1 << 30, "peak memory \(peak) bytes")
    }
}
