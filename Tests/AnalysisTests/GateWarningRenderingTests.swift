import Analysis
import Problems
import Results
import XCTest

/// Each warning of `bench check`'s verdict renders to one exact sentence, in the words the gate
/// wrote before warnings became values. Values from the files are shortened here but not escaped
/// (the reports escape the whole sentence for their format).
final class GateWarningRenderingTests: XCTestCase {
    private func assertSentence(_ warning: GateWarning, _ sentence: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(warning.description, sentence, file: file, line: line)
    }

    private let epyc = HostFingerprint(cpu: "AMD EPYC", cpuID: "AuthenticAMD 25/17/1", l1dBytes: 32_768, l2Bytes: 1 << 20,
                                       l3Bytes: 32 << 20, transparentHugePages: "madvise", storePath: "string")
    private let epycSummary = "AMD EPYC (AuthenticAMD 25/17/1; L1d 32 KiB, L2 1 MiB, L3 32 MiB; THP madvise; string stores)"
    private let hostsAreGated = "host times follow a host's processor, caches and memory, so across hosts only counters, pictures, instructions and estimated cycles are gated"

    func testOtherToolNamesBothVersions() {
        assertSentence(.otherTool(baseline: "1.0.0", current: "1.1.0"), "the baseline was written by bench 1.0.0, this run by 1.1.0")
    }

    func testOtherToolShortensALongVersionButLeavesEscapingToTheReports() {
        assertSentence(.otherTool(baseline: String(repeating: "v", count: 61), current: "1.1\n"),
                       "the baseline was written by bench \(String(repeating: "v", count: 60))… (61 bytes), this run by 1.1\n")
    }

    func testNoDefinitionsSaysAChangedScenarioCannotBeToldApart() {
        assertSentence(.noDefinitions,
                       "the baseline records no scenario definitions (an older file): a changed scenario cannot be told from a changed result; update the baseline to record them")
    }

    func testOlderDefinitionsNameTheScenariosAndWhichSideRecordsThemSo() {
        assertSentence(.olderDefinitions(scenarios: ["ci-events", "ci-scroll"], inBaseline: true),
                       "the baseline records the definitions of 'ci-events', 'ci-scroll' in an older format, which cannot be compared field by field with this run's: a changed scenario cannot be told from a changed result; update the baseline to record them anew")
        assertSentence(.olderDefinitions(scenarios: ["ci-scroll"], inBaseline: false),
                       "this run records the definitions of 'ci-scroll' in an older format, which cannot be compared field by field with the baseline's: a changed scenario cannot be told from a changed result; make the run again with this version of bench")
    }

    func testOtherHostWithoutABaselineHostSaysItCannotBeShownToMatch() {
        assertSentence(.otherHost(baseline: nil, current: epyc),
                       "times were reported, not gated: the baseline records no host fingerprint, so it cannot be shown to come from this kind of host; \(hostsAreGated)")
    }

    func testOtherHostWithBothHostsShowsBothSummariesAndTheirDifferences() {
        var other = epyc
        other.transparentHugePages = "always"
        other.storePath = "vector"
        assertSentence(.otherHost(baseline: epyc, current: other),
                       "times were reported, not gated: the baseline was measured on \(epycSummary) and this run on "
                       + "AMD EPYC (AuthenticAMD 25/17/1; L1d 32 KiB, L2 1 MiB, L3 32 MiB; THP always; vector stores) "
                       + "(THP madvise → always; stores string → vector); \(hostsAreGated)")
    }

    func testOtherHostWithoutACurrentHostSaysItIsUnrecorded() {
        assertSentence(.otherHost(baseline: epyc, current: nil),
                       "times were reported, not gated: the baseline was measured on \(epycSummary) and this run on an unrecorded host; \(hostsAreGated)")
    }

    func testOtherHostShortensASummaryPastThreeTimesTheMessageLimit() {
        var long = epyc
        long.cpu = String(repeating: "x", count: 200)
        assertSentence(.otherHost(baseline: long, current: nil),
                       "times were reported, not gated: the baseline was measured on \(String(repeating: "x", count: 180))… (284 bytes) and this run on an unrecorded host; \(hostsAreGated)")
    }

    func testFewProcessesGivesBothProcessCounts() {
        assertSentence(.fewProcesses(rows: 3, baseline: 1, current: 5),
                       "times were not gated in 3 row(s): the baseline comes from 1 process(es) and this run from 5, too few to tell a change from noise (each needs 4 or more: make both with bench run --processes 5 and check with --results)")
    }

    func testLackingRatiosNamesTheRows() {
        assertSentence(.lackingRatios(rows: ["a/none (no ratios)", "b/none (no ratios)"]),
                       "times were not gated in 2 row(s) that lack their per-process ratios, whatever the process count: a/none (no ratios), b/none (no ratios); make the file again with bench run --processes")
    }

    func testLackingRatiosCutsTheRowsAfterTwelve() {
        let rows = (1...14).map { "r\($0)" }
        assertSentence(.lackingRatios(rows: rows),
                       "times were not gated in 14 row(s) that lack their per-process ratios, whatever the process count: r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12 and 2 more; make the file again with bench run --processes")
    }

    func testBaselineLacksInstructionsPointsToTheUpdateScript() {
        assertSentence(.baselineLacks(.instructions),
                       "instruction counts were not gated: the baseline has none; update it (bench check --update-baseline; this project: scripts/update-baseline.sh) to gate them")
    }

    func testBaselineLacksEstimatedCyclesPointsToTheUpdateScript() {
        assertSentence(.baselineLacks(.estimatedCycles),
                       "estimated cycles were not gated: the baseline has none; update it (bench check --update-baseline; this project: scripts/update-baseline.sh) to gate them")
    }

    func testBaselineLacksGPUTimesSaysWhyItMayHaveNone() {
        assertSentence(.baselineLacks(.gpuTimes),
                       "GPU times were not gated: the baseline has none (made before the device model, or on devices that name no GPU); update it (bench check --update-baseline; this project: scripts/update-baseline.sh) to gate them")
    }

    func testRunLacksInstructionsPointsToValgrind() {
        assertSentence(.runLacks(.instructions),
                       "instruction counts were not gated: the baseline has them and this run has none (bench run --instructions, which needs valgrind)")
    }

    func testRunLacksEstimatedCyclesPointsToValgrind() {
        assertSentence(.runLacks(.estimatedCycles),
                       "estimated cycles were not gated: the baseline has them and this run has none (bench run --instructions, which needs valgrind)")
    }

    func testRunLacksGPUTimesSaysItsDevicesNameNoGPU() {
        assertSentence(.runLacks(.gpuTimes),
                       "GPU times were not gated: the baseline has them and this run has none (its devices name no GPU)")
    }

    func testOtherGPUNamesTheFirstRowAndBothPrices() {
        let old = DeviceTime(gpu: "A15", refreshHz: 120, lowNanos: 1_000_000, highNanos: 2_000_000)
        let new = DeviceTime(gpu: "M2", refreshHz: 59.94, lowNanos: 1_000_000, highNanos: 2_000_000)
        assertSentence(.otherGPU(rows: 2, row: "ipad-settings/none", old: old, new: new),
                       "GPU times were not gated in 2 row(s) whose device prices another GPU or refresh rate (ipad-settings/none: A15 at 120 Hz → M2 at 60 Hz)")
    }

    func testOtherGPUQuotesNamesFromTheFile() {
        let old = DeviceTime(gpu: "A\u{1B}15", refreshHz: 60, lowNanos: 1, highNanos: 2)
        let new = DeviceTime(gpu: "A15", refreshHz: 120, lowNanos: 1, highNanos: 2)
        assertSentence(.otherGPU(rows: 1, row: "a\nb/none", old: old, new: new),
                       "GPU times were not gated in 1 row(s) whose device prices another GPU or refresh rate (a\\nb/none: A\\u{1B}15 at 60 Hz → A15 at 120 Hz)")
    }

    func testOtherCachesPointsToAnotherVersion() {
        assertSentence(.otherCaches,
                       "estimated cycles were not gated: the baseline simulated other caches than this run (another version of bench); update the baseline")
    }

    func testOtherCounterNamesBothCounters() {
        assertSentence(.otherCounter(baseline: "valgrind-3.19.0", current: "valgrind-3.22.0"),
                       "the baseline's instructions were counted by valgrind-3.19.0, this run's by valgrind-3.22.0: a new valgrind can count differently")
        assertSentence(.otherCounter(baseline: "valgrind-3.19.0", current: String(repeating: "c", count: 65)),
                       "the baseline's instructions were counted by valgrind-3.19.0, this run's by \(String(repeating: "c", count: 60))… (65 bytes): a new valgrind can count differently")
    }

    func testValgrindMissingGivesTheInstallHint() {
        assertSentence(.valgrindMissing,
                       "valgrind is not installed: install valgrind to count instructions (Debian and Ubuntu: apt-get install valgrind; Fedora: dnf install valgrind)")
    }

    func testOtherBuildSaysWhatWasGatedAndWhatNot() {
        let debug = ToolBuild(version: "1.0.0", configuration: "debug", optimized: true, swift: "6.3")
        let release = ToolBuild(version: "1.0.0", configuration: "release", optimized: true, swift: "6.3")
        XCTAssertEqual(GateWarning.otherBuild(baseline: debug, current: release).description,
                       "the baseline was measured with a debug build (optimized) and this run with a release build (optimized): counters, "
                           + "pictures and GPU times (model) do not depend on the build and were gated; host times, instruction counts and "
                           + "estimated cycles measure the build as well as the code and were not")
    }
}
