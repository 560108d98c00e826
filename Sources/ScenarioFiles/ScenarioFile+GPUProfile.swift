import DeviceModel
import Foundation
import JSON
import Problems
import Text

/// GPU profile files (`cornerbench.gpu/1`, docs/scenario-files.md, "Your own GPU"): a chip's
/// figures as the device model uses them, each a range in the unit people quote (GB/s, Gpix/s,
/// µs), written by `bench calibrate` or by hand, read by `--gpu-profile`.
extension ScenarioFile {
    /// The schema identifier a profile file starts with.
    public static let gpuProfileSchema = "cornerbench.gpu/1"

    /// The keys of a profile file, in the order they are written.
    private static let gpuProfileKeys = ["schema", "id", "chip", "architecture", "memoryBandwidthGBps", "sustainedFraction",
                                         "fillRateGpixps", "passCostMicroseconds", "calibration"]

    /// Decodes a GPU profile file's contents; `file` names it in messages.
    /// - Throws: `BenchError.input` naming `file`, the key path and what was expected.
    public static func gpuProfile(from bytes: [UInt8], file: String) throws -> GPUProfile {
        try InputProblem.readingJSON {
            let root = try document(bytes, file: file)
            let fields = try root.object(allowing: gpuProfileKeys, expected: "a GPU profile object")
            let schema = try fields.required("schema", "\"\(gpuProfileSchema)\"").string()
            guard schema == gpuProfileSchema else {
                throw fields.member("schema")!.fail("expected \"\(gpuProfileSchema)\", got \"\(Escape.message(schema))\"")
            }
            let id = try fields.required("id", "a non-empty string").string(nonEmpty: true)
            guard id.count <= Escape.nameLimit, !id.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw fields.member("id")!.fail("expected a name of at most \(Escape.nameLimit) characters without control characters")
            }
            let source = Evidence.published("the profile file \(Escape.message(file))")
            // A range `[low, high]` of positive finite numbers (low ≤ high) in `unit`s, as `scale` × the
            // model's unit, and at most `most`.
            func range(_ key: String, scale: Double, most: Double) throws -> SourcedRange {
                let node = try fields.required(key, "[low, high]")
                let items = try node.array(nonEmpty: true)
                guard items.count == 2 else { throw node.fail("expected [low, high], two numbers, got \(items.count) values") }
                let ends = try items.map { try $0.number("a positive number up to \(Format.number(most))") { $0 > 0 && $0 <= most } }
                guard ends[0] <= ends[1] else { throw node.fail("the low end (\(Format.number(ends[0]))) is above the high end (\(Format.number(ends[1])))") }
                return SourcedRange(ends[0] * scale ... ends[1] * scale, evidence: [source])
            }
            var profile = GPUProfile(
                id: id, chip: try fields.member("chip")?.string(nonEmpty: true) ?? id,
                architecture: try fields.member("architecture")?.string(nonEmpty: true) ?? "from a profile file", gpuCores: 1...1,
                memoryBandwidth: try range("memoryBandwidthGBps", scale: 1e9, most: 10_000),
                sustainedFraction: try range("sustainedFraction", scale: 1, most: 1),
                fillRate: try range("fillRateGpixps", scale: 1e9, most: 100_000),
                passCost: try range("passCostMicroseconds", scale: 1e-6, most: 1e6))
            if let note = fields.member("calibration") {
                let f = try note.object(allowing: ["measuredFrameMs", "parameter", "before", "after"], expected: "a calibration object")
                let measured = try f.required("measuredFrameMs", "a positive number").number("a positive number of ms") { $0 > 0 && $0 < 1e6 }
                let name = try f.required("parameter", "a parameter's name").string()
                guard let parameter = GPUCalibration.Parameter(rawValue: name) else {
                    throw f.member("parameter")!.fail("expected one of \(GPUCalibration.Parameter.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                let scale = Self.calibrationScale(parameter)
                let before = try f.required("before", "[low, high]").array(nonEmpty: true).map { try $0.number("a positive number") { $0 > 0 } }
                guard before.count == 2, before[0] <= before[1] else { throw f.member("before")!.fail("expected [low, high], low ≤ high") }
                let after = try f.required("after", "a positive number").number("a positive number") { $0 > 0 }
                profile.calibration = GPUCalibration.Note(measuredSeconds: measured / 1e3, parameter: parameter,
                                                          before: before[0] * scale ... before[1] * scale, after: after * scale)
            }
            return profile
        }
    }

    /// The factor from a calibration's numbers in the file to the model's units.
    private static func calibrationScale(_ parameter: GPUCalibration.Parameter) -> Double {
        switch parameter {
        case .passCost: 1e-6
        case .memoryBandwidth, .fillRate: 1e9
        }
    }

    /// The profile file of `profile`: its figures in GB/s, Gpix/s and µs, and how it was
    /// calibrated, as pretty-printed JSON with sorted keys.
    public static func gpuProfileText(_ profile: GPUProfile) -> String {
        func ends(_ r: SourcedRange, _ scale: Double) -> [Double] { [r.low / scale, r.high / scale] }
        var object: [String: Any] = [
            "schema": gpuProfileSchema, "id": profile.id, "chip": profile.chip, "architecture": profile.architecture,
            "memoryBandwidthGBps": ends(profile.memoryBandwidth, 1e9), "sustainedFraction": ends(profile.sustainedFraction, 1),
            "fillRateGpixps": ends(profile.fillRate, 1e9), "passCostMicroseconds": ends(profile.passCost, 1e-6),
        ]
        if let note = profile.calibration {
            let scale = calibrationScale(note.parameter)
            object["calibration"] = ["measuredFrameMs": note.measuredSeconds * 1e3, "parameter": note.parameter.rawValue,
                                     "before": [note.before.lowerBound / scale, note.before.upperBound / scale], "after": note.after / scale]
        }
        // Foundation's writer of JSON: every value here is a string, a number or an array of them.
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
