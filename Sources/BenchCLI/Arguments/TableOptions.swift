import Devices
import Foundation
import Compositor
import DeviceModel
import Harness
import Problems
import Results
import ScenarioFiles
import Scenarios
import Table
import Text

/// The common questions as options of `bench run`: another catalogue device, or another table
/// (sections, rows per section, row height, corner radius), applied to every scenario selected,
/// so a user needs no scenario file to ask about their own table. Each scenario changed is
/// renamed after what changed (`ipad-settings (iphone-se, 50 rows per section)`), and its
/// definition records the change, so `bench check` refuses to compare it with the unchanged one.
struct TableOptions {
    /// The catalogue devices to run every scenario on (`--device`, names or patterns, narrowed by
    /// `--min-ios`), in the catalogue's order; empty for the scenarios' own devices.
    var devices: [Device] = []
    /// A GPU to price every scenario's screen on, whatever its device: the catalogue's profile of
    /// `--gpu`, or the profile in `--gpu-profile`'s file, resolved here once.
    var gpu: GPUProfile?
    /// An iOS version whose rules decide every scenario's off-screen passes (`--ios`).
    var ios: Int?
    var sections: Int?
    var rowsPerSection: Int?
    var rowHeight: Double?
    var cornerRadius: Double?
    /// A user's cell, from `--cell FILE`, and the name the scenario takes it by (the file's name).
    var cell: (name: String, description: CellDescription)?

    /// The options' help, in `bench run --help`.
    static var options: [OptionSpec] {
        [OptionSpec(name: "device", valueName: "name", arity: .multiple,
                    help: "Run the scenarios on these catalogue devices instead, each a scenario named after it: their screens, GPUs and inset-grouped table metrics (side inset, headers, footers). A name, or a pattern ('iphone-*', '*' for all; 'bench list' shows them)."),
         OptionSpec(name: "min-ios", valueName: "version",
                    help: "Of the --device devices (every catalogue device without it), keep those that run this iOS version or a later one: the devices an app supporting it runs on."),
         OptionSpec(name: "gpu", valueName: "id",
                    help: "Price every scenario's screen on this GPU of the device model (any screen, any chip; 'bench list' shows them).",
                    allowedValues: Device.gpuIDs),
         OptionSpec(name: "gpu-profile", valueName: "file",
                    help: "Price every scenario's screen on the GPU profile in this file (cornerbench.gpu/1: your chip's figures, or one 'bench calibrate' wrote; docs/scenario-files.md)."),
         OptionSpec(name: "ios", valueName: "version",
                    help: "Apply this iOS version's Core Animation rules (which layers take an off-screen pass; docs/cost-model.md). Default: the newest the model knows that the device runs (\(CoreAnimationRules.versions.lowerBound) to \(CoreAnimationRules.versions.upperBound))."),
         OptionSpec(name: "sections", valueName: "n", help: "Give the table this many sections."),
         OptionSpec(name: "rows-per-section", valueName: "n", help: "Give every section this many rows."),
         OptionSpec(name: "row-height", valueName: "pt", help: "Make every row this tall, in points (default with --cell: the cell file's rowHeight, when it gives one)."),
         OptionSpec(name: "corner-radius", valueName: "pt", help: "Round the sections' corners by this radius, in points (at most half the row height)."),
         OptionSpec(name: "cell", valueName: "file",
                    help: "Fill every row with the cell described in this file (docs/scenario-files.md, 'Describe your cell').")]
    }

    /// The names of the options, for a child process that runs the same plan.
    static let names = ["device", "min-ios", "gpu", "gpu-profile", "ios", "sections", "rows-per-section", "row-height", "corner-radius", "cell"]
    /// The options that name an input file, which no output may replace (`OutputPlan`).
    static let inputNames = ["cell", "gpu-profile"]

    /// The options of `arguments`; the cell file is decoded from `inputs` (`InputFiles`).
    init(_ arguments: ParsedArguments, inputs: InputFiles) throws {
        devices = try Self.devices(arguments.allValues("device"), minIOS: arguments.integer("min-ios", in: CoreAnimationRules.versions))
        if let id = arguments.value("gpu") {
            do {
                gpu = try GPUCatalog.builtIn.profile(id: id)
            } catch {
                throw BenchError.usage(.unknownValue(flag: "--gpu", value: id, known: error.knownIDs))
            }
        }
        ios = try arguments.integer("ios", in: CoreAnimationRules.versions)
        if let file = inputs["gpu-profile"] {
            guard gpu == nil else { throw BenchError.usage(.gpuAndProfileTogether) }
            gpu = try ScenarioFile.gpuProfile(from: file.bytes, file: file.path)
        }
        sections = try arguments.integer("sections", in: 1...Scenario.maxRows)
        rowsPerSection = try arguments.integer("rows-per-section", in: 1...Scenario.maxRows)
        rowHeight = try arguments.decimal("row-height", in: 1...4096, example: "44 = a default row")
        cornerRadius = try arguments.decimal("corner-radius", in: 0...2048, example: "10 = iOS's inset-grouped radius")
        if let file = inputs["cell"] {
            let name = URL(fileURLWithPath: file.path).deletingPathExtension().lastPathComponent
            cell = (name, try ScenarioFile.cell(from: file.bytes, file: file.path))
        }
    }

    /// The catalogue devices `names` (names or patterns) choose, those that run `minIOS` or later
    /// when it is given, in the catalogue's order.
    /// - Throws: `BenchError.usage` for a name no device has or a pattern none matches, and when
    ///   `minIOS` leaves none.
    static func devices(_ names: [String], minIOS: Int?) throws -> [Device] {
        var chosen = Set<String>()
        for text in names.isEmpty && minIOS != nil ? ["*"] : names {
            let pattern = try NamePattern(text)
            let matching = Device.catalogue.filter { pattern.matches($0.name) }
            guard !matching.isEmpty else {
                throw BenchError.usage(.unknownValue(flag: "--device", value: text, known: Device.catalogue.map(\.name)))
            }
            chosen.formUnion(matching.map(\.name))
        }
        let devices = Device.catalogue.filter { device in
            chosen.contains(device.name) && (minIOS.map { (device.iosSupport?.upperBound ?? .max) >= $0 } ?? true)
        }
        if let minIOS, devices.isEmpty {
            throw BenchError.usage(.noDeviceRunsIOS(minIOS: minIOS, devices: chosen.count))
        }
        return devices
    }

    /// Whether any option was given.
    var isEmpty: Bool {
        devices.isEmpty && gpu == nil && ios == nil && sections == nil && rowsPerSection == nil && rowHeight == nil && cornerRadius == nil && cell == nil
    }

    /// Whether an option that changes the table or its screen was given: any but `--gpu`, which
    /// prices the same frames on another chip.
    var changesTable: Bool {
        !devices.isEmpty || sections != nil || rowsPerSection != nil || rowHeight != nil || cornerRadius != nil || cell != nil
    }

    /// `scenarios` with the options applied, each renamed after its changes.
    /// - Throws: `BenchError.usage` when the result would be a scenario the model refuses
    ///   (`Scenario.breach`: an iOS its device did not run, too many rows, a row above the pixel
    ///   limit, a jump to a row the table lost, a radius above half the row height) or a scenario has events, whose rows and
    ///   sections the options could move (`--gpu` alone moves none, so it applies to any).
    func apply(to scenarios: [Scenario]) throws -> [Scenario] {
        guard !isEmpty else { return scenarios }
        let devices: [Device?] = self.devices.isEmpty ? [nil] : self.devices
        return try scenarios.flatMap { original in try devices.map { try apply(to: original, device: $0) } }
    }

    /// `original` with the options applied on `device` (nil: its own), renamed after the changes:
    /// after the device first when there is one (`iphone-8 (cell avatars)`; the built-in default
    /// scenario, named after its iPad, gives only its table), else after the scenario
    /// (`ipad-settings (50 rows per section)`).
    private func apply(to original: Scenario, device: Device?) throws -> Scenario {
        guard original.events.isEmpty || !changesTable else {
            throw BenchError.usage(.tableOptionsWithEvents(scenario: original.name))
        }
        var scenario = original
        var changes: [String] = []
        if let device {
            // The device's own inset-grouped table: its side inset, the grouped headers and
            // footers; the scenario's radius and colours stay (they are the strategies' own).
            scenario.device = device
            scenario.style.sideInset = device.insetGroupedSideInset
            scenario.headerHeight = Device.groupedHeaderHeight
            scenario.footerHeight = Device.groupedFooterHeight
            changes.append(device.name)
        }
        if let gpu {
            scenario.device.gpuProfile = gpu
            changes.append("gpu \(gpu.id)")
        }
        if let ios {
            // A catalogue device runs only the versions it ran, a screen of a file any (`breach`).
            scenario.device.ios = ios
            changes.append("iOS \(ios)")
        }
        if let sections {
            scenario.sections = sections
            changes.append("\(sections) sections")
        }
        if let rowsPerSection {
            scenario.rowsPerSection = [rowsPerSection]
            changes.append("\(rowsPerSection) row\(rowsPerSection == 1 ? "" : "s") per section")
        }
        if let rowHeight {
            scenario.rowHeight = rowHeight
            changes.append("rows \(Format.number(rowHeight)) pt")
        } else if let height = cell?.description.rowHeight {
            // The cell's own row, unless --row-height overrides it; the table's line says which.
            scenario.rowHeight = height
        }
        if let cornerRadius {
            scenario.style.cornerRadius = cornerRadius
            changes.append("radius \(Format.number(cornerRadius)) pt")
        }
        if let cell {
            scenario.content = ContentPattern(cells: [.layers(cell.description)], headerLength: scenario.content.headerLength,
                                              footerLength: scenario.content.footerLength)
            changes.append("cell \(cell.name)")
        }
        if let breach = scenario.breach { throw BenchError.usage(Self.problem(breach, of: scenario, editing: original.name)) }
        if let device {
            let rest = (original.name == Scenario.ipadSettings.name ? [] : [original.name]) + changes.dropFirst()
            scenario.name = device.name + (rest.isEmpty ? "" : " (\(rest.joined(separator: ", ")))")
        } else {
            scenario.name = "\(original.name) (\(changes.joined(separator: ", ")))"
        }
        return scenario
    }

    /// The usage error for `breach` (`Scenario.breach`, the check a scenario file meets too) of
    /// `scenario`, the options applied to the scenario named `original`.
    private static func problem(_ breach: Scenario.Breach, of scenario: Scenario, editing original: String) -> UsageProblem {
        switch breach {
        case .iosOutOfRange(let ios, _):
            .iosOutOfRange(ios: ios, expected: Device.iosExpected(scenario.device.iosSupport, device: Escape.message(scenario.device.name)))
        case .tooManyRows(let rows, let maximum):
            .tooManyRows(scenario: original, rows: rows, maximum: maximum)
        case .rowAbovePixelLimit(let pixels, let maximum):
            .rowHeightAbovePixelLimit(rowHeight: scenario.rowHeight, device: scenario.device.name, scale: scenario.device.scale,
                                      pixels: pixels, maximum: maximum)
        case .jumpOutsideTable(let row, let sections, let rows):
            .jumpRowOutsideTable(scenario: original, row: .init(section: row.section, row: row.row), sections: sections, rows: rows)
        case .cornerRadius(let radius):
            .cornerRadiusAboveHalfRow(radius: radius.radius, rowHeight: scenario.rowHeight)
        case .noTableHeight(let top, let bottom, let height):
            .noTableHeight(scenario: original, device: scenario.device.name,
                           why: Scenario.noTableHeight(top: top, bottom: bottom, height: height))
        }
    }
}
