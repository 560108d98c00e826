import CLITestSupport
import Foundation
import Results
import RasterTestSupport
import XCTest

/// A cell file's layer names and row height through the command line: `bench run --cell` names the
/// layers in its per-layer table and its JSON, takes the rows' height from the cell unless
/// `--row-height` is given and says which, and warns of a layer outside its row, naming it.
final class CellNamesAndRowCLITests: TemporaryDirectoryTestCase {
    private static let cells = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Benchmarks/cells")

    /// Writes `text` as `name` in the test's directory; returns its path.
    private func file(_ name: String, _ text: String) throws -> String {
        let path = directory + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testARunNamesTheCellsLayersInItsPerLayerTableAndItsJSON() throws {
        let cell = Self.cells.appendingPathComponent("avatars-and-badge.json").path
        let json = directory + "/r.json"
        let run = bench("run", "--device", "iphone-6s", "--ios", "9", "--cell", cell, "--strategy", "none", "--steps", "4", "--json", json)
        XCTAssertEqual(run.code, 0, run.stderr)
        let costs = try XCTUnwrap(Results.load(from: json).runs.first?.layerCosts)
        XCTAssertEqual(costs.map(\.name), ["leftAvatar", "rightAvatar", "title", "badge"])
        XCTAssertEqual(costs.map(\.layer), ["layers[0]", "layers[1]", "layers[2]", "layers[3]"])
        let lines = run.stdout.split(separator: "\n").map(String.init).drop { !$0.hasPrefix("layer ") }
        XCTAssertEqual(lines.dropFirst().prefix(4).map { String($0.prefix { $0 != ")" }) + ")" },
                       ["leftAvatar (layers[0])", "rightAvatar (layers[1])", "title (layers[2])", "badge (layers[3])"], run.stdout)
    }

    func testACellsRowHeightMakesTheRowsUnlessRowHeightIsGivenAndTheTableLineSaysWhich() throws {
        let cell = try file("tall.json", #"{"rowHeight": 60, "layers": [{"frame": {"x": 16, "y": 10, "width": 40, "height": 40}}]}"#)
        let json = directory + "/r.json"
        let own = bench("run", "--device", "iphone-se", "--cell", cell, "--strategy", "none", "--steps", "2", "--json", json)
        XCTAssertEqual(own.code, 0, own.stderr)
        XCTAssertTrue(own.stdout.unwrapped.contains("rows 60 pt tall (the cell's)"), own.stdout)
        let scenario = try XCTUnwrap(Results.load(from: json).scenarioDefinitions?.values.first)
        XCTAssertEqual(scenario.typed?.rowHeight, 60)
        let given = bench("run", "--device", "iphone-se", "--cell", cell, "--row-height", "50", "--strategy", "none", "--steps", "2")
        XCTAssertEqual(given.code, 0, given.stderr)
        XCTAssertTrue(given.stdout.unwrapped.contains("rows 50 pt tall (the cell's is 60 pt)"), given.stdout)
        let plain = try file("plain.json", #"{"layers": [{"frame": {"x": 16, "y": 2, "width": 40, "height": 40}}]}"#)
        let unsaid = bench("run", "--device", "iphone-se", "--cell", plain, "--strategy", "none", "--steps", "2")
        XCTAssertTrue(unsaid.stdout.unwrapped.contains("rows 44 pt tall, "), "a cell that does not say keeps the table's rows: \(unsaid.stdout)")
    }

    func testALayerOutsideItsRowIsWarnedByNameAndStillDrawn() throws {
        let cell = try file("stray.json", #"""
            {"layers": [{"frame": {"x": 16, "y": 6, "width": 32, "height": 32}, "name": "avatar"},
                        {"frame": {"x": 60, "y": 200, "width": 40, "height": 20}, "name": "stray", "backgroundColor": "#FF000080"}]}
            """#)
        let json = directory + "/r.json"
        let run = bench("run", "--device", "iphone-se", "--cell", cell, "--strategy", "none", "--steps", "2", "--json", json)
        XCTAssertEqual(run.code, 0, run.stderr)
        XCTAssertTrue(run.stderr.unwrapped.contains("Warning: layer 'stray' (layers[1]) of the cell reaches from y = 200 to 220 pt, "
            + "outside its 44 pt row: Core Animation draws it over the neighbouring rows, and so does this run;"), run.stderr)
        XCTAssertFalse(run.stderr.contains("avatar"), "a layer inside its row is not named: \(run.stderr)")
        let stray = try XCTUnwrap(Results.load(from: json).runs.first?.layerCosts?.last)
        XCTAssertEqual(stray.name, "stray")
        XCTAssertGreaterThan(stray.blendedPixels, 0, "drawn over the rows below")
        let taller = bench("run", "--device", "iphone-se", "--cell", cell, "--row-height", "240", "--strategy", "none", "--steps", "2")
        XCTAssertEqual(taller.code, 0, taller.stderr)
        XCTAssertFalse(taller.stderr.contains("Warning:"), "inside a 240 pt row: \(taller.stderr)")
    }

    func testADuplicateLayerNameIsABadInputNamingBothLayers() throws {
        let cell = try file("twice.json", #"""
            {"layers": [{"frame": {"width": 8, "height": 8}, "name": "dot"}, {"frame": {"width": 8, "height": 8}, "name": "dot"}]}
            """#)
        let run = bench("run", "--cell", cell, "--strategy", "none", "--steps", "2")
        XCTAssertEqual(run.code, 2)
        XCTAssertTrue(run.stderr.hasPrefix("Error: \(cell): layers[1].name: the name 'dot' is already the name of layers[0];"), run.stderr)
    }
}
