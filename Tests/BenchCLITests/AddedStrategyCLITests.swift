@testable import BenchCLI
import Foundation
import HarnessTestSupport
import RasterTestSupport
import Results
import Scenarios
import Strategies
import Table
import XCTest

/// `bench` with a strategy another package adds (`BenchCLI.main(strategies:)`): every command
/// knows it, and a strategy that cannot be added stops the program before anything runs.
final class AddedStrategyCLITests: TemporaryDirectoryTestCase {
    private func bench(_ arguments: String..., catalog: StrategyCatalog = .withAddedStrategy) -> (code: Int32, stdout: String, stderr: String) {
        var out = "", err = ""
        let code = BenchCLI.main(arguments, catalog: catalog, stdout: { out += $0 }, stderr: { err += $0 }, stderrIsTerminal: false)
        return (code, out, err)
    }

    func testAProgramThatAddsStrategiesCallsItselfByItsOwnNameInHelpAndErrors() {
        func run(_ arguments: [String]) -> (code: Int32, stdout: String, stderr: String) {
            var out = "", err = ""
            let code = BenchCLI.run(arguments, catalog: .withAddedStrategy, executable: URL(fileURLWithPath: "/opt/tools/custom-bench"),
                                    stdout: { out += $0 }, stderr: { err += $0 }, stderrIsTerminal: false)
            return (code, out, err)
        }
        let root = run(["--help"]).stdout
        XCTAssertTrue(root.contains("USAGE: custom-bench [<subcommand>]"), root)
        XCTAssertTrue(root.contains("See 'custom-bench help <subcommand>' for detailed help."), root)
        for help in [run(["run", "--help"]).stdout, run(["help", "run"]).stdout] {
            XCTAssertTrue(help.contains("USAGE: custom-bench run [--scenario <name>]"), help)
            XCTAssertFalse(help.contains("USAGE: bench"), help)
        }
        let mistake = run(["run", "--stpes", "3"])
        XCTAssertEqual(mistake.code, 2)
        XCTAssertTrue(mistake.stderr.contains("Usage: custom-bench run ") && mistake.stderr.hasSuffix("See 'custom-bench run --help'.\n"), mistake.stderr)
    }

    func testListHelpAndRunKnowAnAddedStrategy() throws {
        XCTAssertTrue(bench("list").stdout.contains("  added-cap-radius        \(AddedCapRadius.summary)\n"))
        let help = bench("run", "--help").stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
        XCTAssertTrue(help.contains("uikit-inset-grouped, added-cap-radius;"), help)
        XCTAssertFalse(bench("list", catalog: .builtIn).stdout.contains("added-cap-radius"))

        let json = directory + "/results.json"
        // On a phone's screen: run and render know the strategy whatever the screen.
        let run = bench("run", "--scenario", "ipad-settings", "--device", "iphone-se", "--strategy", "none,added-cap-radius",
                        "--steps", "2", "--quiet", "--json", json)
        XCTAssertEqual(run.code, 0, run.stderr)
        XCTAssertEqual(try Results.load(from: json).runs.map(\.strategy), ["none", "added-cap-radius"])
        let png = directory + "/frame.png"
        XCTAssertEqual(bench("render", "--device", "iphone-se", "--strategy", "added-cap-radius", "--png", png).code, 0)

        let unknown = bench("run", "--strategy", "added-cap-radius", catalog: .builtIn)
        XCTAssertEqual(unknown.code, 2)
        XCTAssertTrue(unknown.stderr.contains("'added-cap-radius' is not a known value of --strategy"), unknown.stderr)
    }

    func testASuiteMayNameAnAddedStrategyOnlyInABenchThatHasIt() throws {
        let suite = directory + "/suite.json"
        try Data(#"{"suite": "s", "scenarios": ["ipad-settings"], "strategies": ["none", "added-cap-radius"]}"#.utf8)
            .write(to: URL(fileURLWithPath: suite))
        // On a phone's screen: what a suite may name does not depend on the screen.
        let plain = bench("run", "--suite", suite, "--device", "iphone-se", "--steps", "1", "--quiet", catalog: .builtIn)
        XCTAssertEqual(plain.code, 2)
        XCTAssertTrue(plain.stderr.contains("strategies[1]: unknown strategy 'added-cap-radius'"), plain.stderr)
        let json = directory + "/results.json"
        XCTAssertEqual(bench("run", "--suite", suite, "--device", "iphone-se", "--steps", "1", "--quiet", "--json", json).code, 0)
        XCTAssertEqual(try Results.load(from: json).runs.map(\.strategy), ["none", "added-cap-radius"])
        // A suite without a list runs every strategy of the catalogue, the added one last.
        try Data(#"{"suite": "s", "scenarios": ["ipad-settings"]}"#.utf8).write(to: URL(fileURLWithPath: suite))
        XCTAssertEqual(bench("run", "--suite", suite, "--device", "iphone-se", "--steps", "1", "--quiet", "--json", json).code, 0)
        XCTAssertEqual(try Results.load(from: json).runs.last?.strategy, "added-cap-radius")
    }

    func testListJSONFiltersShardsMergeAndExportsKnowAnAddedStrategy() throws {
        let listing = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(bench("list", "--json").stdout.utf8)) as? [String: Any])
        let strategies = try XCTUnwrap(listing["strategies"] as? [[String: Any]])
        XCTAssertEqual(strategies.compactMap { $0["name"] as? String }, StrategyCatalog.withAddedStrategy.names)
        XCTAssertEqual(strategies.last?["summary"] as? String, AddedCapRadius.summary)

        // A filter selects the added strategy's pairs, with 'none' as their reference. (The runs
        // are on a phone's screen: the names of the strategies do not depend on it.)
        let filtered = directory + "/filtered.json"
        let filter = bench("run", "--scenario", "ipad-settings", "--device", "iphone-se", "--filter", "added-*", "--steps", "2", "--quiet", "--json", filtered)
        XCTAssertEqual(filter.code, 0, filter.stderr)
        XCTAssertEqual(try Results.load(from: filtered).runs.map(\.strategy), ["none", "added-cap-radius"])

        // Shards merge in the catalogue's order where they leave it open: the added strategy
        // before one this catalogue lacks (rows of another program's), although that one's file
        // comes first; a catalogue without the added strategy would keep the order of appearance.
        var shards: [String] = []
        for index in 1...2 {
            let path = directory + "/shard-\(index).json"
            let shard = bench("run", "--scenario", "ipad-settings", "--device", "iphone-se", "--strategy", "none,added-cap-radius,per-cell-mask",
                              "--shard", "\(index)/2", "--steps", "2", "--quiet", "--json", path)
            XCTAssertEqual(shard.code, 0, shard.stderr)
            shards.append(path)
        }
        XCTAssertEqual(try Results.load(from: shards[0]).runs.map(\.strategy), ["none", "added-cap-radius"])
        let other = try String(contentsOfFile: shards[1], encoding: .utf8).replacingOccurrences(of: "per-cell-mask", with: "from-elsewhere")
        try Data(other.utf8).write(to: URL(fileURLWithPath: shards[1]))
        let merged = directory + "/merged.json"
        let merge = bench("merge", shards[1], shards[0], "--json", merged)
        XCTAssertEqual(merge.code, 0, merge.stderr)
        XCTAssertEqual(try Results.load(from: merged).runs.map(\.strategy), ["none", "added-cap-radius", "from-elsewhere"])
        let bmf = directory + "/bmf.json"
        XCTAssertEqual(bench("run", "--scenario", "ipad-settings", "--device", "iphone-se", "--strategy", "none,added-cap-radius",
                             "--steps", "2", "--quiet", "--bmf", bmf).code, 0)
        let exported = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: bmf))) as? [String: Any])
        XCTAssertNotNil(exported["iphone-se/added-cap-radius"], "\(exported.keys)")

        let unknown = bench("run", "--filter", "added-*", "--steps", "2", "--quiet", catalog: .builtIn)
        XCTAssertEqual(unknown.code, 2, "a bench without the strategy has no pair for the filter")
    }

    func testAStrategyNamedLikeABuiltInStopsBenchBeforeAnythingWithExitCode2() {
        var out = "", err = ""
        let code = BenchCLI.run(["list"], adding: [AddedCapRadius.self, ClashingStrategy.self], executable: nil,
                                stdout: { out += $0 }, stderr: { err += $0 }, stderrIsTerminal: false)
        XCTAssertEqual(code, 2)
        XCTAssertEqual(out, "", "nothing runs, not even list")
        XCTAssertEqual(err, "Error: The strategy ClashingStrategy is named 'none', the name of the built-in strategy NoCorners; "
                       + "rename it (results store the name, so a built-in's name cannot be taken over).\n")
    }

    func testTheExecutableEntryWithoutAddedStrategiesIsPlainBench() {
        var out = ""
        let code = BenchCLI.run(["list"], adding: [], executable: nil, stdout: { out += $0 }, stderr: { _ in }, stderrIsTerminal: false)
        XCTAssertEqual(code, 0)
        XCTAssertEqual(out, ListCommand.text(catalog: .builtIn))
    }
}

/// A strategy that takes the name of the built-in `none`.
final class ClashingStrategy: CornerStrategy {
    static let name = "none"
    static let summary = "a second 'none'"
    init(screenScale: Double) {}
    func configure(_ cell: Cell, at indexPath: Scenarios.IndexPath, position: RowPosition, in context: LayoutContext) {}
}
