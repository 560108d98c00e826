import Analysis
import CLITestSupport
import Foundation
import RasterTestSupport
import Results
import XCTest

/// The built `bench` in a hostile environment — a deleted working directory, an address-space
/// limit, inputs that are pipes — and messages that quote a relative path: every case ends, with
/// a sentence and exit code 2 where it cannot go on, never a hang or a signal.
final class HostileEnvironmentTests: TemporaryDirectoryTestCase {
    /// Runs `script` with `/bin/bash` in the test's directory, `$B` being the built `bench`; kills
    /// it after `timeout` seconds (a hang is a failure, not a stuck test). Returns the exit
    /// status (nil when it had to be killed), standard output and standard error.
    private func shell(_ script: String, timeout: TimeInterval = 120) throws -> (status: Int32?, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = ProcessInfo.processInfo.environment.merging(["B": BuiltBench.path]) { $1 }
        let (out, err) = (directory + "/.stdout", directory + "/.stderr")
        _ = FileManager.default.createFile(atPath: out, contents: nil)
        _ = FileManager.default.createFile(atPath: err, contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: out)
        process.standardError = FileHandle(forWritingAtPath: err)
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        var killed = false
        if process.isRunning {
            killed = true
            // bash and what it started: the script runs `exec`, so its pid is bench's.
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        let text = { (file: String) in (try? String(contentsOfFile: file, encoding: .utf8)) ?? "" }
        return (killed ? nil : process.terminationStatus, text(out), text(err))
    }

    // MARK: A deleted working directory (issue 27, row 1)

    func testARunInADeletedDirectoryEndsWithAClearErrorInsteadOfHanging() throws {
        try BuiltBench.require()
        let run = try shell(#"mkdir g && cd g && rmdir ../g && exec "$B" run --steps 3 --strategy none --quiet --json o.json"#, timeout: 60)
        XCTAssertEqual(run.status, 2, "killed after 60 s (nil) means it hung: \(run.stderr)")
        XCTAssertEqual(run.stderr, "Error: Cannot write 'o.json': the current directory no longer exists (it was deleted).\n")
    }

    func testARunInADeletedDirectoryWritingElsewhereSucceedsWithoutAGitCommit() throws {
        try BuiltBench.require()
        let results = directory + "/o.json"
        let run = try shell(#"mkdir g && cd g && rmdir ../g && exec "$B" run --device iphone-se --steps 3 --strategy none --quiet --json ../o.json"#
                            .replacingOccurrences(of: "../o.json", with: "'\(results)'"), timeout: 60)
        XCTAssertEqual(run.status, 0, "killed after 60 s (nil) means it hung: \(run.stderr)")
        let provenance = try XCTUnwrap(try Results.load(from: results).provenance)
        XCTAssertNil(provenance.gitCommit, "a directory without a path has no repository")
    }

    // MARK: Memory (rows 8 and 2)

    /// The limit (in KiB, as `ulimit -v` takes it) that a refused run asked for: the number in
    /// its "ulimit -v N" advice after "raise it to".
    private func advisedLimit(_ message: String) -> Int? {
        guard let advice = message.range(of: "raise it to ") else { return nil }
        guard let ulimit = message[advice.upperBound...].range(of: "ulimit -v ") else { return nil }
        return Int(message[ulimit.upperBound...].prefix { $0.isNumber })
    }

    func testAnAddressSpaceLimitTooLowForTheWholeRunIsRefusedBeforeAnyWork() throws {
        try BuiltBench.require()
        // Below what the frames alone need, and above it but below what the process needs, which trapped.
        for limit in [150_000, 480_000, 500_000, 520_000] {
            let run = try shell("ulimit -v \(limit) && exec \"$B\" run --steps 1 --quiet --json r.json", timeout: 60)
            XCTAssertEqual(run.status, 2, "ulimit -v \(limit): \(run.stderr)")
            XCTAssertTrue(run.stderr.hasPrefix("Error: This run needs about "), run.stderr)
            XCTAssertTrue(run.stderr.contains("but the address-space limit is \(Int((Double(limit) * 1024 / 1e6).rounded())) MB (ulimit -v \(limit))"),
                          run.stderr)
            XCTAssertEqual(run.stderr.filter { $0 == "\n" }.count, 1, "one sentence: \(run.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/r.json"))
        }
        let processes = try shell("ulimit -v 500000 && exec \"$B\" run --processes 2 --steps 1 --quiet", timeout: 60)
        XCTAssertEqual(processes.status, 2, processes.stderr)
        XCTAssertTrue(processes.stderr.hasPrefix("Error: This run needs about "), processes.stderr)
        XCTAssertEqual(processes.stderr.filter { $0 == "\n" }.count, 1, "one sentence, no child's crash: \(processes.stderr)")
    }

    func testTheAddressSpaceARefusedRunAsksForIsEnough() throws {
        try BuiltBench.require()
        // rasterized-mask keeps the most off-screen bitmaps of the strategies.
        let arguments = "run --steps 1 --quiet --strategy none,rasterized-mask,per-cell-mask"
        let refused = try shell("ulimit -v 200000 && exec \"$B\" \(arguments)", timeout: 60)
        XCTAssertEqual(refused.status, 2, refused.stderr)
        let advised = try XCTUnwrap(advisedLimit(refused.stderr), refused.stderr)
        let enough = try shell("ulimit -v \(advised) && exec \"$B\" \(arguments)", timeout: 120)
        XCTAssertEqual(enough.status, 0, "ulimit -v \(advised): \(enough.stderr)")
    }

    // MARK: The estimate is an upper bound (issue 59, rows 1 and 2)

    /// A cell of one layer, `layer` (JSON members besides its frame), `side` points a side (by
    /// default 2,048, the largest a cell file allows), written to `name` in the test's directory.
    private func largestLayerCell(_ layer: String, _ name: String, side: Int = 2048) throws -> String {
        let cell = #"{ "layers": [ { "frame": { "x": 0, "y": 0, "width": \#(side), "height": \#(side) }, "# + layer + " } ] }"
        try cell.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8)
        return name
    }

    /// A mask of 1,000 rounded rectangles of 10 to 148 points across a 2,048-point layer, or of
    /// 1,000 filling it.
    private func thousandRects(filling: Bool) -> String {
        let rects = (0..<1000).map { i in
            filling ? #"{ "x": 0, "y": 0, "width": 2048, "height": 2048, "radius": \#(i % 100) }"#
                : #"{ "x": \#(i * 37 % 1900), "y": \#(i * 53 % 1900), "width": \#(10 + i % 139), "height": \#(10 + i * 7 % 139), "radius": 5 }"#
        }
        return ##""backgroundColor": "#FF0000", "mask": { "shape": "roundedRects", "rects": [ "## + rects.joined(separator: ", ") + " ] }"
    }

    func testCellsThatTrappedUnderTheLimitTheToolAdvisedAreRefusedBeforeAnyWork() throws {
        try BuiltBench.require()
        // Row 1: 1,528,993 KiB is what the estimate advised for the clipped image before it
        // counted the pool's surfaces and every visible cell's buffers; the run trapped there.
        let image = try largestLayerCell(#""contents": { "image": {} }, "cornerRadius": 24, "masksToBounds": true"#, "image.json")
        let run = try shell("ulimit -v 1528993 && exec \"$B\" run --cell \(image) --strategy none --steps 5 --quiet", timeout: 60)
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.hasPrefix("Error: This run needs about "), run.stderr)
        XCTAssertFalse(run.stderr.contains("Fatal error"), run.stderr)
        // The picture of a frame with a 2,048-point shadow path: its blurred coverage is kept in
        // every visible cell, which the estimate did not count.
        let shadow = try largestLayerCell(##""backgroundColor": "#FFFFFF", "shadow": { "opacity": 0.5, "radius": 100, "path": true }"##, "shadow.json")
        let render = try shell("ulimit -v 400000 && exec \"$B\" render --cell \(shadow) --strategy none --png p.png", timeout: 60)
        XCTAssertEqual(render.status, 2, render.stderr)
        XCTAssertTrue(render.stderr.hasPrefix("Error: This run needs about "), render.stderr)
        XCTAssertTrue(render.stderr.contains("for the picture, its legend and its PNG"), render.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/p.png"))
        // Row 2: 1,000 shapes each filling the layer cost a thousand layers' coverage in every
        // cell: refused with the estimate, where one step took minutes.
        let masks = try largestLayerCell(thousandRects(filling: true), "rects.json")
        for command in ["run --cell \(masks) --device iphone-se --strategy none --steps 1 --quiet",
                        "render --cell \(masks) --device iphone-se --strategy none --png p.png"] {
            let refused = try shell("exec \"$B\" \(command)", timeout: 60)
            XCTAssertEqual(refused.status, 2, "killed after 60 s (nil) means it worked instead: \(refused.stderr)")
            XCTAssertTrue(refused.stderr.hasPrefix("Error: This run's cells' masks would take about "), refused.stderr)
            XCTAssertTrue(refused.stderr.contains("use a mask of fewer or smaller shapes"), refused.stderr)
        }
    }

    /// Issue 59's acceptance: each kind of layer at the largest a cell file allows (2,048 points
    /// a side, a shadow of radius 100, a mask of 1,000 shapes, a rasterization scale of 4), one
    /// to a cell on every row of the iPhone SE, drawn by `run` and by `render` with an overlay:
    /// refused before any work, or run to the end under the address-space limit its estimate
    /// advises (`ulimit -v`, the figure in its refusal under a lower one).
    func testEachLayerKindAtItsLargestRunsUnderTheLimitItsEstimateAdvisesOrIsRefusedUpFront() throws {
        try SlowTests.require()
        try BuiltBench.require()
        let kinds: [(name: String, layer: String, side: Int)] = [
            ("clipped-image", #""contents": { "image": {} }, "cornerRadius": 24, "masksToBounds": true"#, 2048),
            ("picture", #""contents": { "image": { "width": 2048, "height": 2048 } }"#, 2048),
            ("label", #""contents": { "text": { "title": 200, "size": 200 } }"#, 2048),
            ("rounded-background", ##""backgroundColor": "#FF0000", "cornerRadius": 1024"##, 2048),
            ("rounded-mask", ##""backgroundColor": "#FF0000", "mask": { "shape": "roundedRect", "radius": 100 }"##, 2048),
            ("oval-mask", ##""backgroundColor": "#FF0000", "mask": { "shape": "oval" }"##, 2048),
            ("thousand-rects-mask", thousandRects(filling: false), 2048),
            ("shadow-path", ##""backgroundColor": "#FFFFFF", "shadow": { "opacity": 0.5, "radius": 100, "path": true }"##, 2048),
            ("shadow", ##""backgroundColor": "#FFFFFF", "shadow": { "opacity": 0.5, "radius": 100 }"##, 2048),
            ("border", ##""border": { "width": 2048, "color": "#FF000080" }"##, 2048),
            ("rounded-border", ##""cornerRadius": 1024, "border": { "width": 10, "color": "#FF000080" }"##, 2048),
            ("group-opacity", ##""opacity": 0.5, "sublayers": [ { "frame": { "x": 0, "y": 0, "width": 2048, "height": 2048 }, "backgroundColor": "#00FF00" } ]"##, 2048),
            ("rasterized", ##""backgroundColor": "#FF0000", "cornerRadius": 20, "masksToBounds": true, "shouldRasterize": true, "rasterizationScale": 4, "sublayers": [ { "frame": { "x": 0, "y": 0, "width": 2048, "height": 2048 }, "backgroundColor": "#00FF00" } ]"##, 2048),
            // The largest layer whose rasterized bitmap the cache keeps (2.5 screens, at 4×), rasterized
            // in each visible cell, its clip baked in.
            ("rasterized-kept", ##""backgroundColor": "#FF0000", "cornerRadius": 20, "masksToBounds": true, "shouldRasterize": true, "rasterizationScale": 4, "sublayers": [ { "frame": { "x": 0, "y": 0, "width": 2048, "height": 2048 }, "backgroundColor": "#00FF00" } ]"##, 300),
        ]
        for kind in kinds {
            let cell = try largestLayerCell(kind.layer, kind.name + ".json", side: kind.side)
            for command in ["run --cell \(cell) --device iphone-se --strategy none --steps 1 --quiet",
                            "render --cell \(cell) --device iphone-se --strategy none --overlay offscreen --png p.png"] {
                // Below any run's need: the refusal gives the estimate (or the work's, before it).
                let refused = try shell("ulimit -v 150000 && exec \"$B\" \(command)", timeout: 60)
                XCTAssertEqual(refused.status, 2, "\(kind.name), \(command): \(refused.stderr)")
                XCTAssertTrue(refused.stderr.hasPrefix("Error: This run"), "\(kind.name): \(refused.stderr)")
                guard let advised = advisedLimit(refused.stderr) else {
                    XCTAssertTrue(refused.stderr.contains("a run may"), "refused for its work, or with advice: \(refused.stderr)")
                    continue
                }
                let run = try shell("ulimit -v \(advised) && exec \"$B\" \(command)", timeout: 600)
                XCTAssertEqual(run.status, 0, "\(kind.name) under ulimit -v \(advised): \(run.stderr)")
                XCTAssertFalse(run.stderr.contains("Fatal error"), run.stderr)
            }
        }
        // The most layers a cell may have, each clipped, so each is numbered on the picture and
        // takes its lines in the legend under it (tens of thousands of pixels tall).
        let layers = (0..<1000).map { i in
            ##"{ "frame": { "x": \##(i % 40 * 10), "y": 0, "width": 8, "height": 8 }, "cornerRadius": 2, "masksToBounds": true, "contents": { "image": {} } }"##
        }
        try ("{ \"layers\": [ " + layers.joined(separator: ", ") + " ] }").write(toFile: directory + "/layers.json", atomically: true, encoding: .utf8)
        let command = "render --cell layers.json --device iphone-se --strategy none --overlay offscreen --png p.png"
        let refused = try shell("ulimit -v 150000 && exec \"$B\" \(command)", timeout: 60)
        let advised = try XCTUnwrap(advisedLimit(refused.stderr), refused.stderr)
        let legend = try shell("ulimit -v \(advised) && exec \"$B\" \(command)", timeout: 600)
        XCTAssertEqual(legend.status, 0, "1,000 layers' legend under ulimit -v \(advised): \(legend.stderr)")
    }

    // MARK: Arguments that are not UTF-8 (row 3)

    func testAnArgumentThatIsNotUTF8IsRefusedRatherThanTakenForAnotherName() throws {
        try BuiltBench.require()
        // U+FFFD, what a lossy decoding of the byte 0xFF makes of it, is a name of its own.
        let replaced = directory + "/o\u{FFFD}.json"
        try Data("kept".utf8).write(to: URL(fileURLWithPath: replaced))
        let scenario = directory + "/s.json"
        try Data(#"{"name": "tiny", "device": "iphone-se", "table": {"sections": 2, "rowsPerSection": [3], "content": "none"}, "scroll": {"kind": "constant", "pointsPerStep": 12, "steps": 2, "warmupSteps": 0}}"#.utf8)
            .write(to: URL(fileURLWithPath: scenario))
        let run = try shell(#"exec "$B" run --scenario-file s.json --steps 1 --strategy none --quiet --json $'o\xff.json'"#)
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertEqual(run.stderr, "Error: The argument 'o\\xFF.json' is not valid UTF-8; bench reads arguments as UTF-8 only, "
            + "and refuses this one rather than open a file of another name.\n")
        XCTAssertEqual(try String(contentsOfFile: replaced, encoding: .utf8), "kept", "the other file is not replaced")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("o") }, ["o\u{FFFD}.json"])

        let suite = try shell(#"printf '{}' > $'s\xff.json'; "$B" run --suite $'s\xff.json' --quiet; status=$?; rm $'s\xff.json'; exit $status"#)
        XCTAssertEqual(suite.status, 2, suite.stderr)
        XCTAssertTrue(suite.stderr.hasPrefix("Error: The argument 's\\xFF.json' is not valid UTF-8;"), "not 'no such file': \(suite.stderr)")
    }

    // MARK: Messages and inputs that are pipes (row 10)

    func testARelativePathOfLettersIsNotCapitalizedAtTheStartOfAMessage() {
        let missing = "nosuchfile" + String(UUID().uuidString.prefix(4).filter(\.isLetter)).lowercased()
        let compare = bench("compare", missing, missing + "x")
        XCTAssertEqual(compare.code, 2)
        XCTAssertEqual(compare.stderr, "Error: \(missing): no such file.\n")
        let unknown = bench("frobnicate")
        XCTAssertTrue(unknown.stderr.hasPrefix("Error: Unknown command 'frobnicate'."), "a word is still capitalized: \(unknown.stderr)")
    }

    func testAProcessSubstitutionAndAFIFOAreReadAsInputs() throws {
        try BuiltBench.require()
        let made = bench("run", "--device", "iphone-se", "--steps", "2", "--strategy", "none", "--quiet", "--json", directory + "/r.json")
        XCTAssertEqual(made.code, 0, made.stderr)
        let scenario = #"{"name": "piped", "device": "iphone-se", "table": {"sections": 2, "rowsPerSection": [3], "content": "none"}, "scroll": {"kind": "constant", "pointsPerStep": 12, "steps": 2, "warmupSteps": 0}}"#
        try scenario.write(toFile: directory + "/s.json", atomically: true, encoding: .utf8)

        let compare = try shell(#"exec "$B" compare <(cat r.json) r.json"#)
        XCTAssertEqual(compare.status, 0, compare.stderr)
        let check = try shell(#"exec "$B" check --baseline <(cat r.json) --results /dev/stdin < r.json"#)
        XCTAssertEqual(check.status, 0, check.stderr)
        let fifo = try shell(#"mkfifo s.fifo && { cat s.json > s.fifo & } && exec "$B" run --scenario-file s.fifo --strategy none --quiet"#)
        XCTAssertEqual(fifo.status, 0, fifo.stderr)
    }

    // MARK: A file-size limit and a FIFO among the suites (issue 59, rows 8 and 9)

    func testAFileSizeLimitIsACannotWriteErrorWithNothingLeft() throws {
        try BuiltBench.require()
        let run = try shell(#"ulimit -f 4 && exec "$B" run --device iphone-se --strategy none --steps 2 --quiet --json f.json"#, timeout: 60)
        XCTAssertEqual(run.status, 2, "153 is death by SIGXFSZ: \(run.stderr)")
        XCTAssertEqual(run.stderr, "Error: Cannot write 'f.json': it would be larger than the file-size limit of 4,096 bytes (ulimit -f 4); "
            + "raise the limit or write a smaller output.\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains("f.json") }, [],
                       "neither the file nor its temporary file")
    }

    func testAFIFOAmongTheSuitesIsListedAsUnreadableInsteadOfHanging() throws {
        try BuiltBench.require()
        let list = try shell(#"mkdir Benchmarks && mkfifo Benchmarks/x.json && exec "$B" list"#, timeout: 30)
        XCTAssertEqual(list.status, 0, "killed after 30 s (nil) means it waited for a writer: \(list.stderr)")
        XCTAssertTrue(list.stdout.contains("Benchmarks/x.json  unreadable: Benchmarks/x.json: is a named pipe (FIFO), not a regular file; "
                                           + "bench list reads only regular files"), list.stdout)
        let json = try shell(#"exec "$B" list --json"#, timeout: 30)
        XCTAssertEqual(json.status, 0, json.stderr)
        XCTAssertTrue(json.stdout.contains("is a named pipe (FIFO)"), json.stdout)
    }
}
