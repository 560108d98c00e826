import Devices
import Foundation
import Harness
import Host
import Problems
import Results
import ScenarioFiles
import Strategies

/// What `bench list --json` prints: everything `bench` can run and report, for scripts and
/// editors (schema `cornerbench.list/1`, docs/cli.md, "bench list").
///
/// A public contract like the results file: later versions only add keys, and a change that
/// removes or renames one gets a new schema identifier.
struct Listing: Encodable {
    /// The schema this listing follows.
    static let currentSchema = "cornerbench.list/1"

    /// A strategy, by the name `--strategy` takes.
    struct StrategyEntry: Encodable {
        var name: String
        /// One line: what it does and where it comes from.
        var summary: String
    }

    /// A built-in scenario, by the name `--scenario` takes.
    struct ScenarioEntry: Encodable {
        var name: String
        /// Its device's name (see `devices`).
        var device: String
        var sections: Int
        /// Rows over all sections.
        var rows: Int
        /// Steps measured by default.
        var steps: Int
        /// Steps run before measuring.
        var warmupSteps: Int
    }

    /// A device of the catalogue, by the name scenario files take.
    struct DeviceEntry: Encodable {
        var name: String
        /// The screen in points.
        var width: Double
        var height: Double
        /// Pixels per point.
        var scale: Double
        /// The screen in pixels.
        var pixelWidth: Int
        var pixelHeight: Int
        var refreshHz: Double
        /// The GPU the device model prices for it (`a13`, `m1`, …); nil when it names none.
        var gpu: String?
        /// The iOS versions it may run here (`--ios`): those it ran that the model knows; the last
        /// is its default.
        var iosFirst: Int
        var iosLast: Int
    }

    /// A suite file in `Benchmarks/`: its name and size, or why it could not be read.
    struct SuiteEntry: Encodable {
        /// The path, relative to the current directory.
        var file: String
        /// The suite's name; nil when the file could not be read.
        var name: String?
        var scenarios: Int?
        /// The row count of its largest scenario.
        var largestRows: Int?
        /// Why the file could not be read; nil when it was.
        var error: String?
    }

    /// A metric of the catalogue (`Sources/Results/Metric.swift`).
    struct MetricEntry: Encodable {
        var name: String
        /// `counter` (exact, per step), `phase` (a timed part of a step), `ratio`, or `cost` (a
        /// phase's host-free cost under the simulated cache, counted with `--instructions`).
        var kind: String
        /// The column title the tables use.
        var label: String
        var unit: String
        /// `smallerIsBetter` or `largerIsBetter`.
        var polarity: String
        var meaning: String
    }

    var schema = Listing.currentSchema
    var tool: ToolBuild
    var strategies: [StrategyEntry]
    var scenarios: [ScenarioEntry]
    var devices: [DeviceEntry]
    var suites: [SuiteEntry]
    var metrics: [MetricEntry]
    /// The cache `--instructions` simulates for the `cost` metrics.
    var cacheModel = InstructionCounter.model

    /// The listing of this build with the strategies of `catalog` (built-in and added ones), and
    /// the suites found in `directory`.
    init(suitesIn directory: String, catalog: StrategyCatalog) {
        tool = .current
        strategies = catalog.all.map { StrategyEntry(name: $0.name, summary: $0.summary) }
        scenarios = Harness.Scenario.builtIn.map {
            ScenarioEntry(name: $0.name, device: $0.device.name, sections: $0.sections, rows: $0.rowCount, steps: $0.steps,
                          warmupSteps: $0.warmupSteps)
        }
        devices = Devices.Device.catalogue.map {
            let pixels = $0.pixelSize
            return DeviceEntry(name: $0.name, width: $0.width, height: $0.height, scale: $0.scale,
                               pixelWidth: pixels.width, pixelHeight: pixels.height, refreshHz: $0.refreshHz, gpu: $0.gpu,
                               iosFirst: Devices.Device.iosRange($0.iosSupport).lowerBound, iosLast: Devices.Device.iosRange($0.iosSupport).upperBound)
        }
        suites = Listing.suites(in: directory, catalog: catalog)
        metrics = Counter.allCases.map { Listing.metric($0.info, kind: "counter") }
            + Phase.allCases.map { Listing.metric($0.info, kind: "phase") }
            + Ratio.allCases.map { Listing.metric($0.info, kind: "ratio") }
            + CostMetric.allCases.map { Listing.metric($0.info, kind: "cost") }
    }

    /// The suite files (`*.json`) in `directory`, by name; a file that does not parse is listed
    /// with its error, so a broken catalogue shows up in the listing first. Their strategies are
    /// checked against `catalog`.
    static func suites(in directory: String, catalog: StrategyCatalog) -> [SuiteEntry] {
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
        return files.map { file in
            let path = directory + "/" + file
            do {
                // Not opened unless regular: opening a FIFO waits for a writer that may never come.
                if let special = specialFile(path) { throw BenchError.input(.cannotRead(path: path, reason: .notRegularFile(special))) }
                let suite = try ScenarioFile.loadSuite(path: path, catalog: catalog)
                return SuiteEntry(file: path, name: suite.name, scenarios: suite.scenarios.count,
                                  largestRows: suite.scenarios.map(\.rowCount).max() ?? 0)
            } catch {
                return SuiteEntry(file: path, error: "\(error)")
            }
        }
    }

    /// What `path` is (following links) when it is neither a regular file nor a directory (nor
    /// absent, which reading reports); nil otherwise.
    static func specialFile(_ path: String) -> ReadFailure.SpecialFile? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFIFO: return .fifo
        case S_IFCHR: return .characterDevice
        case S_IFBLK: return .blockDevice
        case S_IFSOCK: return .socket
        default: return nil
        }
    }

    private static func metric(_ info: MetricInfo, kind: String) -> MetricEntry {
        MetricEntry(name: info.name, kind: kind, label: info.label, unit: info.unit.rawValue,
                    polarity: info.polarity.rawValue, meaning: info.meaning)
    }

    /// The listing as pretty-printed JSON with sorted keys, ending in a newline.
    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
        } catch {
            throw BenchError.output(.cannotEncodeJSON(subject: "listing", error: "\(error)"))
        }
    }
}
