import Results
import XCTest

/// `Ratio.value`: the one computation of a ratio, for a run's ratios and each round's.
final class RatioValueTests: XCTestCase {
    private let medians: [Phase: Int] = [.step: 3_000, .composite: 1_200, .layout: 500, .reuse: 300]

    func testEachRatioDividesItsPhasesMedianByWhatItsReferenceNames() {
        let reference: [Phase: Int] = [.step: 2_000, .composite: 600, .layout: 1, .reuse: 1]
        let values = Dictionary(uniqueKeysWithValues: Ratio.allCases.map {
            ($0, $0.value(of: medians, floor: 400, trafficBound: 800, reference: reference))
        })
        XCTAssertEqual(values, [.stepToFloor: 7.5, .compositeToFloor: 3, .stepToNone: 1.5, .compositeToNone: 2,
                                .compositeToTraffic: 1.5])
    }

    func testARatioOverNothingMeasuredIsZero() {
        for ratio in Ratio.allCases {
            XCTAssertEqual(ratio.value(of: medians, floor: 0, trafficBound: 0, reference: [:]), 0, ratio.name)
        }
    }

    func testARatioToTheReferenceStrategyIsAbsentWhenItDidNotRun() {
        for ratio in Ratio.allCases {
            let value = ratio.value(of: medians, floor: 400, trafficBound: 800, reference: nil)
            XCTAssertEqual(value == nil, ratio.reference == .none, ratio.name)
        }
    }
}
