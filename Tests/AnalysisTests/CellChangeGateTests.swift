@testable import Analysis
import JSON
import Results
import Scenarios
import ResultsTestSupport
import XCTest

/// A changed cell (issue 58): the gate holds what it costs the device by default, passes what
/// is only another way of building it, and names the layers whose description or cost changed.
final class CellChangeGateTests: XCTestCase {
    /// A cell of two layers, the first clipped with `radius`, the second masked when `masked`.
    private static func definition(radius: Double = 16, masked: Bool = false) -> ScenarioDefinition {
        var first = LayerDescription(frame: .init(x: 16, y: 6, width: 32, height: 32))
        (first.cornerRadius, first.masksToBounds) = (radius, true)
        var second = LayerDescription(frame: .init(x: 60, y: 6, width: 32, height: 32))
        if masked { second.mask = .oval }
        return ResultsFixtures.definition(cell: [first, second])
    }

    /// The fixture's rows with `definition`, each with two layers' costs: the first `first`
    /// passes a frame, the second `second`, each pass priced at 0.3–0.5 ms.
    private static func results(_ definition: ScenarioDefinition, first: Double = 2, second: Double = 0) -> Results {
        var results = ResultsFixtures.run(steps: 12)
        results.scenarioDefinitions = ["long-table": .typed(definition)]
        for i in results.runs.indices {
            results.runs[i].layerCosts = [(0, first), (1, second)].map { index, passes in
                CellLayerCost(layer: "layers[\(index)]", offscreenPasses: passes, screenSplits: passes, tileTrafficBytes: 0, blendedPixels: 0,
                              gpuLowNanos: Int(passes * 300_000), gpuHighNanos: Int(passes * 500_000))
            }
        }
        return results
    }

    /// `results` with the second row's `counter` total moved by `delta`.
    private static func moved(_ results: Results, _ counter: Counter, by delta: Int) -> Results {
        var copy = results
        copy.runs[1].totals[counter]! += delta
        copy.runs[1].perStep[counter] = Double(copy.runs[1].totals[counter]!) / Double(copy.runs[1].steps)
        return copy
    }

    func testADearerCellFailsByDefaultOnItsPassesAndNotOnItsOtherCounters() throws {
        let baseline = Self.results(Self.definition())
        let current = Self.moved(Self.moved(Self.results(Self.definition(masked: true), second: 1), .offscreenPasses, by: 12), .pathsCreated, by: 3)
        let report = try Gate.check(baseline: baseline, current: current)
        XCTAssertFalse(report.passed)
        XCTAssertEqual(report.findings.filter(\.fails).map(\.change), [.counter(.offscreenPasses, old: baseline.runs[1].totals[.offscreenPasses]!,
                                                                                   new: current.runs[1].totals[.offscreenPasses]!)])
        let paths = try XCTUnwrap(report.findings.first { if case .counter(.pathsCreated, _, _) = $0.change { true } else { false } })
        XCTAssertFalse(paths.gated, "another way of building the cell is reported, not gated")
        var reported = Gate.Options()
        reported.gateCellChanges = false
        XCTAssertTrue(try Gate.check(baseline: baseline, current: current, options: reported).passed)
    }

    func testACheaperCellThatMakesMoreObjectsPasses() throws {
        let baseline = Self.results(Self.definition(masked: true), second: 1)
        let current = Self.moved(Self.moved(Self.results(Self.definition()), .offscreenPasses, by: -12), .pathsCreated, by: 3)
        let report = try Gate.check(baseline: baseline, current: current)
        XCTAssertTrue(report.passed, "\(report.findings)")
        XCTAssertEqual(report.findings.filter(\.improves).count, 1)
    }

    func testTheLayersOfAChangedCellAreNamedWithTheirChangedFieldsAndCosts() throws {
        let report = try Gate.check(baseline: Self.results(Self.definition()), current: Self.results(Self.definition(masked: true), second: 1.5))
        let row = try XCTUnwrap(report.rows.first)
        XCTAssertTrue(row.cellChanged)
        XCTAssertEqual(row.layers.map(\.layer), ["layers[1]"], "the first layer changed in nothing")
        let layer = try XCTUnwrap(row.layers.first)
        XCTAssertEqual(layer.fields, [Gate.LayerChange.Field(path: "mask", old: nil, new: ["shape": "oval"])])
        XCTAssertEqual(layer.offscreenPasses, 1.5)
        XCTAssertEqual(layer.screenSplits, 1.5)
        XCTAssertEqual(layer.gpuNanos?.low, Int(1.5 * 300_000))
        XCTAssertEqual(layer.gpuNanos?.high, Int(1.5 * 500_000))
        // A field of the first layer that changed while its cost did not is still named.
        let radius = try Gate.check(baseline: Self.results(Self.definition()), current: Self.results(Self.definition(radius: 8)))
        XCTAssertEqual(radius.rows.first?.layers.map(\.layer), ["layers[0]"])
        XCTAssertEqual(radius.rows.first?.layers.first?.fields, [Gate.LayerChange.Field(path: "cornerRadius", old: 16, new: 8)])
        XCTAssertEqual(radius.rows.first?.layers.first?.costMoved, false)
    }

    func testALayerItsDescriptionNamesIsCalledByItsName() throws {
        func named(_ masked: Bool) -> ScenarioDefinition {
            var definition = Self.definition(masked: masked)
            guard case .cell(var cell) = definition.content.recordedKind else { return definition }
            cell.layers[1].name = "badge"
            definition.content = ContentPattern(cells: [.layers(cell)], headerLength: definition.content.headerLength,
                                                footerLength: definition.content.footerLength)
            return definition
        }
        let report = try Gate.check(baseline: Self.results(named(false)), current: Self.results(named(true), second: 1))
        XCTAssertEqual(report.rows.first?.layers.map(\.name), ["badge"])
        XCTAssertNil(Gate.layerName("layers[0]", in: .typed(named(true))), "the first layer has no name")
        XCTAssertNil(Gate.layerName("layers[7]", in: .typed(named(true))))
        XCTAssertEqual(Gate.layerName("layers[1]", in: .typed(named(true))), "badge")
    }
}
