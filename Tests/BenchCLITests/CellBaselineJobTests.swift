import CLITestSupport
import Foundation
import RasterTestSupport
import Results
import XCTest

/// docs/ci.md's "Limits and a baseline for your own cells", run as written (issue 58): its suite
/// as `ci/cells.json`, its commands that make the baseline, then the job's `run:` steps in bash
/// with the built `bench` where the job builds one (`cornerbench/.build/release/bench`). The
/// baseline passes, and the same job fails a cell made dearer, naming the layer.
final class CellBaselineJobTests: TemporaryDirectoryTestCase {
    private static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/ci.md")

    /// The section of docs/ci.md under `heading`, up to the next `## ` heading.
    private static func section(_ heading: String) throws -> String {
        let text = try String(contentsOf: page, encoding: .utf8)
        let start = try XCTUnwrap(text.range(of: "\n## \(heading)\n"), "docs/ci.md has no section '\(heading)'")
        let rest = text[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
    }

    /// The first code block of `language` in `text`.
    private static func block(_ language: String, in text: String) throws -> String {
        let start = try XCTUnwrap(text.range(of: "```\(language)\n"), "no ```\(language) block")
        let rest = text[start.upperBound...]
        return String(rest[..<(try XCTUnwrap(rest.range(of: "```\n"))).lowerBound])
    }

    /// Runs `script` with bash in the test's directory, returning its status and output.
    private func bash(_ script: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "CORNERBENCH_CHILD")
        environment.removeValue(forKey: "GITHUB_STEP_SUMMARY")
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    func testTheCellJobOfTheDocsPassesItsBaselineAndFailsADearerCellNamingTheLayer() throws {
        try BuiltBench.require()
        let section = try Self.section("Limits and a baseline for your own cells")
        let suite = try Self.block("json", in: section)
        let making = try Self.block("sh", in: section).split(separator: "\n").map(String.init)
        // The job's steps, but the build: the test runs the `bench` built beside it instead.
        let steps = try Self.block("yaml", in: section).split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "- run: ") else { return nil }
            return String(line[range.upperBound...])
        }
        XCTAssertTrue(steps.first?.hasPrefix("swift build -c release --package-path cornerbench") ?? false, "\(steps)")
        let job = Array(steps.dropFirst())
        XCTAssertEqual(job.count, 2, "the job runs the suite, then checks it: \(job)")

        let fm = FileManager.default
        try fm.createDirectory(atPath: directory + "/ci", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: directory + "/cornerbench/.build/release", withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: directory + "/cornerbench/.build/release/bench", withDestinationPath: BuiltBench.path)
        try suite.write(toFile: directory + "/ci/cells.json", atomically: true, encoding: .utf8)
        XCTAssertEqual(try bash("git init -q .").status, 0)

        let made = try bash("set -e\n" + making.joined(separator: "\n"))
        XCTAssertEqual(made.status, 0, made.output)
        XCTAssertTrue(made.output.contains("Made the baseline 'ci/cells-baseline.json' from 'cells.json'"), made.output)
        XCTAssertTrue(fm.fileExists(atPath: directory + "/ci/cells-baseline.json"))

        var run = try bash("set -e\n" + job.joined(separator: "\n"))
        XCTAssertEqual(run.status, 0, "the job passes on its own baseline: \(run.output)")

        // The app's cell gains an oval-masked image: one layer more, its own passes.
        var object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(suite.utf8)) as? [String: Any])
        var scenarios = try XCTUnwrap(object["scenarios"] as? [[String: Any]])
        var table = try XCTUnwrap(scenarios[0]["table"] as? [String: Any])
        var content = try XCTUnwrap(table["content"] as? [String: Any])
        var rows = try XCTUnwrap(content["rows"] as? [[String: Any]])
        var layers = try XCTUnwrap(rows[0]["layers"] as? [[String: Any]])
        layers.append(["name": "photo", "frame": ["x": 240, "y": 10, "width": 40, "height": 40], "contents": ["image": [:] as [String: Any]],
                       "mask": ["shape": "oval"]])
        rows[0]["layers"] = layers
        content["rows"] = rows
        table["content"] = content
        scenarios[0]["table"] = table
        object["scenarios"] = scenarios
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: directory + "/ci/cells.json"))

        run = try bash("set -e\n" + job.joined(separator: "\n"))
        XCTAssertEqual(run.status, 1, "a dearer cell fails with no flag: \(run.output)")
        let scenario = try XCTUnwrap(scenarios[0]["name"] as? String)
        XCTAssertTrue(run.output.hasPrefix("FAIL \(scenario)/none: the new cell is dearer"), run.output)
        XCTAssertTrue(run.output.contains("  photo (layers[\(layers.count - 1)]): a new layer (mask);"), run.output)
        XCTAssertTrue(run.output.contains("Error: The gate failed"), run.output)
    }
}

/// `bench check --update-baseline`: the baseline of a suite made, then replaced after a check.
final class UpdateBaselineTests: TemporaryDirectoryTestCase {
    private func run(_ name: String, _ extra: [String] = []) -> String {
        let path = directory + "/" + name
        let result = bench(["run", "--device", "iphone-se", "--steps", "2", "--quiet", "--json", path] + extra)
        XCTAssertEqual(result.code, 0, result.stderr)
        return path
    }

    func testTheFirstUpdateMakesTheBaselineAndALaterOneReplacesItAcceptingItsRegressions() throws {
        let plain = run("plain.json", ["--strategy", "none"])
        let baseline = directory + "/b.json"
        var check = bench("check", "--baseline", baseline, "--results", plain, "--update-baseline")
        XCTAssertEqual(check.code, 0, check.stdout + check.stderr)
        XCTAssertTrue(check.stdout.unwrapped.contains("Made the baseline '\(baseline)' from '\(plain)': 1 row(s) of 1 scenario(s)."), check.stdout)
        XCTAssertEqual(try Results.load(from: baseline).runs, try Results.load(from: plain).runs)
        XCTAssertEqual(bench("check", "--baseline", baseline, "--results", plain).code, 0)

        // A run that costs more in every row: the check fails, the update accepts it.
        var dearer = try Results.load(from: plain)
        dearer.runs[0].totals[.blendedPixels]! += 1
        let dearerPath = directory + "/dearer.json"
        try dearer.jsonData().write(to: URL(fileURLWithPath: dearerPath))
        XCTAssertEqual(bench("check", "--baseline", baseline, "--results", dearerPath).code, 1)
        check = bench("check", "--baseline", baseline, "--results", dearerPath, "--update-baseline")
        XCTAssertEqual(check.code, 0, check.stdout + check.stderr)
        XCTAssertTrue(check.stdout.contains("FAIL: 1 regression(s)"), "the check is still shown: \(check.stdout)")
        XCTAssertTrue(check.stdout.unwrapped.contains("the 1 regression(s) above are its figures now"), check.stdout)
        XCTAssertEqual(try Results.load(from: baseline).runs, dearer.runs)
        XCTAssertEqual(bench("check", "--baseline", baseline, "--results", dearerPath).code, 0)
    }

    func testABaselineThatNoLongerComparesIsReplacedWithANote() throws {
        let baseline = run("b.json", ["--strategy", "none"])
        let other = run("other.json", ["--strategy", "none", "--rows-per-section", "9"])
        XCTAssertEqual(bench("check", "--baseline", baseline, "--results", other).code, 2)
        let check = bench("check", "--baseline", baseline, "--results", other, "--update-baseline")
        XCTAssertEqual(check.code, 0, check.stdout + check.stderr)
        XCTAssertTrue(check.stderr.hasPrefix("Note: the baseline was not compared with the results:"), check.stderr)
        XCTAssertEqual(try Results.load(from: baseline).runs.map(\.scenario), try Results.load(from: other).runs.map(\.scenario))
    }

    func testABreachedLimitStillFailsAnUpdateThatWritesTheBaseline() throws {
        let masked = run("masked.json", ["--strategy", "none,per-cell-mask"])
        let baseline = directory + "/b.json"
        let check = bench("check", "--baseline", baseline, "--results", masked, "--update-baseline", "--limit", "offscreenPasses=0")
        XCTAssertEqual(check.code, 1, check.stdout + check.stderr)
        XCTAssertTrue(check.stdout.contains("Over a limit:"), check.stdout)
        XCTAssertEqual(try Results.load(from: baseline).runs, try Results.load(from: masked).runs)
    }

    func testAnUpdateNeedsBothFilesAndEveryRow() {
        for arguments in [["--update-baseline", "--results", "r.json"], ["--update-baseline", "--baseline", "b.json"],
                          ["--update-baseline", "--baseline", "b.json", "--results", "r.json", "--filter", "x/*"]] {
            let check = bench(["check"] + arguments)
            XCTAssertEqual(check.code, 2, "\(arguments)")
            XCTAssertTrue(check.stderr.hasPrefix("Error: --update-baseline "), check.stderr)
        }
    }
}
