import CLITestSupport
import RasterTestSupport
import Foundation
import Results
import XCTest

/// `bench calibrate` writes a GPU profile whose estimate of the measured scenario is the measured
/// frame time, and `--gpu-profile` prices with it, named as calibrated.
final class CalibrateCommandTests: TemporaryDirectoryTestCase {
    private static let cell = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Benchmarks/cells/avatars-and-badge.json").path
    private let options = ["--device", "iphone-6s", "--ios", "9", "--cell", CalibrateCommandTests.cell, "--steps", "20"]

    func testARerunWithTheCalibratedProfilePricesTheMeasuredFrameWithinOnePercentAndSaysItIsCalibrated() throws {
        let profile = directory + "/a9-mine.json", results = directory + "/r.json"
        let calibrate = bench(["calibrate", "--frame-ms", "21.5", "--output", profile] + options)
        XCTAssertEqual(calibrate.code, 0, calibrate.stderr)
        XCTAssertTrue(calibrate.stdout.unwrapped.contains("a9-calibrated is calibrated to a measured 21.50 ms: memoryBandwidth"),
                      calibrate.stdout)
        let rerun = bench(["run", "--gpu-profile", profile, "--strategy", "none", "--json", results] + options)
        XCTAssertEqual(rerun.code, 0, rerun.stderr)
        let time = try XCTUnwrap(Results.load(from: results).runs.first?.deviceTime)
        XCTAssertEqual(time.gpu, "a9-calibrated")
        XCTAssertEqual(Double(time.lowNanos + time.highNanos) / 2 / 1e6, 21.5, accuracy: 21.5 * 0.01)
        XCTAssertTrue(time.calibration?.hasPrefix("calibrated to a measured 21.50 ms") ?? false, "\(time)")
        XCTAssertTrue(rerun.stdout.unwrapped.contains("GPU ms priced by the a9-calibrated profile, calibrated to a measured 21.50 ms"), rerun.stdout)
    }

    func testAFrameTheModelCannotReachAndABadProfileFileAreClearErrors() throws {
        let short = bench(["calibrate", "--frame-ms", "0.01", "--output", directory + "/p.json"] + options)
        XCTAssertEqual(short.code, 2)
        XCTAssertTrue(short.stderr.hasPrefix("Error: A frame of 0.01 ms cannot be reproduced by moving memoryBandwidth"), short.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/p.json"))
        let bad = directory + "/bad.json"
        try #"{"schema": "cornerbench.gpu/1", "id": "x", "memoryBandwidthGBps": [30, 20], "sustainedFraction": [0.7, 0.8], "fillRateGpixps": [1, 2], "passCostMicroseconds": [10, 20]}"#
            .write(toFile: bad, atomically: true, encoding: .utf8)
        let run = bench("run", "--gpu-profile", bad, "--steps", "2", "--quiet")
        XCTAssertEqual(run.code, 2)
        XCTAssertTrue(run.stderr.contains("memoryBandwidthGBps: the low end (30) is above the high end (20)"), run.stderr)
        let both = bench("run", "--gpu", "a9", "--gpu-profile", bad, "--quiet")
        XCTAssertEqual(both.code, 2)
        XCTAssertTrue(both.stderr.contains("--gpu and --gpu-profile both name the GPU to price"), both.stderr)
    }
}
