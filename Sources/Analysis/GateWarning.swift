import Problems
import Results
import Text

/// What a reader of `bench check`'s verdict should know: something the gate could not check, or
/// a difference between the two files it checked anyway. Values from the files are kept as they
/// are and shortened where the sentence is written (`description`); reports escape the sentence
/// for their format.
public enum GateWarning: Equatable, Sendable, CustomStringConvertible {
    /// A measure that one side has and the other lacks.
    public enum Measure: Equatable, Sendable {
        case instructions, estimatedCycles, gpuTimes

        /// As the sentences name it.
        var name: String {
            switch self {
            case .instructions: "instruction counts"
            case .estimatedCycles: "estimated cycles"
            case .gpuTimes: "GPU times"
            }
        }
    }

    /// The two files were written by other versions of bench.
    case otherTool(baseline: String, current: String)
    /// The baseline records no scenario definitions (an older file).
    case noDefinitions
    /// The definitions of these scenarios are recorded in the older format (prose) by the baseline
    /// (`inBaseline`) or by this run, and in this version's by the other: they were not compared.
    case olderDefinitions(scenarios: [String], inBaseline: Bool)
    /// Times were reported, not gated: the baseline's host is unrecorded (nil) or another than
    /// this run's (nil: unrecorded).
    case otherHost(baseline: HostFingerprint?, current: HostFingerprint?)
    /// Times were not gated in `rows` rows: too few processes on either side.
    case fewProcesses(rows: Int, baseline: Int, current: Int)
    /// Times were not gated in these rows, which lack their per-process ratios.
    case lackingRatios(rows: [String])
    /// The baseline has none of `measure`, this run has.
    case baselineLacks(Measure)
    /// The baseline has `measure`, this run has none.
    case runLacks(Measure)
    /// GPU times were not gated in `rows` rows whose device prices another GPU or refresh rate; the
    /// first is `row`, priced as `old` and now as `new`.
    case otherGPU(rows: Int, row: String, old: DeviceTime, new: DeviceTime)
    /// GPU times were not gated in `rows`, whose one side has a GPU time and the other none: the
    /// baseline's when `baselineHas`, else this run's (both files have some elsewhere).
    case gpuTimeOnOneSide(rows: [String], baselineHas: Bool)
    /// The two files simulated other caches for their estimated cycles.
    case otherCaches
    /// The two files' instructions were counted by other tools.
    case otherCounter(baseline: String, current: String)
    /// The two files come from other build configurations: counters, pictures and GPU times
    /// (model) were gated; host times, instructions and estimated cycles were not.
    case otherBuild(baseline: ToolBuild, current: ToolBuild)
    /// Instructions could not be counted here: valgrind is missing.
    case valgrindMissing
    /// The cells described as layers of these scenarios changed, and nothing else of their
    /// definitions: their rows were compared as a change of the app's cell, gated or only
    /// reported (`gated`).
    case cellChanged(scenarios: [String], gated: Bool)

    public var description: String {
        func short(_ text: String, _ times: Int = 1) -> String { Escape.shortened(text, limit: times * Escape.messageLimit) }
        switch self {
        case let .otherTool(baseline, current):
            return "the baseline was written by bench \(short(baseline)), this run by \(short(current))"
        case .noDefinitions:
            return "the baseline records no scenario definitions (an older file): a changed scenario cannot be told from a changed result; update the baseline to record them"
        case let .olderDefinitions(scenarios, inBaseline):
            let names = scenarios.map { "'\(short($0))'" }.joined(separator: ", ")
            let (older, other, advice) = inBaseline ? ("the baseline", "this run's", "update the baseline to record them anew")
                : ("this run", "the baseline's", "make the run again with this version of bench")
            return "\(older) records the definitions of \(names) in an older format, which cannot be compared field by field with \(other): a changed scenario cannot be told from a changed result; \(advice)"
        case let .otherHost(old, new):
            let why: String
            if let old {
                why = "the baseline was measured on \(short(old.summary, 3)) and this run on \(short(new?.summary ?? "an unrecorded host", 3))"
                    + (new.map { " (\(short(old.differences(to: $0), 3)))" } ?? "")
            } else {
                why = "the baseline records no host fingerprint, so it cannot be shown to come from this kind of host"
            }
            return "times were reported, not gated: \(why); host times follow a host's processor, caches and memory, so across hosts only counters, pictures, instructions and estimated cycles are gated"
        case let .fewProcesses(rows, baseline, current):
            return "times were not gated in \(rows) row(s): the baseline comes from \(baseline) process(es) and this run from \(current), too few to tell a change from noise (each needs 4 or more: make both with bench run --processes 5 and check with --results)"
        case .lackingRatios(let rows):
            let shown = rows.prefix(NameList.limit).joined(separator: ", ")
            let more = rows.count > NameList.limit ? " and \(rows.count - NameList.limit) more" : ""
            return "times were not gated in \(rows.count) row(s) that lack their per-process ratios, whatever the process count: \(shown)\(more); make the file again with bench run --processes"
        case .baselineLacks(let measure):
            let why = measure == .gpuTimes ? " (made before the device model, or on devices that name no GPU)" : ""
            return "\(measure.name) were not gated: the baseline has none\(why); update it (bench check --update-baseline; this project: scripts/update-baseline.sh) to gate them"
        case .runLacks(let measure):
            let why = measure == .gpuTimes ? "its devices name no GPU" : "bench run --instructions, which needs valgrind"
            return "\(measure.name) were not gated: the baseline has them and this run has none (\(why))"
        case let .otherGPU(rows, row, old, new):
            return "GPU times were not gated in \(rows) row(s) whose device prices another GPU or refresh rate (\(Escape.message(row)): \(Escape.message(old.gpu)) at \(Format.fixed(old.refreshHz, 0)) Hz → \(Escape.message(new.gpu)) at \(Format.fixed(new.refreshHz, 0)) Hz)"
        case let .gpuTimeOnOneSide(rows, baselineHas):
            let count = rows.count == 1 ? "1 row" : "\(rows.count) rows"
            return "GPU times were not gated in \(count) where only \(baselineHas ? "the baseline" : "this run") has one (\(NameList.text(rows))): a row's device names a GPU on one side and none on the other"
        case .otherCaches:
            return "estimated cycles were not gated: the baseline simulated other caches than this run (another version of bench); update the baseline"
        case let .otherCounter(baseline, current):
            return "the baseline's instructions were counted by \(short(baseline)), this run's by \(short(current)): a new valgrind can count differently"
        case let .otherBuild(baseline, current):
            return "the baseline was measured with a \(baseline.buildDescription) and this run with a \(current.buildDescription): "
                + "counters, pictures and GPU times (model) do not depend on the build and were gated; host times, instruction counts and "
                + "estimated cycles measure the build as well as the code and were not"
        case .valgrindMissing:
            return "valgrind is not installed: \(UsageProblem.valgrindInstallHint)"
        case let .cellChanged(scenarios, gated):
            let names = scenarios.map { "'\(short($0))'" }.joined(separator: ", ")
            return "the cell of \(names) changed since the baseline; its rows compare the new cell's cost with the old one's"
                + (gated ? ", and a cell dearer for the device fails (its GPU time, model: the mean, the worst frame and the frames over budget; its passes and splits; without a GPU, also its pixels and traffic); its other counters, instructions and pictures are reported, not gated"
                         : ", reported, not gated (--report-cell-changes)")
        }
    }
}
