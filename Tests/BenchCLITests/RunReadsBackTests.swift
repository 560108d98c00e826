import CLITestSupport
import Foundation
import Problems
import RasterTestSupport
import Results
import ScenarioFiles
import XCTest

/// Whatever a run writes, the tool reads back (issue 59, item 3): random suites and cells at the
/// edges of what their readers accept — limits up to 2^53 and beyond, tiny and huge numbers,
/// catalogue and custom devices, every kind of scroll, events, described cells — are read by the
/// suite reader; each one it accepts is run, and the results it writes must load, and `check`,
/// `compare` and `merge` must take them, as must those of each described cell run alone with
/// `--cell`. A suite the results reader would refuse is refused by the
/// suite reader first (row 3: a limit of 1e16). The seed is fixed, so a failure reproduces; the
/// input is printed.
final class RunReadsBackTests: TemporaryDirectoryTestCase {
    private struct Generator {
        var rng: SeededRandom

        mutating func pick<T>(_ values: [T]) -> T { values.randomElement(using: &rng)! }
        mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }

        /// A limit's value: mostly within the range, sometimes at or past its edges.
        mutating func limitValue() -> Any {
            pick([0, 1e-300, 5e-324, 0.0001, 0.5, 1, 100, 1e15, Double(Results.maxValue), Double(Results.maxValue) * 2, 1e16, 1e308] as [Double])
        }

        mutating func limits() -> [String: Any] {
            var out: [String: Any] = [:]
            for measure in Limit.Measure.allCases where chance(0.3) { out[measure.rawValue] = limitValue() }
            return out
        }

        /// A small device: a catalogue name, or a custom screen at the edges of scale and refresh rate.
        mutating func device() -> Any {
            if chance(0.3) { return pick(["iphone-se", "iphone-4s", "ipad-2", "iphone-15-pro"]) }
            var device: [String: Any] = ["width": pick([40, 120, 200.5] as [Double]), "height": pick([30, 90, 150] as [Double]),
                                         "scale": pick([0.5, 1, 2, 3, 4] as [Double]), "refreshHz": pick([1, 24, 60, 120, 240] as [Double])]
            if chance(0.5) { device["gpu"] = pick(["a4", "a13", "a17-pro", "m2"]) }
            if chance(0.3) { device["name"] = pick(["d", "a\nb|<x>", String(repeating: "n", count: 300)]) }
            return device
        }

        /// A cell's layer at the edges of the cell reader's ranges, small enough to draw quickly.
        mutating func layer(depth: Int) -> [String: Any] {
            var layer: [String: Any] = ["frame": ["x": pick([-2048, -3, 0, 4.5, 2048] as [Double]), "y": pick([-1, 0, 6] as [Double]),
                                                  "width": pick([0, 0.001, 8, 32] as [Double]), "height": pick([0, 0.001, 8, 32] as [Double])]]
            if chance(0.4) { layer["contents"] = pick([["image": [:] as [String: Any]], ["image": ["width": 2048, "height": 0.001, "opaque": false]],
                                                       ["text": ["title": 200, "size": 1]], ["text": ["string": "x", "size": 200]], "none"] as [Any]) }
            if chance(0.3) { layer["cornerRadius"] = pick([0, 4, 2048] as [Double]) }
            if chance(0.3) { layer["masksToBounds"] = true }
            if chance(0.3) { layer["opacity"] = pick([0, 0.5, 1] as [Double]) }
            if chance(0.2) { layer["mask"] = pick([["shape": "oval"], ["shape": "roundedRect", "radius": 2048],
                                                   ["shape": "roundedRects", "rects": [["x": -2048, "y": 0, "width": 4, "height": 4, "radius": 1]]]] as [[String: Any]]) }
            if chance(0.2) {
                layer["shouldRasterize"] = true
                layer["rasterizationScale"] = pick([1e-300, 0.001, 1, 4] as [Double])
            }
            if chance(0.2) { layer["shadow"] = ["opacity": pick([1e-300, 1] as [Double]), "radius": pick([0, 100] as [Double]),
                                                "offset": ["x": pick([-2048, 0] as [Double]), "y": 2048], "path": chance(0.5)] }
            if chance(0.2) { layer["border"] = ["width": pick([1e-300, 1, 2048] as [Double])] }
            if depth < 3, chance(0.3) { layer["sublayers"] = (0..<2).map { _ in self.layer(depth: depth + 1) } }
            return layer
        }

        mutating func content() -> Any {
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: return "settings"
            case 1: return "none"
            default:
                let rows: [[String: Any]] = [["layers": (0..<Int.random(in: 1...3, using: &rng)).map { _ in layer(depth: 1) },
                                              "separatorInset": pick([0, 16, 2048] as [Double])],
                                             ["title": 200, "detail": 200, "icon": true, "accessory": "disclosure"]]
                return ["rows": rows, "header": pick([0, 200]), "footer": 200]
            }
        }

        mutating func scroll(steps: Int) -> [String: Any] {
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: return ["kind": "constant", "pointsPerStep": pick([-1e9, 0, 12, 1e9] as [Double]), "steps": steps, "warmupSteps": pick([0, 1])]
            case 1: return ["kind": "fling", "velocity": pick([-1e6, 2400] as [Double]), "deceleration": pick([1e-9, 0.998] as [Double]),
                            "steps": steps, "warmupSteps": 0]
            default: return ["kind": "jump", "to": pick([0, 1e9] as [Double]), "steps": steps, "warmupSteps": 0]
            }
        }

        mutating func scenario(_ index: Int) -> [String: Any] {
            let steps = pick([1, 2])
            var scenario: [String: Any] = [
                "name": pick(["s\(index)", "s\(index) \r\n=1+1 | <b>"]),
                "device": device(),
                "table": ["sections": pick([0, 1, 3]), "rowsPerSection": pick([[0], [1, 2], [3]] as [[Int]]),
                          "rowHeight": pick([0.5, 44] as [Double]), "headerHeight": pick([0, 10] as [Double]),
                          "footerHeight": pick([0, 5] as [Double]), "content": content()] as [String: Any],
                "style": ["cornerRadius": 0.25, "sideInset": pick([0, 1e6] as [Double]), "maxColumnWidth": pick([1e-3, 675] as [Double])],
                "scroll": scroll(steps: steps),
            ]
            if chance(0.3) { scenario["events"] = [["atStep": steps - 1, "set": ["cornerRadius": 0.1, "opaqueLabels": true]]] }
            return scenario
        }

        mutating func suite() -> [String: Any] {
            var suite: [String: Any] = ["suite": "prop", "scenarios": (0..<pick([1, 2])).map { scenario($0) },
                                        "strategies": ["none", pick(["per-cell-mask", "shared-corner-grid", "rasterized-mask", "precomposited"])]]
            let limits = limits()
            if !limits.isEmpty { suite["limits"] = limits }
            return suite
        }
    }

    func testEverySuiteTheReaderAcceptsRunsIntoResultsThatCheckCompareAndMergeLoad() throws {
        var generator = Generator(rng: SeededRandom(seed: 0x59_0003))
        var ran = 0, refused = 0
        for index in 0..<40 {
            let object = generator.suite()
            let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            let input = String(decoding: data, as: UTF8.self)
            let suite = directory + "/suite-\(index).json"
            try data.write(to: URL(fileURLWithPath: suite))
            do {
                _ = try ScenarioFile.suite(from: Array(data), file: suite)
            } catch let error as BenchError {
                refused += 1
                XCTAssertEqual(error.exitCode, 2, "case \(index): \(error)")
                continue
            }
            let results = directory + "/r-\(index).json"
            let run = bench("run", "--suite", suite, "--quiet", "--json", results)
            guard run.code == 0 else {
                // A run may be refused before any work (memory, work); never after writing.
                XCTAssertEqual(run.code, 2, "case \(index): \(run.stderr)\ninput: \(input)")
                XCTAssertFalse(FileManager.default.fileExists(atPath: results), "case \(index): refused, yet a file was written")
                continue
            }
            ran += 1
            XCTAssertNoThrow(try Results.load(from: results), "case \(index): the results do not load\ninput: \(input)")
            // Against itself no row regresses; a row over the file's limits still fails (exit 1),
            // and limits no row has a value for (a GPU limit on a device without a GPU) are not
            // a pass (exit 2, saying so).
            let check = bench("check", "--baseline", results, "--results", results)
            let judgedNothing = check.code == 2 && check.stderr.contains("a check that judged nothing is not a pass")
            XCTAssertTrue(check.code == 0 || (check.code == 1 || judgedNothing) && object["limits"] != nil,
                          "case \(index): check of a run against itself: \(check.stderr)\ninput: \(input)")
            let compare = bench("compare", results, results)
            XCTAssertEqual(compare.code, 0, "case \(index): \(compare.stderr)\ninput: \(input)")
            let merge = bench("merge", results, "--json", directory + "/m-\(index).json")
            XCTAssertEqual(merge.code, 0, "case \(index): \(merge.stderr)\ninput: \(input)")
            if object["limits"] != nil {
                let limits = bench("check", "--results", results)
                XCTAssertTrue(limits.code == 0 || limits.code == 1
                              || limits.code == 2 && limits.stderr.contains("a check that judged nothing is not a pass"),
                              "case \(index): \(limits.stderr)\ninput: \(input)")
            }
            try readBackCells(of: object, index)
        }
        print("RunReadsBackTests: \(ran) suites ran, \(refused) refused when read, \(cellsRan) cells ran with --cell")
        // Both outcomes are exercised: runs of accepted suites, and suites refused when read.
        XCTAssertGreaterThan(ran, 10)
        XCTAssertGreaterThan(refused, 3)
        XCTAssertGreaterThan(cellsRan, 5)
    }

    /// How many of the suites' described cells ran as `--cell` files.
    private var cellsRan = 0

    /// Each described cell of the accepted suite `object`, as a file of its own given to `--cell`
    /// (the cell reader, and the table options' renamed scenario): its results must load and
    /// `compare` and `merge` must take them.
    private func readBackCells(of object: [String: Any], _ index: Int) throws {
        let scenarios = object["scenarios"] as? [[String: Any]] ?? []
        let cells = scenarios.compactMap { (($0["table"] as? [String: Any])?["content"] as? [String: Any])?["rows"] as? [[String: Any]] }
            .flatMap { $0 }.filter { $0["layers"] != nil }
        for (number, cell) in cells.enumerated() {
            let data = try JSONSerialization.data(withJSONObject: cell, options: [.sortedKeys])
            let path = directory + "/cell-\(index)-\(number).json", results = directory + "/rc-\(index)-\(number).json"
            try data.write(to: URL(fileURLWithPath: path))
            let input = String(decoding: data, as: UTF8.self)
            let run = bench("run", "--cell", path, "--device", "iphone-se", "--strategy", "none", "--steps", "1", "--quiet", "--json", results)
            XCTAssertEqual(run.code, 0, "cell \(index)-\(number), read in its suite: \(run.stderr)\ninput: \(input)")
            guard run.code == 0 else { continue }
            cellsRan += 1
            XCTAssertNoThrow(try Results.load(from: results), "cell \(index)-\(number): the results do not load\ninput: \(input)")
            XCTAssertEqual(bench("compare", results, results).code, 0, "cell \(index)-\(number)\ninput: \(input)")
            XCTAssertEqual(bench("merge", results, "--json", results + ".merged").code, 0, "cell \(index)-\(number)\ninput: \(input)")
        }
    }
}
