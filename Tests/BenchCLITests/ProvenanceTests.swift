import Analysis
import Foundation
import Harness
import Host
import Problems
import Raster
import HarnessTestSupport
import RasterTestSupport
import Results
import XCTest

/// Results say where they came from, and the gate refuses to compare what is not comparable.
final class ProvenanceTests: TemporaryDirectoryTestCase {
    private static let scenario = Fixtures.longTable(sections: 20, device: Fixtures.device(width: 600, height: 300), steps: 6)
    private static let fresh: Results = {
        try! Runner(commandLine: ["bench", "run", "--steps", "6"]).run(scenarios: [scenario], strategies: ["none", "per-cell-mask"], rounds: 4)
    }()

    func testResultsRecordTheCommandToolchainSystemAndScenarioDefinitions() throws {
        let provenance = try XCTUnwrap(Self.fresh.provenance)
        XCTAssertEqual(provenance.commandLine, ["bench", "run", "--steps", "6"])
        XCTAssertFalse(provenance.compiler.isEmpty)
        XCTAssertTrue(provenance.target.contains("-"), provenance.target)
        XCTAssertFalse(provenance.kernel.isEmpty)
        XCTAssertGreaterThan(provenance.memoryBytes, 0)
        XCTAssertEqual(Self.fresh.scenarioDefinitions?[Self.scenario.name], .typed(Self.scenario.definition))
    }

    func testProvenanceSurvivesTheJSONRoundTripAndOlderFilesStillLoad() throws {
        let path = directory + "/r.json"
        try Self.fresh.jsonData().write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try Results.load(from: path), Self.fresh)
        var old = Self.fresh
        old.provenance = nil
        old.scenarioDefinitions = nil
        let data = try old.jsonData()
        XCTAssertFalse(String(decoding: data, as: UTF8.self).contains("provenance"))
        try data.write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try Results.load(from: path), old)
    }

    func testARunWritesEachDefinitionAsAnObjectWithNoProseAtItsTopLevel() throws {
        let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: Self.fresh.jsonData()) as? [String: Any])
        let written = try XCTUnwrap((parsed["scenarioDefinitions"] as? [String: Any])?[Self.scenario.name] as? [String: Any])
        XCTAssertFalse(written.isEmpty)
        XCTAssertEqual(written.filter { $0.value is String }.map(\.key), [], "\(written)")
        XCTAssertEqual(written["sections"] as? Int, Self.scenario.sections)
        XCTAssertEqual((written["device"] as? [String: Any])?["name"] as? String, Self.scenario.device.name)
    }

    func testTheDefinitionChangesWithWhatIsDrawnButNotWithTheMeasuredSteps() throws {
        var faster = Self.scenario
        faster.pointsPerStep += 2
        let before = try XCTUnwrap(Self.scenario.definition.json.objectValue), after = try XCTUnwrap(faster.definition.json.objectValue)
        XCTAssertEqual(Set(before.keys), Set(after.keys))
        XCTAssertEqual(before.keys.filter { before[$0] != after[$0] }, ["scroll"])
        var longer = Self.scenario
        longer.steps *= 2
        XCTAssertEqual(longer.definition, Self.scenario.definition)
    }

    func testACheckAcrossBuildConfigurationsGatesCountersAndPicturesAndNotTimes() throws {
        var release = Self.fresh
        release.tool.configuration = "release"
        let report = try Gate.check(baseline: Self.fresh, current: release)
        XCTAssertTrue(report.passed)
        XCTAssertFalse(report.timesGated)
        XCTAssertTrue(report.warnings.contains(.otherBuild(baseline: Self.fresh.tool, current: release.tool)), "\(report.warnings)")
        // The counters are still compared exactly across the builds.
        var dearer = release
        let strategy = try XCTUnwrap(dearer.runs.last).strategy
        dearer.runs[dearer.runs.count - 1].totals[.blendedPixels]! += 1
        let failed = try Gate.check(baseline: Self.fresh, current: dearer)
        XCTAssertEqual(failed.findings.filter(\.fails).map(\.strategy), [strategy])
        var unoptimized = Self.fresh
        unoptimized.tool.optimized = false
        XCTAssertTrue(try Gate.check(baseline: unoptimized, current: Self.fresh).otherBuild)
    }

    func testACheckOfADifferentlyDefinedScenarioIsRefusedNamingTheField() {
        var changed = Self.fresh
        var faster = Self.scenario
        faster.pointsPerStep += 2
        changed.scenarioDefinitions = [faster.name: .typed(faster.definition)]
        XCTAssertThrowsError(try Gate.check(baseline: changed, current: Self.fresh)) { error in
            XCTAssertEqual((error as? BenchError)?.exitCode, 2)
            XCTAssertTrue("\(error)".contains("scroll.pointsPerStep: 12 → 10"), "\(error)")
        }
    }

    func testResultsRecordTheHostFingerprintOfThisMachine() throws {
        let host = try XCTUnwrap(Self.fresh.provenance?.host)
        var here = HostFingerprint.current(kernels: .preferred)
        // The run's kernel paths, not necessarily the process's now.
        here.storePath = host.storePath
        here.blendLanes = host.blendLanes
        XCTAssertEqual(host, here)
        XCTAssertFalse(host.cpu.isEmpty)
        XCTAssertTrue(["always", "madvise", "never", "unknown"].contains(host.transparentHugePages), host.transparentHugePages)
        XCTAssertEqual(HostFingerprint.hugePageMode("always [madvise] never"), "madvise")
        XCTAssertEqual(HostFingerprint.bytes("32K"), 32_768)
        XCTAssertEqual(HostFingerprint.bytes("32768K"), 32 << 20)
    }

    func testAnotherMachineOrAnOlderBaselineIsAWarningNotAFailure() throws {
        var elsewhere = Self.fresh
        elsewhere.provenance?.host?.cpu = "Another CPU"
        elsewhere.scenarioDefinitions = nil
        let report = try Gate.check(baseline: elsewhere, current: Self.fresh)
        XCTAssertTrue(report.passed)
        XCTAssertFalse(report.timesGated)
        XCTAssertEqual(report.warnings.filter { $0 == .noDefinitions || $0.description.contains("Another CPU") }.count, 2,
                       "\(report.warnings)")
        XCTAssertTrue(report.warnings.map(\.description).contains { $0.hasPrefix("times were reported, not gated: the baseline was measured on Another CPU") }, "\(report.warnings)")
        XCTAssertFalse(report.timesGated)
        XCTAssertEqual(try Gate.check(baseline: Self.fresh, current: Self.fresh).warnings.count, 1, "only: one process cannot gate times")
    }

    /// The store path the run timed with is part of the host: the same machine on the other
    /// path runs other instructions, so its times are not gated against this one's.
    func testTheStorePathIsRecordedWithTheHostAndAnotherPathIsAnotherHost() throws {
        try assertAKernelChoiceIsPartOfTheHost(\.storePath, values: StoreKernel.allCases.map(\.rawValue), named: "stores")
    }

    /// The blend lanes are part of the host too, for the same reason as the store path.
    func testTheBlendLanesAreRecordedWithTheHostAndOtherLanesAreAnotherHost() throws {
        try assertAKernelChoiceIsPartOfTheHost(\.blendLanes, values: BlendLanes.allCases.map(\.rawValue), named: "blend lanes")
        let lanes = try XCTUnwrap(Self.fresh.provenance?.host?.blendLanes)
        XCTAssertTrue(try XCTUnwrap(Self.fresh.provenance?.host).summary.contains("; \(lanes) blend lanes"))
    }

    /// Whether the heap asked for huge pages is part of the host too: its buffers cost fewer page
    /// walks. It is read back from a file, and a file from before it was recorded is another host.
    func testTheHeapsPageSizeIsRecordedWithTheHostAndAnotherIsAnotherHost() throws {
        XCTAssertNotNil(Self.fresh.provenance?.host?.mallocHugePages)
        var huge = Self.fresh, small = Self.fresh
        huge.provenance?.host?.mallocHugePages = true
        small.provenance?.host?.mallocHugePages = false
        let report = try Gate.check(baseline: small, current: huge)
        XCTAssertFalse(report.timesGated)
        XCTAssertTrue(report.warnings.contains { if case .otherHost = $0 { $0.description.contains("heap in small pages") } else { false } },
                      "\(report.warnings)")
        let reloaded = try Results.decode([UInt8](huge.jsonData()), file: "huge.json")
        XCTAssertEqual(reloaded.provenance?.host?.mallocHugePages, true)
        small.provenance?.host?.mallocHugePages = nil
        let older = try Results.decode([UInt8](small.jsonData()), file: "older.json")
        XCTAssertNil(older.provenance?.host?.mallocHugePages)
        XCTAssertNotEqual(older.provenance?.host, huge.provenance?.host)
    }

    /// A kernel choice recorded in `field` of the run's host: one of `values`, named in the host's
    /// summary; another value is another host, whose times the gate reports without gating, and
    /// files from before the field was recorded load and count as another host.
    private func assertAKernelChoiceIsPartOfTheHost(_ field: WritableKeyPath<HostFingerprint, String?>, values: [String],
                                                    named name: String, line: UInt = #line) throws {
        let host = try XCTUnwrap(Self.fresh.provenance?.host, line: line)
        let value = try XCTUnwrap(host[keyPath: field], line: line)
        XCTAssertTrue(values.contains(value), line: line)
        XCTAssertTrue(host.summary.contains("; \(value) \(name)"), host.summary, line: line)
        var other = Self.fresh
        other.provenance?.host?[keyPath: field] = try XCTUnwrap(values.first { $0 != value }, line: line)
        let report = try Gate.check(baseline: other, current: Self.fresh)
        XCTAssertFalse(report.timesGated, line: line)
        XCTAssertTrue(report.warnings.contains { if case .otherHost = $0 { $0.description.contains(name) } else { false } },
                      "\(report.warnings)", line: line)
        other.provenance?.host?[keyPath: field] = nil
        let reloaded = try Results.decode([UInt8](other.jsonData()), file: "older.json")
        XCTAssertNil(reloaded.provenance?.host?[keyPath: field], line: line)
        XCTAssertNotEqual(reloaded.provenance?.host, Self.fresh.provenance?.host, line: line)
    }

    /// One machine is one host: a run times on the paths the processor decides (vector stores,
    /// wide lanes where it has AVX2), never on what a timing at start-up happened to favour, so
    /// every run of this machine records the same fingerprint and the gate compares their times.
    func testEveryRunOfOneMachineTimesOnThePreferredPathsAndIsOneHost() throws {
        let again = try Runner().run(scenarios: [Self.scenario], strategies: ["none"], steps: 2)
        for results in [Self.fresh, again] {
            XCTAssertEqual(results.provenance?.host?.storePath, StoreKernel.vector.rawValue)
            XCTAssertEqual(results.provenance?.host?.blendLanes, (BlendLanes.wideIsAvailable ? BlendLanes.wide : .portable).rawValue)
        }
        XCTAssertEqual(again.provenance?.host, Self.fresh.provenance?.host)
        var given = Runner()
        given.kernels = KernelChoice(store: .string, blendLanes: .portable)
        let other = try given.run(scenarios: [Self.scenario], strategies: ["none"], steps: 2)
        XCTAssertEqual(other.provenance?.host?.storePath, "string", "a path given is timed and recorded")
        XCTAssertEqual(other.provenance?.host?.blendLanes, "portable")
    }

    func testTheGitCommitIsReadFromLooseAndPackedRefs() throws {
        let sha = String(repeating: "ab", count: 20)
        let repo = directory + "/repo", git = repo + "/.git", nested = repo + "/a/b"
        try FileManager.default.createDirectory(atPath: git + "/refs/heads", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: nested, withIntermediateDirectories: true)
        try "ref: refs/heads/main\n".write(toFile: git + "/HEAD", atomically: true, encoding: .utf8)
        XCTAssertNil(Provenance.gitCommit(from: nested), "no such ref yet")
        try "# pack-refs\n\(sha) refs/heads/main\n".write(toFile: git + "/packed-refs", atomically: true, encoding: .utf8)
        XCTAssertEqual(Provenance.gitCommit(from: nested), sha)
        let loose = String(repeating: "cd", count: 20)
        try (loose + "\n").write(toFile: git + "/refs/heads/main", atomically: true, encoding: .utf8)
        XCTAssertEqual(Provenance.gitCommit(from: repo), loose)
        XCTAssertNil(Provenance.gitCommit(from: "/"))
    }
}
