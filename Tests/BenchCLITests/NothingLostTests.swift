import CLITestSupport
import Foundation
import RasterTestSupport
import Results
import XCTest

/// Issue 48's table, row by row: an output over a cell file, refresh rates that trapped, table
/// options the files refuse, jumps to rows the options removed, collisions named wrongly, and the
/// wording of the messages. Each ends in a clear `Error:` and exit code 2, or a correct result.
final class NothingLostTests: TemporaryDirectoryTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    private static let cell = root.appendingPathComponent("Benchmarks/cells/two-masked-images.json").path

    private func path(_ name: String) -> String { directory + "/" + name }

    /// A copy of `Benchmarks/cells/two-masked-images.json` in the test's directory.
    private func cellCopy(_ name: String = "c.json") throws -> (path: String, bytes: Data) {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.cell))
        try bytes.write(to: URL(fileURLWithPath: path(name)))
        return (path(name), bytes)
    }

    private func write(_ text: String, _ name: String) throws -> String {
        try text.write(toFile: path(name), atomically: true, encoding: .utf8)
        return path(name)
    }

    /// A small scenario file whose device is `device` (a JSON value) and whose scroll is `scroll`.
    private func scenario(device: String = "\"iphone-se\"", table: String = "{ \"sections\": 3, \"rowsPerSection\": 2 }",
                          scroll: String = "{ \"kind\": \"constant\", \"steps\": 2, \"warmupSteps\": 0 }", name: String = "s.json") throws -> String {
        try write("{ \"name\": \"tiny\", \"device\": \(device), \"table\": \(table), \"scroll\": \(scroll) }", name)
    }

    // MARK: Row 1

    func testAnOutputOverTheCellFileIsRefusedAndTheCellIsKept() throws {
        let (cell, bytes) = try cellCopy()
        let render = bench("render", "--cell", cell, "--strategy", "none", "--png", cell)
        XCTAssertEqual(render.code, 2, render.stderr)
        XCTAssertTrue(render.stderr.unwrapped.hasPrefix("Error: --png '\(cell)' is the same file as --cell '\(cell)'"), render.stderr)
        let run = bench("run", "--cell", cell, "--strategy", "none", "--steps", "1", "--quiet", "--json", cell)
        XCTAssertEqual(run.code, 2, run.stderr)
        XCTAssertTrue(run.stderr.unwrapped.contains("is the same file as --cell"), run.stderr)
        // Another name of the same file (a hard link) is the same file.
        XCTAssertEqual(link(cell, path("other.json")), 0)
        let linked = bench("run", "--cell", cell, "--strategy", "none", "--steps", "1", "--quiet", "--csv", path("other.json"))
        XCTAssertEqual(linked.code, 2, linked.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: cell)), bytes, "the cell file must not be replaced")
    }

    // MARK: Row 2 and 13 (refresh rates)

    func testARefreshRateOutsideOneTo240HzIsRefusedInAScenarioFile() throws {
        for value in ["1e-300", "0.5", "-60", "241"] {
            let file = try scenario(device: "{ \"width\": 320, \"height\": 480, \"scale\": 2, \"refreshHz\": \(value), \"gpu\": \"a13\" }")
            let run = bench("run", "--scenario-file", file, "--strategy", "none", "--quiet", "--csv", path("r.csv"))
            XCTAssertEqual(run.code, 2, run.stderr)
            XCTAssertTrue(run.stderr.unwrapped.contains("device.refreshHz: expected a refresh rate from 1 to 240 Hz"), run.stderr)
        }
    }

    func testARefreshRateOutsideOneTo240HzIsRefusedInAResultsFile() throws {
        let good = path("good.json")
        let made = bench("run", "--device", "iphone-se", "--strategy", "none", "--steps", "1", "--quiet", "--json", good)
        XCTAssertEqual(made.code, 0, made.stderr)
        let text = try String(contentsOfFile: good, encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: "(\"refreshHz\"\\s*:\\s*)60")
        XCTAssertNotNil(pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)), text)
        for value in ["1e-300", "-60", "0", "100000"] {
            let edited = pattern.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "$1" + value)
            let bad = try write(edited, "bad.json")
            let check = bench("check", "--baseline", good, "--results", bad)
            XCTAssertEqual(check.code, 2, check.stderr)
            XCTAssertTrue(check.stderr.unwrapped.contains("refreshHz: expected a refresh rate from 1 to 240 Hz, got \(value == "1e-300" ? "1e-300" : value == "100000" ? "100,000" : value)"),
                          check.stderr)
        }
    }

    // MARK: Row 6

    func testAJumpToARowTheTableOptionsRemoveIsRefused() throws {
        let file = try scenario(table: "{ \"sections\": 30, \"rowsPerSection\": 3 }",
                                scroll: "{ \"kind\": \"jump\", \"to\": { \"section\": 20, \"row\": 2 }, \"steps\": 2, \"warmupSteps\": 0 }")
        let run = bench("run", "--scenario-file", file, "--rows-per-section", "1", "--strategy", "none", "--quiet")
        XCTAssertEqual(run.code, 2, run.stderr)
        XCTAssertTrue(run.stderr.unwrapped.hasPrefix("Error: The scenario 'tiny' jumps to row 20.2, which the table the options make does not have: section 20 has 1 row (0 to 0)."),
                      run.stderr)
        let sections = bench("run", "--scenario-file", file, "--sections", "20", "--strategy", "none", "--quiet")
        XCTAssertEqual(sections.code, 2, sections.stderr)
        XCTAssertTrue(sections.stderr.unwrapped.contains("the table the options make does not have: it has 20 sections (0 to 19)."), sections.stderr)
        let fine = bench("run", "--scenario-file", file, "--rows-per-section", "5", "--strategy", "none", "--quiet")
        XCTAssertEqual(fine.code, 0, fine.stderr)
    }

    // MARK: Row 7

    func testARowHeightOptionIsHeldToTheFilesPixelLimitWithACleanNumber() throws {
        let run = bench("run", "--device", "iphone-15-pro", "--row-height", "4096", "--corner-radius", "0", "--strategy", "none", "--quiet")
        XCTAssertEqual(run.code, 2, run.stderr)
        XCTAssertTrue(run.stderr.unwrapped.hasPrefix("Error: A row height of 4,096 pt is 12,288 pixels on iphone-15-pro (3×); a row may be at most 8,192 pixels, so give --row-height 2,730.66 or less."),
                      run.stderr)
        // The file's message gives the same clean bound.
        let file = try scenario(device: "\"iphone-15-pro\"", table: "{ \"sections\": 3, \"rowsPerSection\": 2, \"rowHeight\": 4096 }")
        let fromFile = bench("run", "--scenario-file", file, "--strategy", "none", "--quiet")
        XCTAssertEqual(fromFile.code, 2, fromFile.stderr)
        XCTAssertTrue(fromFile.stderr.unwrapped.contains("expected a positive number up to 2,730.66 (8,192 pixels at 3×), got 4,096"), fromFile.stderr)
        XCTAssertFalse(fromFile.stderr.contains("2730.666"), fromFile.stderr)
    }

    // MARK: Row 11

    func testTwoOutputsToStandardErrorAreSaidToGoThere() throws {
        let executable = BuiltBench.path
        try BuiltBench.require()
        // Standard output and standard error on one pipe: the case where both streams are one file.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["run", "--strategy", "none", "--steps", "1", "--quiet", "--json", "/dev/stderr", "--csv", "/dev/fd/2"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 2, output)
        XCTAssertTrue(output.unwrapped.contains("--json '/dev/stderr' and --csv '/dev/fd/2' both write to standard error"), output)
    }

    // MARK: Row 13

    func testACellFileTooLargeIsCalledACellFile() {
        let run = bench("run", "--cell", "/dev/zero", "--strategy", "none", "--quiet")
        XCTAssertEqual(run.code, 2, run.stderr)
        XCTAssertTrue(run.stderr.unwrapped.contains("cell files are limited to 16,777,216"), run.stderr)
        XCTAssertFalse(run.stderr.contains("scenario and suite files"), run.stderr)
    }

    func testTooManyRowsNamesTheScenario() {
        let suite = Self.root.appendingPathComponent("Benchmarks/scaling.json").path
        let run = bench("run", "--suite", suite, "--rows-per-section", "1000000", "--strategy", "none", "--quiet")
        XCTAssertEqual(run.code, 2, run.stderr)
        XCTAssertTrue(run.stderr.unwrapped.range(of: #"Error: With these options the scenario '[^']+' would have [\d,]+ rows; the most a table may have is 10,000,000\."#,
                                                 options: .regularExpression) != nil, run.stderr)
    }

    func testABaselineScenarioUnknownWithoutASuiteDoesNotMentionOne() throws {
        let (cell, _) = try cellCopy()
        let baseline = path("cell-run.json")
        let made = bench("run", "--cell", cell, "--device", "iphone-se", "--strategy", "none", "--steps", "1", "--quiet", "--json", baseline)
        XCTAssertEqual(made.code, 0, made.stderr)
        let check = bench("check", "--baseline", baseline)
        XCTAssertEqual(check.code, 2, check.stderr)
        XCTAssertFalse(check.stderr.contains("the given --suite"), check.stderr)
        XCTAssertTrue(check.stderr.unwrapped.contains("is not a built-in scenario, and no --suite was given; give --suite or --results."), check.stderr)
    }

    func testCountsOfOneAreSingular() throws {
        let run = bench("run", "--device", "iphone-se", "--rows-per-section", "1", "--strategy", "none", "--steps", "1", "--json", path("one.json"))
        XCTAssertEqual(run.code, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("iphone-se (1 row per section): 1 step\n"), run.stdout)
        XCTAssertTrue(run.stdout.contains("30 sections of 1 row,"), run.stdout)
        let rows = (0...1000).map { _ in "{ \"title\": 3 }" }.joined(separator: ", ")
        let file = try scenario(table: "{ \"sections\": 3, \"rowsPerSection\": 2, \"content\": { \"rows\": [\(rows)] } }")
        let pattern = bench("run", "--scenario-file", file, "--strategy", "none", "--quiet")
        XCTAssertEqual(pattern.code, 2, pattern.stderr)
        XCTAssertTrue(pattern.stderr.unwrapped.contains("1,001 rows; the most a pattern may list is 1,000"), pattern.stderr)
    }

    // MARK: Row 10

    func testAStepSummaryPathThatIsNotUTF8IsRefusedAndNoOtherFileIsAppendedTo() throws {
        let baseline = Self.root.appendingPathComponent("Results/baseline.json").path
        // The file a lossy decoding of the path would name.
        let lookalike = path("o\u{FFFD}.md")
        try "kept\n".write(toFile: lookalike, atomically: true, encoding: .utf8)
        let raw = Array((directory + "/o").utf8) + [0xFF] + Array(".md".utf8)
        XCTAssertEqual(raw.withUnsafeBufferPointer { bytes in
            (bytes.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { setenv("GITHUB_STEP_SUMMARY", $0.baseAddress!, 1) }
        }, 0)
        defer { unsetenv("GITHUB_STEP_SUMMARY") }
        let check = bench("check", "--baseline", baseline, "--results", baseline)
        XCTAssertEqual(check.code, 0, check.stderr)
        XCTAssertEqual(try String(contentsOfFile: lookalike, encoding: .utf8), "kept\n")
        XCTAssertTrue(check.stderr.unwrapped.contains("its path is not valid UTF-8"), check.stderr)
        XCTAssertTrue(check.stderr.unwrapped.contains("the report was not appended to the GITHUB_STEP_SUMMARY file '"), check.stderr)
    }

    // MARK: Row 12

    func testTheWroteLineOfALongScenarioNameIsWrappedAndTheNameKeptWhole() throws {
        let (cell, _) = try cellCopy("a-cell-with-a-rather-long-file-name-that-people-do-give.json")
        let png = path("l.png")
        let render = bench("render", "--cell", cell, "--device", "iphone-se", "--rows-per-section", "50", "--row-height", "60",
                           "--corner-radius", "10", "--sections", "3", "--strategy", "none", "--png", png)
        XCTAssertEqual(render.code, 0, render.stderr)
        let name = "iphone-se (3 sections, 50 rows per section, rows 60 pt, radius 10 pt, cell a-cell-with-a-rather-long-file-name-that-people-do-give)"
        XCTAssertTrue(render.stdout.unwrapped.contains("Wrote \(png): \(name), none, step"), render.stdout)
        // Console.width is 120.
        for line in render.stdout.split(separator: "\n") { XCTAssertLessThanOrEqual(line.count, 120, String(line)) }
    }

    // MARK: Row 5

    /// Runs `script` with bash (`$B` is the built bench, `$C` the cell, `$D` the test's
    /// directory), waiting for it to end or for `bound` seconds, then killing it; returns its
    /// status (nil when it was killed) and output.
    private func bash(_ script: String, bound: Double) throws -> (status: Int32?, output: String) {
        let executable = BuiltBench.path
        try BuiltBench.require()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        var environment = ProcessInfo.processInfo.environment
        environment["B"] = executable
        environment["C"] = Self.cell
        environment["D"] = directory
        environment.removeValue(forKey: "CORNERBENCH_CHILD")
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        final class Output: @unchecked Sendable { var data = Data() }
        let output = Output(), read = DispatchSemaphore(value: 0)
        Thread {
            output.data = pipe.fileHandleForReading.readDataToEndOfFile()
            read.signal()
        }.start()
        var status: Int32? = nil
        if ended.wait(timeout: .now() + bound) == .success {
            status = process.terminationStatus
        } else {
            kill(-process.processIdentifier, SIGKILL)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        _ = read.wait(timeout: .now() + bound)
        return (status, String(decoding: output.data, as: UTF8.self))
    }

    func testChildProcessesAreHandedTheInputsTheParentReadNotTheirPaths() throws {
        // On the smallest screen: what the children are handed does not depend on it. The bound
        // scales with this machine's pace: the same run from a regular file, timed.
        let started = Date()
        let plain = try bash(#"exec "$B" run --cell "$C" --device iphone-se --processes 2 --strategy none --steps 1 --quiet --json "$D/plain.json""#,
                             bound: 600)
        XCTAssertEqual(plain.status, 0, plain.output)
        let bound = 30 + 10 * Date().timeIntervalSince(started)
        let scenario = try scenario()
        // The three runs below read and write nothing of each other's: started at once, on the
        // machine's cores, each within the same bound (a hang's, far above their time).
        let scripts = [
            #"exec "$B" run --cell <(cat "$C") --device iphone-se --processes 2 --strategy none --steps 1 --quiet --json "$D/sub.json""#,
            "exec \"$B\" run --scenario-file <(cat '\(scenario)') --processes 2 --strategy none --quiet",
            // A FIFO written once: a child that opened it again would wait for a writer for ever.
            #"mkfifo "$D/cell.fifo" && { cat "$C" > "$D/cell.fifo" & } && exec "$B" run --cell "$D/cell.fifo" --device iphone-se --processes 2 --strategy none --steps 1 --quiet --json "$D/fifo.json""#,
        ]
        let ended = try scripts.concurrentMap { try bash($0, bound: bound) }
        let substituted = ended[0], file = ended[1], fifo = ended[2]
        XCTAssertEqual(substituted.status, 0, substituted.output)
        XCTAssertEqual(file.status, 0, file.output)
        XCTAssertEqual(fifo.status, 0, "a child read the FIFO again: \(fifo.output)")
        // The cell keeps its file's name in every process: the rows merge as one scenario.
        let results = try Results.load(from: path("sub.json"))
        let names = Set(results.runs.map(\.scenario))
        XCTAssertEqual(names.count, 1, "\(names)")
        XCTAssertTrue(names.allSatisfy { $0.hasPrefix("iphone-se (cell ") }, "\(names)")
    }

    // MARK: Rows 3 and 4

    private func layerCell(_ layer: String, _ name: String) throws -> String {
        try write("{ \"layers\": [ \(layer) ] }", name)
    }

    func testHugeCellsAndTablesAreRefusedUpFrontOrRunInProportionToWhatShows() throws {
        // The pace of this machine now: a small run, timed; every bound below is a multiple. The
        // runs that must cost what shows are timed on the smallest screen, as this one is: a cost
        // that followed the layer's size rather than the screen's would stand out the more.
        let started = Date()
        let plain = try bash(#"exec "$B" run --cell "$C" --device iphone-se --strategy none --steps 2 --quiet"#, bound: 600)
        XCTAssertEqual(plain.status, 0, plain.output)
        let bound = 20 + 20 * Date().timeIntervalSince(started)
        // Row 3: a 2,048-point rounded, clipped image as the cell, under the limit the tool advises
        // for its default run: refused with the estimate, not a crash.
        let image = try layerCell(#"{ "frame": { "x": 0, "y": 0, "width": 2048, "height": 2048 }, "contents": { "image": {} }, "cornerRadius": 24, "masksToBounds": true }"#, "image.json")
        // Five steps: the work is allowed, the memory (the image as large as it is drawn, in each
        // of six colours) is not.
        let refused = try bash("ulimit -v 665945 && exec \"$B\" run --cell '\(image)' --strategy none --steps 5 --quiet", bound: bound)
        XCTAssertEqual(refused.status, 2, refused.output)
        XCTAssertTrue(refused.output.unwrapped.contains("for the tables and their cells' bitmaps"), refused.output)
        XCTAssertFalse(refused.output.contains("Fatal error"), refused.output)
        let rows = try bash(#"ulimit -v 160000 && exec "$B" run --sections 10000000 --rows-per-section 1 --strategy none --steps 1 --quiet"#, bound: bound)
        XCTAssertEqual(rows.status, 2, rows.output)
        XCTAssertTrue(rows.output.unwrapped.contains("Error: This run needs about"), rows.output)
        // Row 4: a layer almost all off screen, and a rasterization scale beyond any screen's,
        // cost what shows: they run, within the bound.
        let hidden = try layerCell(##"{ "frame": { "x": -2048, "y": -2048, "width": 2048, "height": 2048 }, "backgroundColor": "#FF0000", "cornerRadius": 1024, "masksToBounds": true, "sublayers": [ { "frame": { "x": 0, "y": 0, "width": 10, "height": 10 }, "backgroundColor": "#00FF00" } ] }"##, "hidden.json")
        // Two steps: each draws the same hidden layer, so more add time, not a case.
        let offScreen = try bash("exec \"$B\" run --cell '\(hidden)' --device iphone-se --strategy none --steps 2 --quiet", bound: bound)
        XCTAssertEqual(offScreen.status, 0, offScreen.output)
        let scaled = try layerCell(##"{ "frame": { "x": 0, "y": 0, "width": 2048, "height": 2048 }, "backgroundColor": "#FF0000", "shouldRasterize": true, "rasterizationScale": 4 }"##, "scaled.json")
        let rasterized = try bash("exec \"$B\" run --cell '\(scaled)' --device iphone-se --strategy none --steps 5 --quiet", bound: bound)
        XCTAssertEqual(rasterized.status, 0, rasterized.output)
        // A shadowed 2,048-point layer on every row, on every strategy: refused with the estimate.
        let shadowed = try write(##"{ "name": "shadowed", "device": "iphone-15-pro", "table": { "sections": 2, "rowsPerSection": 40, "content": { "rows": [ { "layers": [ { "frame": { "x": 0, "y": 0, "width": 2048, "height": 2048 }, "backgroundColor": "#FFFFFF", "shadow": { "opacity": 0.5, "radius": 100 } } ] } ] } }, "scroll": { "kind": "constant", "steps": 5 } }"##, "shadowed.json")
        let shadow = try bash("exec \"$B\" run --scenario-file '\(shadowed)' --quiet", bound: bound)
        XCTAssertEqual(shadow.status, 2, shadow.output)
        XCTAssertTrue(shadow.output.unwrapped.contains("pixels in off-screen passes"), shadow.output)
    }

    /// The same through the built `bench`, which starts itself again for huge pages where the
    /// system gives them on request: the environment it passes on must keep the path's bytes.
    func testAStepSummaryPathThatIsNotUTF8SurvivesTheExecutablesRelaunch() throws {
        let baseline = Self.root.appendingPathComponent("Results/baseline.json").path
        let lookalike = path("o\u{FFFD}.md")
        try "kept\n".write(toFile: lookalike, atomically: true, encoding: .utf8)
        let check = try bash("cd \"$D\" && GITHUB_STEP_SUMMARY=$'o\\xff.md' exec \"$B\" check --baseline '\(baseline)' --results '\(baseline)'",
                             bound: 600)
        XCTAssertEqual(check.status, 0, check.output)
        XCTAssertEqual(try String(contentsOfFile: lookalike, encoding: .utf8), "kept\n", "the report went to another file")
        XCTAssertTrue(check.output.unwrapped.contains("its path is not valid UTF-8"), check.output)
    }
}
