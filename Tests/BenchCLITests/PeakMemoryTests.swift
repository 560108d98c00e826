import Foundation
import Harness
import RasterTestSupport
import Results
import XCTest

/// A run's memory follows the frames its work holds at once (the strategies' framebuffers and the
/// memory floor's), not more: measured in a process of its own, as the results record it.
final class PeakMemoryTests: TemporaryDirectoryTestCase {
    /// What a process of `bench` holds besides its frames: code, Foundation, the table and its
    /// layers, a strategy's small buffers. About 28 MB when measured (an iPad run of `none`).
    private static let processOverhead = 48 << 20

    func testAOneStrategyIPadRunHoldsItsFrameAndTheFloorsAndLittleElse() throws {
        try BuiltBench.require()
        let path = directory + "/r.json"
        let process = Process()
        process.executableURL = BuiltBench.url
        process.arguments = ["run", "--strategy", "none", "--steps", "1", "--quiet", "--json", path]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let results = try Results.load(from: path)
        let frame = Scenario.ipadSettings.device.pixelSize.area * 4
        let frames = 1 + MemoryFloor.frames
        XCTAssertGreaterThan(results.peakMemoryBytes, frames * frame, "every frame held is written, so it is resident")
        XCTAssertLessThanOrEqual(results.peakMemoryBytes, frames * frame + Self.processOverhead,
                                 "\(results.peakMemoryBytes / 1_000_000) MB for \(frames) frames of \(frame / 1_000_000) MB")
    }
}
