@testable import BenchCLI
import CLITestSupport
import Devices
import Foundation
import Harness
import Host
import Problems
import Results
import Strategies
import XCTest

/// What scripts ask bench about itself: `bench list --json`, `bench version` and
/// `bench --version`; and the old name of `render --downsample`, which still works and warns.
final class DiscoveryTests: XCTestCase {
    // MARK: list --json

    func testListJSONHasItsSchemaAndEveryStrategyScenarioDeviceAndMetric() throws {
        let result = bench("list", "--json")
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["schema"] as? String, "cornerbench.list/1")
        XCTAssertEqual(Set(object.keys), ["schema", "tool", "strategies", "scenarios", "devices", "suites", "metrics", "cacheModel"])
        let cache = try XCTUnwrap(object["cacheModel"] as? [String: Any])
        XCTAssertEqual((cache["ll"] as? [String: Any])?["sizeBytes"] as? Int, CacheModel.standard.ll.sizeBytes)

        let tool = try XCTUnwrap(object["tool"] as? [String: Any])
        XCTAssertEqual(tool["version"] as? String, CornerBench.version)

        let strategies = try XCTUnwrap(object["strategies"] as? [[String: Any]])
        XCTAssertEqual(strategies.compactMap { $0["name"] as? String }, StrategyCatalog.builtIn.names)
        XCTAssertTrue(strategies.allSatisfy { ($0["summary"] as? String)?.isEmpty == false })

        let scenarios = try XCTUnwrap(object["scenarios"] as? [[String: Any]])
        XCTAssertEqual(scenarios.compactMap { $0["name"] as? String }, Scenario.builtIn.map(\.name))
        XCTAssertEqual(scenarios.first?["steps"] as? Int, Scenario.builtIn.first?.steps)

        let devices = try XCTUnwrap(object["devices"] as? [[String: Any]])
        XCTAssertEqual(devices.compactMap { $0["name"] as? String }, Device.catalogue.map(\.name))
        let se = try XCTUnwrap(devices.first { $0["name"] as? String == "iphone-se" })
        XCTAssertEqual(se["pixelWidth"] as? Int, 750)
        XCTAssertEqual(se["pixelHeight"] as? Int, 1334)
        XCTAssertEqual((se["width"] as? NSNumber)?.doubleValue, 375)

        let metrics = try XCTUnwrap(object["metrics"] as? [[String: Any]])
        let expected = Counter.allCases.map { ($0.name, "counter", $0.info) } + Phase.allCases.map { ($0.name, "phase", $0.info) }
            + Ratio.allCases.map { ($0.name, "ratio", $0.info) } + CostMetric.allCases.map { ($0.name, "cost", $0.info) }
        XCTAssertEqual(metrics.count, expected.count)
        for (metric, (name, kind, info)) in zip(metrics, expected) {
            XCTAssertEqual(metric["name"] as? String, name)
            XCTAssertEqual(metric["kind"] as? String, kind, name)
            XCTAssertEqual(metric["unit"] as? String, info.unit.rawValue, name)
            XCTAssertEqual(metric["polarity"] as? String, info.polarity.rawValue, name)
            XCTAssertEqual(metric["meaning"] as? String, info.meaning, name)
        }
        XCTAssertEqual(metrics.first { $0["name"] as? String == "cellsReused" }?["polarity"] as? String, "largerIsBetter")
    }

    func testListJSONNamesEverySuiteFileAndWhyABrokenOneIsUnreadable() throws {
        let directory = NSTemporaryDirectory() + "list-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(#"{ "suite": "mine", "scenarios": ["ipad-settings"] }"#.utf8).write(to: URL(fileURLWithPath: directory + "/a.json"))
        try Data("{".utf8).write(to: URL(fileURLWithPath: directory + "/b.json"))
        let suites = Listing(suitesIn: directory, catalog: .builtIn).suites
        XCTAssertEqual(suites.map(\.file), [directory + "/a.json", directory + "/b.json"])
        XCTAssertEqual(suites[0].name, "mine")
        XCTAssertEqual(suites[0].scenarios, 1)
        XCTAssertNil(suites[0].error)
        XCTAssertNil(suites[1].name)
        XCTAssertNotNil(suites[1].error)
    }

    func testListWithoutJSONStillPrintsTheTables() {
        let result = bench("list")
        XCTAssertEqual(result.code, 0)
        XCTAssertTrue(result.stdout.hasPrefix("STRATEGIES\n"), result.stdout)
    }

    // MARK: version

    func testVersionCommandAndFlagPrintTheSameLineAndExitZero() {
        let tool = ToolBuild.current
        let expected = "bench \(tool.version) (\(tool.configuration), Swift \(tool.swift))\n"
        for arguments in [["version"], ["--version"]] {
            let result = bench(arguments)
            XCTAssertEqual(result.code, 0, "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stdout, expected, "\(arguments)")
            XCTAssertEqual(result.stderr, "")
        }
        XCTAssertEqual(VersionCommand.line(ToolBuild(version: "9.9", configuration: "debug", optimized: false, swift: "6.3")),
                       "bench 9.9 (debug, hot modules NOT optimized, Swift 6.3)")
    }

    func testVersionAfterASubcommandIsAnErrorThatSaysWhereItGoes() {
        let result = bench("run", "--version")
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(result.stderr.hasPrefix("Error: Unknown option '--version' for 'bench run'. --version goes before the subcommand: 'bench --version'.\n"),
                      result.stderr)
        XCTAssertEqual(bench("--version", "extra").code, 2, "bench version takes no arguments")
    }

    // MARK: render --downsample and its old name

    func testTheOldNameScaleStillDownsamplesAndWarnsOnce() throws {
        let directory = NSTemporaryDirectory() + "downsample-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let old = bench("render", "--device", "iphone-se", "--strategy", "none", "--png", directory + "/old.png", "--scale", "8", "--scale=8")
        XCTAssertEqual(old.code, 0, old.stderr)
        XCTAssertEqual(old.stderr, "Warning: --scale is renamed --downsample; --scale still works for now, but will be removed.\n")
        XCTAssertTrue(old.stdout.unwrapped.contains(", 93 × "), old.stdout)
        let new = bench("render", "--device", "iphone-se", "--strategy", "none", "--png", directory + "/new.png", "--downsample", "8")
        XCTAssertEqual(new.stderr, "")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: directory + "/old.png")),
                       try Data(contentsOf: URL(fileURLWithPath: directory + "/new.png")))
    }

    func testTheOldNameIsHiddenFromHelpAndSuggestions() {
        let help = bench("render", "--help").stdout
        XCTAssertTrue(help.contains("--downsample <n>"), help)
        XCTAssertFalse(help.contains("--scale"), help)
        XCTAssertTrue(bench("render", "--downsampel", "2").stderr.contains("Did you mean '--downsample'?"))
        let bad = bench("render", "--strategy", "none", "--png", "/tmp/x.png", "--scale", "0")
        XCTAssertEqual(bad.code, 2)
        XCTAssertTrue(bad.stderr.contains("--downsample must be a positive integer, not '0'."), bad.stderr)
    }
}
