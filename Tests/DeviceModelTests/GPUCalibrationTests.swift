import DeviceModel
import XCTest

/// A GPU profile calibrated to a frame measured on a device: the parameter behind the largest term
/// moves until the centre of the estimate is the measured time; the others keep their ranges.
final class GPUCalibrationTests: XCTestCase {
    private let a9 = try! GPUCatalog.builtIn.profile(id: "a9")
    private let screenBytes = 750.0 * 1334 * 4

    private func centre(_ work: FrameWork, _ gpu: GPUProfile) -> Double {
        let r = GPUFrameTime.estimate(work, on: gpu)
        return (r.lowerBound + r.upperBound) / 2
    }

    func testEachParameterIsMovedWhenItsTermIsTheLargestAndTheCentreBecomesTheMeasuredTime() throws {
        let traffic = FrameWork(offscreenPasses: 24, tileTrafficBytes: 2e6, shadedFragments: 1e6, screenSplits: 24,
                                screenBytes: screenBytes)
        let passes = FrameWork(offscreenPasses: 200, shadedFragments: 1e5)
        let fragments = FrameWork(shadedFragments: 5e7)
        for (work, parameter) in [(traffic, GPUCalibration.Parameter.memoryBandwidth), (passes, .passCost), (fragments, .fillRate)] {
            let measured = centre(work, a9) * 1.37
            let calibrated = try GPUCalibration.calibrate(a9, work: work, measuredSeconds: measured, id: "mine")
            XCTAssertEqual(calibrated.calibration?.parameter, parameter)
            XCTAssertEqual(centre(work, calibrated), measured, accuracy: measured * 1e-12, "\(parameter)")
            XCTAssertEqual(calibrated.id, "mine")
            // Only the moved parameter changed, to a single value.
            let moved = calibrated.parameters.first { $0.name == parameter.rawValue }!.value
            XCTAssertEqual(moved.low, moved.high)
            for (name, value) in calibrated.parameters where name != parameter.rawValue {
                XCTAssertEqual(value, a9.parameters.first { $0.name == name }!.value, name)
            }
        }
    }

    func testAFrameShorterThanTheOtherTermsCannotBeReproduced() {
        let work = FrameWork(offscreenPasses: 24, tileTrafficBytes: 2e6, shadedFragments: 1e8, screenSplits: 24,
                             screenBytes: screenBytes)
        XCTAssertThrowsError(try GPUCalibration.calibrate(a9, work: work, measuredSeconds: 1e-6, id: "x")) { error in
            guard case GPUCalibration.Problem.shorterThanTheRest = error else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try GPUCalibration.calibrate(a9, work: .zero, measuredSeconds: 0.01, id: "x"))
        XCTAssertThrowsError(try GPUCalibration.calibrate(a9, work: work, measuredSeconds: -1, id: "x"))
    }
}
