import CLITestSupport
import Foundation
import RasterTestSupport
import Results
import XCTest

/// Issue 59's rows about `bench check`, `bench merge` and limits, each run as the issue wrote it:
/// the step summary of the limits-only path, merged limits that disagree, a check that judged
/// nothing, a rerun's limits, GPU times a file records without steps, and the precision of a
/// breach.
final class CheckLimitsTests: TemporaryDirectoryTestCase {
    private func path(_ name: String) -> String { directory + "/" + name }

    /// A results file of `none` on the iPhone SE (GPU a13), `steps` steps.
    private func results(_ name: String = "r.json", strategies: String = "none", steps: Int = 2) throws -> String {
        let run = bench(["run", "--device", "iphone-se", "--strategy", strategies, "--steps", "\(steps)", "--quiet", "--json", path(name)])
        XCTAssertEqual(run.code, 0, run.stderr)
        return path(name)
    }

    /// Sets GITHUB_STEP_SUMMARY to `bytes`, which need not be UTF-8.
    private func setStepSummary(_ bytes: [UInt8]) {
        XCTAssertEqual(bytes.withUnsafeBufferPointer { raw in
            (raw.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { setenv("GITHUB_STEP_SUMMARY", $0.baseAddress!, 1) }
        }, 0)
    }

    // MARK: Row 4

    func testTheLimitsOnlyPathRefusesAStepSummaryPathThatIsNotUTF8LikeTheBaselinePath() throws {
        let file = try results()
        // The file a lossy decoding of the path would name.
        let lookalike = path("o\u{FFFD}.md")
        try "kept\n".write(toFile: lookalike, atomically: true, encoding: .utf8)
        setStepSummary(Array((directory + "/o").utf8) + [0xFF] + Array(".md".utf8))
        defer { unsetenv("GITHUB_STEP_SUMMARY") }
        let check = bench("check", "--results", file, "--limit", "offscreenPasses=100")
        XCTAssertEqual(check.code, 0, check.stdout + check.stderr)
        XCTAssertEqual(try String(contentsOfFile: lookalike, encoding: .utf8), "kept\n", "the report went to another file")
        XCTAssertTrue(check.stderr.unwrapped.contains("its path is not valid UTF-8"), check.stderr)
    }

    /// `file`'s JSON with every row edited by `edit`, written to `name`.
    private func edited(_ file: String, _ name: String, _ edit: (inout [String: Any]) -> Void) throws -> String {
        var object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        var runs = try XCTUnwrap(object["runs"] as? [[String: Any]])
        for i in runs.indices { edit(&runs[i]) }
        object["runs"] = runs
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path(name)))
        return path(name)
    }

    // MARK: Row 6

    func testALimitNoRowCanBeJudgedOnIsNotAPassAndSaysWhatTheRowsLack() throws {
        let file = try results()
        let noSteps = try edited(file, "no-steps.json") { row in
            var time = row["deviceTime"] as! [String: Any]
            for key in ["stepLowNanos", "stepHighNanos", "stepIdleLowNanos", "stepIdleHighNanos", "frames"] { time[key] = nil }
            row["deviceTime"] = time
        }
        var check = bench("check", "--results", noSteps, "--limit", "worstFrameShare=0.0001")
        XCTAssertEqual(check.code, 2, check.stdout + check.stderr)
        XCTAssertFalse(check.stdout.contains("PASS"), check.stdout)
        XCTAssertTrue(check.stderr.hasPrefix("Error: "), check.stderr)
        XCTAssertTrue(check.stderr.unwrapped.contains("worstFrameShare"), check.stderr)
        XCTAssertTrue(check.stderr.unwrapped.contains("before steps were priced"), check.stderr)
        XCTAssertFalse(check.stderr.contains("no GPU"), "the a13 rows have a GPU: \(check.stderr)")

        let noGPU = try edited(file, "no-gpu.json") { row in row["deviceTime"] = nil; row["layerCosts"] = nil }
        check = bench("check", "--results", noGPU, "--limit", "meanFrameShare=0.5")
        XCTAssertEqual(check.code, 2, check.stdout + check.stderr)
        XCTAssertTrue(check.stderr.unwrapped.contains("name no GPU"), check.stderr)

        // What is judged on some rows passes, and the verdict names what was not.
        check = bench("check", "--results", noSteps, "--limit", "worstFrameShare=0.0001", "--limit", "offscreenPasses=100")
        XCTAssertEqual(check.code, 2, "a limit judged on no row is refused even beside one judged: \(check.stdout + check.stderr)")
    }

    func testALimitSomeRowsLackIsJudgedOnTheOthersAndTheVerdictSaysSo() throws {
        let file = try results(strategies: "none,per-cell-mask")
        var object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        var runs = try XCTUnwrap(object["runs"] as? [[String: Any]])
        var time = try XCTUnwrap(runs[1]["deviceTime"] as? [String: Any])
        for key in ["stepLowNanos", "stepHighNanos", "stepIdleLowNanos", "stepIdleHighNanos", "frames"] { time[key] = nil }
        runs[1]["deviceTime"] = time
        object["runs"] = runs
        let mixed = path("mixed.json")
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: mixed))
        let check = bench("check", "--results", mixed, "--limit", "worstFrameShare=100")
        XCTAssertEqual(check.code, 0, check.stdout + check.stderr)
        let row = "\(try XCTUnwrap(runs[1]["scenario"] as? String))/per-cell-mask"
        XCTAssertTrue(check.stdout.unwrapped.contains("Not judged: worstFrameShare on 1 row (\(row))"), check.stdout)
        XCTAssertTrue(check.stdout.unwrapped.contains("PASS: 2 rows within their limits, but worstFrameShare NOT judged on every row"), check.stdout)
    }

    /// A suite of one small scenario on the iPhone SE, `none` and two strategies with off-screen
    /// passes, with `limits`.
    private func suite(_ limits: String, _ name: String = "suite.json") throws -> String {
        try #"""
        {"suite": "app", "limits": \#(limits),
         "scenarios": [{"name": "app-cell", "device": "iphone-se",
                        "table": {"sections": 3, "rowsPerSection": [4], "rowHeight": 44, "headerHeight": 35, "footerHeight": 18},
                        "scroll": {"kind": "constant", "pointsPerStep": 12, "steps": 3, "warmupSteps": 1}}],
         "strategies": ["none", "per-cell-mask", "corner-radius-clip"]}
        """#.write(toFile: path(name), atomically: true, encoding: .utf8)
        return path(name)
    }

    // MARK: Row 5

    func testMergingShardsWithOtherLimitsAppliesTheStricterWhateverTheOrderAndSaysSo() throws {
        let loose = try suite(#"{"offscreenPasses": 100}"#, "loose.json"), strict = try suite(#"{"offscreenPasses": 0}"#, "strict.json")
        XCTAssertEqual(bench("run", "--suite", loose, "--shard", "1/2", "--quiet", "--json", path("s1.json")).code, 0)
        XCTAssertEqual(bench("run", "--suite", strict, "--shard", "2/2", "--quiet", "--json", path("s2.json")).code, 0)
        let rows = try Results.load(from: path("s1.json")).runs + Results.load(from: path("s2.json")).runs
        XCTAssertTrue(rows.contains { $0.strategy != "none" && ($0.perStep[.offscreenPasses] ?? 0) > 0 }, "the stricter limit is broken by the masks")
        for (order, name) in [(["s1.json", "s2.json"], "m12.json"), (["s2.json", "s1.json"], "m21.json")] {
            let merge = bench(["merge"] + order.map(path) + ["--json", path(name)])
            XCTAssertEqual(merge.code, 0, merge.stderr)
            XCTAssertTrue(merge.stderr.unwrapped.contains("the merged file holds the stricter of each, offscreenPasses ≤ 0"), merge.stderr)
            XCTAssertEqual(try Results.load(from: path(name)).limits, [Limit(.offscreenPasses, maximum: 0)])
            let check = bench("check", "--results", path(name))
            XCTAssertEqual(check.code, 1, "\(order): \(check.stdout)")
        }
    }

    // MARK: Row 7

    func testARerunAgainstABaselineIsHeldToTheSuitesLimits() throws {
        let limited = try suite(#"{"offscreenPasses": 0}"#)
        XCTAssertEqual(bench("run", "--suite", limited, "--quiet", "--json", path("b.json")).code, 0)
        let check = bench("check", "--baseline", path("b.json"), "--suite", limited)
        XCTAssertEqual(check.code, 1, check.stdout + check.stderr)
        XCTAssertTrue(check.stdout.contains("app-cell/per-cell-mask: offscreenPasses"), check.stdout)
        XCTAssertTrue(check.stdout.contains("Limits: offscreenPasses ≤ 0."), check.stdout)
        // The same run given with --results is judged alike.
        XCTAssertEqual(bench("check", "--baseline", path("b.json"), "--results", path("b.json")).code, 1)
    }
}
