import Devices
import Foundation
import Harness
import Results
import ScenarioFiles
import Strategies
import Text

/// `bench list`: what can be run, by the names the other commands accept.
struct ListCommand: BenchCommand {
    static func spec(_ catalog: StrategyCatalog) -> CommandSpec {
        CommandSpec(name: "list", abstract: "List the strategies, scenarios, devices and suites.",
                    discussion: "Suites are the JSON files in Benchmarks/ under the current directory (the package).",
                    options: [OptionSpec(name: "json", arity: .flag,
                                         help: "Print the listing as JSON (schema \(Listing.currentSchema)), with the "
                                             + "metric catalogue too, for scripts.")])
    }

    /// Whether to print JSON instead of the tables.
    var json: Bool
    /// The strategies to list.
    var catalog: StrategyCatalog

    init(_ arguments: ParsedArguments, catalog: StrategyCatalog) throws {
        json = arguments.flag("json")
        self.catalog = catalog
    }

    func run(_ context: CommandContext) throws -> Int32 {
        context.stdout(json ? try Listing(suitesIn: "Benchmarks", catalog: catalog).json() : Self.text(catalog: catalog))
        return 0
    }

    /// The listing of `catalog`'s strategies and the rest: one aligned table per kind of thing.
    static func text(catalog: StrategyCatalog) -> String {
        var out = "STRATEGIES\n"
        out += columns(catalog.all.map { [$0.name, Escape.terminal($0.summary)] }, numeric: [])

        out += "\nSCENARIOS\n"
        var scenarios = [["name", "device", "sections", "rows", "steps"]]
        for scenario in Scenario.builtIn {
            scenarios.append([scenario.name, scenario.device.name, String(scenario.sections),
                              String(scenario.rowCount), String(scenario.steps)])
        }
        out += columns(scenarios, numeric: [2, 3, 4])

        out += "\nDEVICES\n"
        var devices = [["name", "size (pt)", "scale", "Hz", "GPU", "iOS (--ios)"]]
        func plain(_ x: Double) -> String { Format.number(x, grouped: false) }
        for device in Device.catalogue {
            let ios = Device.iosRange(device.iosSupport)
            devices.append([device.name, "\(plain(device.width)) × \(plain(device.height))",
                            "\(plain(device.scale))×", plain(device.refreshHz), device.gpu ?? "–",
                            "\(ios.lowerBound)–\(ios.upperBound)"])
        }
        out += columns(devices, numeric: [3])

        out += "\nSUITES (Benchmarks/, run with --suite)\n"
        out += columns(suites(in: "Benchmarks", catalog: catalog), numeric: [2, 3])
        return out
    }

    /// The suite files in `directory`: file, suite name, scenarios, steps; a file that does not
    /// parse is listed with its error, so a broken catalogue shows up here first. Their strategies
    /// are checked against `catalog`.
    static func suites(in directory: String, catalog: StrategyCatalog) -> [[String]] {
        var rows = [["file", "suite", "scenarios", "rows (largest)"]]
        let suites = Listing.suites(in: directory, catalog: catalog)
        for suite in suites {
            if let name = suite.name {
                rows.append([Escape.terminal(suite.file), Escape.terminal(Escape.shortened(name)), String(suite.scenarios ?? 0),
                             String(suite.largestRows ?? 0)])
            } else {
                rows.append([Escape.terminal(suite.file), Escape.terminal("unreadable: \(suite.error ?? "")"), "", ""])
            }
        }
        if suites.isEmpty { rows.append(["(none found in \(directory)/)", "", "", ""]) }
        return rows
    }

    /// Rows as lines indented by two spaces, columns padded to their widest cell; the `numeric`
    /// columns are right-aligned so their digits line up.
    private static func columns(_ rows: [[String]], numeric: Set<Int>) -> String {
        let widths = (0..<(rows.first?.count ?? 0)).map { c in rows.map { $0[c].count }.max() ?? 0 }
        return rows.map { row in
            let cells = row.enumerated().map { c, cell in
                let pad = String(repeating: " ", count: widths[c] - cell.count)
                return numeric.contains(c) ? pad + cell : cell + pad
            }
            let line = "  " + cells.joined(separator: "  ")
            return String(line.reversed().drop { $0 == " " }.reversed()) + "\n"
        }.joined()
    }
}
