import Compositor
import Devices
import Harness
import Raster
import Results
import XCTest

/// How `Runner` builds its rows: pictures and buffer counts from the step records, every ratio
/// from `Ratio.value` over the medians of the run or of one round.
final class RunResultAssemblyTests: XCTestCase {
    /// A table of a few sections on a small screen: quick to run, and masks allocate buffers.
    private let scenario = Scenario(name: "assembly", device: Device(name: "test", width: 600, height: 300, scale: 2, refreshHz: 120),
                                    sections: 20, rowsPerSection: [1, 3, 8, 2, 0, 5], pointsPerStep: 10, steps: 5, warmupSteps: 0)

    func testAMeasuredStepCarriesItsFramesChecksumOnlyWhenAskedAndTheBuffersAllocatedSoFar() throws {
        let simulation = try Simulation(scenario: scenario, strategyName: "per-cell-mask")
        let plain = try simulation.measuredStep(checksum: false)
        XCTAssertNil(plain.picture)
        XCTAssertEqual(plain.buffersAllocated, simulation.renderer.buffersAllocated)
        let checked = try simulation.measuredStep(checksum: true)
        XCTAssertEqual(checked.picture, simulation.renderer.framebuffer.checksum)
        XCTAssertEqual(checked.buffersAllocated, simulation.renderer.buffersAllocated)
        XCTAssertGreaterThan(simulation.renderer.buffersAllocated, 0, "masks draw off-screen")
        XCTAssertNil(simulation.step().buffersAllocated, "a plain step counts nothing outside itself")
    }

    func testARowsPicturesAndBufferCountAreThoseOfItsFirstRoundsStepRecords() throws {
        let results = try Runner().run(scenarios: [scenario], strategies: ["none", "per-cell-mask"], rounds: 2)
        for run in results.runs {
            let simulation = try Simulation(scenario: scenario, strategyName: run.strategy)
            let records = try (0..<scenario.steps).map { try simulation.measuredStep(checksum: Runner.pictureSteps(scenario.steps).contains($0)) }
            var pictures: [String: String] = [:]
            for (k, record) in records.enumerated() { pictures[String(k)] = record.picture }
            XCTAssertEqual(run.pictures, pictures, run.strategy)
            XCTAssertEqual(run.pictures.count, 3, run.strategy)
            XCTAssertEqual(run.buffersAllocated, records.last?.buffersAllocated, run.strategy)
        }
    }

    func testEveryRatioOfARowAndOfEachRoundIsRatioValueOverTheSameRunsMedians() throws {
        let results = try Runner().run(scenarios: [scenario], strategies: ["none", "per-cell-mask"], rounds: 3)
        let none = results.runs[0]
        for run in results.runs {
            func bound(fill: Int, copy: Int, kept: Int) -> Int {
                TrafficBound.nanos(written: run.perStep[.bytesWritten]!, read: run.perStep[.bytesRead]!,
                                   kept: run.perStep[.keptBytesRead]!, frameBytes: scenario.device.pixelSize.area * 4,
                                   fill: fill, copy: copy, keptCopy: kept)
            }
            XCTAssertEqual(run.trafficBoundNanos, bound(fill: run.floorNanos, copy: run.copyFloorNanos, kept: run.keptCopyFloorNanos),
                           run.strategy)
            for ratio in Ratio.allCases {
                let expected = ratio.value(of: run.timing.mapValues(\.median), floor: run.floorNanos,
                                           trafficBound: run.trafficBoundNanos, reference: none.timing.mapValues(\.median))
                XCTAssertEqual(run.ratios[ratio], expected, "\(run.strategy) \(ratio)")
                XCTAssertEqual(run.roundRatios?[ratio]?.count, 3, "\(run.strategy) \(ratio)")
                if ratio.reference == .none {
                    let own = run.rounds![ratio.phase]!, reference = none.rounds![ratio.phase]!
                    XCTAssertEqual(run.roundRatios?[ratio], zip(own, reference).map { Double($0) / Double($1) }, "\(run.strategy) \(ratio)")
                }
            }
        }
        XCTAssertEqual(none.roundRatios?[.stepToNone], [1, 1, 1], "the reference over itself")
    }

    func testWithoutTheReferenceStrategyARowHasNoRatioToIt() throws {
        let results = try Runner().run(scenarios: [scenario], strategies: ["per-cell-mask"], steps: 2, rounds: 2)
        let run = try XCTUnwrap(results.runs.first)
        XCTAssertEqual(Set(run.ratios.keys), Set(Ratio.allCases.filter { $0.reference != .none }))
        XCTAssertEqual(Set(run.roundRatios.map { Array($0.keys) } ?? []), Set(Ratio.allCases.filter { $0.reference != .none }))
    }
}
